//! The rummy table worker (built into dist/tables/rummy/ by scripts/build-site.mjs): holds a
//! rummy peer page's table — the host's `net::Host` and its own seat, or a guest's client,
//! with the rules, the protocol, fair dealing and the deal's check — and makes and reads the
//! WebRTC codes, so the peer pages carry none of it (`worker::session`). Its bots decide
//! here.

#[cfg(target_arch = "wasm32")]
fn main() {
    let mut session = tuolaji::worker::session::Session::<tuolaji::rummy::game::Game>::default();
    tuolaji::web::worker_scope::serve(move |job| tuolaji::worker::serve(&mut session, job, None));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-table-rummy is the browser's rummy table worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
