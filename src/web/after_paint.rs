//! The rest of a screen, after its first paint.
//!
//! A page starts in one browser task: the wasm is instantiated, then the whole first
//! screen is built, each of its functions compiled by the browser on its first call. Parts
//! a player reads only after the first tap (the hint tab, a footer's links, the chat) are
//! wrapped in `<AfterPaint>` and built in tasks of their own, queued behind the start in the
//! order they were met (top to bottom, so nothing already drawn moves): no start-up task
//! runs long (the load benchmark's Long Tasks probe, issue 30), and a tap or a paint can
//! come between them. A timer, not an animation frame, so a page opened in a background tab
//! still builds them.
//!
//! Work begun as a page starts but not needed for its first screen (a worker's first
//! question, and starting the worker) awaits [`after_start`] the same way.
//!
//! Once a page's start is over, later screens on it draw everything at once.

use leptos::prelude::*;
use std::cell::Cell;

thread_local! {
    static STARTED: Cell<bool> = const { Cell::new(false) };
}

/// Resolves in a task after the page's start (at once if the start is over).
pub async fn after_start() {
    if STARTED.with(Cell::get) {
        return;
    }
    gloo_timers::future::TimeoutFuture::new(0).await;
    STARTED.with(|s| s.set(true));
}

/// Draws `children` in a task after the page's start (at once if the start is over).
#[component]
pub fn AfterPaint(children: Children) -> impl IntoView {
    let ready = RwSignal::new(STARTED.with(Cell::get));
    if !ready.get_untracked() {
        leptos::task::spawn_local(async move {
            after_start().await;
            // The screen may be gone by then (a link followed at once).
            let _ = ready.try_set(true);
        });
    }
    // Built once: only `ready` is tracked, and it turns true once.
    let children = StoredValue::new_local(Some(children));
    move || ready.get().then(|| untrack(|| children.try_update_value(Option::take).flatten().map(|c| c())))
}
