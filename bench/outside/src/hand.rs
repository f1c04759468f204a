//! One hand of a deal pair, in one orientation: the draw and bids (`draw`), the bury
//! (`bury`), the play (`play`) and the end compared (`score`), both engines fed every
//! action; the hand is scored as `tuolaji arena` scores its own.

use tuolaji::dup::TableSeed;
use tuolaji::shengji::arena::{self, HandScore};
use tuolaji::shengji::bot::{bots_for, Bot};
use tuolaji::shengji::game::{Game, Settings};

use crate::check::{Ctx, HandId};
use crate::{bury, draw, play, score};

/// Plays `seed` with our bots in the even seats when `ours_even`. An error skips the
/// deal pair (its reason is listed under `skipped`).
pub fn play_hand(cx: &mut Ctx, seed: &TableSeed, ours_even: bool) -> Result<HandScore, String> {
    let h = HandId {
        seed: seed.to_string(),
        ours_even,
    };
    let mut game = Game::new(Settings::default(), seed.clone()).map_err(|e| e.to_string())?;
    let (tx, landlord) = draw::draw_and_bid(cx, &h, &mut game, seed)?;
    let mut ours_bots: Vec<Bot> = bots_for(seed, 4, &[cx.ours]).into_iter().map(|b| b.with_effort(cx.effort)).collect();
    let mut tp = bury::bury(cx, &h, &mut game, tx, landlord, &mut ours_bots)?;
    let played = play::play(cx, &h, &mut game, &mut tp, &mut ours_bots)?;
    let r = game.result().ok_or("no result")?.clone();
    score::compare_end(cx, &h, &r, &tp, &played)?;
    Ok(arena::hand_score(&game, ours_even).expect("the hand is over"))
}
