//! How much better the heuristic rummy bot plays than the random-legal one
//! (docs/rummy.md, "Bots"). Every table is played twice with the same cards,
//! the heuristic bots in the even seats and then in the odd seats. The CI
//! tests play a small committed sample and assert bounds the documented
//! figures imply; `docs_figures` (`--ignored`) replays the full measurement.

use tuolaji::dup::TableSeed;
use tuolaji::rummy::game::sim::{strength, Strength};
use tuolaji::rummy::game::Settings;

fn measure(players: u8, tables: usize, deals: u64, prefix: &str) -> Strength {
    let seeds: Vec<TableSeed> = (0..tables).map(|i| TableSeed::parse(&format!("{prefix}{i}")).unwrap()).collect();
    let s = strength(&Settings { players, ..Settings::default() }, &seeds, deals).unwrap();
    println!(
        "{players} players: {} deals, heuristic won {} ({:.1} %), random {}, no winner {}; points paid per seat and deal: heuristic {:.1}, random {:.1}",
        s.deals,
        s.heuristic_wins,
        100.0 * s.heuristic_share(),
        s.random_wins,
        s.no_winner,
        s.heuristic_points,
        s.random_points
    );
    s
}

/// The documented figures are 96–97 % of deals won at 2, 4 and 6 players; a
/// 100-deal sample stays above 90 % and pays far less.
#[test]
fn the_heuristic_bot_beats_the_random_one_head_to_head() {
    let s = measure(2, 10, 5, "ci");
    assert_eq!(s.deals, 100);
    assert!(s.heuristic_share() >= 0.9, "{s:?}");
    assert!(s.heuristic_points * 4.0 < s.random_points, "{s:?}");
}

#[test]
fn the_heuristic_bots_win_most_deals_at_a_full_table() {
    let s = measure(6, 4, 5, "ci6x");
    assert_eq!(s.deals, 40);
    assert!(s.heuristic_share() >= 0.85, "{s:?}");
    assert!(s.heuristic_points < s.random_points, "{s:?}");
}

/// The full measurement behind docs/rummy.md: 1,000 deals at 2, 4 and 6
/// players (50 tables × 10 deals, each played from both sides).
#[test]
#[ignore]
fn docs_figures() {
    for players in [2u8, 4, 6] {
        let s = measure(players, 50, 10, "fig");
        assert_eq!(s.deals, 1000);
        assert!(s.heuristic_share() >= 0.95, "{s:?}");
        assert!(s.heuristic_points * 2.0 < s.random_points, "{s:?}");
    }
}
