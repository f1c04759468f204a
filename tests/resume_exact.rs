//! A table resumed from its save goes on exactly as an unbroken run would: a hand is
//! played by bots twice — once unbroken, once "reloaded" at every move (the game written to
//! a save and read back, the bots made anew from the seed and moved to where the save says
//! their random streams stood) — and the two records are the same, for all three games.
//! Without the streams the reloaded bots start each move from the hand's start and play
//! another hand, which shows the test can fail.

use tuolaji::dup::TableSeed;
use tuolaji::record::save::{Loaded, SaveEnvelope, UiState};
use tuolaji::table::{Bot, Codec, Driver, Game};

/// The record of one hand played by `bots`, unbroken.
fn unbroken<G: Game, B: Bot<G>>(mut game: G, bots: Vec<B>) -> Vec<(usize, G::Action)> {
    let mut driver = Driver::all_bots(bots);
    let mut moves = Vec::new();
    while let Some(step) = driver.step(&mut game) {
        let Ok(m) = step else { panic!("a bot chose a move the rules refuse") };
        moves.push((m.seat, m.action));
    }
    moves
}

/// The same hand saved and read back before every move; `keep_streams`: the save holds
/// where each bot's stream stood and the new bots resume from it.
fn reloading<G: Codec, B: Bot<G>>(mut game: G, new_bots: impl Fn() -> Vec<B>, keep_streams: bool) -> Vec<(usize, G::Action)> {
    let mut bots = new_bots();
    let mut moves = Vec::new();
    loop {
        let mut driver = Driver::all_bots(bots);
        let Some(step) = driver.step(&mut game) else { break };
        let Ok(m) = step else { panic!("a bot chose a move the rules refuse") };
        moves.push((m.seat, m.action));
        // Save (as the table does after every move) and load.
        let streams = (0..game.players()).map(|s| driver.bot(s).and_then(|b| b.stream_at())).collect();
        let ui = UiState { streams: if keep_streams { streams } else { Vec::new() }, ..UiState::default() };
        let text = SaveEnvelope::<G>::new(&game, 0, Some(ui)).encode();
        let Loaded::Ok { save, game: loaded } = SaveEnvelope::<G>::decode(Some(&text)) else { panic!("the save reads back") };
        game = *loaded;
        bots = new_bots();
        for (bot, at) in bots.iter_mut().zip(save.ui.unwrap_or_default().streams) {
            if let Some(at) = at {
                bot.resume_stream(at);
            }
        }
    }
    moves
}

fn check<G: Codec, B: Bot<G>>(what: &str, game: impl Fn() -> G, bots: impl Fn() -> Vec<B>)
where
    G::Action: PartialEq + std::fmt::Debug,
{
    let unbroken = unbroken(game(), bots());
    assert!(unbroken.len() > 20, "{what}: a whole hand ({} moves)", unbroken.len());
    assert_eq!(reloading(game(), &bots, true), unbroken, "{what}: resumed at every move, the bots play as an unbroken run");
    assert_ne!(reloading(game(), &bots, false), unbroken, "{what}: bots made anew from the hand's start play otherwise");
}

#[test]
fn shengji_bots_resume_exactly() {
    use tuolaji::shengji::bot::{bots_for, Difficulty};
    use tuolaji::shengji::game::{Game, Settings};
    let seed = TableSeed::parse("resume1").unwrap();
    let levels = [Difficulty::Heuristic, Difficulty::Random];
    check("Shengji", || Game::new(Settings::default(), seed.clone()).unwrap(), || bots_for(&seed, 4, &levels));
}

#[test]
fn rummy_bots_resume_exactly() {
    use tuolaji::rummy::bot::{bots_for, Difficulty};
    use tuolaji::rummy::game::{Game, Settings};
    let seed = TableSeed::parse("resume2").unwrap();
    let settings = Settings::default();
    let players = Game::new(settings.clone(), seed.clone()).unwrap().players();
    check("rummy", || Game::new(settings.clone(), seed.clone()).unwrap(), || bots_for(&seed, players, &[Difficulty::Random]));
}

#[test]
fn mahjong_bots_resume_exactly() {
    use tuolaji::mahjong::game::bot::{bots_for, Difficulty};
    use tuolaji::mahjong::game::{Game, Settings};
    let seed = TableSeed::parse("resume3").unwrap();
    // The Expert draws its sampled walls from its stream: it resumes with the others.
    let levels = [Difficulty::Expert, Difficulty::Random, Difficulty::Advice, Difficulty::Random];
    check("mahjong", || Game::new(Settings::default(), seed.clone()).unwrap(), || bots_for(&seed, 4, &levels));
}
