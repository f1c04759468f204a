//! A short, quiet tone when it becomes your turn (if the player turned it on),
//! made with Web Audio: no sound files.

use std::cell::RefCell;

thread_local! {
    static CONTEXT: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Plays the "your turn" tone when `enabled`. Browsers allow sound only after the
/// player has interacted with the page; before that this stays silent.
pub fn your_turn(enabled: bool) {
    if !enabled {
        return;
    }
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = web_sys::AudioContext::new().ok();
        }
        let Some(ctx) = slot.as_ref() else { return };
        let _ = beep(ctx);
    });
}

fn beep(ctx: &web_sys::AudioContext) -> Result<(), wasm_bindgen::JsValue> {
    let osc = ctx.create_oscillator()?;
    let gain = ctx.create_gain()?;
    osc.frequency().set_value(660.0);
    let now = ctx.current_time();
    let g = gain.gain();
    g.set_value_at_time(0.0, now)?;
    g.linear_ramp_to_value_at_time(0.08, now + 0.02)?;
    g.linear_ramp_to_value_at_time(0.0, now + 0.25)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start()?;
    osc.stop_with_when(now + 0.3)?;
    Ok(())
}
