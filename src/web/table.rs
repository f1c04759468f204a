//! The game table (`#/play/shengji?seed=…`): one engine `Game` in a signal, you in
//! your seat and heuristic bots in the others acting on a timer. Every move (yours
//! or a bot's) goes through `Game::apply`; a refused move only shows its reason.

use crate::cards::{Card, CardCounts};
use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::shengji::bot::{bots_for, Bot, Difficulty};
use crate::shengji::game::{Action, Friend, Game, PhaseName, Seat};
use crate::shengji::Lead;
use crate::ui_model::phrase::{card_label, cards_label, trump_label};
use crate::ui_model::select::{selected_cards, selection_of};
use crate::ui_model::table::TableParams;
use crate::web::app::{BackHome, Shell};
use crate::web::cards::CardFace;
use crate::web::hand::{FollowContext, Hand};
use crate::web::hints::HintTab;
use crate::web::new_game::{random_seed, table_hash};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn seat_name(seat: Seat, me: Seat, shell: Shell) -> String {
    if seat == me {
        shell.t(Text::You).to_string()
    } else {
        format!("{} {}", shell.t(Text::Bot), seat + 1)
    }
}

fn bad_link(shell: Shell, msg: String) -> AnyView {
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || shell.t(Text::NewGameVsBots)}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{msg.clone()}</p>
            <a class="button primary" href="#/new" data-testid="new-game">{move || shell.t(Text::NewGameVsBots)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

#[component]
pub fn Table(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let mut query = query;
    if !query.iter().any(|(k, _)| k == "seed") {
        // Make the link reproducible without adding a history entry.
        query.insert(0, ("seed".into(), random_seed()));
        if let Ok(p) = TableParams::from_query(&query) {
            if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&table_hash(&p)));
            }
        }
    }
    let params = match TableParams::from_query(&query) {
        Ok(p) => p,
        Err(e) => return bad_link(shell, e),
    };
    let seed = match TableSeed::parse(&params.seed) {
        Ok(s) => s,
        Err(e) => return bad_link(shell, e.to_string()),
    };
    let game = match Game::new(params.settings.clone(), seed.clone()) {
        Ok(g) => g,
        Err(e) => return bad_link(shell, e.to_string()),
    };
    let me = params.seat;
    let players = game.players();
    let pace = params.pace.millis();
    let game = RwSignal::new_local(game);
    let bots = StoredValue::new_local(bots_for(&seed, players, &vec![Difficulty::Heuristic; players]));
    let adviser = StoredValue::new_local(Bot::new(&seed, me, Difficulty::Heuristic));
    let error = RwSignal::new(None::<String>);
    let lang = move || shell.prefs.with(|p| p.lang());

    let act = move |seat: Seat, action: Action| -> bool {
        match game.try_update(|g| g.apply(seat, &action)) {
            Some(Ok(_)) => {
                error.set(None);
                true
            }
            Some(Err(e)) => {
                let who = seat_name(seat, me, shell);
                error.set(Some(format!("{who}: {e}")));
                false
            }
            None => false,
        }
    };

    // The bots (and your own draw) on a timer; stops when the screen goes away.
    let alive = Arc::new(AtomicBool::new(true));
    {
        let alive = alive.clone();
        on_cleanup(move || alive.store(false, Ordering::Relaxed));
    }
    spawn_local(async move {
        loop {
            let drawing = game.try_with_untracked(|g| g.phase() == PhaseName::Draw && g.view(me).deck_left > 0);
            let Some(drawing) = drawing else { break };
            // Cards arrive at the auto-draw speed of the settings, never slower than the bots' pace.
            let draw_ms = shell.prefs.with_untracked(|p| p.draw_speed.millis()).min(pace);
            TimeoutFuture::new(if drawing { draw_ms } else { pace }).await;
            if !alive.load(Ordering::Relaxed) {
                break;
            }
            let Some((phase, to_act, deck_left)) =
                game.try_with_untracked(|g| (g.phase(), g.to_act(), g.view(me).deck_left))
            else {
                break;
            };
            if phase == PhaseName::Finished {
                continue;
            }
            if phase == PhaseName::Draw && deck_left > 0 && to_act.first() == Some(&me) {
                act(me, Action::Draw);
                continue;
            }
            let Some(&seat) = to_act.iter().find(|&&s| s != me) else { continue };
            // Bots wait for you when you come first in play order.
            if phase == PhaseName::Play && to_act.first() == Some(&me) {
                continue;
            }
            let Some(view) = game.try_with_untracked(|g| g.view(seat)) else { break };
            let Some((action, _)) = bots.try_update_value(|b| b[seat].suggest(&view)) else { break };
            if !act(seat, action) && phase == PhaseName::Draw {
                // A refused bot move must not stall the table.
                act(seat, if deck_left > 0 { Action::Draw } else { Action::Pass });
            }
        }
    });

    let view = Memo::new(move |_| game.with(|g| g.view(me)));
    let hand = Memo::new(move |_| view.with(|v| v.hand.clone()));
    let selected = RwSignal::new(Vec::<bool>::new());
    Effect::new(move |_| {
        let n = hand.with(|h| h.len());
        selected.set(vec![false; n]);
    });
    let my_turn = Memo::new(move |_| view.with(|v| v.to_act.first() == Some(&me) && v.phase != PhaseName::Finished));
    let follow = Signal::derive(move || {
        if !my_turn.get() || view.with(|v| v.phase != PhaseName::Play) {
            return None;
        }
        let lead_cards = view.with(|v| v.trick.as_ref().and_then(|t| t.plays.first().map(|p| p.1.clone())))?;
        let rules = game.with(|g| g.rules().cloned())?;
        let lead = Lead::parse(&rules, &lead_cards).ok()?;
        Some(FollowContext { rules, lead })
    });
    let leading = Memo::new(move |_| {
        my_turn.get()
            && view.with(|v| v.phase == PhaseName::Play && v.trick.as_ref().is_none_or(|t| t.plays.is_empty()))
    });
    let suggestion = Memo::new(move |_| {
        if !leading.get() {
            return None;
        }
        let v = view.get();
        match adviser.try_update_value(|b| b.suggest(&v)) {
            Some((Action::Play(cards), reason)) => Some((cards, reason)),
            _ => None,
        }
    });

    let on_play = Callback::new(move |cards: Vec<Card>| {
        let phase = view.with_untracked(|v| v.phase);
        let action = if phase == PhaseName::Exchange { Action::Bury(cards) } else { Action::Play(cards) };
        act(me, action);
    });
    let locked = Signal::derive(move || !my_turn.get());
    let hand_signal = Signal::derive(move || hand.get());

    let header = move || {
        let v = view.get();
        let trump = match v.trump {
            Some(t) => trump_label(t, lang()),
            None => format!("{} · {}", v.trump_rank, shell.t(Text::NoTrumpYet)),
        };
        let landlord = v.landlord.map(|s| seat_name(s, me, shell)).unwrap_or_else(|| "—".into());
        // Finding Friends: the calls, and who turned out to be each friend.
        let friends = v.friends.iter().map(|f| {
            let who = f.revealed.map(|s| format!(" ({})", seat_name(s, me, shell))).unwrap_or_default();
            format!("#{} {}{who}", f.friend.nth, card_label(f.friend.card, lang()))
        }).collect::<Vec<_>>().join(" · ");
        view! {
            <div class="table-meta">
                <span class="chip" data-testid="trump">{shell.t(Text::TrumpLabel)} ": " <b>{trump}</b></span>
                <span class="chip" data-testid="landlord">{shell.t(Text::Landlord)} ": " <b>{landlord}</b></span>
                {(!friends.is_empty()).then(|| view! { <span class="chip" data-testid="friends">{shell.t(Text::Friend)} ": " <b>{friends.clone()}</b></span> })}
                <span class="chip" data-testid="attacker-points">
                    {shell.t(Text::AttackerPoints)} ": " <b>{v.attacker_points}</b>
                    " (" {shell.t(Text::NextThreshold)} " " {v.next_threshold} ")"
                </span>
            </div>
        }
    };

    let seats = move || {
        let v = view.get();
        let current: Vec<(Seat, Vec<Card>)> = v.trick.as_ref().map(|t| t.plays.clone()).unwrap_or_default();
        // Between tricks, the last trick stays on the table (dimmed).
        let (plays, old) = if current.is_empty() {
            (v.tricks.last().map(|t| t.plays.clone()).unwrap_or_default(), true)
        } else {
            (current, false)
        };
        (0..v.players)
            .map(|s| {
                let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
                let acting = v.to_act.first() == Some(&s) && v.phase != PhaseName::Finished;
                let landlord = v.landlord == Some(s);
                let team = v.landlord_team.contains(&s) && !landlord;
                let winning = !old && v.trick.as_ref().and_then(|t| t.winning) == Some(s);
                view! {
                    <div class="seat" class:me=s == me class:acting=acting data-testid="seat" data-seat=s.to_string()>
                        <div class="seat-head">
                            <b>{seat_name(s, me, shell)}</b>
                            {landlord.then(|| view! { <span class="tag landlord" title=shell.t(Text::Landlord)>{shell.t(Text::Landlord)}</span> })}
                            {team.then(|| view! { <span class="tag team">{shell.t(Text::LandlordTeam)}</span> })}
                        </div>
                        <div class="seat-info">
                            {shell.t(Text::Level)} " " {v.levels[s].to_string()} " · "
                            {v.hand_sizes[s]} " " {shell.t(Text::CardsLeft)}
                            {(v.points[s] > 0).then(|| format!(" · {} pts", v.points[s]))}
                            {acting.then(|| view! { <span class="acting-dot">" · " {shell.t(Text::ToAct)}</span> })}
                        </div>
                        <div class="seat-play" class:old=old class:winning=winning data-testid="seat-play">
                            {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                        </div>
                    </div>
                }
            })
            .collect_view()
    };

    let draw_panel = move || {
        let v = view.get();
        let bids = v.bids.iter().map(|b| format!("{}: {}", seat_name(b.seat, me, shell), cards_label(&vec![b.card; b.count as usize], lang()))).collect::<Vec<_>>().join(" · ");
        let may_pass = v.deck_left == 0 && v.to_act.contains(&me);
        view! {
            <div class="phase-panel" data-testid="draw-panel">
                <p>{shell.t(Text::Drawing)} " " <span data-testid="deck-left">{v.deck_left}</span></p>
                {(!bids.is_empty()).then(|| view! { <p data-testid="bids">{shell.t(Text::Bids)} ": " {bids.clone()}</p> })}
                <div class="hand-actions">
                    {v.valid_bids.iter().map(|&(card, n)| view! {
                        <button type="button" class="button" data-testid="bid"
                            on:click=move |_| { act(me, Action::Bid(card, n)); }>
                            {shell.t(Text::BidWith)} " " {cards_label(&vec![card; n as usize], lang())}
                        </button>
                    }).collect_view()}
                    {may_pass.then(|| view! {
                        <button type="button" class="button" data-testid="pass" on:click=move |_| { act(me, Action::Pass); }>
                            {shell.t(Text::NoBid)}
                        </button>
                    })}
                </div>
            </div>
        }
    };

    let friend_choice = RwSignal::new(Vec::<(u8, Card)>::new());
    let exchange_panel = move || {
        let v = view.get();
        let mine = v.landlord == Some(me);
        if !mine {
            let who = v.landlord.map(|s| seat_name(s, me, shell)).unwrap_or_default();
            return view! { <p class="phase-panel">{shell.t(Text::WaitingFor)} " " {who}</p> }.into_any();
        }
        if !v.buried {
            let k = v.kitty_size;
            return view! {
                <div class="phase-panel" data-testid="bury-panel">
                    <h3>{shell.t(Text::BuryTitle)}</h3>
                    <p data-testid="bury-count">{move || format!("{} {} / {}", shell.t(Text::Selected), selected.with(|s| s.iter().filter(|x| **x).count()), k)}</p>
                    <button type="button" class="button primary" data-testid="bury"
                        disabled=move || selected.with(|s| s.iter().filter(|x| **x).count()) != k
                        on:click=move |_| on_play.run(hand.with_untracked(|h| selected.with_untracked(|s| selected_cards(h, s))))>
                        {shell.t(Text::Bury)} " " {k}
                    </button>
                </div>
            }
            .into_any();
        }
        let n = v.friends_to_call;
        if n > 0 && v.friends.is_empty() {
            // Start from an ace that is not trump (friend cards may not be trump by default).
            let ace = [crate::cards::Suit::Hearts, crate::cards::Suit::Spades, crate::cards::Suit::Diamonds, crate::cards::Suit::Clubs]
                .into_iter()
                .map(|s| Card::new(crate::cards::Rank::Ace, s))
                .find(|&c| v.trump.is_none_or(|t| !t.is_trump(c)))
                .unwrap_or(Card::BigJoker);
            if friend_choice.with_untracked(|f| f.len() != n) {
                friend_choice.set(vec![(1, ace); n]);
            }
            let all: Vec<Card> = CardCounts::full_decks(1).to_vec();
            let decks = v.decks as u8;
            return view! {
                <div class="phase-panel" data-testid="friends-panel">
                    <h3>{shell.t(Text::CallFriends)}</h3>
                    {(0..n).map(|i| {
                        let all = all.clone();
                        view! {
                            <div class="friend-row">
                                <select data-testid="friend-nth" on:change=move |ev| {
                                    if let Ok(x) = event_target_value(&ev).parse::<u8>() { friend_choice.update(|f| f[i].0 = x); }
                                }>
                                    {(1..=decks).map(|x| view! { <option value=x.to_string()>{format!("#{x}")}</option> }).collect_view()}
                                </select>
                                <select data-testid="friend-card" on:change={
                                    let all = all.clone();
                                    move |ev| {
                                        if let Ok(x) = event_target_value(&ev).parse::<usize>() { friend_choice.update(|f| f[i].1 = all[x]); }
                                    }
                                }>
                                    {all.iter().enumerate().map(|(x, c)| view! {
                                        <option value=x.to_string() selected=*c == ace>{card_label(*c, lang())}</option>
                                    }).collect_view()}
                                </select>
                            </div>
                        }
                    }).collect_view()}
                    <button type="button" class="button primary" data-testid="call-friends"
                        on:click=move |_| {
                            let f = friend_choice.get_untracked().into_iter().map(|(nth, card)| Friend { card, nth }).collect();
                            act(me, Action::DeclareFriends(f));
                        }>
                        {shell.t(Text::Call)}
                    </button>
                </div>
            }
            .into_any();
        }
        ().into_any()
    };

    let result_panel = move || {
        let v = view.get();
        let Some(r) = v.result.clone() else { return ().into_any() };
        let changes = r.levels.iter().filter(|(_, a, b)| a != b)
            .map(|(s, a, b)| format!("{} {a}→{b}", seat_name(*s, me, shell))).collect::<Vec<_>>().join(" · ");
        let winners = r.game_winners.as_ref().map(|w| w.iter().map(|s| seat_name(*s, me, shell)).collect::<Vec<_>>().join(", "));
        view! {
            <div class="phase-panel result-panel" data-testid="hand-result">
                <h3>{shell.t(Text::HandOver)}</h3>
                <p>{shell.t(Text::AttackerPoints)} ": " <b data-testid="final-points">{r.attacker_points}</b>
                   " (" {r.attacker_trick_points} " + " {shell.t(Text::KittyBonus)} " " {r.kitty_bonus} ")"</p>
                <p>{shell.t(Text::Kitty)} ": " {cards_label(&r.kitty, lang())}</p>
                <p data-testid="level-changes">{shell.t(Text::LevelChanges)} ": " {changes}</p>
                {winners.map(|w| view! { <p><b>{shell.t(Text::GameOver)} " " {w}</b></p> })}
                <button type="button" class="button primary" data-testid="next-hand"
                    on:click=move |_| { act(me, Action::NextHand); }>
                    {shell.t(Text::NextHand)}
                </button>
            </div>
        }
        .into_any()
    };

    let phase = Memo::new(move |_| view.with(|v| v.phase));
    let show_hand = move || matches!(phase.get(), PhaseName::Draw | PhaseName::Play)
        || (phase.get() == PhaseName::Exchange && view.with(|v| v.landlord == Some(me) && !v.buried));

    view! {
        <section class="screen wide table" data-testid="table" data-phase=move || match phase.get() {
            PhaseName::Draw => "draw", PhaseName::Exchange => "exchange", PhaseName::Play => "play", PhaseName::Finished => "finished" }
            data-my-turn=move || if my_turn.get() { "yes" } else { "no" }>
            {header}
            <div class="seats felt" data-testid="seats">{seats}</div>
            {move || error.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="table-error-line">{e}</p> })}
            {move || match phase.get() {
                PhaseName::Draw => draw_panel().into_any(),
                PhaseName::Exchange => exchange_panel(),
                PhaseName::Play => ().into_any(),
                PhaseName::Finished => result_panel(),
            }}
            {move || suggestion.get().map(|(cards, reason)| {
                let pick = cards.clone();
                view! {
                    <div class="phase-panel suggestion" data-testid="suggestion">
                        <p>{shell.t(Text::SuggestedLead)} ": " <b>{cards_label(&cards, lang())}</b> " — " {reason}</p>
                        <button type="button" class="button" data-testid="use-suggestion"
                            on:click=move |_| selected.set(hand.with_untracked(|h| selection_of(h, &pick)))>
                            {shell.t(Text::UseSuggestion)}
                        </button>
                    </div>
                }
            })}
            <div class="play-area" class:hidden=move || !show_hand()>
                <div class="hand-area">
                    <h3>{move || shell.t(Text::YourHand)}</h3>
                    <Hand cards=hand_signal selected=selected follow=follow on_play=on_play locked=locked/>
                    {move || view.with(|v| v.can_take_back).then(|| view! {
                        <button type="button" class="button" data-testid="take-back"
                            on:click=move |_| { act(me, Action::TakeBack); }>
                            {shell.t(Text::TakeBack)}
                        </button>
                    })}
                </div>
                {move || follow.with(|f| f.is_some()).then(|| view! {
                    <HintTab follow=follow hand=hand_signal selected=selected locked=locked/>
                })}
            </div>
            <p class="seed-line">{move || shell.t(Text::Seed)} ": " <code data-testid="seed">{params.seed.clone()}</code></p>
            <BackHome/>
        </section>
    }
    .into_any()
}

