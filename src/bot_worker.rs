//! The bot worker (worker/index.html, built into dist/worker/): a Web Worker with a wasm
//! of its own that does the pages' slow bot thinking — the Expert's searched plays and
//! the field comparison (`table::think::work` for each game that `Thinks`: Shengji) — so a search never blocks a page's frames
//! and never adds to a page's download. The page's side is `web::worker`.
//!
//! Messages: the worker first posts `"ready"`; then each job is `[id, bytes]` and each
//! answer `[id, bytes, milliseconds spent]` (the timing page reports the last).

#[cfg(target_arch = "wasm32")]
fn main() {
    use js_sys::{Array, Reflect, Uint8Array};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let now = move || scope_now(&reply);
    let answer_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let message: Array = e.data().unchecked_into();
        let id = message.get(0);
        let job = message.get(1).dyn_into::<Uint8Array>().map(|b| b.to_vec()).unwrap_or_default();
        let started = now();
        let answer = tuolaji::table::think::work::<tuolaji::shengji::game::Game>(&job);
        let spent = now() - started;
        let out = Array::of3(&id, &Uint8Array::from(answer.as_slice()), &JsValue::from_f64(spent));
        let _ = answer_to.post_message(&out);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));

    /// `performance.now()` in the worker (0 where a browser has none).
    fn scope_now(scope: &DedicatedWorkerGlobalScope) -> f64 {
        Reflect::get(scope, &JsValue::from_str("performance"))
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
            .map(|p| p.now())
            .unwrap_or(0.0)
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: tuolaji-bot-worker is the browser's bot worker; `scripts/build-web` builds it.");
    std::process::exit(2);
}
