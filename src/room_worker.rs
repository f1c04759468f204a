//! The room worker (built into dist/room/ by scripts/build-site.mjs): a Web Worker that keeps a peer
//! page's room — its relays' WebSockets, the seal and the host's key — so that the pages
//! carry none of it. Messages: `net::room::peer::{ToRoom, FromRoom}`; see `web::room`.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::room::worker::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-room-worker is the browser's room worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
