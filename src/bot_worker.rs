//! The bot worker (built into dist/worker/ by scripts/build-site.mjs): a Web Worker with a wasm
//! of its own that does the Shengji pages' slow thinking — the Expert's searched plays, the
//! hint tab's rows and the field comparison (`table::think::work`) — so a search never
//! blocks a page's frames and never adds to a page's download. Messages: `web::worker_scope`;
//! the pages' side is `web::worker`.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::worker_scope::serve(tuolaji::table::think::work::<tuolaji::shengji::game::Game>);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-bot-worker is the browser's bot worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
