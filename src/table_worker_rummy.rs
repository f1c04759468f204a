//! The rummy table worker (built into dist/tables/rummy/ by scripts/build-site.mjs): holds a
//! rummy peer page's table — the host's `net::Host` and its own seat, or a guest's client,
//! with the rules, the protocol, fair dealing and the deal's check — and makes and reads the
//! WebRTC codes, so the peer pages carry none of it (`worker::session`). Its bots decide
//! here, and so do the rummy page's bots and the hint's Expert line (`worker::rummy`).

#[cfg(target_arch = "wasm32")]
fn main() {
    let mut session = tuolaji::worker::session::Session::<tuolaji::rummy::game::Game>::default();
    // The rummy page's bots and its hint's Expert line think here too (`worker::rummy`).
    tuolaji::web::worker_scope::serve(move |job| {
        tuolaji::worker::serve(&mut session, job, Some(tuolaji::table::think::work::<tuolaji::rummy::game::Game>))
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-table-rummy is the browser's rummy table worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
