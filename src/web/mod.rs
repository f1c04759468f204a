//! The browser layer (wasm32 only): mounts the Leptos app and owns everything that
//! touches the DOM or browser storage. Game rules never live here; screens render
//! engine views and send actions.

pub mod after_paint;
pub mod app;
pub mod cards;
pub mod peer;
pub mod table;
pub mod timing;
pub mod worker;
pub mod worker_scope;
pub mod mahjong;
pub mod rummy;
pub mod shengji;
pub mod room;
pub mod rules;
pub mod shell;
pub mod sound;
pub mod storage;

/// Entry point of the home page (`src/main.rs`, built from `index.html`).
pub fn start() {
    mount(app::Bundle::HOME);
}

/// Entry point of the Shengji table (`src/shengji_page.rs`, built from `shengji/index.html`).
pub fn start_shengji() {
    mount(app::Bundle::SHENGJI);
}

/// Entry point of the host's page (`src/friends.rs`, built from `friends/index.html`).
pub fn start_friends() {
    mount(app::Bundle::HOST);
}

/// Entry point of the guest's page (`src/join.rs`, built from `join/index.html`).
pub fn start_join() {
    mount(app::Bundle::JOIN);
}

/// Entry point of the rummy page (`src/rummy_page.rs`, built from `rummy/index.html`).
pub fn start_rummy() {
    mount(app::Bundle::RUMMY);
}

/// Entry point of rummy with friends (`src/rummy_friends_page.rs`, built from `friends/rummy/index.html`).
pub fn start_rummy_friends() {
    mount(app::Bundle::RUMMY_FRIENDS);
}

/// Entry point of mahjong with friends (`src/mahjong_friends_page.rs`, built from `friends/mahjong/index.html`).
pub fn start_mahjong_friends() {
    mount(app::Bundle::MAHJONG_FRIENDS);
}

/// Entry point of the mahjong page (`src/mahjong_page.rs`, built from `mahjong/index.html`).
pub fn start_mahjong() {
    mount(app::Bundle::MAHJONG);
}

/// Entry point of Shengji's replays (`src/shengji_replay_page.rs`, built from `shengji/replay/index.html`).
pub fn start_shengji_replay() {
    mount(app::Bundle::SHENGJI_REPLAY);
}

/// Entry point of the practice page (`src/practice_page.rs`, built from `practice/index.html`).
pub fn start_practice() {
    mount(app::Bundle::PRACTICE);
}

/// Entry point of the timing page (`src/timing_page.rs`, built from `timing/index.html`).
pub fn start_timing() {
    mount(app::Bundle::TIMING);
}

fn mount(bundle: app::Bundle) {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(move || leptos::view! { <app::App bundle=bundle/> });
    // The first screen is drawn: once it is painted, the page says it is usable, and only
    // then is the service worker registered (`public/register-sw.js`), so its precache
    // never competes with this page's own download.
    leptos::prelude::request_animation_frame(|| {
        if let (Some(w), Ok(ready)) = (web_sys::window(), web_sys::Event::new("tuolaji-ready")) {
            let _ = w.dispatch_event(&ready);
        }
    });
}
