//! Browser entry point of the peer-play page: scripts/build-site.mjs builds this binary from
//! `friends/index.html`, so hosting and joining do not weigh on the main page's wasm.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_friends();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-friends is the browser build of the peer-play page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
