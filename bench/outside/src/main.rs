//! The outside arena (docs/game.md, "The outside arena"): our Shengji bots against
//! tgoh-ots/shengji-tractor's on the same deals, each deal played twice with the
//! partnerships swapped, both engines fed every action and checked to agree.
//!
//! A hand, in one orientation:
//! 1. **The deal and the bids** are ours: `arena::deal_seed` gives the deal's table
//!    seed, our engine shuffles, and our heuristic bots bid for all four seats (the
//!    same bids in both orientations, so the landlord and trump are pinned per deal
//!    and neither side's bidding counts). The draw is replayed into their
//!    `DrawPhase::new` (their deck pops from the end: ours reversed), draw by draw and
//!    bid by bid; their engine must accept every bid and name the same landlord,
//!    trump and hands.
//! 2. **The bury** is made by the landlord's side's bot in its own engine and mirrored
//!    into the other (theirs: cards moved between hand and kitty, then finalised).
//! 3. **Every play** is made by the acting seat's bot in its own engine, checked legal
//!    in the other, and applied to both; a throw's outcome (kept cards), every trick's
//!    winner and points, and the hand's attacker points and level moves are compared.
//!
//! Every disagreement is logged (the deal seed, the orientation, the move) and ours is
//! the referee: a trick or score that differs is logged and play goes on; a play one
//! engine refuses, or a throw that keeps different cards, leaves theirs out of step, so
//! the hand goes on in ours while only our bots are to move and is skipped (with its
//! deal pair, listed under `skipped`) when theirs would have to move. A deal whose bids,
//! landlord, trump or hands differ is skipped the same way.

use clap::Parser;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use tuolaji::cards::{Card as OCard, Rank as ORank, Suit as OSuit};
use tuolaji::dup::TableSeed;
use tuolaji::shengji::arena::{self, HandScore, PairResult};
use tuolaji::shengji::bot::{bots_for, Bot, Difficulty};
use tuolaji::shengji::game::{Action as OAction, Event, Game, PhaseName, Settings};
use tuolaji::shengji::trump::Trump as OTrump;

use shengji_core::bot::{policy, BotDifficulty};
use shengji_core::game_state::draw_phase::DrawPhase;
use shengji_core::game_state::exchange_phase::ExchangePhase;
use shengji_core::game_state::initialize_phase::InitializePhase;
use shengji_core::game_state::play_phase::PlayPhase;
use shengji_core::game_state::GameState;
use shengji_core::interactive::Action as TAction;
use shengji_core::message::MessageVariant;
use shengji_core::settings::{GameMode, GameModeSettings, KittyPenalty};
use shengji_mechanics::deck::Deck;
use shengji_mechanics::trick::{ThrowEvaluationPolicy, TrickDrawPolicy};
use shengji_mechanics::types::{Card as TCard, Number, PlayerID, Rank as TRank, Suit as TSuit, Trump as TTrump};

#[derive(Parser, Debug)]
#[command(about = "Our Shengji bots against tgoh-ots/shengji-tractor's, on the same deals, both engines cross-checked")]
struct Args {
    /// Our bot: expert, heuristic or random (random: for the engines' cross-check).
    #[arg(long, default_value = "expert")]
    ours: String,
    /// Their bot: easy, expert, enoch or grandmaster.
    #[arg(long, default_value = "grandmaster")]
    theirs: String,
    /// Deal pairs (each deal played twice, the partnerships swapped).
    #[arg(long, default_value_t = 10)]
    deals: usize,
    /// The run's seed (deal d is arena::deal_seed(seed, d), as in `tuolaji arena`).
    #[arg(long, default_value = "outside")]
    seed: String,
    /// Their final search budget per move in ms (select_action_with_search_budget).
    /// 0: their production default (SHENGJI_BOT_BUDGET_MS or 2200 ms; Grandmaster 3 ×).
    #[arg(long, default_value_t = 0)]
    budget_ms: u64,
    /// A control for the cross-check: misalign one rule in their engine on purpose
    /// (kitty-power: the kitty × 2^unit; throw-highest: a throw judged by its highest
    /// card; draw-protected: longer tuples protected when following) and watch the
    /// disagreements come. none: the rules lined up.
    #[arg(long, default_value = "none")]
    control: String,
    /// Where the per-hand records and the disagreements go.
    #[arg(long, default_value = "out")]
    out: String,
}

// ---------- cards ----------

fn t_number(r: ORank) -> Number {
    match r {
        ORank::Two => Number::Two,
        ORank::Three => Number::Three,
        ORank::Four => Number::Four,
        ORank::Five => Number::Five,
        ORank::Six => Number::Six,
        ORank::Seven => Number::Seven,
        ORank::Eight => Number::Eight,
        ORank::Nine => Number::Nine,
        ORank::Ten => Number::Ten,
        ORank::Jack => Number::Jack,
        ORank::Queen => Number::Queen,
        ORank::King => Number::King,
        ORank::Ace => Number::Ace,
    }
}
fn o_rank(n: Number) -> ORank {
    ORank::ALL.into_iter().find(|&r| t_number(r) == n).expect("13 ranks")
}
fn t_suit(s: OSuit) -> TSuit {
    match s {
        OSuit::Spades => TSuit::Spades,
        OSuit::Hearts => TSuit::Hearts,
        OSuit::Diamonds => TSuit::Diamonds,
        OSuit::Clubs => TSuit::Clubs,
    }
}
fn o_suit(s: TSuit) -> OSuit {
    OSuit::ALL.into_iter().find(|&x| t_suit(x) == s).expect("4 suits")
}
fn t_card(c: OCard) -> TCard {
    match c {
        OCard::Suited { rank, suit } => TCard::Suited {
            suit: t_suit(suit),
            number: t_number(rank),
        },
        OCard::SmallJoker => TCard::SmallJoker,
        OCard::BigJoker => TCard::BigJoker,
    }
}
fn o_card(c: TCard) -> OCard {
    match c {
        TCard::Suited { suit, number } => OCard::Suited {
            rank: o_rank(number),
            suit: o_suit(suit),
        },
        TCard::SmallJoker => OCard::SmallJoker,
        TCard::BigJoker => OCard::BigJoker,
        TCard::Unknown => panic!("an unknown card reached the adapter"),
    }
}
fn t_cards(cs: &[OCard]) -> Vec<TCard> {
    cs.iter().map(|&c| t_card(c)).collect()
}
fn o_cards(cs: &[TCard]) -> Vec<OCard> {
    cs.iter().map(|&c| o_card(c)).collect()
}
fn show(cs: &[OCard]) -> String {
    let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
    v.sort();
    v.join(" ")
}
fn counts(cs: &[OCard]) -> HashMap<OCard, usize> {
    let mut m = HashMap::new();
    for &c in cs {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}
fn t_hand(h: &HashMap<TCard, usize>) -> Vec<OCard> {
    let mut v = Vec::new();
    for (&c, &n) in h {
        for _ in 0..n {
            v.push(o_card(c));
        }
    }
    v
}
fn same_trump(o: OTrump, t: TTrump) -> bool {
    match (o, t) {
        (OTrump::Standard { rank, suit }, TTrump::Standard { suit: s, number }) => {
            t_suit(suit) == s && t_number(rank) == number
        }
        (OTrump::NoTrump { rank }, TTrump::NoTrump { number }) => rank.map(t_number) == number,
        _ => false,
    }
}

// ---------- the log ----------

struct Log {
    file: std::fs::File,
    count: usize,
    kinds: HashMap<String, usize>,
}

impl Log {
    fn disagree(&mut self, kind: &str, seed: &str, a_even: bool, detail: String) {
        self.count += 1;
        *self.kinds.entry(kind.to_string()).or_insert(0) += 1;
        let line = json!({"kind": kind, "seed": seed, "ours_even": a_even, "detail": detail});
        eprintln!("DISAGREE {line}");
        let _ = writeln!(self.file, "{line}");
    }
}

// ---------- their engine ----------

fn their_draw(deck_in_draw_order: &[OCard], kitty: &[OCard], control: &str) -> DrawPhase {
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

fn their_difficulty(name: &str) -> BotDifficulty {
    match name {
        "easy" => BotDifficulty::Easy,
        "expert" => BotDifficulty::Expert,
        "enoch" => BotDifficulty::Enoch,
        "grandmaster" | "gm" => BotDifficulty::Grandmaster,
        _ => panic!("their bot: easy, expert, enoch or grandmaster"),
    }
}

fn their_action(state: GameState, me: PlayerID, d: BotDifficulty, budget_ms: u64) -> Option<TAction> {
    let view = state.for_player(me);
    let r = if budget_ms > 0 {
        policy::select_action_with_search_budget(&view, me, d, budget_ms)
    } else {
        policy::select_action(&view, me, d)
    };
    r.ok().flatten()
}

// ---------- one hand ----------

struct Ctx<'a> {
    control: String,
    ours: Difficulty,
    theirs: BotDifficulty,
    budget_ms: u64,
    log: &'a mut Log,
    our_ms: Vec<f64>,
    their_ms: Vec<f64>,
    /// What was compared: bids, plays, failed throws, tricks, hand scores.
    checked: HashMap<&'static str, usize>,
}

impl Ctx<'_> {
    fn tick(&mut self, what: &'static str) {
        *self.checked.entry(what).or_insert(0) += 1;
    }
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Plays `seed` with our bots in the even seats when `a_even`; A is ours.
fn play_hand(cx: &mut Ctx, seed: &TableSeed, a_even: bool) -> Result<HandScore, String> {
    let sd = seed.to_string();
    let mut game = Game::new(Settings::default(), seed.clone()).map_err(|e| e.to_string())?;
    let is_ours = |s: usize| (s % 2 == 0) == a_even;
    // 1. The draw and the bids: our heuristic for every seat, the same both ways round.
    let mut bidders = bots_for(seed, 4, &[Difficulty::Heuristic]);
    let mut drawn: Vec<OCard> = Vec::new();
    let mut script: Vec<(usize, OAction)> = Vec::new();
    while game.phase() == PhaseName::Draw {
        let seat = game.to_act()[0];
        let before = counts(&game.hand(seat));
        let (action, _) = bidders[seat].suggest_explained(&game.view(seat));
        game.apply(seat, &action)
            .map_err(|e| format!("our bidder refused: {e}"))?;
        if action == OAction::Draw {
            let after = counts(&game.hand(seat));
            let card = after
                .iter()
                .find(|(c, n)| before.get(c).copied().unwrap_or(0) < **n)
                .map(|(c, _)| *c)
                .unwrap();
            drawn.push(card);
        }
        script.push((seat, action));
    }
    let landlord = game.current_landlord().ok_or("no landlord after the draw")?;
    let trump = game.trump().ok_or("no trump after the draw")?;
    let mut rest = counts(&game.all_cards().to_vec());
    for c in &drawn {
        *rest.get_mut(c).unwrap() -= 1;
    }
    let kitty: Vec<OCard> = rest.iter().flat_map(|(&c, &n)| std::iter::repeat_n(c, n)).collect();
    let mut td = their_draw(&drawn, &kitty, &cx.control);
    let pid = |s: usize| PlayerID(s);
    for (seat, action) in &script {
        match action {
            OAction::Draw => td
                .draw_card(pid(*seat))
                .map_err(|e| format!("their draw refused: {e}"))?,
            OAction::Bid(card, n) => {
                cx.tick("bids");
                if !td.bid(pid(*seat), t_card(*card), *n as usize) {
                    cx.log.disagree(
                        "bid",
                        &sd,
                        a_even,
                        format!("seat {seat} bid {card}×{n}: ours accepts, theirs refuses"),
                    );
                }
            }
            _ => {}
        }
    }
    if !td.bid_decided() {
        // Nobody bid: ours turned the kitty over. Pin trump in theirs with the same
        // card (their kitty rule differs: see docs/game.md).
        cx.log.disagree(
            "no-bid",
            &sd,
            a_even,
            format!("no bid; ours names {trump:?} from the kitty"),
        );
        return Err("no bid: deal skipped".into());
    }
    let t_landlord = td.next_player().map_err(|e| e.to_string())?;
    if t_landlord.0 != landlord {
        cx.log.disagree(
            "landlord",
            &sd,
            a_even,
            format!("ours seat {landlord}, theirs seat {}", t_landlord.0),
        );
        return Err("landlord differs: deal skipped".into());
    }
    let mut tx: ExchangePhase = td.advance(t_landlord).map_err(|e| e.to_string())?;
    if !same_trump(trump, tx.trump()) {
        cx.log
            .disagree("trump", &sd, a_even, format!("ours {trump:?}, theirs {:?}", tx.trump()));
        return Err("trump differs: deal skipped".into());
    }
    for s in 0..4 {
        let ours = counts(&if s == landlord {
            // ours has taken the kitty into hand
            let mut h = game.hand(s);
            for c in &kitty {
                let i = h.iter().position(|x| x == c).unwrap();
                h.swap_remove(i);
            }
            h
        } else {
            game.hand(s)
        });
        let theirs = counts(&t_hand(tx.hands().get(pid(s)).unwrap()));
        if ours != theirs {
            cx.log.disagree("hands", &sd, a_even, format!("seat {s}"));
            return Err("hands differ".into());
        }
    }

    // 2. The bury.
    let mut ours_bots: Vec<Bot> = bots_for(seed, 4, &[cx.ours]);
    let buried: Vec<OCard>;
    if is_ours(landlord) {
        let t0 = Instant::now();
        let (action, _) = ours_bots[landlord].suggest_explained(&game.view(landlord));
        cx.our_ms.push(ms(t0));
        let OAction::Bury(cards) = action.clone() else {
            return Err(format!("our landlord did {action:?}"));
        };
        buried = cards;
    } else {
        // Their bury is a run of one-card moves: timed as one decision, as ours.
        let t0 = Instant::now();
        loop {
            let a = their_action(GameState::Exchange(tx.clone()), t_landlord, cx.theirs, cx.budget_ms);
            match a {
                Some(TAction::MoveCardToKitty(c)) => tx.move_card_to_kitty(t_landlord, c).map_err(|e| e.to_string())?,
                Some(TAction::MoveCardToHand(c)) => tx.move_card_to_hand(t_landlord, c).map_err(|e| e.to_string())?,
                Some(TAction::PutDownKitty) => tx.finalize(t_landlord).map_err(|e| e.to_string())?,
                Some(TAction::BeginPlay) => break,
                other => return Err(format!("their landlord did {other:?}")),
            }
        }
        cx.their_ms.push(ms(t0));
        buried = o_cards(tx.visible_kitty().ok_or("their kitty is hidden")?);
    }
    let ev = game.apply(landlord, &OAction::Bury(buried.clone()));
    if let Err(e) = ev {
        cx.log.disagree(
            "bury",
            &sd,
            a_even,
            format!("their bury {} refused by ours: {e}", show(&buried)),
        );
        return Err("bury refused".into());
    }
    if is_ours(landlord) {
        // Mirror: the kitty becomes `buried`.
        let mut want = counts(&buried);
        let kitty_now = o_cards(tx.visible_kitty().ok_or("their kitty is hidden")?);
        for c in kitty_now {
            match want.get_mut(&c) {
                Some(n) if *n > 0 => *n -= 1,
                _ => tx
                    .move_card_to_hand(t_landlord, t_card(c))
                    .map_err(|e| format!("their kitty: {e}"))?,
            }
        }
        for (c, n) in want {
            for _ in 0..n {
                if let Err(e) = tx.move_card_to_kitty(t_landlord, t_card(c)) {
                    cx.log.disagree(
                        "bury",
                        &sd,
                        a_even,
                        format!("our bury {} refused by theirs: {e}", show(&buried)),
                    );
                    return Err("bury refused".into());
                }
            }
        }
    }
    if !tx.finalized() {
        let _ = tx.finalize(t_landlord);
    }
    let mut tp: PlayPhase = tx
        .advance(t_landlord)
        .map_err(|e| format!("their start of play: {e}"))?;
    // Ours may have a further exchange step (none with these settings); play starts.
    if game.phase() != PhaseName::Play {
        return Err(format!("ours is in {} after the bury", game.phase()));
    }

    // 3. The play.
    let mut their_alive = true;
    let mut tricks = 0usize;
    let mut last_trick: Option<(u32, u32)> = None;
    while game.phase() == PhaseName::Play {
        let seat = game.to_act()[0];
        if their_alive {
            if let Some(n) = tp.trick().next_player() {
                if n.0 != seat {
                    cx.log.disagree(
                        "turn",
                        &sd,
                        a_even,
                        format!("trick {tricks}: ours seat {seat} to play, theirs seat {}", n.0),
                    );
                    their_alive = false;
                }
            }
        }
        let cards: Vec<OCard>;
        let action: OAction;
        if is_ours(seat) {
            let t0 = Instant::now();
            let (a, _) = ours_bots[seat].suggest_explained(&game.view(seat));
            cx.our_ms.push(ms(t0));
            cards = match &a {
                OAction::Play(c) | OAction::LeadAs(c, _) => c.clone(),
                other => return Err(format!("our bot did {other:?} in play")),
            };
            action = a;
        } else {
            if !their_alive {
                return Err("their engine is out of step: hand abandoned".into());
            }
            let t0 = Instant::now();
            let a = their_action(GameState::Play(tp.clone()), pid(seat), cx.theirs, cx.budget_ms);
            cx.their_ms.push(ms(t0));
            cards = match a {
                Some(TAction::PlayCards(c)) => o_cards(&c),
                other => return Err(format!("their bot did {other:?} in play")),
            };
            action = OAction::Play(cards.clone());
        }
        let events = match game.apply(seat, &action) {
            Ok(ev) => ev,
            Err(e) => {
                cx.log.disagree(
                    "legal",
                    &sd,
                    a_even,
                    format!(
                        "trick {tricks}: seat {seat} (theirs) plays {}: theirs allows, ours refuses: {e}",
                        show(&cards)
                    ),
                );
                return Err("their play refused by ours: hand abandoned".into());
            }
        };
        let mut our_kept = cards.clone();
        let mut our_trick: Option<(usize, u32)> = None;
        for e in &events {
            match e {
                Event::ThrowFailed { kept, .. } => our_kept = kept.clone(),
                Event::TrickWon { winner, points } => our_trick = Some((*winner, *points)),
                _ => {}
            }
        }
        if our_kept.len() != cards.len() {
            cx.tick("failed_throws");
        }
        if their_alive {
            cx.tick("plays");
            if let Err(e) = tp.can_play_cards(pid(seat), &t_cards(&cards)) {
                cx.log.disagree(
                    "legal",
                    &sd,
                    a_even,
                    format!(
                        "trick {tricks}: seat {seat} (ours) plays {}: ours allows, theirs refuses: {e}",
                        show(&cards)
                    ),
                );
                their_alive = false;
            }
        }
        if their_alive {
            match tp.play_cards(pid(seat), &t_cards(&cards)) {
                Ok(msgs) => {
                    let mut their_kept = cards.clone();
                    for m in msgs {
                        if let MessageVariant::PlayedCards { cards: c } = m {
                            their_kept = o_cards(&c);
                        }
                    }
                    if counts(&their_kept) != counts(&our_kept) {
                        cx.log.disagree(
                            "throw",
                            &sd,
                            a_even,
                            format!(
                                "trick {tricks}: seat {seat} leads {}: ours keeps {}, theirs keeps {}",
                                show(&cards),
                                show(&our_kept),
                                show(&their_kept)
                            ),
                        );
                        their_alive = false;
                    }
                }
                Err(e) => {
                    cx.log.disagree(
                        "legal",
                        &sd,
                        a_even,
                        format!(
                            "trick {tricks}: seat {seat} plays {}: theirs refuses on play: {e}",
                            show(&cards)
                        ),
                    );
                    their_alive = false;
                }
            }
        }
        if their_alive && tp.trick().next_player().is_none() {
            let last = tp.hands().is_empty();
            let mut theirs_won = None;
            match tp.finish_trick() {
                Ok(msgs) => {
                    for m in msgs {
                        if let MessageVariant::TrickWon { winner, points } = m {
                            theirs_won = Some((winner.0, points as u32));
                        }
                    }
                }
                Err(e) => {
                    cx.log.disagree(
                        "trick",
                        &sd,
                        a_even,
                        format!("trick {tricks}: theirs cannot finish it: {e}"),
                    );
                    their_alive = false;
                }
            }
            match (our_trick, theirs_won) {
                (Some((ow, op)), Some((tw, tpts))) => {
                    cx.tick("tricks");
                    // The last trick's points include the kitty's × its multiplier in
                    // theirs (whichever side takes it), not in ours: compared at the end.
                    if ow != tw || (!last && op != tpts) {
                        cx.log.disagree(
                            "trick",
                            &sd,
                            a_even,
                            format!("trick {tricks}: ours seat {ow} wins {op}, theirs seat {tw} wins {tpts}"),
                        );
                    }
                    if last {
                        last_trick = Some((op, tpts));
                    }
                }
                (o, t) => {
                    if their_alive {
                        cx.log.disagree(
                            "trick",
                            &sd,
                            a_even,
                            format!("trick {tricks}: ours {o:?}, theirs {t:?}"),
                        );
                    }
                }
            }
            tricks += 1;
        }
    }
    let r = game.result().ok_or("no result")?.clone();
    if let Some((op, tpts)) = last_trick {
        if op + r.kitty_points * r.kitty_multiplier != tpts {
            cx.log.disagree(
                "trick",
                &sd,
                a_even,
                format!(
                    "last trick: ours {op} + kitty {} × {}, theirs {tpts}",
                    r.kitty_points, r.kitty_multiplier
                ),
            );
        }
    }
    if their_alive {
        if !tp.game_finished() {
            cx.log
                .disagree("end", &sd, a_even, "ours finished the hand, theirs did not".into());
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
                cx.log.disagree(
                    "score",
                    &sd,
                    a_even,
                    format!(
                        "ours: attackers {} (kitty bonus {}), landlord wins {}, levels +{}/+{}; theirs: attackers {att}, landlord wins {}, levels +{}/+{}",
                        r.attacker_points, r.kitty_bonus, r.ladder.landlord_wins, ours_ld, ours_nd, score.landlord_won, score.landlord_delta, score.non_landlord_delta
                    ),
                );
            }
        }
    }
    // The score, as `tuolaji arena` reckons it (ours is the referee).
    let winners: Vec<usize> = (0..4)
        .filter(|s| r.landlord_team.contains(s) == r.ladder.landlord_wins)
        .collect();
    let won = winners.iter().filter(|&&s| is_ours(s)).count() as f64 / winners.len().max(1) as f64;
    let (mut a_levels, mut b_levels) = (0, 0);
    for &(s, old, new) in &r.levels {
        let g = (new.index() - old.index()) as u32;
        if is_ours(s) {
            a_levels += g
        } else {
            b_levels += g
        }
    }
    let mut points: Vec<i64> = game.points().iter().map(|&p| p as i64).collect();
    points[r.last_trick_winner] += r.kitty_bonus as i64;
    let margin: i64 = (0..4).map(|s| if is_ours(s) { points[s] } else { -points[s] }).sum();
    Ok(HandScore {
        a_even,
        won,
        a_levels,
        b_levels,
        margin: margin as i32,
        landlord: r.landlord,
        attacker_points: r.attacker_points,
    })
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        0.0
    } else {
        sorted[((sorted.len() - 1) as f64 * q).round() as usize]
    }
}

fn times(v: &[f64]) -> serde_json::Value {
    let mut t = v.to_vec();
    t.sort_by(|a, b| a.total_cmp(b));
    let mean = if t.is_empty() {
        0.0
    } else {
        t.iter().sum::<f64>() / t.len() as f64
    };
    json!({"decisions": t.len(), "mean_ms": (mean * 10.0).round() / 10.0, "median_ms": (percentile(&t, 0.5) * 10.0).round() / 10.0, "p99_ms": (percentile(&t, 0.99) * 10.0).round() / 10.0})
}

fn main() {
    let args = Args::parse();
    let ours = match args.ours.as_str() {
        "heuristic" | "normal" => Difficulty::Heuristic,
        "expert" => Difficulty::Expert,
        "random" => Difficulty::Random,
        o => panic!("our bot: random, heuristic or expert, not {o}"),
    };
    let theirs = their_difficulty(&args.theirs);
    let seed = TableSeed::parse(&args.seed).expect("a seed");
    std::fs::create_dir_all(&args.out).unwrap();
    let file = std::fs::File::create(format!("{}/disagreements.jsonl", args.out)).unwrap();
    let mut log = Log {
        file,
        count: 0,
        kinds: HashMap::new(),
    };
    let mut hands_file = std::fs::File::create(format!("{}/pairs.jsonl", args.out)).unwrap();
    let mut cx = Ctx {
        ours,
        theirs,
        budget_ms: args.budget_ms,
        control: args.control.clone(),
        log: &mut log,
        our_ms: vec![],
        their_ms: vec![],
        checked: HashMap::new(),
    };
    let mut pairs: Vec<PairResult> = Vec::new();
    let mut skipped = Vec::new();
    let start = Instant::now();
    for d in 0..args.deals {
        let ds = arena::deal_seed(&seed, d);
        let h0 = play_hand(&mut cx, &ds, true);
        let h1 = play_hand(&mut cx, &ds, false);
        match (h0, h1) {
            (Ok(a), Ok(b)) => {
                let p = PairResult {
                    seed: ds.to_string(),
                    hands: [a, b],
                };
                let _ = writeln!(hands_file, "{}", serde_json::to_string(&p).unwrap());
                eprintln!(
                    "deal {d} {}: ours won {:.1} of 2, margin {:+} / {:+} ({:.0} s)",
                    p.seed,
                    p.won() * 2.0,
                    p.hands[0].margin,
                    p.hands[1].margin,
                    start.elapsed().as_secs_f64()
                );
                pairs.push(p);
            }
            (a, b) => {
                let why = format!("{:?} / {:?}", a.err(), b.err());
                eprintln!("deal {d} {ds}: skipped: {why}");
                skipped.push(json!({"deal": d, "seed": ds.to_string(), "why": why}));
            }
        }
    }
    let rep = arena::report(&seed, &pairs);
    // A paired bootstrap interval for the margin too (the same resampling).
    let margins: Vec<f64> = pairs.iter().map(PairResult::margin).collect();
    let mut rng = seed.stream(tuolaji::dup::Purpose::Named("outside-margin"));
    let mut bs = Vec::new();
    if !margins.is_empty() {
        for _ in 0..arena::BOOTSTRAP {
            let mut s = 0.0;
            for _ in 0..margins.len() {
                s += margins[tuolaji::dup::uniform_below(&mut rng, margins.len() as u64) as usize];
            }
            bs.push(s / margins.len() as f64);
        }
    }
    bs.sort_by(|a, b| a.total_cmp(b));
    let out = json!({
        "ours": args.ours, "theirs": args.theirs, "control": args.control, "their_budget_ms": args.budget_ms, "seed": args.seed,
        "deal_pairs": pairs.len(), "skipped": skipped,
        "ours_hands_won": rep.hands_won, "ours_levels": rep.levels, "ours_levels_gained": rep.a_levels, "their_levels_gained": rep.b_levels,
        "ours_margin_per_hand": rep.margin, "margin_ci95": [percentile(&bs, 0.025), percentile(&bs, 0.975)],
        "pairs_won_split_lost": [rep.pairs_won, rep.pairs_split, rep.pairs_lost],
        "mde": rep.mde, "digest": rep.digest,
        "our_time": times(&cx.our_ms), "their_time": times(&cx.their_ms),
        "checked": cx.checked, "disagreements": cx.log.count, "disagreement_kinds": cx.log.kinds,
        "wall_s": start.elapsed().as_secs_f64().round(),
    });
    let text = serde_json::to_string_pretty(&out).unwrap();
    println!("{text}");
    std::fs::write(format!("{}/report.json", args.out), text).unwrap();
}
