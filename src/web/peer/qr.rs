//! QR codes of invites and answers: the `qrcode` crate computes the module matrix
//! (no image features), and this draws it as one SVG path with a quiet zone.

use leptos::prelude::*;
use qrcode::{Color, EcLevel};

/// SVG path data (one unit per module, offset by the 4-module quiet zone) and the side
/// length in modules; `None` if the text is too long for any QR version.
pub fn qr_path(text: &str) -> Option<(String, usize)> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let w = code.width();
    let colors = code.to_colors();
    let mut d = String::new();
    for (i, c) in colors.iter().enumerate() {
        if *c == Color::Dark {
            d.push_str(&format!("M{} {}h1v1h-1z", i % w + 4, i / w + 4));
        }
    }
    Some((d, w + 8))
}

#[component]
pub fn QrCode(#[prop(into)] text: String) -> impl IntoView {
    qr_path(&text).map(|(d, side)| {
        view! {
            <svg class="qr" data-testid="qr" viewBox=format!("0 0 {side} {side}") shape-rendering="crispEdges" role="img" aria-label="QR">
                <rect width=side.to_string() height=side.to_string() fill="#fff"/>
                <path d=d fill="#000"/>
            </svg>
        }
    })
}
