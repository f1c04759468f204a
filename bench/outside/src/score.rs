//! The end of a hand: the engines' scores compared (the last trick with the kitty, the
//! attackers' points, who won and the levels each side moves). The hand is then scored
//! by `tuolaji arena`'s own `hand_score`, ours being the referee.

use shengji_core::game_state::play_phase::PlayPhase;
use tuolaji::shengji::game::HandResult;

use crate::check::{Ctx, HandId};
use crate::play::Played;

/// Compares the hand's end in both engines; logs any difference.
pub fn compare_end(cx: &mut Ctx, h: &HandId, r: &HandResult, tp: &PlayPhase, played: &Played) -> Result<(), String> {
    let Played {
        their_alive,
        last_trick,
    } = *played;
    if let Some((op, tpts)) = last_trick {
        if op + r.kitty_points * r.kitty_multiplier != tpts {
            cx.disagree(
                "trick",
                h,
                format!(
                    "last trick: ours {op} + kitty {} × {}, theirs {tpts}",
                    r.kitty_points, r.kitty_multiplier
                ),
            );
        }
    }
    if their_alive {
        if !tp.game_finished() {
            cx.disagree("end", h, "ours finished the hand, theirs did not".into());
        } else {
            cx.tick("hand_scores");
            let (att, _) = tp.calculate_points();
            let score = tp.current_game_score().map_err(|e| e.to_string())?;
            let ours_levels: Vec<u32> = r
                .levels
                .iter()
                .map(|&(_, o, n)| (n.index() - o.index()) as u32)
                .collect();
            let ours_ld = ours_levels[r.landlord] as usize;
            let ours_nd = ours_levels[(r.landlord + 1) % 4] as usize;
            if att as i64 != r.attacker_points as i64
                || score.landlord_won != r.ladder.landlord_wins
                || score.landlord_delta != ours_ld
                || score.non_landlord_delta != ours_nd
            {
                cx.disagree("score", h, format!(
                        "ours: attackers {} (kitty bonus {}), landlord wins {}, levels +{}/+{}; theirs: attackers {att}, landlord wins {}, levels +{}/+{}",
                        r.attacker_points, r.kitty_bonus, r.ladder.landlord_wins, ours_ld, ours_nd, score.landlord_won, score.landlord_delta, score.non_landlord_delta
                    ),
                );
            }
        }
    }
    Ok(())
}
