//! Browser entry point of the timing page (`#/timing`): the engine's and the bots' speed
//! measured in this browser, so the main page does not carry the measuring code.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_timing();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-timing is the browser build of the timing page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
