//! The end of a hand: the engines' scores compared (the last trick with the kitty, the
//! attackers' points, who won and the levels each side moves), then the hand scored as
//! `tuolaji arena` scores it, ours being the referee.

use shengji_core::game_state::play_phase::PlayPhase;
use tuolaji::shengji::arena::HandScore;
use tuolaji::shengji::game::{Game, HandResult};

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

/// The hand from our side, as `tuolaji arena` reckons it.
pub fn hand_score(h: &HandId, game: &Game, r: &HandResult) -> HandScore {
    let winners: Vec<usize> = (0..4)
        .filter(|s| r.landlord_team.contains(s) == r.ladder.landlord_wins)
        .collect();
    let won = winners.iter().filter(|&&s| h.is_ours(s)).count() as f64 / winners.len().max(1) as f64;
    let (mut a_levels, mut b_levels) = (0, 0);
    for &(s, old, new) in &r.levels {
        let g = (new.index() - old.index()) as u32;
        if h.is_ours(s) {
            a_levels += g
        } else {
            b_levels += g
        }
    }
    let mut points: Vec<i64> = game.points().iter().map(|&p| p as i64).collect();
    points[r.last_trick_winner] += r.kitty_bonus as i64;
    let margin: i64 = (0..4).map(|s| if h.is_ours(s) { points[s] } else { -points[s] }).sum();
    HandScore {
        a_even: h.ours_even,
        won,
        a_levels,
        b_levels,
        margin: margin as i32,
        landlord: r.landlord,
        attacker_points: r.attacker_points,
    }
}
