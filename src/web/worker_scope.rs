//! A Web Worker's side of its messages, for the bot worker (src/bot_worker.rs) and the table
//! workers (src/table_worker_*.rs): it posts `"ready"`, then answers each job `[id, bytes]`
//! with `[id, answer, milliseconds spent]` (the timing page reports the time). The pages'
//! side is `web::worker`.

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Answers every job with `answer`, for as long as the worker lives.
pub fn serve(mut answer: impl FnMut(&[u8]) -> Vec<u8> + 'static) {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let clock = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let message: Array = e.data().unchecked_into();
        let id = message.get(0);
        let job = message.get(1).dyn_into::<Uint8Array>().map(|b| b.to_vec()).unwrap_or_default();
        let started = now(&clock);
        let out = answer(&job);
        let spent = now(&clock) - started;
        let _ = reply.post_message(&Array::of3(&id, &Uint8Array::from(out.as_slice()), &JsValue::from_f64(spent)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// `performance.now()` in the worker (0 where a browser has none).
fn now(scope: &DedicatedWorkerGlobalScope) -> f64 {
    Reflect::get(scope, &JsValue::from_str("performance"))
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now())
        .unwrap_or(0.0)
}
