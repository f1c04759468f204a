//! The replay screen (`#/replay/<code>`): a finished hand from its compact code
//! (`record::replay_code`), stepped forward and back (buttons and arrow keys): first
//! the draw with its bids, then the exchange (the kitty, what was buried, the friends
//! called), then trick by trick with the hands shrinking, each trick's plays and winner
//! and the points so far. A malformed code gets a clear message and a way home.

use crate::cards::Card;
use crate::i18n::Text;
use crate::ui_model::shengji::{Prelude, Replay, ReplayStep};
use crate::shengji::game::{Game, HandResult, Seat};
use crate::ui_model::phrase::{cards_label, nth_label, trump_label};
use crate::web::shell::{BackHome, Shell};
use crate::web::cards::CardFace;
use crate::web::shengji::review::{numbered, TrickRow};
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
    /// Before the first trick: how the hand began (`drawn` says which of its two stages).
    prelude: Option<(Prelude, bool)>,
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
        prelude: None,
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

/// The draw's bids (who, with what, after how many cards), or the exchange: the kitty
/// taken up, the cards buried and the friends called.
fn prelude_panel(shell: Shell, p: &Prelude, drawn: bool, seat_name: &dyn Fn(Seat) -> String) -> AnyView {
    let lang = shell.prefs.with_untracked(|p| p.lang());
    let lines: Vec<(&'static str, String)> = if drawn {
        let mut lines: Vec<_> = p.bids.iter().map(|(b, held)| {
            ("replay-bid", format!("{}: {} · {}", seat_name(b.seat), cards_label(&vec![b.card; b.count as usize], lang), numbered_cards(shell, *held)))
        }).collect();
        if p.revealed {
            lines.push(("", shell.t(Text::NobodyBidKittyTurned).to_string()));
        }
        lines
    } else {
        let mut lines = vec![
            ("", format!("{} ({}): {}", shell.t(Text::Kitty), seat_name(p.landlord), cards_label(&p.kitty, lang))),
            ("replay-buried", format!("{}: {}", shell.t(Text::ReplayBuried), cards_label(&p.buried, lang))),
        ];
        if !p.friends.is_empty() {
            let calls = p.friends.iter().map(|f| format!("{} {}", nth_label(f.nth, lang), crate::ui_model::phrase::card_label(f.card, lang))).collect::<Vec<_>>().join(" · ");
            lines.push(("", format!("{}: {calls}", shell.t(Text::CallFriends))));
        }
        lines
    };
    view! {
        <ul class="phase-panel replay-prelude" data-testid="replay-prelude">
            {lines.into_iter().map(|(id, text)| view! { <li data-testid=id>{text}</li> }).collect_view()}
        </ul>
    }
    .into_any()
}

/// "12 cards drawn" / "已摸12张".
fn numbered_cards(shell: Shell, n: usize) -> String {
    match shell.prefs.with_untracked(|p| p.lang()) {
        crate::i18n::Lang::En => format!("{n} {}", if n == 1 { "card drawn" } else { "cards drawn" }),
        crate::i18n::Lang::Zh => format!("已摸{n}张"),
    }
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
    // Two plain counters (no memos of new types: each adds wasm): the hand shown
    // and the position, as for `Replay::seek`, within that hand's bounds.
    let hand = RwSignal::new(last_hand as usize);
    let bounds = move || replay.with_value(|r| r.hand_positions(hand.get() as u64));
    let position = RwSignal::new(bounds().0);
    // At the hand's first position, the draw and bids come before the exchange.
    let at_draw = RwSignal::new(true);

    let frame = move || {
        let (start, _) = bounds();
        let p = position.get();
        replay.with_value(|r| {
            let game = if p <= start {
                r.game_before_hand(hand.get_untracked() as u64).and_then(|g| g.ok())
            } else {
                let mut r = r.clone();
                r.seek(p);
                r.game().ok()
            };
            let step = (p > start).then(|| r.steps().get(p - 1)).flatten();
            let drawn = at_draw.get();
            game.map(|g| {
                let mut f = frame_of(&g, step, shell);
                if let Some(prelude) = (p <= start).then(|| r.prelude(hand.get_untracked() as u64)).flatten() {
                    if drawn {
                        f.hands = prelude.drawn.clone();
                    }
                    f.prelude = Some((prelude.clone(), drawn));
                }
                f
            })
        })
    };

    let go = move |to: usize| {
        let (start, end) = untrack(bounds);
        position.set(to.clamp(start, end));
    };
    let at_start = move || position.get_untracked() <= untrack(bounds).0;
    let back = move || if at_start() { at_draw.set(true) } else { go(position.get_untracked() - 1) };
    let forward = move || if at_draw.get_untracked() { at_draw.set(false) } else { go(position.get_untracked() + 1) };
    let first = move || {
        at_draw.set(true);
        go(0);
    };
    let last = move || {
        at_draw.set(false);
        go(usize::MAX);
    };
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

    // Everything that changes with the position, drawn by one closure (one view type
    // keeps the wasm small; a step redraws the whole frame, which is cheap).
    let draw = move |f: Frame| {
        let (start, end) = untrack(bounds);
        let p = position.get_untracked();
        let stage = match &f.prelude {
            Some((_, true)) => "draw",
            Some((_, false)) => "exchange",
            None if p <= start => "exchange",
            None => "trick",
        };
        let where_ = if stage == "draw" {
            shell.t(Text::ReplayDrawStage).to_string()
        } else if p <= start {
            shell.t(Text::BeforeFirstTrick).to_string()
        } else {
            format!("{} / {}", numbered(shell, Text::TrickNumber, p - start), end - start)
        };
        let chips = [
            ("", format!("{}: {}", shell.t(Text::Seed), seed)),
            ("replay-hand-number", numbered(shell, Text::HandNumber, hand.get_untracked() + 1)),
            ("trump", format!("{}: {}", shell.t(Text::TrumpLabel), f.trump)),
            ("", format!("{}: {}", shell.t(Text::Landlord), f.landlord.map(seat_name).unwrap_or_else(|| "—".into()))),
            ("replay-points", format!("{}: {}", shell.t(Text::AttackersSoFar), f.attacker_points)),
        ];
        let plays: Vec<(Seat, Vec<Card>)> = f.step.as_ref().map(|s| s.trick.plays.clone()).unwrap_or_default();
        let winner = f.step.as_ref().map(|s| s.trick.winner);
        let result = f.result.as_ref().map(|r| {
            let changes = r.levels.iter().filter(|(_, a, b)| a != b)
                .map(|(s, a, b)| format!("{} {a}→{b}", seat_name(*s))).collect::<Vec<_>>().join(" · ");
            format!(
                "{}: {} ({} + {} {}) · {}: {changes}",
                shell.t(Text::AttackerPoints), r.attacker_points, r.attacker_trick_points,
                shell.t(Text::KittyBonus), r.kitty_bonus, shell.t(Text::LevelChanges)
            )
        });
        let seats = f.hands.iter().enumerate().map(|(s, hand)| {
            let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
            let tag = if f.landlord == Some(s) {
                Some(("tag landlord", shell.t(Text::Landlord)))
            } else if f.landlord_team.contains(&s) {
                Some(("tag team", shell.t(Text::LandlordTeam)))
            } else {
                None
            };
            let points = f.step.as_ref().map(|st| st.totals[s]).filter(|p| *p > 0).map(|p| format!(" · {p} {}", shell.t(Text::Pts))).unwrap_or_default();
            let info = format!("{} {} · {} {}{points}", shell.t(Text::Level), f.levels.get(s).cloned().unwrap_or_default(), hand.len(), shell.t(Text::CardsLeft));
            view! {
                <div class="seat" data-testid="seat" data-seat=s.to_string()>
                    <div class="seat-head"><b>{seat_name(s)}</b>{tag.map(|(class, text)| view! { <span class=class>{text}</span> })}</div>
                    <div class="seat-info">{info}</div>
                    <div class="seat-play" class:winning=winner == Some(s) data-testid="seat-play">
                        {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                    </div>
                    <div class="replay-hand" data-testid="replay-hand" data-seat=s.to_string()>
                        {hand.iter().map(|&c| view! { <CardFace card=c/> }).collect_view()}
                    </div>
                </div>
            }
        }).collect_view();
        view! {
            <div class="table-meta">
                {chips.into_iter().map(|(id, text)| view! { <span class="chip" data-testid=id>{text}</span> }).collect_view()}
            </div>
            <p class="replay-position" data-testid="replay-position" data-position=(p - start).to_string() data-stage=stage>{where_}</p>
            {f.prelude.map(|(prelude, drawn)| prelude_panel(shell, &prelude, drawn, &seat_name))}
            <div class="seats felt replay-seats" data-testid="seats">{seats}</div>
            {f.step.map(|step| view! {
                <ol class="review-list replay-trick" data-testid="replay-trick">
                    <TrickRow number=step.trick_number trick=step.trick names=names.clone() landlord_team=f.landlord_team.clone() me=None/>
                </ol>
            })}
            {result.map(|r| view! { <p class="phase-panel replay-result" data-testid="replay-result"><b>{shell.t(Text::HandOver)}</b> " · " {r}</p> })}
        }
    };

    // First, Back, Next, Last: one button type for all four.
    let buttons = [
        ("replay-first", "« ", Text::ReplayFirst, ""),
        ("replay-back", "◀ ", Text::ReplayBack, ""),
        ("replay-forward", "", Text::ReplayForward, " ▶"),
        ("replay-last", "", Text::ReplayLast, " »"),
    ];
    let controls = buttons.into_iter().enumerate().map(|(i, (id, before, text, after))| {
        let disabled = move || if i < 2 { at_draw.get() } else { !at_draw.get() && position.get() >= bounds().1 };
        let click = move |_| match i {
            0 => first(),
            1 => back(),
            2 => forward(),
            _ => last(),
        };
        view! {
            <button type="button" class="button" class:primary=i == 2 data-testid=id disabled=disabled on:click=click>
                {before} {shell.t(text)} {after}
            </button>
        }
    }).collect_view();

    let hand_picker = (hands.len() > 1).then(|| {
        view! {
            <div class="replay-hands" data-testid="replay-hands">
                {hands.iter().map(|&h| h as usize).map(|h| view! {
                    <button type="button" class="button" class:primary=move || hand.get() == h
                        on:click=move |_| { hand.set(h); position.set(untrack(bounds).0); at_draw.set(true); }>
                        {numbered(shell, Text::HandNumber, h + 1)}
                    </button>
                }).collect_view()}
            </div>
        }
    });

    view! {
        <section class="screen wide table replay" data-testid="replay">
            <h2>{shell.t(Text::ReplayTitle)}</h2>
            {hand_picker}
            <div class="replay-controls">{controls}</div>
            <p class="replay-keys">{shell.t(Text::ReplayKeys)}</p>
            {move || frame().map(&draw)}
            <BackHome/>
        </section>
    }
    .into_any()
}
