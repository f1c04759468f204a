//! The Shengji table worker (built into dist/tables/shengji/ by scripts/build-site.mjs): holds a
//! Shengji peer page's table — the host's `net::Host` and its own seat, or a guest's client,
//! with the rules, the protocol, fair dealing and the deal's check — and makes and reads the
//! WebRTC codes, so the peer pages carry none of it (`worker::session`). Its bots decide
//! here except the ones that think in the bot worker, whose jobs the page passes on.

#[cfg(target_arch = "wasm32")]
fn main() {
    let mut session = tuolaji::worker::session::Session::<tuolaji::shengji::game::Game>::default();
    tuolaji::web::worker_scope::serve(move |job| tuolaji::worker::serve(&mut session, job, None));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-table-shengji is the browser's Shengji table worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
