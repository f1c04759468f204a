//! One seat's view of a Shengji table, drawn: the header (trump, landlord, friends,
//! points), the seats with their plays, the phase panels (draw and bids, bury,
//! friend calls, hand result), your hand with live legality, the hint tab and the
//! suggested lead. It never touches a `Game`: it reads a `SeatView` and sends
//! `Action`s through `act`, so the same board serves a table against bots and a
//! peer table whose game runs in another browser.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::{Action, PhaseName, Seat, SeatView};
use crate::shengji::think::turn::{Check, Checked, Led};
use crate::shengji::{Format, Rules};
use crate::ui_model::rules::rules_hash;
use crate::ui_model::phrase::{card_label, cards_label, trump_label};
use crate::ui_model::select::{selected_cards, selection_of};
use crate::web::shell::Shell;
use crate::web::cards::CardFace;
use crate::web::shengji::hand::{ask_turn, FollowContext, Hand, TakeBack};
use crate::web::shengji::hints::HintTab;
use crate::web::shengji::advice::advice;
use crate::web::shengji::phases::{draw_panel, exchange_panel, result_panel, Seen};
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;

use crate::ui_model::phrase::{friend_revealed, nth_label};

/// With fewer taps, how long a play the hand leaves no choice about waits before it is made
/// (long enough to see it selected, and to tap a card to keep the turn).
const FORCED_PLAY_DELAY_MS: u32 = 450;

#[component]
pub fn TableBoard(
    /// What this seat may see (the seat is `view.seat`).
    #[prop(into)]
    view: Signal<SeatView>,
    /// Display names by seat ("You", "Bot 2", a friend's name).
    #[prop(into)]
    names: Signal<Vec<String>>,
    /// Sends one of this seat's actions to wherever the game runs.
    act: Callback<Action>,
    /// The last refusal, already phrased for people.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Seeds the adviser behind the suggested lead (any seed will do).
    adviser_seed: TableSeed,
    /// How well the adviser plays (`table::advice`): a table against bots asks the Expert,
    /// whose play also fills the hint tab's "What would Expert play?" row; a peer table
    /// the Normal bot (the Expert's advice is for practising, not for playing friends).
    #[prop(optional)]
    adviser: Difficulty,
    /// Cards to select when the hand first shows (a resumed game's selection).
    #[prop(optional)]
    initial_selection: Vec<Card>,
    /// Told the selected cards whenever the selection changes (for saving it).
    #[prop(optional)]
    on_selection: Option<Callback<Vec<Card>>>,
    /// Notices shown above the seats (e.g. the game cannot be saved).
    #[prop(optional, into)]
    notices: Option<ViewFn>,
    /// Extra content at the top of the end-of-hand panel (the local table's result card).
    #[prop(optional, into)]
    result_card: Option<ViewFn>,
    /// How far a take-back goes: a table against bots takes back your play and the bots'
    /// replies until the trick is complete; by default (a peer table) the rules' own
    /// take-back, until the next player acts.
    #[prop(default = None)]
    take_back: Option<TakeBack>,
    /// The seat whose bot is searching its move (a table against bots).
    #[prop(optional, into)]
    thinking: Option<Signal<Option<Seat>>>,
    /// Extra lines under the board (seed, links, navigation).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let me = view.with_untracked(|v| v.seat);
    // A spectator (the seat one past the last) holds no hand and plays nothing.
    let spectator = view.with_untracked(|v| me >= v.players);
    // What the phase panels (`phases`) read and send; its `name` is every seat's name here too.
    let seen = Seen { view, me, names, act };
    let name = move |s: Seat| seen.name(s);
    let advised = advice(view, me, &adviser_seed, adviser);
    let thinking = thinking.unwrap_or_else(|| Signal::derive(|| None));
    let hand = Memo::new(move |_| view.with(|v| v.hand.clone()));
    let selected = RwSignal::new(Vec::<bool>::new());
    Effect::new(move |first: Option<()>| {
        let n = hand.with(|h| h.len());
        // The first hand shown may restore a saved selection (a resumed game).
        match (&first, initial_selection.is_empty()) {
            (None, false) => selected.set(hand.with_untracked(|h| selection_of(h, &initial_selection))),
            _ => selected.set(vec![false; n]),
        }
    });
    if let Some(report) = on_selection {
        Effect::new(move |_| {
            let cards = hand.with_untracked(|h| selected.with(|s| selected_cards(h, s)));
            report.run(cards);
        });
    }
    let my_turn = Memo::new(move |_| view.with(|v| v.to_act.first() == Some(&me) && v.phase != PhaseName::Finished));
    let follow = Signal::derive(move || {
        if !my_turn.get() || view.with(|v| v.phase != PhaseName::Play) {
            return None;
        }
        let cards = view.with(|v| v.trick.as_ref().and_then(|t| t.plays.first().map(|p| p.1.clone())))?;
        let rules = view.with(|v| v.rules).and_then(|c| Rules::try_from(c).ok())?;
        // The lead as its leader read it (a chosen reading travels in the trick).
        let format = view.with(|v| v.trick.as_ref().and_then(|t| t.format.clone()));
        Some(FollowContext { rules, led: Led { cards, format } })
    });
    // Fewer taps (a preference, on by default): where the hand leaves no choice (its last
    // cards, or exactly as many of the led suit as the lead) the play is made for you a
    // moment later; where several plays are legal the forced shape (its weakest cards) is
    // selected to start with. Off: the play with no choice is only selected (one tap on Play).
    let fewer_taps = Memo::new(move |_| shell.prefs.with(|p| p.fewer_taps));
    // A play made for you is on its way (shown on the table as `data-auto-play`).
    let auto_pending = RwSignal::new(false);
    // Makes `play` (selected as `chosen`) a moment from now, unless the turn or the selection changed.
    let play_for_you = move |chosen: Vec<bool>, play: Vec<Card>| {
        let asked = view.get_untracked();
        auto_pending.set(true);
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(FORCED_PLAY_DELAY_MS).await;
            let same = view.try_with_untracked(|v| *v == asked).unwrap_or(false);
            let untouched = selected.try_with_untracked(|s| *s == chosen).unwrap_or(false);
            auto_pending.try_set(false);
            if same && untouched {
                act.run(Action::Play(play));
            }
        });
    };
    // The worker says which (`shengji::think::turn`); its answer counts while the turn is
    // the same and nothing has been selected meanwhile.
    Effect::new(move |_| {
        let Some(f) = follow.get() else { return };
        let h = hand.get();
        if selected.with_untracked(|s| s.iter().any(|&x| x)) {
            return;
        }
        let fewer = fewer_taps.get_untracked();
        let asked = view.get_untracked();
        leptos::task::spawn_local(async move {
            let Some(Checked::Start { only, forced }) = ask_turn(Check::Start { rules: f.rules, led: f.led, hand: h.clone() }).await else {
                return;
            };
            let same = view.try_with_untracked(|v| *v == asked).unwrap_or(false);
            let untouched = selected.try_with_untracked(|s| !s.iter().any(|&x| x)).unwrap_or(false);
            if !same || !untouched {
                return;
            }
            // What to select to start with, and the play to make for you (if any).
            let start = match (only, forced) {
                (Some(play), _) => Some((selection_of(&h, &play), fewer.then_some(play))),
                (None, Some(play)) if fewer => Some((selection_of(&h, &play), None)),
                _ => None,
            };
            let Some((chosen, auto)) = start else { return };
            selected.set(chosen.clone());
            if let Some(play) = auto {
                play_for_you(chosen, play);
            }
        });
    });
    let leading = Memo::new(move |_| {
        my_turn.get()
            && view.with(|v| v.phase == PhaseName::Play && v.trick.as_ref().is_none_or(|t| t.plays.is_empty()))
    });
    // Leading your last card: the only play there is.
    Effect::new(move |_| {
        if !leading.get() || !fewer_taps.get_untracked() {
            return;
        }
        let Some(last) = hand.with(|h| (h.len() == 1).then(|| h.clone())) else { return };
        selected.set(vec![true]);
        play_for_you(vec![true], last);
    });
    // The suggested lead: the adviser's, once the worker has found it.
    let suggestion = Memo::new(move |_| leading.get().then(|| advised.get().map(|a| (a.cards, a.reason))).flatten());
    let expert_row = move || (adviser == Difficulty::Expert).then(|| advised.get()).flatten();

    let leading_rules = Signal::derive(move || {
        if !leading.get() {
            return None;
        }
        view.with(|v| v.rules).and_then(|c| Rules::try_from(c).ok())
    });
    let reading = RwSignal::new(None::<Format>);
    // The action bar's take-back button, in play at a table that allows take-backs.
    let take_back = take_back.unwrap_or(TakeBack {
        available: Signal::derive(move || view.with(|v| v.can_take_back)),
        run: Callback::new(move |()| act.run(Action::TakeBack)),
    });
    let take_back_button = Signal::derive(move || view.with(|v| v.take_backs && v.phase == PhaseName::Play).then_some(take_back));
    let on_play = Callback::new(move |cards: Vec<Card>| {
        let phase = view.with_untracked(|v| v.phase);
        let action = match (phase, reading.get_untracked()) {
            (PhaseName::Exchange, _) => Action::Bury(cards),
            (_, Some(format)) if leading.get_untracked() => Action::LeadAs(cards, format),
            _ => Action::Play(cards),
        };
        act.run(action);
    });
    // Cards are picked while it is your turn; while calling friends the hand is only shown.
    let locked = Signal::derive(move || !my_turn.get() || view.with(|v| v.phase == PhaseName::Exchange && v.buried));
    let hand_signal = Signal::derive(move || hand.get());

    let header = move || {
        let v = view.get();
        let trump = match v.trump {
            Some(t) => trump_label(t, lang()),
            None => format!("{} · {}", v.trump_rank, shell.t(Text::NoTrumpYet)),
        };
        let landlord = v.landlord.map(&name).unwrap_or_else(|| "—".into());
        // Finding Friends: the calls, and who turned out to be each friend.
        let friends = v.friends.iter().map(|f| {
            let who = f.revealed.map(|s| format!(" ({})", name(s))).unwrap_or_default();
            format!("{} {}{who}", nth_label(f.friend.nth, lang()), card_label(f.friend.card, lang()))
        }).collect::<Vec<_>>().join(" · ");
        view! {
            <div class="table-meta">
                <span class="chip" data-testid="trump">{shell.t(Text::TrumpLabel)} ": " <b>{trump}</b></span>
                <span class="chip" data-testid="landlord"><a class="term" href=shell.link(&rules_hash("shengji", "landlord"))>{shell.t(Text::Landlord)}</a> ": " <b>{landlord}</b></span>
                {(!friends.is_empty()).then(|| view! { <span class="chip" data-testid="friends">{shell.t(Text::Friend)} ": " <b>{friends.clone()}</b></span> })}
                <span class="chip" data-testid="attacker-points">
                    {shell.t(Text::AttackerPoints)} ": " <b>{v.attacker_points}</b>
                    " (" <a class="term" href=shell.link(&rules_hash("shengji", "levels"))>{shell.t(Text::NextThreshold)}</a> " " {v.next_threshold} ")"
                </span>
            </div>
        }
    };

    // One message at a time: a refusal shows until the selection changes (any tap on the
    // hand, Clear, a hint row) or the next refusal replaces it.
    let shown_error = RwSignal::new(None::<String>);
    Effect::new(move |_| shown_error.set(error.get()));
    Effect::new(move |_| {
        selected.track();
        shown_error.set(None);
    });

    // The last trick on demand: tapping the announcement shows it in place of the trick
    // being played, until tapped again or the next trick is complete.
    let show_last = RwSignal::new(false);
    let tricks_done = Memo::new(move |_| view.with(|v| v.tricks.len()));
    Effect::new(move |_| {
        tricks_done.track();
        show_last.set(false);
    });
    // A friend revealed: who, by which call, and the points that leave the attackers' count,
    // shown until the trick after the reveal is complete. Friends revealed before this board
    // opened (a resumed game) are not announced again.
    let revealed_seen = StoredValue::new(view.with_untracked(|v| v.friends.iter().filter_map(|f| f.revealed).collect::<Vec<_>>()));
    let reveal_note = RwSignal::new(None::<(String, Seat, usize)>);
    Effect::new(move |_| {
        let v = view.get();
        let seen = revealed_seen.get_value();
        let fresh = v.friends.iter().find(|f| f.revealed.is_some_and(|s| !seen.contains(&s)));
        if let Some((f, seat)) = fresh.and_then(|f| f.revealed.map(|s| (f, s))) {
            let points = v.points.get(seat).copied().unwrap_or(0);
            reveal_note.set(Some((friend_revealed(&name(seat), f.friend, points, lang()), seat, v.tricks.len())));
        }
        revealed_seen.set_value(v.friends.iter().filter_map(|f| f.revealed).collect());
    });
    let reveal_line = move || {
        let (text, seat, at) = reveal_note.get()?;
        (tricks_done.get() <= at + 1).then(|| view! {
            <p class="status-line friend-revealed" role="status" data-testid="friend-revealed" data-seat=seat.to_string()>{text}</p>
        })
    };
    let last_trick_line = move || {
        let v = view.get();
        if v.phase != PhaseName::Play {
            return None;
        }
        let t = v.tricks.last()?;
        let n = v.tricks.len();
        let text = match lang() {
            crate::i18n::Lang::En => format!(
                "Trick {n}: {} won{}",
                name(t.winner),
                if t.points > 0 { format!(" {} points", t.points) } else { String::new() }
            ),
            crate::i18n::Lang::Zh => format!(
                "第{n}轮：{}赢{}",
                name(t.winner),
                if t.points > 0 { format!("，得{}分", t.points) } else { String::new() }
            ),
        };
        Some(view! {
            <button type="button" class="last-trick-line" data-testid="last-trick" data-winner=t.winner.to_string()
                data-points=t.points.to_string() aria-pressed=move || show_last.get().to_string()
                on:click=move |_| show_last.update(|x| *x = !*x)>
                <span aria-live="polite">{text}</span>
                <span class="muted">{move || shell.t(if show_last.get() { Text::BackToTrick } else { Text::ShowLastTrick })}</span>
            </button>
        })
    };

    let seats = move || {
        let v = view.get();
        let current: Vec<(Seat, Vec<Card>)> = v.trick.as_ref().map(|t| t.plays.clone()).unwrap_or_default();
        // Between tricks (or on demand), the last trick is on the table, dimmed, its winner marked.
        let last = v.tricks.last();
        let (plays, old) = if current.is_empty() || (show_last.get() && last.is_some()) {
            (last.map(|t| t.plays.clone()).unwrap_or_default(), true)
        } else {
            (current, false)
        };
        let last_winner = if old { last.map(|t| t.winner) } else { None };
        (0..v.players)
            .map(|s| {
                let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
                let acting = v.to_act.first() == Some(&s) && v.phase != PhaseName::Finished;
                let landlord = v.landlord == Some(s);
                let team = v.landlord_team.contains(&s) && !landlord;
                let winning = if old { last_winner == Some(s) } else { v.trick.as_ref().and_then(|t| t.winning) == Some(s) };
                view! {
                    <div class="seat" class:me=s == me class:acting=acting data-testid="seat" data-seat=s.to_string()>
                        <div class="seat-head">
                            <b>{name(s)}</b>
                            {landlord.then(|| view! { <span class="tag landlord" title=shell.t(Text::Landlord)>{shell.t(Text::Landlord)}</span> })}
                            {team.then(|| view! { <span class="tag team">{shell.t(Text::LandlordTeam)}</span> })}
                        </div>
                        <div class="seat-info">
                            {shell.t(Text::Level)} " " {v.levels[s].to_string()} " · "
                            {v.hand_sizes[s]} " " {shell.t(if v.hand_sizes[s] == 1 { Text::CardLeft } else { Text::CardsLeft })}
                            {(v.points[s] > 0).then(|| format!(" · {} {}", v.points[s], shell.t(Text::Pts)))}
                            {acting.then(|| view! { <span class="acting-dot">" · " {shell.t(Text::ToAct)}</span> })}
                            {move || (acting && thinking.get() == Some(s)).then(|| view! {
                                <span class="thinking" data-testid="thinking">{shell.t(Text::IsThinking)}</span>
                            })}
                        </div>
                        <div class="seat-play" class:old=old class:winning=winning data-testid="seat-play">
                            {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                        </div>
                    </div>
                }
            })
            .collect_view()
    };

    // The friends the landlord is choosing (`phases::exchange_panel`), kept while the panel redraws.
    let friend_choice = RwSignal::new(Vec::<(u8, Card)>::new());

    let phase = Memo::new(move |_| view.with(|v| v.phase));
    let show_hand = move || !spectator && matches!(phase.get(), PhaseName::Draw | PhaseName::Play)
        // The landlord sees its hand while burying and while calling friends.
        || (phase.get() == PhaseName::Exchange && view.with(|v| v.landlord == Some(me)));

    view! {
        <section class="screen wide table" data-testid="table" data-phase=move || match phase.get() {
            PhaseName::Draw => "draw", PhaseName::Exchange => "exchange", PhaseName::Play => "play", PhaseName::Finished => "finished" }
            data-my-turn=move || if my_turn.get() { "yes" } else { "no" }
            data-auto-play=move || if auto_pending.get() { "yes" } else { "no" }>
            {header}
            {notices.map(|n| n.run())}
            {last_trick_line}
            {reveal_line}
            <div class="seats felt strip" data-testid="seats"
                data-showing=move || if show_last.get() { "last" } else { "current" }>{seats}</div>
            {move || shown_error.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="table-error-line">{e}</p> })}
            {move || match phase.get() {
                PhaseName::Draw => draw_panel(seen),
                PhaseName::Exchange => exchange_panel(seen, selected, hand, on_play, friend_choice),
                PhaseName::Play => ().into_any(),
                PhaseName::Finished => result_panel(seen, result_card.clone(), spectator),
            }}
            {move || suggestion.get().map(|(cards, reason)| {
                let pick = cards.clone();
                view! {
                    <div class="phase-panel suggestion" data-testid="suggestion">
                        <p>{shell.t(Text::SuggestedLead)} ": " <b>{cards_label(&cards, lang())}</b> " — " {move || reason.get(lang()).to_string()}</p>
                        <button type="button" class="button" data-testid="use-suggestion"
                            on:click=move |_| selected.set(hand.with_untracked(|h| selection_of(h, &pick)))>
                            {shell.t(Text::UseSuggestion)}
                        </button>
                    </div>
                }
            })}
            <div class="play-area" class:hidden=move || !show_hand() class:with-hints=move || follow.with(|f| f.is_some())>
                <div class="hand-area">
                    <h3>{move || shell.t(Text::YourHand)}</h3>
                    // The hand and what follows it are built in tasks after the top of the
                    // table (`after_paint`): the page's start stays short.
                    <AfterPaint>
                    <Hand cards=hand_signal selected=selected follow=follow on_play=on_play locked=locked
                        leading=leading_rules reading=reading take_back=take_back_button/>
                    </AfterPaint>
                </div>
                <AfterPaint>
                {move || follow.with(|f| f.is_some()).then(|| view! {
                    <HintTab follow=follow hand=hand_signal selected=selected locked=locked
                        expert=Signal::derive(move || expert_row().map(|e| (e.cards, e.reason.get(lang()).to_string())))/>
                })}
                </AfterPaint>
            </div>
            <AfterPaint>{children.map(|c| c())}</AfterPaint>
        </section>
    }
}
