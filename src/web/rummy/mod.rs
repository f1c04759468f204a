//! The rummy table against bots (`#/play/rummy?seed=…`, on the rummy page):
//! the link opens a deal (or resumes the saved one), the table layer's driver
//! runs the bots on a timer, every move is saved through the shared save
//! envelope, and the player's own arrangement of the hand follows the cards.
//! The board (`board.rs`) and the hand (`hand.rs`) only render and report taps.

mod board;
mod hand;
mod peer;
mod replay;
mod setup;

pub use replay::RummyReplay;

use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::record::link::Link;
use crate::record::replay_code::encode;
use crate::routes::Route;
use crate::table::Record;
use crate::record::save::{Loaded, SaveEnvelope};
use crate::web::table::runner::{record_result, run_bots, Autosave, SaveStatus};
use crate::rummy::bot::{bots_for, Bot, Difficulty};
use crate::record::duplicate::Source;
use crate::rummy::game::{Action, Event, Game, PhaseName, RuleError, SeatView, Stage};
use crate::table::{Driver, Seat};
use crate::ui_model::rummy::arrange::{HandGroups, Place};
use crate::ui_model::table::Pace;
use crate::ui_model::rummy::words::{label, Label, WhyInvalid};
use crate::ui_model::rummy::{declaration, why_invalid};
use crate::web::shell::{replace_hash, BackHome, Shell};
use crate::web::storage;
use leptos::prelude::*;

pub use hand::RummyCardFace;

/// Where the rummy table in progress is saved (`record::SaveEnvelope<rummy::Game>`).
pub const SAVE_KEY: &str = "tuolaji.rummy.v1";

fn bad_link(shell: Shell, msg: String) -> AnyView {
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || label(Label::Title, shell.lang())}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{msg.clone()}</p>
            <a class="button primary" href="#/play/rummy" data-testid="new-game">{move || label(Label::NewGame, shell.lang())}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The table a link opens: the saved game if it is this deal from this seat, else a new one.
#[component]
pub fn RummyTable(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    // The bots' pace (`pace=slow|normal|fast|instant`, as at the Shengji table) is not part of the deal.
    let pace = query.iter().find(|(k, _)| k == "pace").and_then(|(_, v)| Pace::from_key(v)).unwrap_or_default();
    let mut query: Vec<(String, String)> = query.into_iter().filter(|(k, _)| k != "pace").collect();
    // `?new` asks for a new table; a link without a seed resumes the saved game, or asks too.
    if query.iter().any(|(k, _)| k == "new") {
        return view! { <setup::RummySetup/> }.into_any();
    }
    if !query.iter().any(|(k, _)| k == "seed") {
        match SaveEnvelope::<Game>::decode(storage::get_raw(SAVE_KEY).ok().flatten().as_deref()) {
            Loaded::Ok { save, .. } if save.link().is_some() => query = save.link().map(|l| l.to_query()).unwrap_or_default(),
            _ => return view! { <setup::RummySetup/> }.into_any(),
        }
    }
    let link = match Link::<Game>::from_query(&query) {
        Ok(l) => l,
        Err(e) => return bad_link(shell, e.to_string()),
    };
    let deal_hash = Link::<Game>::new(&link.table_seed(), &link.settings, link.seat).to_hash();
    let mut hash = deal_hash.clone();
    if pace != Pace::default() {
        hash.push_str(&format!("&pace={}", pace.key()));
    }
    // A friend's result on the first deal (`r=`) is kept for the comparison after the
    // deal; the address bar shows the deal's plain link. After mounting, with no history entry.
    let friend = link.result.clone().filter(|r| r.hand == 0);
    let friend_linked = friend.is_some();
    Effect::new(move |_| {
        if let Some(r) = friend.clone() {
            let _ = storage::add_result(Source::Link, r);
        }
        replace_hash(&hash);
    });
    let raw = storage::get_raw(SAVE_KEY).ok().flatten();
    let (game, resumed, kept) = match SaveEnvelope::<Game>::decode(raw.as_deref()) {
        Loaded::Ok { save, game } if save.is_for(&link) => (*game, true, false),
        loaded => {
            // Another rummy game is replaced only by playing this one (its first move saves);
            // an unusable save was set aside at start-up (`set_aside_unusable_save`): one
            // still here could not be backed up and is never written over.
            let kept = matches!(loaded, Loaded::Incompatible { .. } | Loaded::Corrupt { .. });
            match <Game as crate::table::Game>::new(link.settings.clone(), link.table_seed()) {
                Ok(g) => (g, false, kept),
                Err(e) => return bad_link(shell, crate::ui_model::rummy::words::settings_error(&e, shell.lang())),
            }
        }
    };
    let seat = link.seat.min(game.players().saturating_sub(1));
    let set_aside = use_context::<SetAside>().is_some_and(|s| s.0);
    view! {
        {set_aside.then(|| view! {
            <p class="notice" role="status" data-testid="save-set-aside">{move || label(Label::SetAside, shell.lang())}</p>
        })}
        <LocalRummy game=game seat=seat seed=link.table_seed() kept=kept resumed=resumed pace=pace deal_hash=deal_hash friend_linked=friend_linked/>
    }
    .into_any()
}

/// Whether an unusable rummy save was set aside when the page started (the table says so).
#[derive(Clone, Copy)]
pub struct SetAside(pub bool);

/// Run once when the rummy page starts, before any screen: an unusable rummy save is
/// moved to a backup (`storage::set_aside_unusable`). True if one was set aside.
pub fn set_aside_unusable_save() -> bool {
    matches!(storage::set_aside_unusable::<Game>(SAVE_KEY), Some(storage::SetAsideNotice { kept: storage::Kept::Backup(_), .. }))
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

#[component]
fn LocalRummy(game: Game, seat: Seat, seed: TableSeed, kept: bool, resumed: bool, pace: Pace, deal_hash: String, friend_linked: bool) -> impl IntoView {
    let players = game.players();
    let game = RwSignal::new_local(game);
    let driver = StoredValue::new_local(Driver::<Bot>::new(
        bots_for(&seed, players, &[Difficulty::Heuristic]),
        (0..players).map(|s| s == seat).collect(),
    ));
    let view = Memo::new(move |_| game.with(|g| g.view(seat)));
    let first_view = view.get_untracked();
    let autosave = Autosave::new(SAVE_KEY, kept);
    let refusal = RwSignal::new(None::<RuleError>);
    let shell = expect_context::<Shell>();
    let names = Signal::derive(move || (0..players).map(|s| seat_name(s, seat, shell.lang())).collect::<Vec<_>>());
    let state = TableState {
        view: view.into(),
        names,
        groups: RwSignal::new(HandGroups::sorted(&first_view.hand, first_view.wild)),
        selected: RwSignal::new(Vec::new()),
        refusal: Signal::derive(move || {
            refusal.get().map(|e| crate::ui_model::rummy::words::rule_error(&e, &|s| names.with(|n| n[s].clone()), shell.lang()))
        }),
        pending: RwSignal::new(None),
        hint: RwSignal::new(false),
        save_status: autosave.status,
        resumed: RwSignal::new(resumed),
        deal_hash: StoredValue::new(Some(deal_hash)),
        friend_waiting: friend_linked,
        replay_hash: Memo::new(move |_| {
            game.with(|g| g.result().is_some().then(|| Route::Replay { record: encode(&Record::of(g)) }.to_hash()))
        }),
    };
    let save = move || game.with_untracked(|g| autosave.save(g, seat, None));
    follow_hand(state);

    let act = move |who: Seat, action: Action| -> bool {
        match game.try_update(|g| g.apply(who, &action)) {
            Some(Ok(events)) => {
                // The first deal just ended: your result joins the seed's results, for the
                // comparison with friends who play the same deal (before the card reads them).
                if events.iter().any(|e| matches!(e, Event::DealFinished(r) if r.deal == 0)) {
                    game.with_untracked(|g| record_result(g, seat));
                }
                if who == seat {
                    refusal.set(None);
                    state.pending.set(None);
                    state.resumed.set(false);
                }
                save();
                true
            }
            Some(Err(e)) => {
                if who == seat {
                    refusal.set(Some(e));
                }
                false
            }
            None => false,
        }
    };

    // The bots on a timer (a bot's draw and its discard are two moves: a turn takes twice the pace).
    run_bots(game, driver, move |_: &Game| pace.millis().max(10), act);

    let handlers = Handlers { state, seat, act: Callback::new(move |a: Action| { act(seat, a); }) };
    view! { <board::Board state=state handlers=handlers/> }
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

/// A seat at the table against bots: "You", "Bot 2".
pub(crate) fn seat_name(seat: usize, me: usize, lang: crate::i18n::Lang) -> String {
    use crate::i18n::Lang;
    match (seat == me, lang) {
        (true, Lang::En) => "You".into(),
        (true, Lang::Zh) => "你".into(),
        (false, Lang::En) => format!("Bot {}", seat + 1),
        (false, Lang::Zh) => format!("机器人{}", seat + 1),
    }
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
