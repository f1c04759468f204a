//! Browser entry point of Sichuan mahjong with friends: scripts/build-site.mjs builds this binary from
//! `friends/mahjong/index.html` (the host's page and the guest's, for Sichuan mahjong's tables), so
//! the page against bots carries no peer play and this one no bots' table. The table
//! itself runs in the Sichuan mahjong table worker (src/table_worker_mahjong.rs).

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_mahjong_friends();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-mahjong-friends is the browser build of Sichuan mahjong with friends; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
