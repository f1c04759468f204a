//! Cards drawn as SVG by the project: one parametrised component for all 54 kinds
//! (corner index, a large pip, jokers told apart by a filled or hollow star) and a
//! face-down back. Colours come from CSS variables, so four-colour suits and the
//! dark theme are a stylesheet switch; no per-card assets.

use crate::cards::{Card, Rank, Suit};
use leptos::prelude::*;

/// Suit shapes in a [-1, 1] box, drawn with paths (no font needed).
fn suit_path(s: Suit) -> &'static str {
    match s {
        Suit::Hearts => "M0 .92C-.3 .58-1 .12-1-.36-1-.96-.26-1.06 0-.52.26-1.06 1-.96 1-.36 1 .12.3.58 0 .92Z",
        Suit::Diamonds => "M0-1 .74 0 0 1-.74 0Z",
        Suit::Spades => "M0-1C-.28-.56-1-.2-1 .24-1 .76-.36.86-.1.5L-.32 1H.32L.1.5C.36.86 1 .76 1 .24 1-.2.28-.56 0-1Z",
        Suit::Clubs => "M-.1.18-.32 1H.32L.1.18ZM-.38-.48A.38.38 0 1 0 .38-.48.38.38 0 1 0-.38-.48ZM-.88.16A.38.38 0 1 0-.12.16.38.38 0 1 0-.88.16ZM.12.16A.38.38 0 1 0 .88.16.38.38 0 1 0 .12.16Z",
    }
}

/// The jokers' (and the back's) star, in the same box.
macro_rules! star {
    () => {
        "M0-1 .247-.34.951-.309.399.13.588.809 0 .42-.588.809-.399.13-.951-.309-.247-.34Z"
    };
}

/// `transform` placing a unit shape at (x, y) with half-size r, written out: formatting
/// floats here would link the float formatter into every page (several KB of wasm).
macro_rules! at {
    ($x:literal, $y:literal, $r:literal) => {
        concat!("translate(", $x, " ", $y, ") scale(", $r, ")")
    };
}

/// Rank text and small suit in the top-left corner (and rotated, bottom-right).
fn push_corner(out: &mut String, rank: Rank, suit: Suit) {
    let text = rank.notation();
    out.push_str(r#"<text x="10" y="19" class="card-rank" text-anchor="middle""#);
    if text.len() > 1 {
        out.push_str(r#" textLength="17" lengthAdjust="spacingAndGlyphs""#);
    }
    out.push('>');
    out.push_str(text);
    out.push_str(r#"</text><path d=""#);
    out.push_str(suit_path(suit));
    out.push_str(concat!(r#"" transform=""#, at!(10, 29.5, 6.2), r#""/>"#));
}

/// The markup inside a card face's `<svg>`: the background and the ink.
fn face_markup(card: Card, plain_joker: bool, zh: bool) -> String {
    let mut out = String::with_capacity(900);
    out.push_str(r#"<rect x=".75" y=".75" width="58.5" height="82.5" rx="5" class="card-bg"/><g class="card-ink">"#);
    match card {
        Card::Suited { rank, suit } => {
            let face = matches!(rank, Rank::Jack | Rank::Queen | Rank::King);
            push_corner(&mut out, rank, suit);
            out.push_str(r#"<g transform="rotate(180 30 42)">"#);
            push_corner(&mut out, rank, suit);
            out.push_str("</g>");
            if face {
                out.push_str(r#"<rect x="18" y="10" width="24" height="64" rx="3" class="card-frame"/><text x="30" y="34" class="card-face-letter" text-anchor="middle">"#);
                out.push_str(rank.notation());
                out.push_str("</text>");
            }
            out.push_str(r#"<path d=""#);
            out.push_str(suit_path(suit));
            out.push_str(r#"" transform=""#);
            out.push_str(if face { at!(30, 52, 9) } else { at!(30, 42, 12.5) });
            out.push_str(r#""/>"#);
        }
        Card::SmallJoker | Card::BigJoker => {
            let big = card == Card::BigJoker;
            // Filled star for the big joker, hollow for the small one: told apart without colour.
            let class = if big { "joker-star filled" } else { "joker-star hollow" };
            // The words in the player's language: 大王/小王 at a Chinese table.
            let (tag, word) = match (zh, big, plain_joker) {
                (false, true, _) => ("BIG", "JOKER"),
                (false, false, _) => ("SM", "JOKER"),
                (true, _, true) => ("", "王"),
                (true, true, false) => ("大", "大王"),
                (true, false, false) => ("小", "小王"),
            };
            for (transform, tag) in [(at!(10, 12, 7.5), Some(tag).filter(|_| !plain_joker)), (at!(30, 44, 15), None)] {
                out.push_str(concat!(r#"<path d=""#, star!(), r#"" transform=""#));
                out.push_str(transform);
                out.push_str(r#"" class=""#);
                out.push_str(class);
                out.push_str(r#""/>"#);
                if let Some(tag) = tag {
                    out.push_str(r#"<text x="10" y="31" class="card-joker-tag" text-anchor="middle">"#);
                    out.push_str(tag);
                    out.push_str("</text>");
                }
            }
            out.push_str(if zh { r#"<text x="30" y="76" class="card-joker-word zh" text-anchor="middle">"# } else { r#"<text x="30" y="76" class="card-joker-word" text-anchor="middle">"# });
            out.push_str(word);
            out.push_str("</text>");
        }
    }
    out.push_str("</g>");
    out
}

/// The face of one card as an `<svg>` (60 × 84 units), coloured by `currentColor`. Its
/// inside is written as markup and parsed by the browser in one step: a hand is a few
/// hundred SVG elements, which element by element cost a phone's start several times
/// more (and more wasm).
#[component]
pub fn CardSvg(
    card: Card,
    /// A joker with no big or small (rummy's printed joker): no corner tag.
    #[prop(optional)]
    plain_joker: bool,
) -> impl IntoView {
    let zh = card.is_joker() && use_context::<crate::web::shell::Shell>().is_some_and(|s| s.lang() == crate::i18n::Lang::Zh);
    view! {
        <svg class="card-svg" viewBox="0 0 60 84" aria-hidden="true" focusable="false" inner_html=face_markup(card, plain_joker, zh)></svg>
    }
}

/// The colour class of a card: `suit-s`, `suit-h`, ... or `joker-big` / `joker-small`.
pub fn colour_class(card: Card) -> &'static str {
    match card {
        Card::Suited { suit: Suit::Spades, .. } => "suit-s",
        Card::Suited { suit: Suit::Hearts, .. } => "suit-h",
        Card::Suited { suit: Suit::Diamonds, .. } => "suit-d",
        Card::Suited { suit: Suit::Clubs, .. } => "suit-c",
        Card::BigJoker => "joker-big",
        Card::SmallJoker => "joker-small",
    }
}

/// A read-only card (lead, hints, previews), carrying `data-card`.
#[component]
pub fn CardFace(card: Card, #[prop(optional)] small: bool) -> impl IntoView {
    view! {
        <span class=format!("card {}{}", colour_class(card), if small { " mini" } else { "" })
            data-card=card.notation() role="img" aria-label=card.label()>
            <CardSvg card=card/>
        </span>
    }
}

/// The inside of a face-down card's `<svg>`.
const BACK_MARKUP: &str = concat!(
    r#"<rect x=".75" y=".75" width="58.5" height="82.5" rx="5" class="back-bg"/>"#,
    r#"<rect x="5" y="5" width="50" height="74" rx="3" class="back-inner"/>"#,
    r#"<path d="M30 14 48 42 30 70 12 42Z" class="back-diamond"/>"#,
    r#"<path d=""#,
    star!(),
    r#"" transform=""#,
    at!(30, 43, 8),
    r#"" class="back-star"/>"#,
);

/// A face-down card.
#[component]
pub fn CardBack(#[prop(optional)] small: bool) -> impl IntoView {
    view! {
        <span class=if small { "card back mini" } else { "card back" } data-card="back" role="img" aria-label="face-down card">
            <svg class="card-svg" viewBox="0 0 60 84" aria-hidden="true" focusable="false" inner_html=BACK_MARKUP></svg>
        </span>
    }
}
