//! Browser entry point of the rummy page: scripts/build-site.mjs builds this binary from
//! `rummy/index.html`, so the rummy table and its solver do not weigh on the
//! main page's wasm (nor Shengji's engine on this one).

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_rummy();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-rummy is the browser build of the rummy page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji` (`tuolaji rummy`)."
    );
    std::process::exit(2);
}
