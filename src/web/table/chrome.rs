//! What every game's table says around its board: a save notice (the writes failed,
//! another tab took the game, an unusable save is kept) that stays until dismissed and
//! offers a reload when another tab took over; the friend's result waiting for the end
//! of the first hand; the table resumed from a save; no bot worker to play the bots; and
//! the links under the board (a new table, the rules, home).
//! Each board places them; the sentences that differ per game come from the game.

use crate::i18n::Text;
use crate::web::shell::Shell;
use crate::web::storage::Backup;
use crate::web::table::runner::SaveStatus;
use leptos::prelude::*;

fn reload_page() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// One notice about saving (a table's and the home page's): the sentence, a detail (the
/// typed reason, in English), where a backup was kept and whether older ones were
/// deleted, a Reload button when `reload`, and Dismiss.
pub fn save_notice_box(
    shell: Shell,
    testid: &'static str,
    text: Text,
    detail: Option<String>,
    backup: Option<Backup>,
    reload: bool,
    dismiss: impl Fn() + 'static,
) -> AnyView {
    let dropped = backup.as_ref().is_some_and(|b| b.dropped > 0);
    view! {
        <div class="notice dismissible" role="alert" data-testid=testid>
            <p>{shell.t(text)}</p>
            {detail.map(|d| view! { <p class="notice-detail">{shell.t(Text::SaveDetails)} ": " {d}</p> })}
            {backup.map(|b| view! { <p class="notice-detail" data-testid="backup-key">{shell.t(Text::BackupKeptAs)} ": " <code>{b.key}</code></p> })}
            {dropped.then(|| view! { <p class="notice-detail" data-testid="backups-dropped">{shell.t(Text::BackupsDropped)}</p> })}
            <div class="notice-actions">
                {reload.then(|| view! {
                    <button type="button" class="button primary" data-testid="reload-here" on:click=|_| reload_page()>{shell.t(Text::Reload)}</button>
                })}
                <button type="button" class="button subtle" data-testid="dismiss-notice" on:click=move |_| dismiss()>{shell.t(Text::Dismiss)}</button>
            </div>
        </div>
    }
    .into_any()
}

/// A table's save notice while its moves are not being saved, until dismissed (a failed
/// write and another tab's save are dismissed apart: the second may still follow).
#[component]
pub fn TableSaveNotice(status: RwSignal<SaveStatus>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let failed_dismissed = RwSignal::new(false);
    let taken_dismissed = RwSignal::new(false);
    move || {
        let (testid, text, reload, dismissed) = match status.get() {
            SaveStatus::Saving => return None,
            SaveStatus::Failed => ("save-error", Text::SaveFailed, false, failed_dismissed),
            SaveStatus::Taken => ("save-taken", Text::SaveTaken, true, taken_dismissed),
            SaveStatus::Kept => ("save-kept", Text::SaveNotMoved, false, taken_dismissed),
        };
        (!dismissed.get()).then(|| save_notice_box(shell, testid, text, None, None, reload, move || dismissed.set(true)))
    }
}

/// "A friend played this deal": shown while `waiting` (the link carried a friend's result
/// on the first hand, which is not over yet), in the game's words.
pub fn friend_waiting_notice(waiting: impl Fn() -> bool + Send + Sync + 'static, text: impl Fn() -> &'static str + Send + Sync + 'static) -> impl IntoView {
    move || waiting().then(|| view! { <p class="notice friend-waiting" role="status" data-testid="friend-waiting">{text()}</p> })
}

/// "Your saved game goes on": shown until the person's next move.
pub fn resumed_notice(resumed: RwSignal<bool>, text: impl Fn() -> &'static str + Send + Sync + 'static) -> impl IntoView {
    move || resumed.get().then(|| view! { <p class="notice" role="status" data-testid="resumed">{text()}</p> })
}

/// The bot worker could not answer: the bots cannot play on.
pub fn no_worker_notice(no_worker: Signal<bool>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || no_worker.get().then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoBotWorker)}</p> })
}

/// The links under a board: a new table and home at a table against bots (a peer table's
/// host starts new tables on its own page), and the game's rules; in the game's words.
pub fn table_footer(
    class: &'static str,
    game: &'static str,
    local: bool,
    hidden: bool,
    new_table: impl Fn() -> &'static str + Send + Sync + 'static,
    rules: impl Fn() -> &'static str + Send + Sync + 'static,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! {
        <nav class=class class:hidden=hidden>
            {local.then(|| view! {
                <a class="button subtle" href=format!("#/play/{game}?new") data-testid="new-table">{new_table}</a>
            })}
            <a class="button subtle" href=shell.link(&format!("#/rules?game={game}")) data-testid="rules-link">{rules}</a>
            {local.then(|| view! {
                <a class="button subtle" href=shell.link("#/") data-testid="home-link">{move || shell.t(Text::BackHome)}</a>
            })}
        </nav>
    }
}
