//! Browser entry point of Shengji's replays (`#/replay/<code>`): the rules and the replay
//! screen, so neither the home page nor the table carries them.

#[cfg(target_arch = "wasm32")]
fn main() {
    tuolaji::web::start_shengji_replay();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "error: tuolaji-shengji-replay is the browser build of the Shengji replay page; serve it with \
         `scripts/serve` (see README). The native command-line tool is `tuolaji`."
    );
    std::process::exit(2);
}
