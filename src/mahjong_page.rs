//! Browser entry point of the mahjong page: scripts/build-site.mjs builds this binary from
//! `mahjong/index.html`, so the Sichuan table and the mahjong engine do not weigh
//! on the other pages' wasm (nor theirs on this one).

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_mahjong();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-mahjong is the browser build of the mahjong page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji` (`tuolaji mahjong`)."
    );
    std::process::exit(2);
}
