//! Your hand on the mahjong board: the tiles in one row (the drawn tile apart), the
//! tiles selected, and what a tap on a tile does in each phase (pick three to pass on,
//! pick and discard). A new row or a new phase clears the selection; the exchange starts
//! with the advice's three selected.

use super::tiles::TileFace;
use crate::mahjong::game::{Action, PhaseName, SeatView};
use crate::mahjong::Tile;
use leptos::prelude::*;

/// Your tiles in the order shown: the concealed tiles sorted, then the drawn one.
pub(super) fn row(v: &SeatView) -> Vec<Tile> {
    let mut tiles = v.hand.clone();
    tiles.extend(v.drawn);
    tiles
}

/// The three tiles the advice bot would pass on (the exchange starts with them selected).
fn suggested_exchange(v: &SeatView) -> Vec<usize> {
    let (three, _) = crate::mahjong::game::bot::exchange_choice(v);
    let tiles = row(v);
    let mut picked: Vec<usize> = Vec::new();
    for t in three {
        if let Some(i) = (0..tiles.len()).find(|&i| tiles[i] == t && !picked.contains(&i)) {
            picked.push(i);
        }
    }
    picked
}

/// A new row of tiles or a new phase clears the selection; the exchange starts with
/// the advice's three selected, once the engine's tables are built (a replay's board
/// shows only after they are).
pub(super) fn keep_selection(view: Signal<SeatView>, me: usize, selected: RwSignal<Vec<usize>>) {
    let tables = use_context::<super::TablesReady>().map(|t| t.0);
    let tables_ready = move || tables.is_none_or(|t| t.get());
    Effect::new(move |seen: Option<((Vec<Tile>, PhaseName, Option<bool>), bool)>| {
        let v = view.get();
        let key = (row(&v), v.phase, v.chosen.get(me).copied());
        let ready = tables_ready();
        let changed = seen.as_ref().map(|s| &s.0) != Some(&key);
        if changed {
            selected.set(Vec::new());
        }
        let choosing = v.phase == PhaseName::Exchange && v.chosen.get(me) == Some(&false);
        let newly_ready = ready && seen.as_ref().is_none_or(|s| !s.1);
        // (Tiles the player picked while the tables were being built stay picked.)
        if choosing && ready && (changed || newly_ready) && selected.with_untracked(|s| s.is_empty()) {
            selected.set(suggested_exchange(&v));
        }
        (key, ready)
    });
}

/// Your tiles, one button each: a tap selects (three of a suit in the exchange, one to
/// discard on your turn); a second tap on the selected tile discards it. A replay's
/// board ignores taps.
pub(super) fn hand_row(view: Signal<SeatView>, me: usize, selected: RwSignal<Vec<usize>>, read_only: bool, act: Callback<Action>) -> impl IntoView {
    let tap = move |i: usize| {
        let v = view.get_untracked();
        if read_only {
            return;
        }
        let tiles = row(&v);
        let Some(&tile) = tiles.get(i) else { return };
        match v.phase {
            PhaseName::Exchange if v.chosen.get(me) == Some(&false) => selected.update(|sel| {
                if let Some(k) = sel.iter().position(|&x| x == i) {
                    sel.remove(k);
                } else {
                    // Three of one suit: a tile of another suit starts a new choice.
                    if sel.first().is_some_and(|&j| tiles[j].suit() != tile.suit()) {
                        sel.clear();
                    }
                    if sel.len() == 3 {
                        sel.remove(0);
                    }
                    sel.push(i);
                }
            }),
            PhaseName::Turn if v.turn == Some(me) => {
                // One tap selects, a second tap on the same tile discards it. The wildcard
                // never leaves the hand: its tap goes straight to the rules, which say why.
                if v.settings.is_wild(tile) || selected.get_untracked() == [i] {
                    selected.set(Vec::new());
                    act.run(Action::Discard(tile));
                } else {
                    selected.set(vec![i]);
                }
            }
            _ => {}
        }
    };

    move || {
        let v = view.get();
        let tiles = row(&v);
        let drawn_at = v.drawn.map(|_| tiles.len() - 1);
        let sel = selected.get();
        let void = v.voids.get(me).copied().flatten();
        let my_turn = v.turn == Some(me) && v.phase == PhaseName::Turn;
        let must_void = v.void_left > 0 && my_turn;
        tiles.into_iter().enumerate().map(|(i, t)| {
            // Tiles that may not be discarded now: the others while the void suit remains, and the wildcard.
            let dim = (must_void && Some(t.suit()) != void) || (my_turn && v.settings.is_wild(t));
            view! {
                <button type="button" class="mj-hand-tile" class:selected=sel.contains(&i) class:drawn=drawn_at == Some(i) class:dim=dim
                    data-testid="hand-tile" data-tile=t.to_string() data-selected=sel.contains(&i).to_string()
                    on:click=move |_| tap(i)>
                    <TileFace tile=t/>
                </button>
            }
        }).collect_view()
    }
}
