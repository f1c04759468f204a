//! The first hand's result and its link, for any game's table against bots: your
//! stored result on the seed's first hand, the friends' results on the same deal
//! (from the links they sent), and the share link that carries yours, so a friend
//! who opens it plays the same deal and sees both when theirs ends; and copying a link
//! to the clipboard (`copy_text`), which every result card's link box uses.

use crate::record::duplicate::{DuplicateResult, Source};
use crate::record::link::Link;
use crate::table::{Codec, Seat};
use crate::web::shell::absolute;
use crate::web::storage;
use leptos::prelude::*;

/// Your result on the first hand of the table whose link is `deal_hash`, as stored when it ended.
pub fn first_hand_result<G: Codec>(deal_hash: &str, me: Seat) -> Option<DuplicateResult<G>> {
    let link = Link::<G>::parse_hash(deal_hash).ok()?;
    storage::seed_results::<G>(&link.seed)
        .results
        .into_iter()
        .find(|s| s.source == Source::Mine && s.result.hand == 0 && s.result.seat == me && s.result.is_for(&link))
        .map(|s| s.result)
}

/// Friends' results on the same deal as `mine`.
pub fn friends_results<G: Codec>(mine: &DuplicateResult<G>) -> Vec<DuplicateResult<G>> {
    storage::seed_results::<G>(&mine.seed)
        .results
        .into_iter()
        .filter(|s| s.source == Source::Link && s.result.same_deal(mine))
        .map(|s| s.result)
        .collect()
}

/// The table's link with your result on it (the plain link before you have one), as a full URL.
pub fn share_url<G: Codec>(deal_hash: &str, mine: Option<&DuplicateResult<G>>) -> String {
    let hash = match (mine, Link::<G>::parse_hash(deal_hash)) {
        (Some(m), Ok(link)) => link.with_result(m.clone()).to_hash(),
        _ => deal_hash.to_string(),
    };
    absolute(&hash)
}

/// The link in a read-only box and a button that copies it.
#[component]
pub fn ShareLink(url: String, button: &'static str, copied_text: &'static str) -> impl IntoView {
    let copied = RwSignal::new(false);
    let text = url.clone();
    view! {
        <div class="table-share">
            <input type="text" readonly value=url data-testid="share-link" aria-label=button/>
            <button type="button" class="button" data-testid="copy-link"
                on:click=move |_| copy_text(&text, move |ok| copied.set(ok))>{button}</button>
            {move || copied.get().then(|| view! { <p class="muted">{copied_text}</p> })}
        </div>
    }
}

/// Copies text to the clipboard; `done(true)` once it is there, `done(false)` when the
/// browser refuses (no permission, no clipboard API), so the screen can select the text instead.
pub fn copy_text(text: &str, done: impl FnOnce(bool) + 'static) {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    // Called once, by whichever of the promise's two callbacks runs.
    type Once = Rc<RefCell<Option<Box<dyn FnOnce(bool)>>>>;
    let done: Once = Rc::new(RefCell::new(Some(Box::new(done))));
    let finish = {
        let done = done.clone();
        move |ok: bool| {
            if let Some(f) = done.borrow_mut().take() {
                f(ok)
            }
        }
    };
    let promise = (|| {
        let navigator = web_sys::window()?.navigator();
        let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).ok().filter(|c| c.is_object())?;
        let write = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText")).ok()?.dyn_into::<js_sys::Function>().ok()?;
        write.call1(&clipboard, &JsValue::from_str(text)).ok()?.dyn_into::<js_sys::Promise>().ok()
    })();
    let Some(promise) = promise else { return finish(false) };
    let ok = {
        let finish = finish.clone();
        Closure::once_into_js(move |_: JsValue| finish(true))
    };
    let err = Closure::once_into_js(move |_: JsValue| finish(false));
    // `then(ok, err)` through Reflect: the closures are plain JS functions that free themselves.
    if let Some(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then")).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = then.call2(&promise, &ok, &err);
    }
}
