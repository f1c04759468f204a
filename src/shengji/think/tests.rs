//! The worker's Shengji jobs: a searched play is the play the bot makes in place, and
//! the field comparison replays the finished hand, deterministically.

use super::*;
use crate::shengji::game::{PhaseName, Settings};
use crate::table::think::{self, Kind};
use crate::table::{Bot as _, Driver};

fn table(seed: &str) -> (TableSeed, Game) {
    let seed = TableSeed::parse(seed).unwrap();
    (seed.clone(), Game::new(Settings::default(), seed).unwrap())
}

/// Plays a hand with Experts in seats 0 and 2: each of their plays either in place
/// (`through_worker` false) or as the worker's job; returns every action.
fn expert_hand(through_worker: bool) -> Vec<(Seat, Action)> {
    let (seed, mut g) = table("thinkalike");
    let levels = [Difficulty::Expert, Difficulty::Heuristic];
    let mut bots: Vec<Bot> = bots_for(&seed, 4, &levels).into_iter().map(|b| b.with_effort(Effort::light())).collect();
    let mut searched = 0;
    while g.phase() != PhaseName::Finished {
        let s = g.to_act()[0];
        let v = g.view(s);
        let action = match bots[s].offload(&v).filter(|_| through_worker) {
            Some(job) => {
                searched += 1;
                let answer = think::work::<Game>(&job);
                bots[s].offloaded(&answer).expect("the worker answers a search").0
            }
            None => bots[s].suggest(&v).0,
        };
        g.apply(s, &action).unwrap();
    }
    if through_worker {
        assert!(searched >= 20, "the Experts' plays went to the worker ({searched})");
    }
    g.actions().to_vec()
}

#[test]
fn a_play_searched_by_the_worker_is_the_play_the_bot_makes_in_place() {
    assert_eq!(expert_hand(true), expert_hand(false));
}

#[test]
fn only_an_experts_plays_are_offloaded() {
    let (seed, mut g) = table("offload");
    let mut normal = Bot::new(&seed, 0, Difficulty::Heuristic);
    let mut expert = Bot::new(&seed, 0, Difficulty::Expert);
    // The draw: nothing to search.
    assert!(expert.offload(&g.view(0)).is_none());
    let mut bots = bots_for(&seed, 4, &[Difficulty::Heuristic]);
    while g.phase() != PhaseName::Play || g.to_act()[0] != 0 {
        let s = g.to_act()[0];
        let a = bots[s].suggest(&g.view(s)).0;
        g.apply(s, &a).unwrap();
    }
    assert!(normal.offload(&g.view(0)).is_none());
    assert!(expert.offload(&g.view(0)).is_some());
    // A refusal (a worker of another version) leaves the table to decide in place.
    assert!(expert.offloaded(&[think::VERSION + 1]).is_none());
}

fn finished(seed: &str) -> (Game, Vec<Difficulty>) {
    let (seed, mut g) = table(seed);
    let levels = vec![Difficulty::Heuristic, Difficulty::Random, Difficulty::Heuristic, Difficulty::Random];
    let mut d = Driver::all_bots(bots_for(&seed, 4, &levels));
    d.run(&mut g, 100_000).unwrap();
    (g, levels)
}

fn field_job(g: &Game, levels: &[Difficulty], player: FieldPlayer) -> FieldJob {
    FieldJob { effort: Effort::light(), ..FieldJob::new(g, 0, levels, player) }
}

#[test]
fn the_normal_player_in_the_field_replays_the_hand_the_bots_played() {
    // Seat 0 was the Normal bot: the field's Normal player plays the same hand again.
    let (g, levels) = finished("fieldsame");
    let normal = field(&field_job(&g, &levels, FieldPlayer::Normal)).unwrap();
    assert_eq!(Some(normal.result), g.seat_result(0));
    assert_eq!(normal.searches, 0, "no Expert at this table");
}

#[test]
fn the_field_is_the_same_on_every_device_and_through_the_worker() {
    let (g, levels) = finished("fieldvary");
    let answers: Vec<FieldAnswer> =
        FIELD.iter().map(|&p| field(&field_job(&g, &levels, p)).expect("every replay finishes")).collect();
    let again: Vec<FieldAnswer> = FIELD.iter().map(|&p| field(&field_job(&g, &levels, p)).unwrap()).collect();
    assert_eq!(answers, again, "a seed's field is the same on every device");
    for (a, p) in answers.iter().zip(FIELD) {
        assert_eq!(a.searches > 0, p != FieldPlayer::Normal, "{p:?} searched {} plays", a.searches);
    }
    // Through the worker's bytes, the same.
    let job = think::job::<Game, _>(Kind::Field, &field_job(&g, &levels, FIELD[1]));
    let answer = think::answer::<Game, FieldAnswer>(Kind::Field, &think::work::<Game>(&job));
    assert_eq!(answer, think::Answer::Done(answers[1]));
    let results: Vec<ShengjiResult> = answers.iter().map(|a| a.result).collect();
    let mine = g.seat_result(0).unwrap();
    let s = Standing::of(&mine, &results);
    assert_eq!(s.better + s.same + s.worse, FIELD.len());
    assert!((1..=FIELD.len() + 1).contains(&s.place()));
}

#[test]
fn the_field_replays_the_last_hand_of_a_longer_table() {
    let (seed, mut g) = table("fieldlater");
    let levels = vec![Difficulty::Heuristic; 4];
    let mut d = Driver::all_bots(bots_for(&seed, 4, &levels));
    d.run(&mut g, 100_000).unwrap();
    g.apply(0, &Action::NextHand).unwrap();
    d.run(&mut g, 100_000).unwrap();
    assert_eq!(g.hand_number(), 1);
    assert_eq!(field(&field_job(&g, &levels, FieldPlayer::Normal)).map(|a| a.result), g.seat_result(0));
}

#[test]
fn standing_counts_better_equal_and_worse_results() {
    let r = |won: bool, levels: u8, pts: u32| ShengjiResult { landlord_side: true, attacker_points: pts, won, levels };
    let mine = r(true, 1, 60);
    let s = Standing::of(&mine, &[r(true, 2, 30), r(true, 1, 60), r(false, 1, 90)]);
    assert_eq!(s, Standing { better: 1, same: 1, worse: 1 });
    assert_eq!((s.place(), s.of_total()), (2, 4));
}
