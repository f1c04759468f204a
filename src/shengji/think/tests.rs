//! The worker's Shengji jobs: a searched play is the play the bot makes in place, and
//! the field comparison replays the finished hand, deterministically.

use super::*;
use crate::shengji::game::{Action, PhaseName, SeatView, Settings};
use crate::table::think::{self, Kind, Remote};
use crate::table::{BotSeat as _, Decision, Driver};

fn table(seed: &str) -> (TableSeed, Game) {
    let seed = TableSeed::parse(seed).unwrap();
    (seed.clone(), Game::new(Settings::default(), seed).unwrap())
}

/// Plays a hand with Experts in seats 0 and 2 and Normal bots beside them, every bot
/// deciding in place or through the worker's jobs; returns every action.
fn expert_hand(through_worker: bool) -> Vec<(Seat, Action)> {
    let (seed, mut g) = table("thinkalike");
    let levels = [Difficulty::Expert, Difficulty::Heuristic];
    let mut bots: Vec<Bot> = bots_for(&seed, 4, &levels).into_iter().map(|b| b.with_effort(Effort::light())).collect();
    let mut remotes: Vec<Remote<Game>> = bots.iter().cloned().map(Remote::new).collect();
    while g.phase() != PhaseName::Finished {
        let s = g.to_act()[0];
        let v = g.view(s);
        let action = match through_worker {
            true => think::decide_here::<Game, _>(&mut remotes[s], &v).expect("the worker answers").0,
            false => bots[s].suggest(&v).0,
        };
        g.apply(s, &action).unwrap();
    }
    g.actions().to_vec()
}

#[test]
fn an_experts_plays_through_the_worker_are_the_plays_it_makes_in_place() {
    let here = expert_hand(false);
    assert_eq!(expert_hand(true), here);
    // The Experts did search: another table of Normal bots plays otherwise.
    let (seed, mut g) = table("thinkalike");
    Driver::all_bots(bots_for(&seed, 4, &[Difficulty::Heuristic])).run(&mut g, 100_000).unwrap();
    assert_ne!(g.actions(), &here[..]);
}

#[test]
fn a_remote_bot_sends_only_its_state_and_the_seats_view() {
    let (seed, g) = table("offload");
    let mut remote = Remote::<Game>::new(Bot::new(&seed, 0, Difficulty::Expert));
    let Decision::Ask(job) = remote.decide(&g.view(0)) else { panic!("a remote bot asks the worker") };
    // The job reads back as the bot and seat 0's view: nothing else of the table travels.
    let (bot, view): (Bot, SeatView) = postcard::from_bytes(&job[3..]).unwrap();
    assert_eq!((bot.seat, bot.difficulty), (0, Difficulty::Expert));
    assert_eq!(view, g.view(0));
    // A refusal (a worker of another build) leaves the bot as it was.
    assert!(remote.answered(&[think::VERSION + 1]).is_none());
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
    assert_eq!(normal.searched, 0, "no Expert at this table");
}

#[test]
fn the_field_is_the_same_on_every_device_and_through_the_worker() {
    let (g, levels) = finished("fieldvary");
    let answers: Vec<FieldAnswer> =
        FIELD.iter().map(|&p| field(&field_job(&g, &levels, p)).expect("every replay finishes")).collect();
    let again: Vec<FieldAnswer> = FIELD.iter().map(|&p| field(&field_job(&g, &levels, p)).unwrap()).collect();
    assert_eq!(answers, again, "a seed's field is the same on every device");
    assert_eq!(answers[0].searched, 0, "the Normal bot does not search");
    assert!(answers[1..].iter().any(|a| a.searched > 0), "the Experts search: {answers:?}");
    // Through the worker's bytes, the same.
    let job = think::job::<Game, _>(Kind::Other, &Job::Field(field_job(&g, &levels, FIELD[1])));
    let answer = think::answer::<Game, FieldAnswer>(Kind::Other, &think::work::<Game>(&job));
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
