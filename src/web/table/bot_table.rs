//! A table against bots for any game's page (`#/play/<game>?seed=…`): the link opens a
//! deal or resumes the saved one, the table layer's driver runs the bots on a timer,
//! every accepted move is saved through the shared save envelope, your result on each
//! hand joins the seed's results, and the game's board draws the table. A game
//! gives its save key, bots, words, settings fields (`settings_form`: the new-table
//! screen is built from them) and board ([`BotTable`]); rummy and mahjong are this plus
//! their board. (Shengji's table, with its take-backs, hints and bots thinking in the
//! bot worker, is still its own, `web/shengji/local.rs`, on the same runner.)

use crate::dup::TableSeed;
use crate::i18n::{Lang, Phrased, Text};
use crate::record::duplicate::Source;
use crate::record::link::Link;
use crate::record::replay_code::encode;
use crate::record::save::{Loaded, SaveEnvelope};
use crate::routes::Route;
use crate::table::{BotSeat, Driver, Game, Record, Seat};
use crate::ui_model::messages::link_error;
use crate::ui_model::table::Pace;
use crate::web::shell::{replace_hash, BackHome, Shell};
use crate::web::storage;
use crate::web::table::settings_form::{setup_screen, SettingsForm};
use crate::web::table::runner::{record_result, run_bots, Autosave, SaveStatus};
use leptos::prelude::*;

/// What a game's page gives the table against bots.
pub trait BotTable:
    SettingsForm + Game<View: Send + Sync + 'static, Action: Send + Sync + 'static, Error: Send + Sync + 'static> + 'static
{
    /// Where the table in progress is saved (`record::SaveEnvelope<Self>`).
    const SAVE_KEY: &'static str;
    type TableBot: BotSeat<Self> + 'static;
    /// A bot for every seat (the person's seat's bot is never asked).
    fn bots(seed: &TableSeed, players: usize) -> Vec<Self::TableBot>;
    /// The game's name as a title ("Rummy").
    fn title(lang: Lang) -> &'static str;
    /// Said once when an unusable save of this game was set aside at start-up.
    fn set_aside_notice(lang: Lang) -> &'static str;
    fn settings_error(e: &Self::SettingsError, lang: Lang) -> String;
    /// A refused move, phrased with the seats' names.
    fn rule_error(e: &Self::Error, name: &dyn Fn(Seat) -> String, lang: Lang) -> String;
    /// The board: renders the table and sends the person's moves.
    fn board(table: LocalTable<Self>) -> AnyView;
    /// How long the bots wait before their next move.
    fn delay(&self, pace: Pace) -> u32 {
        pace.millis().max(10)
    }
}

/// A table against bots as its board sees it.
pub struct LocalTable<G: BotTable> {
    /// The person's seat.
    pub seat: Seat,
    pub view: Memo<G::View>,
    /// Each seat's name as the table shows it ("You", "Bot 2").
    pub names: Signal<Vec<String>>,
    /// Makes the person's move; a refusal shows in `refusal`.
    pub act: Callback<G::Action>,
    /// The last refusal of the person's move, phrased.
    pub refusal: Signal<Option<String>>,
    /// Whether moves are being saved (a notice when not).
    pub save_status: RwSignal<SaveStatus>,
    /// The table was resumed from a save (until the person's next move).
    pub resumed: RwSignal<bool>,
    /// The first deal's share link (`#/play/<game>?seed=…`).
    pub deal_hash: String,
    /// The link carried a friend's result on the first deal (shown once the deal ends).
    pub friend_waiting: bool,
    /// Once a hand has ended: the table's replay link (`#/replay/<code>`).
    pub replay_hash: Memo<Option<String>>,
}

/// "You", "Bot 2" / "你", "机器人2": each seat's name at a table against bots.
pub fn seat_name(seat: Seat, me: Seat, lang: Lang) -> String {
    match (seat == me, lang) {
        (true, _) => lang.t(Text::You).into(),
        (false, Lang::En) => format!("{} {}", lang.t(Text::Bot), seat + 1),
        (false, Lang::Zh) => format!("{}{}", lang.t(Text::Bot), seat + 1),
    }
}

/// Whether an unusable save was set aside when the page started (the table says so once).
#[derive(Clone, Copy)]
pub struct SetAside(pub bool);

/// Run once when a game's page starts, before any screen: an unusable save of `G` is
/// moved to a backup (`storage::set_aside_unusable`) and the table will say so.
pub fn set_aside_unusable_save<G: BotTable>()
{
    let set_aside = matches!(
        storage::set_aside_unusable::<G>(G::SAVE_KEY),
        Some(storage::SetAsideNotice { kept: storage::Kept::Backup(_), .. })
    );
    provide_context(SetAside(set_aside));
}

/// A link that makes no table: why, in the page's language, and the way to a new game.
fn bad_link<G: BotTable>(shell: Shell, why: impl Fn(Lang) -> String + Send + Sync + 'static) -> AnyView
{
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || G::title(shell.lang())}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{move || why(shell.lang())}</p>
            <a class="button primary" href=format!("#/play/{}", G::NAME) data-testid="new-game">{move || shell.t(Text::NewGame)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The table a link opens: the saved game if it is this deal from this seat, else a new one.
pub fn bot_table<G: BotTable>(query: Vec<(String, String)>) -> AnyView
{
    let shell = expect_context::<Shell>();
    // The bots' pace (`pace=slow|normal|fast|instant`) is not part of the deal.
    let pace = query.iter().find(|(k, _)| k == "pace").and_then(|(_, v)| Pace::from_key(v)).unwrap_or_default();
    let mut query: Vec<(String, String)> = query.into_iter().filter(|(k, _)| k != "pace").collect();
    // `?new` asks for a new table; a link without a seed resumes the saved game, or asks too.
    if query.iter().any(|(k, _)| k == "new") {
        return setup_screen::<G>();
    }
    if !query.iter().any(|(k, _)| k == "seed") {
        match SaveEnvelope::<G>::decode(storage::get_raw(G::SAVE_KEY).ok().flatten().as_deref()) {
            Loaded::Ok { save, .. } if save.link().is_some() => query = save.link().map(|l| l.to_query()).unwrap_or_default(),
            _ => return setup_screen::<G>(),
        }
    }
    let link = match Link::<G>::from_query(&query) {
        Ok(l) => l,
        Err(e) => return bad_link::<G>(shell, move |lang| link_error(&e, lang)),
    };
    let deal_hash = Link::<G>::new(&link.table_seed(), &link.settings, link.seat).to_hash();
    let mut hash = deal_hash.clone();
    if pace != Pace::default() {
        hash.push_str(&format!("&pace={}", pace.key()));
    }
    // A friend's result on the first deal (`r=`) is kept for the comparison after the
    // deal; the address bar shows the deal's plain link. After mounting, with no history entry.
    let friend = link.result.clone().filter(|r| r.hand == 0);
    let friend_waiting = friend.is_some();
    Effect::new(move |_| {
        if let Some(r) = friend.clone() {
            let _ = storage::add_result(Source::Link, r);
        }
        replace_hash(&hash);
    });
    let raw = storage::get_raw(G::SAVE_KEY).ok().flatten();
    let (game, resumed, kept) = match SaveEnvelope::<G>::decode(raw.as_deref()) {
        Loaded::Ok { save, game } if save.is_for(&link) => (*game, true, false),
        loaded => {
            // Another game is replaced only by playing this one (its first move saves); an
            // unusable save was set aside at start-up (`set_aside_unusable_save`): one still
            // here could not be backed up and is never written over.
            let kept = matches!(loaded, Loaded::Incompatible { .. } | Loaded::Corrupt { .. });
            match G::new(link.settings.clone(), link.table_seed()) {
                Ok(g) => (g, false, kept),
                Err(e) => {
                    let why = Phrased::with(|lang| G::settings_error(&e, lang));
                    return bad_link::<G>(shell, move |lang| why.get(lang).to_string());
                }
            }
        }
    };
    let seat = link.seat.min(game.players().saturating_sub(1));
    let set_aside = use_context::<SetAside>().is_some_and(|s| s.0);
    let table = untrack(|| run_table(game, seat, link.table_seed(), kept, resumed, pace, deal_hash, friend_waiting));
    view! {
        {set_aside.then(|| view! {
            <p class="notice" role="status" data-testid="save-set-aside">{move || G::set_aside_notice(shell.lang())}</p>
        })}
        {table}
    }
    .into_any()
}

/// The game in play: the driver, the bots' timer, the autosave and the board.
#[allow(clippy::too_many_arguments)]
fn run_table<G: BotTable>(game: G, seat: Seat, seed: TableSeed, kept: bool, resumed: bool, pace: Pace, deal_hash: String, friend_waiting: bool) -> AnyView
{
    let shell = expect_context::<Shell>();
    let players = game.players();
    let game = RwSignal::new_local(game);
    let driver = StoredValue::new_local(Driver::new(G::bots(&seed, players), (0..players).map(|s| s == seat).collect()));
    let view = Memo::new(move |_| game.with(|g| g.view(seat)));
    let autosave = Autosave::new(G::SAVE_KEY, kept);
    let refusal = RwSignal::new(None::<G::Error>);
    let resumed = RwSignal::new(resumed);
    let names = Signal::derive(move || (0..players).map(|s| seat_name(s, seat, shell.lang())).collect::<Vec<_>>());
    let save = move || game.with_untracked(|g| autosave.save(g, seat, None));

    let act = move |who: Seat, action: G::Action| -> bool {
        let hand_open = game.with_untracked(|g| g.outcome().is_none());
        match game.try_update(|g| g.apply(who, &action)) {
            Some(Ok(_)) => {
                // A hand just ended: your result joins the seed's results (the first on each
                // deal stays), for the comparison with friends who play the same deal (before
                // the board reads them).
                if hand_open && game.with_untracked(|g| g.outcome().is_some()) {
                    game.with_untracked(|g| record_result(g, seat));
                }
                if who == seat {
                    refusal.set(None);
                    resumed.set(false);
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
    run_bots(game, driver, move |g: &G| g.delay(pace), act);

    G::board(LocalTable {
        seat,
        view,
        names,
        act: Callback::new(move |a: G::Action| {
            act(seat, a);
        }),
        refusal: Signal::derive(move || refusal.with(|e| e.as_ref().map(|e| G::rule_error(e, &|s| names.with(|n| n[s].clone()), shell.lang())))),
        save_status: autosave.status,
        resumed,
        deal_hash,
        friend_waiting,
        replay_hash: Memo::new(move |_| game.with(|g| g.outcome().is_some().then(|| Route::Replay { record: encode(&Record::of(g)) }.to_hash()))),
    })
}
