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

const STAR: &str = "M0-1 .247-.34.951-.309.399.13.588.809 0 .42-.588.809-.399.13-.951-.309-.247-.34Z";

/// `transform` placing a unit shape at (x, y) with half-size r, written out: formatting
/// floats here would link the float formatter into every page (several KB of wasm).
macro_rules! at {
    ($x:literal, $y:literal, $r:literal) => {
        concat!("translate(", $x, " ", $y, ") scale(", $r, ")")
    };
}

/// Rank text and small suit in the top-left corner (and rotated, bottom-right).
fn corner(rank: Rank, suit: Suit) -> impl IntoView {
    let text = rank.notation();
    let ten = text.len() > 1;
    view! {
        <text x="10" y="19" class="card-rank" text-anchor="middle"
            textLength=ten.then_some("17") lengthAdjust=ten.then_some("spacingAndGlyphs")>{text}</text>
        <path d=suit_path(suit) transform=at!(10, 29.5, 6.2)/>
    }
}

/// The face of one card as an `<svg>` (60 × 84 units), coloured by `currentColor`.
#[component]
pub fn CardSvg(
    card: Card,
    /// A joker with no big or small (rummy's printed joker): no corner tag.
    #[prop(optional)]
    plain_joker: bool,
) -> impl IntoView {
    let body = match card {
        Card::Suited { rank, suit } => {
            let face = matches!(rank, Rank::Jack | Rank::Queen | Rank::King);
            view! {
                <g class="card-ink">
                    {corner(rank, suit)}
                    <g transform="rotate(180 30 42)">{corner(rank, suit)}</g>
                    {face.then(|| view! {
                        <rect x="18" y="10" width="24" height="64" rx="3" class="card-frame"/>
                        <text x="30" y="34" class="card-face-letter" text-anchor="middle">{rank.notation()}</text>
                    })}
                    <path d=suit_path(suit) transform=if face { at!(30, 52, 9) } else { at!(30, 42, 12.5) }/>
                </g>
            }
            .into_any()
        }
        Card::SmallJoker | Card::BigJoker => {
            let big = card == Card::BigJoker;
            // Filled star for the big joker, hollow for the small one: told apart without colour.
            let class = if big { "joker-star filled" } else { "joker-star hollow" };
            // The words in the player's language: 大王/小王 at a Chinese table.
            let zh = use_context::<crate::web::shell::Shell>().is_some_and(|s| s.lang() == crate::i18n::Lang::Zh);
            let (tag, word) = match (zh, big, plain_joker) {
                (false, true, _) => ("BIG", "JOKER"),
                (false, false, _) => ("SM", "JOKER"),
                (true, _, true) => ("", "王"),
                (true, true, false) => ("大", "大王"),
                (true, false, false) => ("小", "小王"),
            };
            view! {
                <g class="card-ink">
                    <path d=STAR transform=at!(10, 12, 7.5) class=class/>
                    {(!plain_joker).then(|| view! {
                        <text x="10" y="31" class="card-joker-tag" text-anchor="middle">{tag}</text>
                    })}
                    <path d=STAR transform=at!(30, 44, 15) class=class/>
                    <text x="30" y="76" class="card-joker-word" class:zh=zh text-anchor="middle">{word}</text>
                </g>
            }
            .into_any()
        }
    };
    view! {
        <svg class="card-svg" viewBox="0 0 60 84" aria-hidden="true" focusable="false">
            <rect x=".75" y=".75" width="58.5" height="82.5" rx="5" class="card-bg"/>
            {body}
        </svg>
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

/// A face-down card.
#[component]
pub fn CardBack(#[prop(optional)] small: bool) -> impl IntoView {
    view! {
        <span class=if small { "card back mini" } else { "card back" } data-card="back" role="img" aria-label="face-down card">
            <svg class="card-svg" viewBox="0 0 60 84" aria-hidden="true" focusable="false">
                <rect x=".75" y=".75" width="58.5" height="82.5" rx="5" class="back-bg"/>
                <rect x="5" y="5" width="50" height="74" rx="3" class="back-inner"/>
                <path d="M30 14 48 42 30 70 12 42Z" class="back-diamond"/>
                <path d=STAR transform=at!(30, 43, 8) class="back-star"/>
            </svg>
        </span>
    }
}
