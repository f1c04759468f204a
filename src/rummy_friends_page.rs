//! Browser entry point of Rummy with friends: scripts/build-site.mjs builds this binary from
//! `friends/rummy/index.html` (the host's page and the guest's, for Rummy's tables), so
//! the page against bots carries no peer play and this one no bots' table. The table
//! itself runs in the Rummy table worker (src/table_worker_rummy.rs).

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_rummy_friends();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-rummy-friends is the browser build of Rummy with friends; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
