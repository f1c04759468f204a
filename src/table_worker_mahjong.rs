//! The Sichuan mahjong table worker (built into dist/tables/mahjong/ by scripts/build-site.mjs): holds a
//! Sichuan mahjong peer page's table — the host's `net::Host` and its own seat, or a guest's client,
//! with the rules, the protocol, fair dealing and the deal's check — and makes and reads the
//! WebRTC codes, so the peer pages carry none of it (`worker::session`). Its bots decide
//! here, and so do the mahjong page's bots and hint tab (`worker::mahjong`).

#[cfg(target_arch = "wasm32")]
fn main() {
    let mut session = tuolaji::worker::session::Session::<tuolaji::mahjong::game::Game>::default();
    // Its bots and the hint tab's rows think here too, for the mahjong page's table
    // against bots (`worker::mahjong`).
    tuolaji::web::worker_scope::serve(move |job| {
        tuolaji::worker::serve(&mut session, job, Some(tuolaji::table::think::work::<tuolaji::mahjong::game::Game>))
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-table-mahjong is the browser's Sichuan mahjong table worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
