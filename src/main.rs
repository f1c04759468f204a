//! Browser entry point: Trunk compiles this binary to wasm and it mounts the Leptos app.

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
