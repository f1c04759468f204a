//! The replay screen (`#/replay/<code>`): a finished hand from its compact code
//! (`record::replay_code`), stepped trick by trick, forward and back (buttons and
//! arrow keys), with the four hands shrinking, each trick's plays and winner and
//! the points so far. A malformed code gets a clear message and a way home.

use crate::cards::Card;
use crate::i18n::Text;
use crate::record::replay_code::{Replay, ReplayStep};
use crate::shengji::game::{Game, HandResult, Seat};
use crate::ui_model::phrase::trump_label;
use crate::web::app::{BackHome, Shell};
use crate::web::cards::CardFace;
use crate::web::review::{numbered, TrickRow};
use leptos::prelude::*;

/// What the screen shows at one position.
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    hands: Vec<Vec<Card>>,
    trump: String,
    landlord: Option<Seat>,
    levels: Vec<String>,
    /// The trick just played (none before the first trick).
    step: Option<ReplayStep>,
    attacker_points: u32,
    landlord_team: Vec<Seat>,
    result: Option<HandResult>,
}

fn frame_of(game: &Game, step: Option<&ReplayStep>, shell: Shell) -> Frame {
    let lang = shell.prefs.with_untracked(|p| p.lang());
    let players = game.players();
    let view0 = game.view(0);
    Frame {
        hands: (0..players).map(|s| game.view(s).hand).collect(),
        trump: match game.trump() {
            Some(t) => trump_label(t, lang),
            None => shell.t(Text::NoTrumpYet).to_string(),
        },
        landlord: game.current_landlord(),
        levels: game.levels().iter().map(|r| r.to_string()).collect(),
        step: step.cloned(),
        attacker_points: step.map(|s| s.attacker_points).unwrap_or(view0.attacker_points),
        landlord_team: step.map(|s| s.landlord_team.clone()).unwrap_or(view0.landlord_team),
        result: step.and_then(|s| s.result.clone()),
    }
}

fn bad_replay(shell: Shell, message: String) -> AnyView {
    view! {
        <section class="screen page" data-testid="replay-error">
            <h2>{move || shell.t(Text::ReplayTitle)}</h2>
            <p class="notice" role="alert" data-testid="replay-error-message">{move || shell.t(Text::BadReplayLink)}{message.clone()}</p>
            <BackHome/>
        </section>
    }
    .into_any()
}

#[component]
pub fn ReplayScreen(code: String) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let replay = match Replay::from_code(&code) {
        Ok(r) => r,
        Err(e) => return bad_replay(shell, e.to_string()),
    };
    let hands = replay.hands();
    let Some(&last_hand) = hands.last() else {
        return bad_replay(shell, "it holds no trick to show".to_string());
    };
    let seed = replay.record().seed.clone();
    let players = replay.record().settings.validate().map(|r| r.players).unwrap_or(4);
    let replay = StoredValue::new_local(replay);
    let hand = RwSignal::new(last_hand);
    let bounds = Memo::new(move |_| replay.with_value(|r| r.hand_positions(hand.get())));
    let position = RwSignal::new(bounds.get_untracked().0);

    let frame = Memo::new(move |_| {
        let (start, _) = bounds.get();
        let p = position.get();
        replay.with_value(|r| {
            let game = if p <= start {
                r.game_before_hand(hand.get_untracked()).and_then(|g| g.ok())
            } else {
                let mut r = r.clone();
                r.seek(p);
                r.game().ok()
            };
            let step = (p > start).then(|| r.steps().get(p - 1)).flatten();
            game.map(|g| frame_of(&g, step, shell))
        })
    });

    let go = move |to: usize| {
        let (start, end) = bounds.get_untracked();
        position.set(to.clamp(start, end));
    };
    let back = move || go(position.get_untracked().saturating_sub(1));
    let forward = move || go(position.get_untracked() + 1);
    let first = move || go(0);
    let last = move || go(usize::MAX);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if typing || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => back(),
            "ArrowRight" => forward(),
            "Home" => first(),
            "End" => last(),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let seat_name = move |s: Seat| format!("{} {}", shell.t(Text::SeatLabel), s + 1);
    let names: Vec<String> = (0..players).map(seat_name).collect();
    let at_start = move || position.get() <= bounds.get().0;
    let at_end = move || position.get() >= bounds.get().1;

    let header = move || {
        let Some(f) = frame.get() else { return ().into_any() };
        let (start, end) = bounds.get();
        let p = position.get();
        let where_ = if p <= start {
            shell.t(Text::BeforeFirstTrick).to_string()
        } else {
            format!("{} / {}", numbered(shell, Text::TrickNumber, p - start), end - start)
        };
        view! {
            <div class="table-meta">
                <span class="chip">{shell.t(Text::Seed)} ": " <b>{seed.clone()}</b></span>
                <span class="chip" data-testid="replay-hand-number">{numbered(shell, Text::HandNumber, hand.get() + 1)}</span>
                <span class="chip" data-testid="trump">{shell.t(Text::TrumpLabel)} ": " <b>{f.trump.clone()}</b></span>
                <span class="chip">{shell.t(Text::Landlord)} ": " <b>{f.landlord.map(seat_name).unwrap_or_else(|| "—".into())}</b></span>
                <span class="chip" data-testid="replay-points">{shell.t(Text::AttackersSoFar)} ": " <b>{f.attacker_points}</b></span>
            </div>
            <p class="replay-position" data-testid="replay-position" data-position=(p - start).to_string()>{where_}</p>
        }
        .into_any()
    };

    let seats = move || {
        let Some(f) = frame.get() else { return ().into_any() };
        let plays: Vec<(Seat, Vec<Card>)> = f.step.as_ref().map(|s| s.trick.plays.clone()).unwrap_or_default();
        let winner = f.step.as_ref().map(|s| s.trick.winner);
        view! {
            <div class="seats felt replay-seats" data-testid="seats">
                {(0..f.hands.len()).map(|s| {
                    let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
                    let landlord = f.landlord == Some(s);
                    let team = f.landlord_team.contains(&s) && !landlord;
                    let hand = f.hands[s].clone();
                    view! {
                        <div class="seat" data-testid="seat" data-seat=s.to_string()>
                            <div class="seat-head">
                                <b>{seat_name(s)}</b>
                                {landlord.then(|| view! { <span class="tag landlord">{shell.t(Text::Landlord)}</span> })}
                                {team.then(|| view! { <span class="tag team">{shell.t(Text::LandlordTeam)}</span> })}
                            </div>
                            <div class="seat-info">
                                {shell.t(Text::Level)} " " {f.levels.get(s).cloned().unwrap_or_default()} " · "
                                {hand.len()} " " {shell.t(Text::CardsLeft)}
                                {f.step.as_ref().map(|st| st.totals[s]).filter(|p| *p > 0).map(|p| format!(" · {p} {}", shell.t(Text::Pts)))}
                            </div>
                            <div class="seat-play" class:winning=winner == Some(s) data-testid="seat-play">
                                {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                            </div>
                            <div class="replay-hand" data-testid="replay-hand" data-seat=s.to_string()>
                                {hand.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                            </div>
                        </div>
                    }
                }).collect_view()}
            </div>
        }
        .into_any()
    };

    let names_for_trick = names.clone();
    let trick = move || {
        let f = frame.get()?;
        let step = f.step?;
        let number = step.trick_number;
        Some(view! {
            <ol class="review-list replay-trick" data-testid="replay-trick">
                <TrickRow number=number trick=step.trick names=names_for_trick.clone() landlord_team=f.landlord_team.clone()/>
            </ol>
        })
    };

    let result = move || {
        let f = frame.get()?;
        let r = f.result?;
        let changes = r.levels.iter().filter(|(_, a, b)| a != b)
            .map(|(s, a, b)| format!("{} {a}→{b}", seat_name(*s))).collect::<Vec<_>>().join(" · ");
        Some(view! {
            <div class="phase-panel result-panel" data-testid="replay-result">
                <h3>{shell.t(Text::HandOver)}</h3>
                <p>{shell.t(Text::AttackerPoints)} ": " <b>{r.attacker_points}</b>
                   " (" {r.attacker_trick_points} " + " {shell.t(Text::KittyBonus)} " " {r.kitty_bonus} ")"</p>
                <p>{shell.t(Text::LevelChanges)} ": " {changes}</p>
            </div>
        })
    };

    let hand_picker = (hands.len() > 1).then(|| {
        view! {
            <div class="replay-hands" data-testid="replay-hands">
                {hands.iter().map(|&h| view! {
                    <button type="button" class="button" class:primary=move || hand.get() == h
                        on:click=move |_| { hand.set(h); position.set(bounds.get_untracked().0); }>
                        {move || numbered(shell, Text::HandNumber, h + 1)}
                    </button>
                }).collect_view()}
            </div>
        }
    });

    view! {
        <section class="screen wide table replay" data-testid="replay">
            <h2>{move || shell.t(Text::ReplayTitle)}</h2>
            {hand_picker}
            {header}
            <div class="replay-controls">
                <button type="button" class="button" data-testid="replay-first" disabled=at_start on:click=move |_| first()>"« " {move || shell.t(Text::ReplayFirst)}</button>
                <button type="button" class="button" data-testid="replay-back" disabled=at_start on:click=move |_| back()>"◀ " {move || shell.t(Text::ReplayBack)}</button>
                <button type="button" class="button primary" data-testid="replay-forward" disabled=at_end on:click=move |_| forward()>{move || shell.t(Text::ReplayForward)} " ▶"</button>
                <button type="button" class="button" data-testid="replay-last" disabled=at_end on:click=move |_| last()>{move || shell.t(Text::ReplayLast)} " »"</button>
            </div>
            <p class="replay-keys">{move || shell.t(Text::ReplayKeys)}</p>
            {seats}
            {trick}
            {result}
            <BackHome/>
        </section>
    }
    .into_any()
}
