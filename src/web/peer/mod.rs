//! Playing with friends over WebRTC (wasm only), written once for every game that is a
//! [`PeerTable`] (`game.rs`: Shengji's answers; rummy's and mahjong's are in their folders):
//! `host` is the host's page (`#/friends`: lobby, invites, its own seat; `host_save` keeps
//! its table in localStorage), `join` the guest's page (`#/join/<code>`), `rtc` the WebRTC
//! glue, `session` the calls to the page's table worker and `qr` the QR codes. The table
//! itself — the rules, the protocol, fair dealing, the deal's check — runs in the table
//! worker (`crate::worker::session` over `crate::net`): these pages move bytes and draw.

pub mod chat;
pub mod game;
pub mod guest_lobby;
pub mod host;
pub mod host_save;
pub mod join;
pub mod nettest;
pub mod qr;
pub mod rtc;
pub mod scan;
pub mod session;

pub use game::PeerTable;

use crate::i18n::Text;
use crate::net::protocol::{LobbyState, SeatInfo};
use crate::net::PeerGame;
use crate::table::Seat;
use crate::ui_model::prefs::{ice_text, parse_ice_servers, IceServer, ICE_KEY};
use crate::web::shell::Shell;
use crate::web::storage;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

pub use host::host_page;
pub use join::join_page;

/// What a guest page remembers across reloads: its name, the token that reclaims its seat,
/// and what the page needs to still check the hand it was in (its secret and the commit
/// rounds it took part in: a returning page that forgot them could not vouch for the deal).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PeerMemory {
    pub name: String,
    pub token: Option<String>,
    #[serde(default)]
    pub guest: Option<crate::net::guest::GuestMemory>,
}

/// Kept in the wire encoding as text (`net::protocol::to_stored_text`), so the peer pages
/// link no JSON code for it (version 1 was JSON; it is not read: a name typed again).
pub const PEER_KEY: &str = "tuolaji.peer.v2";

pub fn load_memory() -> PeerMemory {
    let text = storage::get_raw(PEER_KEY).ok().flatten().unwrap_or_default();
    crate::net::protocol::from_stored_text(&text).unwrap_or_default()
}

pub fn save_memory(m: &PeerMemory) {
    // Losing this only means a dropped guest needs a fresh seat: not worth an error.
    let _ = storage::set_raw(PEER_KEY, &crate::net::protocol::to_stored_text(m));
}

/// The ICE servers from settings (the default public STUN servers until a list is saved);
/// a broken entry (refused by the settings screen anyway) means none.
pub fn ice_servers() -> Vec<IceServer> {
    parse_ice_servers(&ice_text(storage::get_raw(ICE_KEY).ok().flatten())).unwrap_or_default()
}

/// Milliseconds since the epoch (only differences matter to `net::Host`).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// 32 bytes from the platform's cryptographic generator (fair dealing depends on it).
pub fn entropy() -> [u8; 32] {
    let mut out = [0u8; 32];
    if let Some(c) = web_sys::window().and_then(|w| w.crypto().ok()) {
        let _ = c.get_random_values_with_u8_array(&mut out);
    }
    out
}

/// The host's log on the console: at most [`ConsoleLog::PER_MINUTE`] lines a minute, so
/// a guest sending junk cannot flood it; the others are counted and summed up.
#[derive(Default)]
pub struct ConsoleLog {
    since: u64,
    shown: usize,
    skipped: usize,
}

impl ConsoleLog {
    pub const PER_MINUTE: usize = 20;

    /// Writes `line()` as a warning at `now` (ms) if this minute's budget allows.
    pub fn warn(&mut self, now: u64, line: impl FnOnce() -> String) {
        let warn = |text: &str| web_sys::console::warn_1(&text.into());
        if now.saturating_sub(self.since) >= 60_000 {
            if self.skipped > 0 {
                warn(&format!("{} more refused messages were not logged", self.skipped));
            }
            *self = ConsoleLog { since: now, shown: 0, skipped: 0 };
        }
        if self.shown < Self::PER_MINUTE {
            self.shown += 1;
            warn(&line());
            if self.shown == Self::PER_MINUTE {
                warn("further refused messages this minute are counted, not logged");
            }
        } else {
            self.skipped += 1;
        }
    }
}

/// Sets `signal` only when `value` differs, so only real changes re-render (an answer being
/// typed into an invite must survive the worker's replies).
pub fn set_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.try_with_untracked(|v| v != &value).unwrap_or(false) {
        signal.set(value);
    }
}

/// Which seats a bot plays now: the empty seats of a started table and the dropped guests'.
pub fn bot_seats<G: PeerGame>(lobby: &LobbyState<G>) -> Vec<bool> {
    let now = |info: &SeatInfo| match info {
        SeatInfo::Empty => lobby.started,
        SeatInfo::Bot => true,
        SeatInfo::Guest { stand_in, .. } => *stand_in,
    };
    lobby.seats.iter().map(now).collect()
}

/// Display name of each seat as the lobby knows it; `me` is "You".
pub fn seat_names<G: PeerGame>(lobby: &LobbyState<G>, me: Option<Seat>, shell: Shell) -> Vec<String> {
    lobby
        .seats
        .iter()
        .enumerate()
        .map(|(s, info)| {
            if Some(s) == me {
                return shell.t(Text::You).to_string();
            }
            match info {
                SeatInfo::Empty => shell.t(Text::SeatEmpty).to_string(),
                SeatInfo::Bot => crate::web::table::bot_table::bot_name(s, shell.lang()),
                SeatInfo::Guest { name, .. } => name.clone(),
            }
        })
        .collect()
}

/// Whether the browser can hand text to the system's share sheet (the Web Share API).
fn can_share() -> bool {
    web_sys::window().is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
}

/// Opens the system's share sheet with `text` (called from a tap; a cancelled share is fine).
fn share(text: &str) {
    use wasm_bindgen::JsCast;
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else { return };
    let Some(f) = js_sys::Reflect::get(&nav, &"share".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else { return };
    let data = js_sys::Object::new();
    let key = if text.starts_with("http") { "url" } else { "text" };
    let _ = js_sys::Reflect::set(&data, &key.into(), &text.into());
    let _ = f.call1(&nav, &data);
}

/// The buttons under a code to pass on to the other browser: Share (where the browser has a
/// share sheet) and Copy of `what`, and one that shows or hides more of it (`shown`). Under an
/// invite's link ([`InvitePassOn`]) or a guest's answer ([`AnswerPassOn`]): two components,
/// so each page carries only the one it shows.
fn pass_on_buttons(what: String, shown: RwSignal<bool>, testid: &'static str, show: Text, hide: Text) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let copied = RwSignal::new(false);
    let what = StoredValue::new(what);
    let copy = move |_| {
        let text = what.get_value();
        leptos::task::spawn_local(async move {
            let Some(w) = web_sys::window() else { return };
            let p = w.navigator().clipboard().write_text(&text);
            if wasm_bindgen_futures::JsFuture::from(p).await.is_ok() {
                copied.set(true);
            }
        });
    };
    view! {
        <div class="pass-on-buttons">
            {can_share().then(|| view! {
                <button type="button" class="button primary" data-testid=format!("{testid}-share") on:click=move |_| share(&what.get_value())>
                    {shell.t(Text::Share)}
                </button>
            })}
            <button type="button" class="button" on:click=copy data-testid=format!("{testid}-copy")>
                {move || if copied.get() { shell.t(Text::Copied) } else { shell.t(Text::Copy) }}
            </button>
            <button type="button" class="button subtle" data-testid=format!("{testid}-show") on:click=move |_| shown.update(|s| *s = !*s)>
                {move || shell.t(if shown.get() { hide } else { show })}
            </button>
        </div>
    }
}

/// A host's invite: the link, shared and copied, on one line; its code and a QR code of the
/// link on demand.
#[component]
pub fn InvitePassOn(
    #[prop(into)] code: String,
    #[prop(into)] link: String,
    testid: &'static str,
    /// The link's test id (a seat's invite unless said).
    #[prop(default = "invite-link")]
    link_testid: &'static str,
) -> impl IntoView {
    let shown = RwSignal::new(false);
    let chars = code.len().to_string();
    let qr_link = link.clone();
    view! {
        <div class="pass-on">
            <a class="pass-on-link" href=link.clone() data-testid=link_testid target="_blank" rel="noopener">{link.clone()}</a>
            <div class="pass-on-more" class:hidden=move || !shown.get()>
                <code class="code-text" data-testid=testid data-chars=chars>{code}</code>
                {move || shown.get().then(|| view! { <qr::QrCode text=qr_link.clone()/> })}
            </div>
            {pass_on_buttons(link, shown, testid, Text::ShowCode, Text::HideCode)}
        </div>
    }
}

/// A guest's answer: the code, shared and copied; its QR code on demand, for a host whose
/// browser can scan (`scan.rs`).
#[component]
pub fn AnswerPassOn(#[prop(into)] code: String, testid: &'static str) -> impl IntoView {
    let shown = RwSignal::new(false);
    let chars = code.len().to_string();
    let qr_text = code.clone();
    view! {
        <div class="pass-on">
            <code class="code-text" data-testid=testid data-chars=chars>{code.clone()}</code>
            {move || shown.get().then(|| view! { <qr::QrCode text=qr_text.clone()/> })}
            {pass_on_buttons(code, shown, testid, Text::ShowQr, Text::HideQr)}
        </div>
    }
}

/// Why a connection most likely failed and what to try (`net::ice_report`), as one line.
pub fn advice_line(cause: crate::net::ice_report::FailCause, shell: Shell) -> impl IntoView {
    use crate::ui_model::peer_messages_ice::fail_cause;
    view! {
        <p class="notice bad" role="alert" data-testid="connection-advice" data-cause=cause.key()>
            {move || fail_cause(cause, shell.lang())}
        </p>
    }
}

/// What to say next to a seat's name: only a dropped guest needs words.
pub fn seat_state(info: &SeatInfo, shell: Shell) -> String {
    match info {
        SeatInfo::Empty | SeatInfo::Bot | SeatInfo::Guest { connected: true, .. } => String::new(),
        SeatInfo::Guest { stand_in: true, .. } => format!("{} · {}", shell.t(Text::Offline), shell.t(Text::StandIn)),
        SeatInfo::Guest { .. } => shell.t(Text::Offline).to_string(),
    }
}
