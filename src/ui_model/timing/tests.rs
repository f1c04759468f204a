//! The timing page's measuring logic, with a clock that ticks by hand.

use super::*;

/// A clock that moves 1 ms every time it is read.
fn ticking() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 1.0;
        t
    }
}

#[test]
fn stats_of_known_samples() {
    let s: Vec<f64> = (1..=100).map(f64::from).rev().collect();
    let st = Stats::of(&s).unwrap();
    assert_eq!(st.count, 100);
    assert_eq!(st.median, 50.5);
    assert_eq!(st.p90, 90.0);
    assert_eq!(st.p99, 99.0);
    assert_eq!(st.worst, 100.0);
    let odd = Stats::of(&[3.0, 1.0, 2.0]).unwrap();
    assert_eq!((odd.median, odd.p90, odd.p99, odd.worst), (2.0, 3.0, 3.0, 3.0));
    assert_eq!(Stats::of(&[]), None);
    assert!(odd.meets(3.5) && !odd.meets(3.0));
}

#[test]
fn time_mean_repeats_until_the_minimum_and_divides() {
    let mut clock = ticking();
    let mut runs = 0;
    // Start at 1; after run k the clock reads 1 + k: 5 runs reach 5 ms.
    let ms = time_mean(&mut clock, 5.0, || runs += 1);
    assert_eq!(runs, 5);
    assert_eq!(ms, 1.0);
    // A clock that never moves stops at the repeat cap instead of hanging.
    let mut runs = 0;
    assert_eq!(time_mean(&mut || 7.0, 1.0, || runs += 1), 0.0);
    assert_eq!(runs, MAX_REPEATS);
}

#[test]
fn time_best_keeps_the_fastest_round() {
    // Reads: 0, then 1 ms per run, but the second round is held up by 10 ms.
    let mut reads = vec![0.0, 1.0, 2.0, 13.0, 13.0, 14.0].into_iter();
    let mut clock = move || reads.next().unwrap_or(100.0);
    let mut runs = 0;
    let ms = time_best(&mut clock, 1.0, || runs += 1);
    assert_eq!(ROUNDS, 3);
    assert_eq!(runs, 3);
    assert_eq!(ms, 1.0);
}

#[test]
fn hint_positions_are_four_deck_thirteen_card_leads_and_repeatable() {
    for i in 0..5 {
        let p = hint_position(i);
        assert_eq!(p.rules.decks(), 4);
        assert_eq!(p.lead.len(), 13);
        assert_eq!(p.hand.len(), 40);
        assert_eq!(hint_position(i).hand, p.hand);
    }
}

#[test]
fn a_run_times_every_measure_once_per_position_after_the_warm_up() {
    let mut run = Run::new(3, 2.0).unwrap();
    let mut clock = ticking();
    let mut steps = 0;
    while !run.is_finished() {
        run.step(&mut clock).unwrap();
        steps += 1;
    }
    assert_eq!(steps, WARM_UP + 3);
    assert_eq!(run.done(), 3);
    for m in Measure::IN_PAGE {
        // Every sample is two runs between clock reads 1 ms apart: 1 ms each.
        assert_eq!(run.samples(m), &[1.0, 1.0, 1.0], "{}", m.key());
    }
    run.step(&mut clock).unwrap();
    assert_eq!(run.samples(Measure::HintList).len(), 3, "a finished run takes no more samples");
    assert!(run.samples(Measure::ExpertMove).is_empty(), "the Expert is timed by the worker");
    assert!(run.samples(Measure::ExpertExchange).is_empty(), "the Expert is timed by the worker");
}

#[test]
fn the_experts_table_asks_the_worker_for_every_decision_across_hands() {
    let mut t = ExpertTable::new().unwrap();
    let (mut plays, mut bids) = (0, 0);
    // More decisions than one hand has, so a new table is dealt.
    while t.tables == 0 || plays < 5 {
        let (job, measure) = t.job().unwrap();
        plays += (measure == Some(Measure::ExpertMove)) as usize;
        bids += (measure == Some(Measure::ExpertBid)) as usize;
        if measure == Some(Measure::ExpertBid) {
            assert_eq!(t.game.phase(), PhaseName::Draw);
        }
        t.answered(&crate::table::think::work::<Game>(&job)).unwrap();
    }
    assert!(plays >= 25, "at least a decision a trick ({plays})");
    assert!(bids >= 10, "the draw's decisions with a bid to make are timed too ({bids})");
    // A refusal is a clear error, and the table does not move.
    let (_, _) = t.job().unwrap();
    let moves = t.game.actions().len();
    assert!(t.answered(&crate::table::think::refused()).unwrap_err().contains("did not answer"));
    assert_eq!(t.game.actions().len(), moves);
}

#[test]
fn the_exchange_tables_ask_the_worker_for_the_bury_and_the_friend_call() {
    let mut t = ExchangeTable::new().unwrap();
    let mut asked = Vec::new();
    // Two 4 × 2 Tractor tables (a bury each) and two 6 × 3 Finding Friends tables
    // (a bury and a call each).
    while asked.len() < 6 {
        let job = t.job().unwrap();
        assert_eq!(t.game.phase(), PhaseName::Exchange);
        asked.push((t.tables, t.game.players()));
        t.answered(&crate::table::think::work::<Game>(&job)).unwrap();
    }
    assert_eq!(asked, [(0, 4), (1, 6), (1, 6), (2, 4), (3, 6), (3, 6)]);
    // A refusal is a clear error, and the table does not move.
    t.job().unwrap();
    let moves = t.game.actions().len();
    assert!(t.answered(&crate::table::think::refused()).unwrap_err().contains("did not answer"));
    assert_eq!(t.game.actions().len(), moves);
}

#[test]
fn the_experts_target_is_on_the_median_and_p99() {
    let within = Stats { count: 100, median: 49.0, p90: 100.0, p99: 240.0, worst: 900.0 };
    assert_eq!(Measure::ExpertMove.met(&within), Some(true));
    assert_eq!(Measure::ExpertMove.met(&Stats { median: 51.0, ..within }), Some(false));
    assert_eq!(Measure::ExpertMove.met(&Stats { p99: 260.0, ..within }), Some(false));
    assert_eq!(Measure::ExpertExchange.met(&Stats { p99: 260.0, ..within }), Some(false));
    assert_eq!(Measure::ExpertBid.met(&Stats { median: 51.0, ..within }), Some(false));
    assert_eq!(Measure::Legality.met(&within), None);
    assert_eq!(Measure::HintList.met(&Stats { worst: 49.0, ..within }), Some(true));
}

#[test]
fn bot_tables_reach_play_decisions_across_hands() {
    let mut t = BotTable::new(4, 2).unwrap();
    let mut clock = ticking();
    // More play decisions than one 2-deck hand has (4 × 25), so a new table is dealt.
    for _ in 0..120 {
        assert_eq!(t.next_move(&mut clock, 0.5).unwrap(), 1.0);
    }
    assert!(t.tables >= 1);
}

#[test]
fn targets_and_keys() {
    assert_eq!(Measure::FirstHintRow.target_ms(), Some(5.0));
    assert_eq!(Measure::HintList.target_ms(), Some(50.0));
    assert_eq!(Measure::BotMove4Decks.target_ms(), Some(20.0));
    let keys: std::collections::HashSet<_> = Measure::ALL.iter().map(|m| m.key()).collect();
    assert_eq!(keys.len(), Measure::ALL.len());
    assert_eq!(format_ms(0.01234), "0.012");
    assert_eq!(format_ms(3.456), "3.46");
    assert_eq!(format_ms(42.25), "42.2");
    assert_eq!(format_ms(f64::NAN), "—");
}

/// Native figures with the real clock, for comparison with the browser's:
/// `cargo test --release --lib ui_model::timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn native_figures() {
    let start = std::time::Instant::now();
    let mut clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut run = Run::new(200, MIN_SAMPLE_MS).unwrap();
    while !run.is_finished() {
        run.step(&mut clock).unwrap();
    }
    for m in Measure::IN_PAGE {
        let s = run.stats(m).unwrap();
        println!("{:18} median {} p90 {} p99 {} worst {}", m.key(), format_ms(s.median), format_ms(s.p90), format_ms(s.p99), format_ms(s.worst));
    }
}
