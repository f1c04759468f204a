//! A mahjong tile on screen: its rank large and its suit's character under it (万 筒 条),
//! coloured by suit, drawn with HTML and CSS only so a row of fourteen stays crisp at
//! 24 px on a phone. `data-tile` carries the engine's notation (`5m`) for tests and
//! tools; the accessible label names the tile in words.

use crate::mahjong::game::settings::WILD_TILE;
use crate::mahjong::{Suit, Tile};
use crate::ui_model::mahjong::words::{suit_char, tile_name};
use crate::web::shell::Shell;
use leptos::prelude::*;

fn suit_class(suit: Suit) -> &'static str {
    match suit {
        Suit::Characters => "s-m",
        Suit::Dots => "s-p",
        Suit::Bamboo => "s-s",
        Suit::Honours => "s-z",
    }
}

/// One tile face. `small`: the size of discards and sets. The red dragon, the only
/// honour at a Sichuan table, is the wildcard: 中 in red over 赖.
#[component]
pub fn TileFace(tile: Tile, #[prop(optional)] small: bool) -> impl IntoView {
    let shell = expect_context::<Shell>();
    if tile == WILD_TILE {
        return view! {
            <span class=if small { "tile wild small" } else { "tile wild" } data-tile=tile.to_string()
                role="img" aria-label=move || tile_name(tile, shell.lang())>
                <b>"中"</b>
                <i>"赖"</i>
            </span>
        }
        .into_any();
    }
    view! {
        <span class=format!("tile {}{}", suit_class(tile.suit()), if small { " small" } else { "" }) data-tile=tile.to_string()
            role="img" aria-label=move || tile_name(tile, shell.lang())>
            <b>{tile.rank()}</b>
            <i>{suit_char(tile.suit())}</i>
        </span>
    }
    .into_any()
}

/// The back of a tile (a concealed kong's hidden kind).
#[component]
pub fn TileBack(#[prop(optional)] small: bool) -> impl IntoView {
    view! { <span class=if small { "tile back small" } else { "tile back" } aria-hidden="true"></span> }
}
