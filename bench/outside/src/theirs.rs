//! Their engine: a draw phase built from our deal and bids (their deck pops from the end,
//! so ours goes in reversed), their bot levels, and one move of their bot for a seat.

use shengji_core::bot::{policy, BotDifficulty};
use shengji_core::game_state::draw_phase::DrawPhase;
use shengji_core::game_state::initialize_phase::InitializePhase;
use shengji_core::game_state::GameState;
use shengji_core::interactive::Action as TAction;
use shengji_core::settings::{GameMode, GameModeSettings, KittyPenalty};
use shengji_mechanics::deck::Deck;
use shengji_mechanics::trick::{ThrowEvaluationPolicy, TrickDrawPolicy};
use shengji_mechanics::types::{Number, PlayerID, Rank as TRank};
use tuolaji::cards::Card as OCard;

use crate::cards::t_cards;

pub fn their_draw(deck_in_draw_order: &[OCard], kitty: &[OCard], control: &str) -> DrawPhase {
    let mut init = InitializePhase::new();
    for i in 0..4 {
        init.add_player(format!("seat{i}")).unwrap();
    }
    init.set_num_decks(Some(2)).unwrap();
    init.set_game_mode(GameModeSettings::Tractor).unwrap();
    match control {
        "none" => {}
        "kitty-power" => drop(init.set_kitty_penalty(KittyPenalty::Power).unwrap()),
        "throw-highest" => drop(
            init.set_throw_evaluation_policy(ThrowEvaluationPolicy::Highest)
                .unwrap(),
        ),
        "draw-protected" => drop(
            init.set_trick_draw_policy(TrickDrawPolicy::LongerTuplesProtected)
                .unwrap(),
        ),
        c => panic!("--control: none, kitty-power, throw-highest or draw-protected, not {c}"),
    }
    let seats: Vec<PlayerID> = init.players().iter().map(|p| p.id).collect();
    for &s in &seats {
        init.set_rank(s, TRank::Number(Number::Two)).unwrap();
    }
    // No landlord yet: as ours in a game's first hand, the winning bid names it.
    let propagated = (*init).clone();
    let mut deck = t_cards(deck_in_draw_order);
    deck.reverse(); // theirs draws with pop()
    DrawPhase::new(
        propagated,
        0,
        deck,
        t_cards(kitty),
        2,
        GameMode::Tractor,
        Some(TRank::Number(Number::Two)),
        vec![Deck::default(), Deck::default()],
        vec![],
    )
}

pub fn their_difficulty(name: &str) -> BotDifficulty {
    match name {
        "easy" => BotDifficulty::Easy,
        "expert" => BotDifficulty::Expert,
        "enoch" => BotDifficulty::Enoch,
        "grandmaster" | "gm" => BotDifficulty::Grandmaster,
        _ => panic!("their bot: easy, expert, enoch or grandmaster"),
    }
}

pub fn their_action(state: GameState, me: PlayerID, d: BotDifficulty, budget_ms: u64) -> Option<TAction> {
    let view = state.for_player(me);
    let r = if budget_ms > 0 {
        policy::select_action_with_search_budget(&view, me, d, budget_ms)
    } else {
        policy::select_action(&view, me, d)
    };
    r.ok().flatten()
}
