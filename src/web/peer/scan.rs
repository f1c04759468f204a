//! Scanning a guest's answer with the camera, where the browser has a barcode detector
//! (`BarcodeDetector`, Chromium on Android and macOS among others): the host taps *Scan*,
//! points the phone at the QR code the guest's page shows, and the answer fills its box.
//! Where there is none, no Scan button shows, and nobody is asked to scan. The camera
//! and the detector are driven by `public/scan-qr.js` (`tuolajiQr`, loaded by the host's
//! pages): browser glue only, and in Rust it took 4.5 KB of the host page's wasm budget.

use crate::i18n::Text;
use crate::web::shell::Shell;
use js_sys::{Function, Promise, Reflect};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// `tuolajiQr.<name>(arg)`, if the helper is there.
fn helper(name: &str, arg: &JsValue) -> Option<JsValue> {
    let window: JsValue = web_sys::window()?.into();
    let qr = Reflect::get(&window, &"tuolajiQr".into()).ok()?;
    let f: Function = Reflect::get(&qr, &name.into()).ok()?.dyn_into().ok()?;
    f.call1(&qr, arg).ok()
}

/// The Scan button for an answer box's row (Stop while the camera shows) and, to go under the
/// row, the box the helper shows the camera in and any failure; a code read goes to
/// `on_code`. Nothing at all where the browser cannot scan.
pub fn scan_answer(on_code: Callback<String>) -> Option<(AnyView, AnyView)> {
    if !helper("available", &JsValue::UNDEFINED).is_some_and(|v| v.is_truthy()) {
        return None;
    }
    let shell = expect_context::<Shell>();
    let scanning = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let area = NodeRef::<leptos::html::Div>::new();
    let toggle = move |_| {
        if scanning.get_untracked() {
            helper("stop", &JsValue::UNDEFINED);
            return;
        }
        let Some(el) = area.get_untracked() else { return };
        let Some(promise) = helper("start", &el.into()).and_then(|p| p.dyn_into::<Promise>().ok()) else { return };
        failed.set(false);
        scanning.set(true);
        spawn_local(async move {
            let read = JsFuture::from(promise).await;
            failed.try_set(read.is_err());
            scanning.try_set(false);
            if let Some(code) = read.ok().and_then(|c| c.as_string()) {
                on_code.run(code);
            }
        });
    };
    on_cleanup(|| {
        helper("stop", &JsValue::UNDEFINED);
    });
    let button = view! {
        <button type="button" class="button" data-testid="scan-toggle" on:click=toggle>
            {move || shell.t(if scanning.get() { Text::StopScan } else { Text::ScanAnswer })}
        </button>
    };
    let under = view! {
        <div class="scan" data-testid="scan" node_ref=area>
            {move || failed.get().then(|| view! { <p class="notice bad" role="alert" data-testid="scan-error">{shell.t(Text::ScanFailed)}</p> })}
        </div>
    };
    Some((button.into_any(), under.into_any()))
}
