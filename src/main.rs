//! Browser entry point of the home page: scripts/build-site.mjs builds this binary from `index.html`
//! (home, settings, rules); every other screen is a page of its own (`web::shell::Page`).

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-web is the browser build; serve it with `scripts/serve` (see README). \
         The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
