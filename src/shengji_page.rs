//! Browser entry point of the Shengji table: scripts/build-site.mjs builds this binary from
//! `shengji/index.html` (the table against bots), so the home page
//! carries no table and the table no home screen, settings or rules.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_shengji();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-shengji is the browser build of the Shengji table; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
