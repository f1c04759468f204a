//! One seat's view of a Shengji table, drawn: the header (trump, landlord, friends,
//! points) and the seats with their plays (`seats`), the phase panels (draw and bids, bury,
//! friend calls, hand result), your hand with live legality, the hint tab and the
//! suggested lead; fewer taps' plays made for you are in `autoplay`. It never touches a
//! `Game`: it reads a `SeatView` and sends `Action`s through `act`, so the same board
//! serves a table against bots and a peer table whose game runs in another browser.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::i18n::{Phrased, Text};
use crate::shengji::bot::Difficulty;
use crate::shengji::game::{Action, PhaseName, Seat, SeatView};
use crate::shengji::think::turn::Led;
use crate::shengji::{Format, Rules};
use crate::ui_model::phrase::cards_label;
use crate::ui_model::select::{selected_cards, selection_of};
use crate::web::shell::Shell;
use crate::web::shengji::hand::{FollowContext, Hand, TakeBack};
use crate::web::shengji::hints::HintTab;
use crate::web::shengji::advice::advice;
use crate::web::shengji::autoplay::fewer_taps;
use crate::web::shengji::phases::{draw_panel, exchange_panel, result_panel, Seen};
use crate::web::shengji::seats::{announcements, header, seat_strip};
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;

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
    let advised = advice(view, me, &adviser_seed, adviser);
    let thinking = thinking.unwrap_or_else(|| Signal::derive(|| None));
    let (hand, selected) = selection(view, initial_selection, on_selection);
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
    let leading = Memo::new(move |_| {
        my_turn.get()
            && view.with(|v| v.phase == PhaseName::Play && v.trick.as_ref().is_none_or(|t| t.plays.is_empty()))
    });
    let auto_pending = fewer_taps(view, act, hand, selected, follow, leading);
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
        auto_pending.set(false); // played by hand: a play made for you is not made again
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
    let error_line = error_line(error, selected);
    let (show_last, announcements) = announcements(seen);

    // The friends the landlord is choosing (`phases::exchange_panel`), kept while the panel redraws.
    let friend_choice = RwSignal::new(Vec::<(u8, Card)>::new());

    let phase = Memo::new(move |_| view.with(|v| v.phase));
    let show_hand = move || !spectator && matches!(phase.get(), PhaseName::Draw | PhaseName::Play)
        // The landlord sees its hand while burying and while calling friends.
        || (phase.get() == PhaseName::Exchange && view.with(|v| v.landlord == Some(me) || v.steal_turn == Some(me)));

    view! {
        <section class="screen wide table" data-testid="table" data-phase=move || match phase.get() {
            PhaseName::Draw => "draw", PhaseName::Exchange => "exchange", PhaseName::Play => "play", PhaseName::Finished => "finished" }
            data-my-turn=move || if my_turn.get() { "yes" } else { "no" }
            data-auto-play=move || if auto_pending.get() { "yes" } else { "no" }>
            {header(seen)}
            {notices.map(|n| n.run())}
            {announcements}
            {seat_strip(seen, show_last, thinking)}
            {error_line}
            {move || match phase.get() {
                PhaseName::Draw => draw_panel(seen),
                PhaseName::Exchange => exchange_panel(seen, selected, hand, on_play, friend_choice),
                PhaseName::Play => ().into_any(),
                PhaseName::Finished => result_panel(seen, result_card.clone(), spectator),
            }}
            {suggestion_panel(suggestion, hand, selected)}
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

/// The hand and its selection: a new hand starts with nothing selected (the first hand
/// shown may restore `initial_selection`, a resumed game's), and `on_selection` is told
/// the selected cards whenever the selection changes.
fn selection(
    view: Signal<SeatView>,
    initial_selection: Vec<Card>,
    on_selection: Option<Callback<Vec<Card>>>,
) -> (Memo<Vec<Card>>, RwSignal<Vec<bool>>) {
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
    (hand, selected)
}

/// The refusal line: one message at a time, shown until the selection changes (any tap on
/// the hand, Clear, a hint row) or the next refusal replaces it.
fn error_line(error: Signal<Option<String>>, selected: RwSignal<Vec<bool>>) -> impl IntoView {
    let shown_error = RwSignal::new(None::<String>);
    Effect::new(move |_| shown_error.set(error.get()));
    Effect::new(move |_| {
        selected.track();
        shown_error.set(None);
    });
    move || shown_error.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="table-error-line">{e}</p> })
}

/// The suggested lead (the adviser's, once the worker has found it), and a button that
/// selects it.
fn suggestion_panel(suggestion: Memo<Option<(Vec<Card>, Phrased)>>, hand: Memo<Vec<Card>>, selected: RwSignal<Vec<bool>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    move || suggestion.get().map(|(cards, reason)| {
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
    })
}
