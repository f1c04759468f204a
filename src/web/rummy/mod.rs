//! The rummy table against bots (`#/play/rummy?seed=…`, on the rummy page): the shared
//! table against bots (`web::table::bot_table`) with rummy's bots, words, settings fields
//! (the setup screen is built from them) and board, and the player's own arrangement of
//! the hand, which follows the cards. The board (`board.rs`: the other seats and the
//! middle in `seats.rs`, the action bar in `actions.rs`, the deal's result in `result.rs`)
//! and the hand (`hand.rs`) only render and report taps.

mod actions;
mod board;
mod hand;
mod peer;
mod replay;
mod result;
mod seats;
mod settings;

pub use replay::rummy_replay;

use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::rummy::bot::{bots_for, Difficulty};
use crate::table::think::Remote;
use crate::rummy::game::{Action, Game, PhaseName, RuleError, SeatView, SettingsError, Stage};
use crate::table::Seat;
use crate::ui_model::rummy::arrange::{HandGroups, Place};
use crate::ui_model::rummy::words::{label, Label, WhyInvalid};
use crate::ui_model::rummy::{declaration, why_invalid};
use crate::web::table::bot_table::{BotTable, LocalTable};
use crate::web::table::runner::SaveStatus;
use leptos::prelude::*;

pub use hand::RummyCardFace;

/// Where the rummy table in progress is saved (`record::SaveEnvelope<rummy::Game>`).
pub const SAVE_KEY: &str = "tuolaji.rummy.v1";

/// Rummy at the table against bots (`#/play/rummy?seed=…`): the shared table with rummy's
/// bots, words, settings fields and board.
impl BotTable for Game {
    const SAVE_KEY: &'static str = SAVE_KEY;
    type Level = Difficulty;
    /// The bots think in rummy's table worker, the page's bot worker (`worker::rummy`):
    /// an Expert's search never blocks the page.
    type TableBot = Remote<Game>;
    /// Easy is the random-legal bot, Normal the heuristic, Expert the search (docs/rummy.md).
    const LEVELS: &'static [(Difficulty, crate::i18n::Text)] = &[
        (Difficulty::Random, crate::i18n::Text::LevelEasy),
        (Difficulty::Heuristic, crate::i18n::Text::LevelNormal),
        (Difficulty::Expert, crate::i18n::Text::LevelExpert),
    ];
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Remote<Game>> {
        crate::web::worker::warm_up();
        bots_for(seed, levels.len(), levels).into_iter().map(Remote::new).collect()
    }
    fn title(lang: Lang) -> &'static str {
        label(Label::Title, lang)
    }
    fn set_aside_notice(lang: Lang) -> &'static str {
        label(Label::SetAside, lang)
    }
    fn settings_error(e: &SettingsError, lang: Lang) -> String {
        crate::ui_model::rummy::words::settings_error(e, lang)
    }
    fn rule_error(e: &RuleError, name: &dyn Fn(Seat) -> String, lang: Lang) -> String {
        crate::ui_model::rummy::words::rule_error(e, name, lang)
    }
    fn board(t: LocalTable<Game>) -> AnyView {
        let state = TableState {
            save_status: t.save_status,
            resumed: t.resumed,
            deal_hash: StoredValue::new(Some(t.deal_hash)),
            friend_waiting: t.friend_waiting,
            replay_hash: t.replay_hash,
            ..TableState::new(t.view.into(), t.names, t.refusal)
        };
        mount_board(state, t.act, None)
    }
}

impl TableState {
    /// A table's state as a peer table has it (no save, no links); the table against bots
    /// fills in its own.
    fn new(view: Signal<SeatView>, names: Signal<Vec<String>>, refusal: Signal<Option<String>>) -> TableState {
        let first = view.get_untracked();
        TableState {
            view,
            names,
            groups: RwSignal::new(HandGroups::sorted(&first.hand, first.wild)),
            selected: RwSignal::new(Vec::new()),
            refusal,
            pending: RwSignal::new(None),
            hint: RwSignal::new(false),
            save_status: RwSignal::new(SaveStatus::Saving),
            resumed: RwSignal::new(false),
            deal_hash: StoredValue::new(None),
            friend_waiting: false,
            replay_hash: Memo::new(|_| None),
        }
    }
}

/// The board over `state`: the hand follows the cards, and a move sent drops a held-back
/// declaration. `below`: what goes under the hand (a peer host's list of seats).
fn mount_board(state: TableState, act: Callback<Action>, below: Option<ViewFn>) -> AnyView {
    follow_hand(state);
    let send = Callback::new(move |a: Action| {
        state.pending.set(None);
        act.run(a);
    });
    let handlers = Handlers { state, seat: state.view.with_untracked(|v| v.seat), act: send };
    match below {
        Some(below) => view! { <board::Board state=state handlers=handlers below=below/> }.into_any(),
        None => view! { <board::Board state=state handlers=handlers/> }.into_any(),
    }
}

/// A declaration held back because it is not valid: the groups, the finishing card, why.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pending {
    groups: Vec<Vec<crate::rummy::RummyCard>>,
    finish: crate::rummy::RummyCard,
    why: WhyInvalid,
}

/// Everything the board reads and the handlers change.
#[derive(Clone, Copy)]
pub(crate) struct TableState {
    pub view: Signal<SeatView>,
    /// Each seat's name as the table shows it ("You", "Bot 2", a friend's name).
    pub names: Signal<Vec<String>>,
    pub groups: RwSignal<HandGroups>,
    pub selected: RwSignal<Vec<Place>>,
    /// The last refusal of your move, phrased.
    pub refusal: Signal<Option<String>>,
    pub pending: RwSignal<Option<Pending>>,
    pub hint: RwSignal<bool>,
    /// Whether moves are being saved (a notice when not).
    pub save_status: RwSignal<SaveStatus>,
    pub resumed: RwSignal<bool>,
    /// The table's link (`#/play/rummy?seed=…`): the first deal's share link (`None` at a
    /// peer table, whose deals are not shared as links).
    pub deal_hash: StoredValue<Option<String>>,
    /// The link carried a friend's result on the first deal (shown once the deal ends).
    pub friend_waiting: bool,
    /// Once a deal has ended: the table's replay link (`#/replay/<code>`).
    pub replay_hash: Memo<Option<String>>,
}

/// The hand's groups follow the cards: a new deal is sorted afresh; otherwise a drawn card
/// joins the last group and a discarded one leaves its group.
fn follow_hand(state: TableState) {
    let deal_seen = StoredValue::new(state.view.with_untracked(|v| v.deal_number));
    Effect::new(move |_| {
        let v = state.view.get();
        if deal_seen.get_value() != v.deal_number {
            deal_seen.set_value(v.deal_number);
            state.groups.set(HandGroups::sorted(&v.hand, v.wild));
            state.selected.set(Vec::new());
        } else {
            let mut changed = false;
            state.groups.update(|g| changed = g.follow(&v.hand, v.wild));
            if changed {
                state.selected.set(Vec::new());
            }
        }
    });
}

/// What the player's taps do.
#[derive(Clone, Copy)]
pub(crate) struct Handlers {
    state: TableState,
    seat: Seat,
    act: Callback<Action>,
}

impl Handlers {
    pub fn tap(&self, place: Place) {
        self.state.pending.set(None);
        self.state.selected.update(|s| match s.iter().position(|&p| p == place) {
            Some(i) => {
                s.remove(i);
            }
            None => s.push(place),
        });
    }

    pub fn sort(&self) {
        let v = self.state.view.get_untracked();
        self.state.groups.set(HandGroups::sorted(&v.hand, v.wild));
        self.state.selected.set(Vec::new());
    }

    pub fn auto_arrange(&self) {
        let v = self.state.view.get_untracked();
        if let Some(g) = HandGroups::auto(&v.hand, v.wild, &v.rules) {
            self.state.groups.set(g);
            self.state.selected.set(Vec::new());
        }
    }

    pub fn group(&self) {
        let sel = self.state.selected.get_untracked();
        self.state.groups.update(|g| g.group(&sel));
        self.state.selected.set(Vec::new());
    }

    /// The one selected card, if exactly one is selected.
    fn single(&self) -> Option<(Place, crate::rummy::RummyCard)> {
        let sel = self.state.selected.get_untracked();
        let [place] = sel.as_slice() else { return None };
        Some((*place, self.state.groups.with_untracked(|g| g.card(*place))?))
    }

    pub fn discard(&self) {
        if let Some((_, card)) = self.single() {
            self.act.run(Action::Discard(card));
        }
    }

    /// Declares with the selected card as the finishing card; a declaration that is
    /// not valid waits for the player to confirm it (it costs the cap).
    pub fn declare(&self) {
        let Some((place, finish)) = self.single() else { return };
        let v = self.state.view.get_untracked();
        let (groups, arrangement) = self.state.groups.with_untracked(|g| declaration(g, place, &v));
        match why_invalid(&arrangement) {
            None => self.act.run(Action::Declare(groups, finish)),
            Some(why) => self.state.pending.set(Some(Pending { groups, finish, why })),
        }
    }

    pub fn confirm_declaration(&self) {
        if let Some(p) = self.state.pending.get_untracked() {
            self.act.run(Action::Declare(p.groups, p.finish));
        }
    }

    pub fn show(&self) {
        let groups = self.state.groups.with_untracked(|g| g.groups().to_vec());
        self.act.run(Action::Show(groups));
    }

    pub fn run(&self, action: Action) {
        self.act.run(action);
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }
}

/// Which actions the player has now (the board shows only these).
pub(crate) fn my_moves(v: &SeatView) -> (bool, bool, bool) {
    let my_turn = v.phase == PhaseName::Play && v.turn == v.seat;
    let drawing = my_turn && v.stage == Stage::Draw;
    let discarding = my_turn && matches!(v.stage, Stage::Discard { .. });
    let showing = v.phase == PhaseName::Show && v.to_act.contains(&v.seat);
    (drawing, discarding, showing)
}
