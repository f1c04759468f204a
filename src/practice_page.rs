//! Browser entry point of follow practice (`#/practice`): Shengji's hint engine on
//! exercises, so the main page does not carry the practice screen.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_practice();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-practice is the browser build of the practice page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
