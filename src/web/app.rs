//! The app shell: a hash router over the screens, display preferences (theme and
//! language) kept in localStorage, and the home screen. Screens that are not built
//! yet say so plainly.

use crate::i18n::{Lang, Text};
use crate::routes::Route;
use crate::web::cards::{CardBack, CardFace};
use crate::web::storage::{self, keys};
use leptos::prelude::*;

use crate::web::shell::{BackHome, Page, Shell};

pub use crate::ui_model::prefs::{CardSize, DrawSpeed, Prefs, Theme};

impl Prefs {
    /// Saved preferences under [`keys::PREFS`]; unreadable data gives the defaults
    /// (field by field), which is not worth a warning.
    fn load() -> Prefs {
        match storage::get_raw(keys::PREFS) {
            Ok(Some(text)) => Prefs::from_json(&text),
            _ => Prefs::default(),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(browser_lang)
    }
}

/// The browser's language, asked once: every string a screen shows looks it up (where the
/// player chose none), and each `navigator.language` is a call out of the wasm.
fn browser_lang() -> Lang {
    thread_local! {
        static BROWSER_LANG: Lang = web_sys::window()
            .and_then(|w| w.navigator().language())
            .map(|tag| Lang::from_tag(&tag))
            .unwrap_or_default();
    }
    BROWSER_LANG.with(|l| *l)
}

fn current_route() -> Route {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Route::parse(&hash)
}

/// Applies theme and language to `<html>` so CSS and assistive tools follow them.
fn apply_prefs(prefs: &Prefs) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match prefs.theme {
        Theme::System => root.remove_attribute("data-theme"),
        Theme::Light => root.set_attribute("data-theme", "light"),
        Theme::Dark => root.set_attribute("data-theme", "dark"),
    };
    let _ = root.set_attribute("lang", prefs.lang().tag());
    let _ = if prefs.four_colour {
        root.set_attribute("data-four-colour", "")
    } else {
        root.remove_attribute("data-four-colour")
    };
    let _ = root.set_attribute("data-card-size", prefs.card_size.key());
}

#[component]
pub fn App(bundle: Bundle) -> impl IntoView {
    let prefs = RwSignal::new(Prefs::load());
    let shell = Shell { prefs, storage_ok: storage::is_writable(), page: bundle.page };
    provide_context(shell);
    (bundle.start)();

    Effect::new(move |_| {
        let p = prefs.get();
        apply_prefs(&p);
        // A failed save only loses a preference; the notice on the home screen covers it.
        let _ = storage::set_raw(keys::PREFS, &p.to_json());
    });

    let (route, set_route) = signal(current_route());
    let listener = window_event_listener(leptos::ev::hashchange, move |_| set_route.set(current_route()));
    on_cleanup(move || listener.remove());

    view! {
        <div class="app" data-testid="app">
            {move || {
                let route = route.get();
                (bundle.screen)(&route).unwrap_or_else(|| {
                    let page = bundle.page.path_to(Page::of(&route));
                    view! { <Elsewhere page=page route=route/> }.into_any()
                })
            }}
        </div>
    }
}

/// Which screens a page's wasm carries.
#[derive(Clone, Copy)]
pub struct Bundle {
    pub page: Page,
    /// Draws a route this page carries; `None` sends the route to its page.
    pub screen: fn(&Route) -> Option<AnyView>,
    /// Runs once before the first screen (after the shell's context exists).
    pub start: fn(),
}

impl Bundle {
    /// The home page (`index.html`): home, new game, settings, rules.
    pub const HOME: Bundle = Bundle { page: Page::Home, screen: home_screen, start: home_start };
    /// The Shengji table (`shengji/index.html`): the table against bots.
    pub const SHENGJI: Bundle = Bundle { page: Page::Shengji, screen: shengji_screen, start: shengji_start };
    /// Shengji's replays (`shengji/replay/index.html`).
    pub const SHENGJI_REPLAY: Bundle = Bundle { page: Page::ShengjiReplay, screen: shengji_replay_screen, start: || {} };
    /// The host's page (`friends/index.html`).
    pub const HOST: Bundle = Bundle { page: Page::Host, screen: host_screen, start: || {} };
    /// The guest's page (`join/index.html`).
    pub const JOIN: Bundle = Bundle { page: Page::Join, screen: join_screen, start: || {} };
    /// The rummy table against bots (`rummy/index.html`).
    pub const RUMMY: Bundle = Bundle { page: Page::Rummy, screen: rummy_screen, start: rummy_start };
    /// Rummy with friends, the host's page and the guest's (`friends/rummy/index.html`).
    pub const RUMMY_FRIENDS: Bundle = Bundle { page: Page::RummyFriends, screen: peer_screen::<crate::rummy::game::Game>, start: || {} };
    /// Sichuan mahjong with friends (`friends/mahjong/index.html`).
    pub const MAHJONG_FRIENDS: Bundle = Bundle { page: Page::MahjongFriends, screen: crate::web::mahjong::peer_screen, start: || {} };
    /// The Sichuan mahjong table (`mahjong/index.html`).
    pub const MAHJONG: Bundle = Bundle { page: Page::Mahjong, screen: crate::web::mahjong::screen, start: crate::web::mahjong::start };
    /// Follow practice (`practice/index.html`).
    pub const PRACTICE: Bundle = Bundle { page: Page::Practice, screen: practice_screen, start: || {} };
    /// The timing page (`timing/index.html`).
    pub const TIMING: Bundle = Bundle { page: Page::Timing, screen: timing_screen, start: || {} };
}

/// A saved Shengji game that cannot be used is set aside before the table reads it.
fn shengji_start() {
    crate::web::table::bot_table::set_aside_unusable_save::<crate::shengji::game::Game>();
}

/// The home page offers to resume the saved Shengji game: one it cannot read is set
/// aside first (it carries no rules, so a save that reads but does not replay is left
/// for the Shengji page to find).
fn home_start() {
    crate::web::table::bot_table::set_aside_unreadable_save::<crate::shengji::game::Game>();
}

fn home_screen(route: &Route) -> Option<AnyView> {
    if Page::of(route) != Page::Home {
        return None;
    }
    Some(match route.clone() {
        Route::Home => view! { <Home/> }.into_any(),
        Route::NewGame => view! { <crate::web::shengji::new_game::NewGame/> }.into_any(),
        Route::Settings => view! { <Settings/> }.into_any(),
        Route::Rules { query } => view! { <crate::web::rules::RulesPage query=query/> }.into_any(),
        Route::NotFound { path } => view! { <NotFound path=path/> }.into_any(),
        _ => view! { <NotBuilt title=Text::NotBuiltYet body=Text::PlaySoon/> }.into_any(),
    })
}

fn shengji_screen(route: &Route) -> Option<AnyView> {
    match route {
        Route::Play { query, .. } if Page::of(route) == Page::Shengji => {
            Some(untrack(|| crate::web::table::bot_table::bot_table::<crate::shengji::game::Game>(query.clone())))
        }
        _ => None,
    }
}

fn shengji_replay_screen(route: &Route) -> Option<AnyView> {
    match route {
        Route::Replay { record } if Page::of(route) == Page::ShengjiReplay => {
            let record = record.clone();
            Some(untrack(|| crate::web::shengji::replay::shengji_replay(record)))
        }
        _ => None,
    }
}

fn practice_screen(route: &Route) -> Option<AnyView> {
    match route.clone() {
        Route::Practice { query } => Some(view! { <crate::web::shengji::practice::Practice query=query/> }.into_any()),
        _ => None,
    }
}

fn timing_screen(route: &Route) -> Option<AnyView> {
    match route {
        Route::Timing => Some(view! { <crate::web::timing::TimingPage/> }.into_any()),
        _ => None,
    }
}

fn host_screen(route: &Route) -> Option<AnyView> {
    match route {
        Route::Friends { game } if game == "shengji" => Some(untrack(crate::web::peer::host_page::<crate::shengji::game::Game>)),
        _ => None,
    }
}

fn join_screen(route: &Route) -> Option<AnyView> {
    match route.clone() {
        Route::Join { game, code, watch } if game == "shengji" => {
            Some(untrack(|| crate::web::peer::join_page::<crate::shengji::game::Game>(code, watch)))
        }
        _ => None,
    }
}

/// An unusable rummy save is backed up before the table reads it (see `shengji_start`).
fn rummy_start() {
    crate::web::table::bot_table::set_aside_unusable_save::<crate::rummy::game::Game>();
}

fn rummy_screen(route: &Route) -> Option<AnyView> {
    match route {
        Route::Play { game, query } if game == "rummy" => {
            Some(untrack(|| crate::web::table::bot_table::bot_table::<crate::rummy::game::Game>(query.clone())))
        }
        Route::Replay { record } if Page::of(route) == Page::Rummy => {
            Some(untrack(|| crate::web::rummy::rummy_replay(record.clone())))
        }
        _ => None,
    }
}

/// A game's page with friends: its host's page and its guest's, for the routes of its game.
pub fn peer_screen<G: crate::web::peer::PeerTable>(route: &Route) -> Option<AnyView> {
    match route.clone() {
        Route::Friends { game } if game == G::NAME => Some(untrack(crate::web::peer::host_page::<G>)),
        Route::Join { game, code, watch } if game == G::NAME => Some(untrack(move || crate::web::peer::join_page::<G>(code, watch))),
        _ => None,
    }
}

/// A route the other page carries: go there, keeping the route (and history clean). The
/// page is left from an effect, once this screen is drawn, never while it renders.
#[component]
pub fn Elsewhere(page: String, route: Route) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let target = format!("{page}{}", route.to_hash());
    let go = target.clone();
    Effect::new(move |_| {
        if let Some(location) = web_sys::window().map(|w| w.location()) {
            let _ = location.replace(&go);
        }
    });
    view! {
        <section class="screen page" data-testid="elsewhere">
            <p><a href=target.clone()>{move || shell.t(Text::Loading)}</a></p>
        </section>
    }
}

#[component]
fn Logo() -> impl IntoView {
    view! {
        <svg class="logo" viewBox="0 0 120 90" aria-hidden="true">
            <g transform="rotate(-10 45 50)">
                <rect x="18" y="12" width="46" height="66" rx="6" class="logo-card"/>
                <text x="25" y="32" class="logo-red">"A"</text>
                <text x="41" y="62" class="logo-red logo-pip" text-anchor="middle">"♥"</text>
            </g>
            <g transform="rotate(9 75 50)">
                <rect x="54" y="14" width="46" height="66" rx="6" class="logo-card"/>
                <text x="61" y="34" class="logo-black">"K"</text>
                <text x="77" y="64" class="logo-black logo-pip" text-anchor="middle">"♠"</text>
            </g>
        </svg>
    }
}

#[component]
fn Home() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let saved = crate::web::table::bot_table::saved_game_entry::<crate::shengji::game::Game>(shell).map(|(hash, summary)| (shell.link(&hash), summary));
    let has_saved_game = saved.is_some();
    view! {
        <section class="screen home" data-testid="home">
            <header class="brand">
                <Logo/>
                <h1>"tuolaji" <span class="brand-zh" lang="zh">"拖拉机"</span></h1>
                <p class="tagline">{move || shell.t(Text::Tagline)}</p>
            </header>
            <nav class="menu">
                {saved.map(|(href, summary)| view! {
                    <a class="button primary resume" href=href data-testid="resume">
                        {move || shell.t(Text::Resume)}
                        <span class="resume-detail" data-testid="resume-detail">{summary}</span>
                    </a>
                })}
                <a class="button" class:primary=!has_saved_game href=shell.link("#/new") data-testid="new-game">
                    {move || shell.t(Text::NewGameVsBots)}
                </a>
                <a class="button" href=shell.link("#/play/rummy") data-testid="rummy-link">{move || shell.t(Text::PlayRummy)}</a>
                <a class="button" href=shell.link("#/play/mahjong") data-testid="mahjong-link">{move || shell.t(Text::PlayMahjong)}</a>
                <a class="button" href=shell.link("#/practice") data-testid="practice-link">{move || shell.t(Text::Practice)}</a>
                <a class="button" href="#/rules" data-testid="rules-link">{move || shell.t(Text::HowToPlay)}</a>
                <a class="button" href=shell.link("#/friends") data-testid="friends">{move || shell.t(Text::PlayWithFriends)}</a>
                <a class="button subtle" href="#/settings" data-testid="settings">{move || shell.t(Text::Settings)}</a>
            </nav>
            <crate::web::shengji::local::SaveNotice/>
            {(!shell.storage_ok).then(|| view! {
                <p class="notice" role="status" data-testid="storage-notice">{move || shell.t(Text::StorageUnavailable)}</p>
            })}
            <footer class="foot">
                <p>{move || shell.t(Text::OfflineReady)}</p>
                <p class="version">{move || shell.t(Text::Version)} " " {crate::VERSION}</p>
            </footer>
        </section>
    }
}

#[component]
fn NotBuilt(title: Text, body: Text) -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! {
        <section class="screen page" data-testid="not-built">
            <h2>{move || shell.t(title)}</h2>
            // The title may already say it: the badge is not repeated under it.
            {(title != Text::NotBuiltYet).then(|| view! { <p class="badge">{move || shell.t(Text::NotBuiltYet)}</p> })}
            <p>{move || shell.t(body)}</p>
            <BackHome/>
        </section>
    }
}

#[component]
fn NotFound(path: String) -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! {
        <section class="screen page" data-testid="not-found">
            <h2>{move || shell.t(Text::NotFoundTitle)}</h2>
            <p>{move || shell.t(Text::NotFoundBody)}</p>
            <p><code>"#"{path}</code></p>
            <BackHome/>
        </section>
    }
}

#[component]
fn Settings() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let prefs = shell.prefs;
    let theme_value = move || match prefs.get().theme {
        Theme::System => "system",
        Theme::Light => "light",
        Theme::Dark => "dark",
    };
    let lang_value = move || match prefs.get().lang {
        None => "auto",
        Some(Lang::En) => "en",
        Some(Lang::Zh) => "zh",
    };
    view! {
        <section class="screen page" data-testid="settings-screen">
            <h2>{move || shell.t(Text::Settings)}</h2>
            <label class="field">
                <span>{move || shell.t(Text::Theme)}</span>
                <select
                    data-testid="theme"
                    prop:value=theme_value
                    on:change=move |ev| {
                        let theme = match event_target_value(&ev).as_str() {
                            "light" => Theme::Light,
                            "dark" => Theme::Dark,
                            _ => Theme::System,
                        };
                        prefs.update(|p| p.theme = theme);
                    }
                >
                    <option value="system">{move || shell.t(Text::ThemeSystem)}</option>
                    <option value="light">{move || shell.t(Text::ThemeLight)}</option>
                    <option value="dark">{move || shell.t(Text::ThemeDark)}</option>
                </select>
            </label>
            <label class="field">
                <span>{move || shell.t(Text::Language)}</span>
                <select
                    data-testid="language"
                    prop:value=lang_value
                    on:change=move |ev| {
                        let lang = match event_target_value(&ev).as_str() {
                            "en" => Some(Lang::En),
                            "zh" => Some(Lang::Zh),
                            _ => None,
                        };
                        prefs.update(|p| p.lang = lang);
                    }
                >
                    <option value="auto">{move || shell.t(Text::LanguageAuto)}</option>
                    <option value="en">"English"</option>
                    <option value="zh">"中文"</option>
                </select>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid="four-colour"
                    prop:checked=move || prefs.get().four_colour
                    on:change=move |ev| prefs.update(|p| p.four_colour = event_target_checked(&ev))/>
                <span>{move || shell.t(Text::FourColour)}</span>
            </label>
            <label class="field">
                <span>{move || shell.t(Text::CardSize)}</span>
                <select data-testid="card-size"
                    prop:value=move || prefs.get().card_size.key()
                    on:change=move |ev| prefs.update(|p| p.card_size = CardSize::from_key(&event_target_value(&ev)))>
                    <option value="small">{move || shell.t(Text::SizeSmall)}</option>
                    <option value="medium">{move || shell.t(Text::SizeMedium)}</option>
                    <option value="large">{move || shell.t(Text::SizeLarge)}</option>
                </select>
            </label>
            <div class="preview" data-testid="card-preview" aria-label=move || shell.t(Text::Preview)>
                {[
                    crate::cards::Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Spades),
                    crate::cards::Card::new(crate::cards::Rank::Ten, crate::cards::Suit::Hearts),
                    crate::cards::Card::new(crate::cards::Rank::Queen, crate::cards::Suit::Diamonds),
                    crate::cards::Card::new(crate::cards::Rank::Seven, crate::cards::Suit::Clubs),
                    crate::cards::Card::SmallJoker,
                    crate::cards::Card::BigJoker,
                ].into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                <CardBack/>
            </div>
            <label class="field">
                <span>{move || shell.t(Text::DrawSpeed)}</span>
                <select data-testid="draw-speed"
                    prop:value=move || prefs.get().draw_speed.key()
                    on:change=move |ev| prefs.update(|p| p.draw_speed = DrawSpeed::from_key(&event_target_value(&ev)))>
                    {crate::web::shell::speed_options(shell)}
                </select>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid="sound"
                    prop:checked=move || prefs.get().sound
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        prefs.update(|p| p.sound = on);
                        crate::web::sound::your_turn(on);
                    }/>
                <span>{move || shell.t(Text::Sound)}</span>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid="fewer-taps"
                    prop:checked=move || prefs.get().fewer_taps
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        prefs.update(|p| p.fewer_taps = on);
                    }/>
                <span>{move || shell.t(Text::FewerTaps)}</span>
            </label>
            <a class="timing-link" href=shell.link("#/timing") data-testid="timing-link">{move || shell.t(Text::TimingLink)}</a>
            <IceServersField/>
            <ConnectionTest/>
            <RelaysField/>
            <BackHome/>
        </section>
    }
}

/// Settings: STUN/TURN servers for peer play, validated as typed and saved on demand.
#[component]
fn IceServersField() -> impl IntoView {
    use crate::ui_model::prefs::{ice_text, parse_ice_servers, DEFAULT_ICE, ICE_KEY};
    let shell = expect_context::<Shell>();
    let text = ice_text(storage::get_raw(ICE_KEY).ok().flatten());
    let check = move |t: &str| parse_ice_servers(t).err().map(|e| e.phrase(shell.lang()));
    let words = ListWords { label: Text::IceServers, help: Text::IceHelp, defaults: Text::IceDefaults };
    list_field(("ice-servers", "ice"), ICE_KEY, text, DEFAULT_ICE, "stun:stun.example.org:3478", words, check)
}

/// Settings: "Test my connection" gathers candidates against the saved servers and says
/// what kind of network this is and whether friends elsewhere can reach it
/// (`web::peer::nettest`, `net::ice_report`).
#[component]
fn ConnectionTest() -> impl IntoView {
    use crate::net::ice_report::{classify, Verdict};
    use crate::ui_model::peer_messages_ice::{network_verdict, test_button};
    let shell = expect_context::<Shell>();
    let running = RwSignal::new(false);
    let verdict = RwSignal::new(None::<Verdict>);
    let run = move |_| {
        running.set(true);
        verdict.set(None);
        leptos::task::spawn_local(async move {
            let found = crate::web::peer::nettest::gather(&crate::web::peer::ice_servers()).await;
            verdict.try_set(found.as_ref().map(classify));
            running.try_set(false);
        });
    };
    view! {
        <div class="field settings-ice-test">
            <button type="button" class="button" data-testid="ice-test" disabled=move || running.get() on:click=run>
                {move || test_button(running.get(), shell.lang())}
            </button>
            {move || verdict.get().map(|v| view! {
                <p class="notice" role="status" data-testid="ice-test-result" data-kind=v.kind.key()>{move || network_verdict(v, shell.lang())}</p>
            })}
        </div>
    }
}

/// Settings: the relays that carry room links' signalling (docs/room.md).
#[component]
fn RelaysField() -> impl IntoView {
    use crate::net::room::relays::{parse_relays, relays_text, DEFAULT_RELAYS, RELAYS_KEY};
    use crate::ui_model::room_words::relay_list_error;
    let shell = expect_context::<Shell>();
    let text = relays_text(storage::get_raw(RELAYS_KEY).ok().flatten());
    let check = move |t: &str| parse_relays(t).err().map(|e| relay_list_error(&e, shell.lang()));
    let words = ListWords { label: Text::Relays, help: Text::RelaysHelp, defaults: Text::RelaysDefaults };
    list_field(("relays", "relays"), RELAYS_KEY, text, DEFAULT_RELAYS, "mqtt wss://broker.example.org/mqtt", words, check)
}

/// A list field's own words.
struct ListWords {
    label: Text,
    help: Text,
    defaults: Text,
}

/// A Settings list (one entry per line) kept as its text under `key`: checked as typed
/// (`check` phrases the first mistake), saved on demand, with a button for the defaults.
/// `ids`: the box's id and test id, and the prefix of the others' test ids
/// (`<prefix>-error`, `<prefix>-save`, `<prefix>-defaults`).
fn list_field(
    (id, prefix): (&'static str, &'static str),
    key: &'static str,
    text: String,
    defaults: &'static str,
    placeholder: &'static str,
    words: ListWords,
    check: impl Fn(&str) -> Option<String> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let text = RwSignal::new(text);
    let saved = RwSignal::new(false);
    let problem = move || text.with(|t| check(t));
    let save = move |_| {
        if problem().is_none() {
            saved.set(storage::set_raw(key, &text.get_untracked()).is_ok());
        }
    };
    view! {
        <div class=format!("field settings-{prefix}")>
            <label for=id>{move || shell.t(words.label)}</label>
            <textarea id=id data-testid=id rows="3" spellcheck="false"
                placeholder=placeholder
                prop:value=move || text.get()
                on:input=move |ev| { text.set(event_target_value(&ev)); saved.set(false); }></textarea>
            <span class="muted">{move || shell.t(words.help)}</span>
            {move || problem().map(|e| view! { <p class="notice bad" role="alert" data-testid=format!("{prefix}-error")>{e}</p> })}
            <div class="hand-actions">
                <button type="button" class="button" data-testid=format!("{prefix}-save") disabled=move || problem().is_some() on:click=save>
                    {move || if saved.get() { shell.t(Text::IceSaved) } else { shell.t(Text::Save) }}
                </button>
                <button type="button" class="button subtle" data-testid=format!("{prefix}-defaults")
                    on:click=move |_| { text.set(defaults.to_string()); saved.set(false); }>
                    {move || shell.t(words.defaults)}
                </button>
            </div>
        </div>
    }
}
