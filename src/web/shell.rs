//! What every screen shares, apart from the app that mounts them: the shell's
//! state (`Shell`: preferences and the language), the way home, the pages of the
//! site and how to reach one from another, and the address-bar helpers screens use
//! in their event handlers (a fresh seed, replacing the address, an absolute link).
//! Screens import this module, never `app.rs`.

use crate::i18n::{Lang, Text};
use crate::routes::Route;
use leptos::prelude::*;

pub use crate::ui_model::prefs::Prefs;

/// Shared UI state every screen can read.
#[derive(Clone, Copy)]
pub struct Shell {
    pub prefs: RwSignal<Prefs>,
    pub storage_ok: bool,
    /// The page this wasm draws (links to routes of other pages go there directly).
    pub page: Page,
}

impl Shell {
    /// The language the player chose (tracked: a view that calls it follows a change).
    pub fn lang(&self) -> Lang {
        self.prefs.with(|p| p.lang())
    }

    pub fn t(&self, text: Text) -> &'static str {
        self.lang().t(text)
    }

    /// `text` in a view, following the language. One closure type for every string, so
    /// the wasm holds one copy of the code that draws and updates it (a `move ||` written
    /// at each place would be a type, and a copy of that code, of its own).
    pub fn tr(self, text: Text) -> impl IntoView + use<> {
        move || self.t(text)
    }

    /// A link to `hash` (`#/new`, `#/rules?game=rummy`) from this page: on the page that
    /// draws its route, so no page loads only to send the browser on.
    pub fn link(&self, hash: &str) -> String {
        format!("{}{hash}", self.page.path_to(Page::of(&Route::parse(hash))))
    }
}

#[component]
pub fn BackHome() -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! { <a class="button subtle back" href=shell.link("#/") data-testid="home-link">{move || shell.t(Text::BackHome)}</a> }
}

/// The pages of the site, each with its own wasm so that no download grows with
/// screens the player does not open: the home page (home, new game, settings, rules), the
/// Shengji table (`shengji/`: the table against bots), Shengji's replays
/// (`shengji/replay/`), the host's page
/// (`friends/`: the lobby and the host's table), the guest's page (`join/`: a friend's
/// invitation), the rummy and mahjong tables against bots, their tables with friends
/// (`friends/rummy/`, `friends/mahjong/`: host and guest), follow practice (`practice/`)
/// and the timing page (`timing/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Home,
    Shengji,
    ShengjiReplay,
    Host,
    Join,
    Rummy,
    Mahjong,
    RummyFriends,
    MahjongFriends,
    Practice,
    Timing,
}

impl Page {
    /// The page that draws a route.
    pub fn of(route: &Route) -> Page {
        match route {
            // A peer table of rummy or mahjong is hosted and joined on one page of the game's.
            Route::Friends { game } | Route::Join { game, .. } if game == "rummy" => Page::RummyFriends,
            Route::Friends { game } | Route::Join { game, .. } if game == "mahjong" => Page::MahjongFriends,
            Route::Friends { .. } => Page::Host,
            Route::Join { .. } => Page::Join,
            Route::Play { game, .. } if game == "rummy" => Page::Rummy,
            Route::Play { game, .. } if game == "mahjong" => Page::Mahjong,
            Route::Play { game, .. } if game == "shengji" => Page::Shengji,
            Route::Practice { .. } => Page::Practice,
            Route::Timing => Page::Timing,
            // A replay is drawn by its game's page (the code's tag says which).
            Route::Replay { record } => match crate::record::replay_code::game_of(record) {
                Some(<crate::rummy::game::Game as crate::table::Codec>::ID) => Page::Rummy,
                Some(<crate::mahjong::game::Game as crate::table::Codec>::ID) => Page::Mahjong,
                // Shengji's, and a code that names no game (its page says what is wrong).
                _ => Page::ShengjiReplay,
            },
            Route::Home | Route::NewGame | Route::Settings | Route::Rules { .. } | Route::Play { .. } | Route::NotFound { .. } => Page::Home,
        }
    }

    /// The page's folder below the site's root.
    fn folder(self) -> &'static str {
        match self {
            Page::Home => "",
            Page::Shengji => "shengji/",
            Page::ShengjiReplay => "shengji/replay/",
            Page::Host => "friends/",
            Page::Join => "join/",
            Page::Rummy => "rummy/",
            Page::Mahjong => "mahjong/",
            Page::RummyFriends => "friends/rummy/",
            Page::MahjongFriends => "friends/mahjong/",
            Page::Practice => "practice/",
            Page::Timing => "timing/",
        }
    }

    /// The relative path from this page to `other` ("friends/", "../", "../join/").
    pub fn path_to(self, other: Page) -> String {
        if self == other {
            return String::new();
        }
        let up = "../".repeat(self.folder().matches('/').count());
        format!("{up}{}", other.folder())
    }

    /// The absolute URL of `other`, from this page's address (for links people copy).
    pub fn url_of(self, other: Page) -> String {
        let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
        let here = href.split('#').next().unwrap_or_default();
        let here = here.strip_suffix("index.html").unwrap_or(here);
        let root = here.strip_suffix(self.folder()).unwrap_or(here);
        format!("{root}{}", other.folder())
    }
}

/// A fresh table seed from the browser's randomness (a new deal).
pub fn random_seed() -> String {
    let hi = (js_sys::Math::random() * 4294967296.0) as u64;
    let lo = (js_sys::Math::random() * 4294967296.0) as u64;
    crate::dup::generate_seed(hi << 32 | lo)
}

/// Replaces the address without a history entry (the link of the deal on screen).
pub fn replace_hash(hash: &str) {
    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
    }
}

/// `hash` as an absolute address people can copy, on the page that draws its route (a link
/// that opens another page first would make a friend wait for two pages).
pub fn absolute(hash: &str) -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    match use_context::<Shell>() {
        Some(shell) => format!("{}{hash}", shell.page.url_of(Page::of(&Route::parse(hash)))),
        None => format!("{}{hash}", href.split('#').next().unwrap_or_default()),
    }
}

/// The bots' pace at a table against bots (new-game screens of every game).
#[component]
pub fn PaceSelect(#[prop(into)] pace: Signal<crate::ui_model::table::Pace>, set: Callback<crate::ui_model::table::Pace>) -> impl IntoView {
    use crate::ui_model::table::Pace;
    let shell = expect_context::<Shell>();
    view! {
        <label class="field">
            <span>{move || shell.t(Text::BotPace)}</span>
            <select data-testid="pace" prop:value=move || pace.get().key()
                on:change=move |ev| {
                    if let Some(p) = Pace::from_key(&event_target_value(&ev)) {
                        set.run(p);
                    }
                }>
                {speed_options(shell)}
            </select>
        </label>
    }
}

/// The four speeds of a select (the bots' pace, the draw speed): slow, normal, fast, instant.
pub fn speed_options(shell: Shell) -> impl IntoView {
    [("slow", Text::SpeedSlow), ("normal", Text::SpeedNormal), ("fast", Text::SpeedFast), ("instant", Text::SpeedInstant)]
        .into_iter()
        .map(|(key, text)| view! { <option value=key>{move || shell.t(text)}</option> })
        .collect_view()
}
