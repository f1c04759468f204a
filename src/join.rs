//! Browser entry point of the guest's page: scripts/build-site.mjs builds this binary from
//! `join/index.html`, so joining a friend's table carries no host or bot code.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_join();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-join is the browser build of the guest's page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
