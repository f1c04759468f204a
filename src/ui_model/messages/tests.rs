//! Every variant phrased in both languages, and every engine sentence the
//! Chinese side parses (bids, friend calls, take-backs, phases) driven out of a
//! real `Game` so a changed engine text fails here instead of showing English.

use super::*;
use crate::cards::{parse_cards, Rank, Suit};
use crate::dup::TableSeed;
use crate::shengji::bot::{bots_for, Difficulty};
use crate::shengji::game::{Action, Friend, Game, Mode, Settings};
use crate::shengji::trump::EffectiveSuit;
use crate::shengji::{check_play, Format, Lead, Rules};

fn f(s: &str) -> Format {
    s.parse().unwrap()
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s, None).unwrap()
}

/// Chinese output carries no English words (card ranks are capitals, suits symbols).
fn assert_chinese(zh: &str, en: &str) {
    assert!(!zh.trim().is_empty(), "empty Chinese for {en:?}");
    assert_ne!(zh, en);
    assert!(!zh.chars().any(|c| c.is_ascii_lowercase()), "English left in {zh:?} (English: {en:?})");
}

fn numbered(lang: Lang) -> impl Fn(Seat) -> String {
    move |s| seat_number(s, lang)
}

fn both(err: &RuleError) -> (String, String) {
    (rule_error(err, &numbered(Lang::En), Lang::En), rule_error(err, &numbered(Lang::Zh), Lang::Zh))
}

/// One index per variant; no wildcard, so a new variant fails to compile here until it is covered.
fn rule_kind(e: &RuleError) -> usize {
    match e {
        RuleError::NoSuchSeat { .. } => 0,
        RuleError::WrongPhase { .. } => 1,
        RuleError::NotYourTurn { .. } => 2,
        RuleError::DeckEmpty => 3,
        RuleError::DeckNotEmpty => 4,
        RuleError::BadBid(_) => 5,
        RuleError::NotInHand { .. } => 6,
        RuleError::BuryCount { .. } => 7,
        RuleError::AlreadyDone(_) => 8,
        RuleError::NotLandlord { .. } => 9,
        RuleError::NoFriendsInTractor => 10,
        RuleError::FriendCount { .. } => 11,
        RuleError::BadFriend(_) => 12,
        RuleError::Lead(_) => 13,
        RuleError::Illegal(_) => 14,
        RuleError::NoTakeBack(_) => 15,
        RuleError::Internal(_) => 16,
        RuleError::BadSeed(_) => 17,
        RuleError::DuplicateFriend { .. } => 18,
        RuleError::NotALead => 19,
    }
}
const RULE_KINDS: usize = 20;

fn illegal_kind(e: &IllegalPlay) -> usize {
    match e {
        IllegalPlay::WrongCount { .. } => 0,
        IllegalPlay::NotInHand { .. } => 1,
        IllegalPlay::TooManyCopies { .. } => 2,
        IllegalPlay::MustPlayAllOfSuit { .. } => 3,
        IllegalPlay::MustFollowSuit { .. } => 4,
        IllegalPlay::MustMatch { .. } => 5,
    }
}

fn lead_kind(e: &LeadError) -> usize {
    match e {
        LeadError::Empty => 0,
        LeadError::MixedSuits { .. } => 1,
        LeadError::TooManyCopies { .. } => 2,
        LeadError::NotAParse { .. } => 3,
    }
}

fn bot_kind(r: &BotReason) -> usize {
    match r {
        BotReason::NoRulesYet => 0,
        BotReason::DealNextHand => 1,
        BotReason::NoBidPossible => 2,
        BotReason::RandomBid => 3,
        BotReason::NoBid => 4,
        BotReason::PartnerHoldsBid => 5,
        BotReason::IHoldBid => 6,
        BotReason::TooEarlyToJudge => 7,
        BotReason::TrumpShare(_) => 8,
        BotReason::TrumpsTooWeak => 9,
        BotReason::RandomBury => 10,
        BotReason::Bury { .. } => 11,
        BotReason::CallFriends(_) => 12,
        BotReason::NoTrick => 13,
        BotReason::CannotReadLead => 14,
        BotReason::RandomPair => 15,
        BotReason::RandomCard => 16,
        BotReason::SureWinner { .. } => 17,
        BotReason::SafeThrow(_) => 18,
        BotReason::LeadLow(_) => 19,
        BotReason::OnlyPlayFound => 20,
        BotReason::RandomLegalPlay => 21,
        BotReason::PartnerWinning { .. } => 22,
        BotReason::Ruff { .. } => 23,
        BotReason::TakeCheaply => 24,
        BotReason::CannotWin => 25,
        BotReason::Searched { .. } => 26,
        BotReason::RandomTakeBackBid => 27,
        BotReason::Bomb { .. } => 28,
        BotReason::SearchedBury { .. } => 29,
        BotReason::SearchedCall { .. } => 30,
        BotReason::SearchedBid { .. } => 31,
        BotReason::SearchedSteal { .. } => 32,
    }
}
const BOT_KINDS: usize = 33;

fn illegal_examples() -> Vec<IllegalPlay> {
    let ah = Card::new(Rank::Ace, Suit::Hearts);
    vec![
        IllegalPlay::WrongCount { expected: 2, got: 3 },
        IllegalPlay::NotInHand { card: ah, held: 1, played: 2 },
        IllegalPlay::TooManyCopies { card: Card::BigJoker, count: 3, decks: 2 },
        IllegalPlay::MustPlayAllOfSuit { suit: EffectiveSuit::Hearts, held: cards("5H 9H") },
        IllegalPlay::MustFollowSuit { suit: EffectiveSuit::Trump, needed: 2, held: 4 },
        IllegalPlay::MustMatch { suit: EffectiveSuit::Clubs, format: f("{[2, 2]}"), example: cards("7C 7C 8C 8C") },
    ]
}

fn lead_examples() -> Vec<LeadError> {
    vec![
        LeadError::Empty,
        LeadError::MixedSuits {
            first: Card::new(Rank::Five, Suit::Spades),
            first_suit: EffectiveSuit::Spades,
            other: Card::SmallJoker,
            other_suit: EffectiveSuit::Trump,
        },
        LeadError::TooManyCopies { card: Card::new(Rank::Ten, Suit::Diamonds), count: 3, decks: 2 },
        LeadError::NotAParse { format: f("{[2, 2]}"), parses: vec![f("{[2], [2]}"), f("{[2], [1], [1]}")] },
    ]
}

fn rule_examples() -> Vec<RuleError> {
    let mut v = vec![
        RuleError::NoSuchSeat { seat: 7, players: 4 },
        RuleError::WrongPhase { action: Move::Play, phase: PhaseName::Draw },
        RuleError::NotYourTurn { seat: 0, to_act: vec![1, 2] },
        RuleError::NotYourTurn { seat: 3, to_act: vec![] },
        RuleError::DeckEmpty,
        RuleError::DeckNotEmpty,
        RuleError::BadBid(BidProblem::NoCards),
        RuleError::BadBid(BidProblem::NotTrumpRank { rank: Rank::Two, card: Card::SmallJoker }),
        RuleError::BadBid(BidProblem::JokerBidsOff),
        RuleError::BadBid(BidProblem::TooFewJokers { card: Card::BigJoker, needs: 3 }),
        RuleError::BadBid(BidProblem::TakeBackOff),
        RuleError::BadBid(BidProblem::NoBidToTakeBack),
        RuleError::BadBid(BidProblem::TookBackBefore),
        RuleError::BadBid(BidProblem::HoldTopBid),
        RuleError::BadBid(BidProblem::ReinforceWith { card: Card::BigJoker }),
        RuleError::BadBid(BidProblem::TooWeak { count: 2, card: Card::new(Rank::Two, Suit::Hearts), overcall: Overcall::JokerOrMore }),
        RuleError::BadBid(BidProblem::TooWeak { count: 2, card: Card::new(Rank::Two, Suit::Hearts), overcall: Overcall::JokerOrHigherSuit }),
        RuleError::BadBid(BidProblem::TooWeak { count: 2, card: Card::new(Rank::Two, Suit::Hearts), overcall: Overcall::MoreOnly }),
        RuleError::NotInHand { card: Card::BigJoker, held: 1, wanted: 2 },
        RuleError::BuryCount { expected: 8, got: 7 },
        RuleError::AlreadyDone(Done::Buried),
        RuleError::AlreadyDone(Done::CalledFriends),
        RuleError::NotLandlord { seat: 1, landlord: 0 },
        RuleError::NoFriendsInTractor,
        RuleError::FriendCount { expected: 2, got: 1 },
        RuleError::BadFriend(FriendProblem::TrumpCard { card: Card::BigJoker }),
        RuleError::BadFriend(FriendProblem::HighestCard { card: Card::new(Rank::Ace, Suit::Hearts) }),
        RuleError::BadFriend(FriendProblem::PointCard { card: Card::new(Rank::Ten, Suit::Hearts) }),
        RuleError::BadFriend(FriendProblem::CopyNumber { card: Card::new(Rank::Ace, Suit::Hearts), decks: 2 }),
        RuleError::DuplicateFriend { card: Card::new(Rank::Ace, Suit::Hearts), nth: 2 },
        RuleError::NoTakeBack(TakeBackProblem::Nothing),
        RuleError::NoTakeBack(TakeBackProblem::Off),
        RuleError::NoTakeBack(TakeBackProblem::NotInPlay),
        RuleError::NoTakeBack(TakeBackProblem::NotLast),
        RuleError::NoTakeBack(TakeBackProblem::AfterThrow),
        RuleError::BadSeed(SeedError::Empty),
        RuleError::BadSeed(SeedError::TooLong { len: 70 }),
        RuleError::BadSeed(SeedError::BadChar { ch: '!', position: 3 }),
        RuleError::NotALead,
    ];
    v.extend(lead_examples().into_iter().map(RuleError::Lead));
    v.extend(illegal_examples().into_iter().map(RuleError::Illegal));
    v
}

fn bot_examples() -> Vec<BotReason> {
    let kh = Card::new(Rank::King, Suit::Hearts);
    vec![
        BotReason::NoRulesYet,
        BotReason::DealNextHand,
        BotReason::NoBidPossible,
        BotReason::RandomBid,
        BotReason::RandomTakeBackBid,
        BotReason::NoBid,
        BotReason::PartnerHoldsBid,
        BotReason::IHoldBid,
        BotReason::TooEarlyToJudge,
        BotReason::TrumpShare(0.42),
        BotReason::TrumpsTooWeak,
        BotReason::RandomBury,
        BotReason::Bury { voided: vec![] },
        BotReason::Bury { voided: vec![EffectiveSuit::Clubs, EffectiveSuit::Diamonds] },
        BotReason::SearchedBury { buries: 5, deals: 24, win_percent: 61 },
        BotReason::SearchedCall { calls: 6, deals: 20, win_percent: 47 },
        BotReason::SearchedBid { bid: Some((Card::new(Rank::Two, Suit::Hearts), 2)), options: 4, deals: 20, win_percent: 55 },
        BotReason::SearchedBid { bid: None, options: 3, deals: 26, win_percent: 40 },
        BotReason::SearchedSteal { bid: Some((Card::BigJoker, 2)), options: 3, deals: 26, win_percent: 62 },
        BotReason::SearchedSteal { bid: None, options: 2, deals: 40, win_percent: 38 },
        BotReason::CallFriends(vec![Friend { card: Card::new(Rank::Ace, Suit::Spades), nth: 1 }, Friend { card: kh, nth: 1 }]),
        BotReason::CallFriends(vec![Friend { card: kh, nth: 1 }, Friend { card: kh, nth: 2 }]),
        BotReason::NoTrick,
        BotReason::CannotReadLead,
        BotReason::RandomPair,
        BotReason::RandomCard,
        BotReason::SureWinner { cards: vec![Card::BigJoker, Card::BigJoker], suit: EffectiveSuit::Trump },
        BotReason::SafeThrow(EffectiveSuit::Hearts),
        BotReason::LeadLow(EffectiveSuit::Spades),
        BotReason::OnlyPlayFound,
        BotReason::RandomLegalPlay,
        BotReason::PartnerWinning { gives_points: true },
        BotReason::PartnerWinning { gives_points: false },
        BotReason::Ruff { points: 25 },
        BotReason::Bomb { points: 30 },
        BotReason::TakeCheaply,
        BotReason::CannotWin,
        BotReason::Searched { plays: 6, deals: 12, win_percent: 58 },
    ]
}

#[test]
fn every_rule_error_variant_in_both_languages() {
    let examples = rule_examples();
    let mut seen = [false; RULE_KINDS];
    for e in &examples {
        seen[rule_kind(e)] = true;
        let (en, zh) = both(e);
        assert!(!en.is_empty());
        assert_chinese(&zh, &en);
    }
    // Internal errors keep the engine's detail (for a bug report) behind a Chinese lead-in.
    let internal = RuleError::Internal("trick without lead".into());
    seen[rule_kind(&internal)] = true;
    let (en, zh) = both(&internal);
    assert!(zh.starts_with("规则引擎内部错误") && zh.contains("trick without lead") && en != zh);
    assert!(seen.iter().all(|&s| s), "a RuleError variant has no example: {seen:?}");
}

#[test]
fn every_illegal_play_lead_error_and_bot_reason_in_both_languages() {
    let mut seen = [false; 6];
    for e in illegal_examples() {
        seen[illegal_kind(&e)] = true;
        assert_chinese(&illegal_play(&e, Lang::Zh), &illegal_play(&e, Lang::En));
    }
    assert!(seen.iter().all(|&s| s));
    let mut seen = [false; 4];
    for e in lead_examples() {
        seen[lead_kind(&e)] = true;
        assert_chinese(&lead_error(&e, Lang::Zh), &lead_error(&e, Lang::En));
    }
    assert!(seen.iter().all(|&s| s));
    let mut seen = [false; BOT_KINDS];
    for r in bot_examples() {
        seen[bot_kind(&r)] = true;
        let en = bot_reason(&r, Lang::En);
        assert!(!en.is_empty());
        assert_chinese(&bot_reason(&r, Lang::Zh), &en);
    }
    assert!(seen.iter().all(|&s| s), "a BotReason variant has no example: {seen:?}");
}

#[test]
fn seats_are_named_from_one_or_by_the_screens_labeller() {
    let e = RuleError::NotYourTurn { seat: 0, to_act: vec![1, 3] };
    let (en, zh) = both(&e);
    assert_eq!(en, "seat 1 must wait: the table is waiting for seat 2 or seat 4");
    assert_eq!(zh, "还没轮到1号位：正在等2号位或4号位");
    let screen = |s: Seat| if s == 0 { "You".to_string() } else { format!("Bot {}", s + 1) };
    let e = RuleError::NotLandlord { seat: 0, landlord: 2 };
    assert_eq!(rule_error(&e, &screen, Lang::En), "only the landlord (Bot 3) may do this, not You");
    let e = RuleError::NoSuchSeat { seat: 4, players: 4 };
    assert_eq!(both(&e).0, "there is no seat 5 at a table of 4 (seats are 1 to 4)");
}

#[test]
fn english_uses_card_labels_and_plain_formats() {
    let e = RuleError::Illegal(IllegalPlay::MustMatch {
        suit: EffectiveSuit::Clubs,
        format: f("{[2, 2]}"),
        example: cards("7C 7C 8C 8C"),
    });
    assert_eq!(both(&e).0, "this play is not legal: you hold 7♣ 7♣ 8♣ 8♣, so you must play two pairs in a row of clubs");
    let r = BotReason::SureWinner { cards: cards("10H 10H"), suit: EffectiveSuit::Hearts };
    assert_eq!(bot_reason(&r, Lang::En), "nobody can beat 10♥ 10♥ in hearts");
    assert_eq!(bot_reason(&r, Lang::Zh), "红桃里没人大得过10♥ 10♥");
    // Reasons that name no card keep the bot's own words.
    assert_eq!(bot_reason(&BotReason::CannotWin, Lang::En), BotReason::CannotWin.to_string());
}

#[test]
fn a_real_illegal_follow_names_suit_and_cards_in_chinese() {
    let rules = Rules::new("2S".parse().unwrap(), 2).unwrap();
    let lead = Lead::parse(&rules, &cards("5H 5H")).unwrap();
    let hand = cards("7H 7H 9H 3C");
    let err = check_play(&rules, &lead, &hand, &cards("9H 7H")).unwrap_err();
    let zh = illegal_play(&err, Lang::Zh);
    assert!(zh.contains("红桃") && zh.contains("7♥"), "{zh}");
    assert_chinese(&zh, &illegal_play(&err, Lang::En));
}

/// Draws until seats 0 and 1 both hold a trump-rank card (rank 2), returning those cards.
fn draw_until_both_can_bid(g: &mut Game) -> (Card, Card) {
    let two = |g: &Game, s: Seat| g.hand(s).into_iter().find(|c| c.rank() == Some(Rank::Two));
    loop {
        if let (Some(a), Some(b)) = (two(g, 0), two(g, 1)) {
            return (a, b);
        }
        let seat = g.to_act()[0];
        g.apply(seat, &Action::Draw).unwrap();
    }
}

#[test]
fn every_bid_refusal_of_the_engine_reads_in_chinese() {
    let mut errors = Vec::new();
    for reinforce in [true, false] {
        let settings = Settings { reinforce, ..Settings::default() };
        let mut g = Game::new(settings, TableSeed::parse("bids").unwrap()).unwrap();
        errors.push(g.check_bid(0, Card::new(Rank::Five, Suit::Spades), 1).unwrap_err());
        errors.push(g.check_bid(0, Card::BigJoker, 1).unwrap_err());
        errors.push(g.check_bid(0, Card::new(Rank::Two, Suit::Spades), 0).unwrap_err());
        let (mine, theirs) = draw_until_both_can_bid(&mut g);
        g.apply(0, &Action::Bid(mine, 1)).unwrap();
        // Reinforcing with a different card (or refused outright), and a bid that does not beat the top.
        errors.push(g.check_bid(0, mine, 1).unwrap_err());
        errors.push(g.check_bid(1, theirs, 1).unwrap_err());
    }
    let texts: std::collections::HashSet<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(texts.len(), 6, "expected each of the six bid refusals: {texts:?}");
    for e in &errors {
        assert!(matches!(e, RuleError::BadBid(_)), "{e}");
        let (en, zh) = both(e);
        assert_chinese(&zh, &en);
    }
}

#[test]
fn phase_take_back_and_friend_refusals_of_the_engine_read_in_chinese() {
    let mut errors = Vec::new();
    // Friends mode, six players: bots play up to the exchange.
    let settings = Settings { players: 6, mode: Mode::Friends, ..Settings::default() };
    let seed = TableSeed::parse("friends").unwrap();
    let mut g = Game::new(settings, seed.clone()).unwrap();
    for a in [Action::Bury(vec![]), Action::DeclareFriends(vec![]), Action::Play(vec![]), Action::NextHand, Action::TakeBack] {
        errors.push(g.apply(0, &a).unwrap_err());
    }
    let mut bots = bots_for(&seed, 6, &[Difficulty::Heuristic]);
    while g.phase() == PhaseName::Draw {
        let s = g.to_act()[0];
        let (a, _) = bots[s].suggest_explained(&g.view(s));
        g.apply(s, &a).unwrap();
    }
    let landlord = g.current_landlord().unwrap();
    let ace = Card::new(Rank::Ace, Suit::Spades);
    errors.push(g.check_friends(landlord, &[Friend { card: ace, nth: 0 }, Friend { card: ace, nth: 1 }]).unwrap_err());
    errors.push(g.check_friends(landlord, &[Friend { card: Card::BigJoker, nth: 1 }, Friend { card: ace, nth: 1 }]).unwrap_err());
    errors.push(g.apply(landlord, &Action::Draw).unwrap_err());
    errors.push(g.apply(landlord, &Action::Pass).unwrap_err());
    errors.push(g.apply((landlord + 1) % 6, &Action::Bury(vec![])).unwrap_err());
    // Play on to the first follow, then ask the leader to take back after someone followed.
    while g.phase() != PhaseName::Play || g.view(0).trick.as_ref().is_none_or(|t| t.plays.len() < 2) {
        let s = g.to_act()[0];
        let (a, _) = bots[s].suggest_explained(&g.view(s));
        g.apply(s, &a).unwrap();
    }
    let leader = g.view(0).trick.unwrap().leader;
    errors.push(g.apply(leader, &Action::TakeBack).unwrap_err());
    errors.push(g.apply(0, &Action::Bid(Card::new(Rank::Two, Suit::Hearts), 1)).unwrap_err());
    let off = Settings { take_back: false, ..Settings::default() };
    let mut g = Game::new(off, seed).unwrap();
    errors.push(g.apply(0, &Action::TakeBack).unwrap_err());

    let kinds: std::collections::HashSet<usize> = errors.iter().map(rule_kind).collect();
    for k in [1, 9, 12, 15] {
        assert!(kinds.contains(&k), "no error of kind {k} in {errors:?}");
    }
    for e in &errors {
        let (en, zh) = both(e);
        assert_chinese(&zh, &en);
    }
}

#[test]
fn reasons_of_real_bot_games_read_in_chinese() {
    let mut kinds = std::collections::HashSet::new();
    for (players, mode, seed) in [(4, Mode::Tractor, "why1"), (6, Mode::Friends, "why2")] {
        let settings = Settings { players, mode, ..Settings::default() };
        let seed = TableSeed::parse(seed).unwrap();
        let mut g = Game::new(settings, seed.clone()).unwrap();
        let mut bots = bots_for(&seed, players as usize, &[Difficulty::Heuristic]);
        while g.phase() != PhaseName::Finished {
            let s = g.to_act()[0];
            let view = g.view(s);
            let (a, why) = bots[s].suggest_explained(&view);
            kinds.insert(bot_kind(&why));
            assert_chinese(&bot_reason(&why, Lang::Zh), &bot_reason(&why, Lang::En));
            g.apply(s, &a).unwrap();
        }
    }
    // A full hand exercises the draw, the bury, friend calls, leads and follows.
    assert!(kinds.len() >= 8, "only {} kinds of reason: {kinds:?}", kinds.len());
}

#[test]
fn suggest_is_the_english_of_suggest_explained() {
    let seed = TableSeed::parse("same").unwrap();
    let mut g = Game::new(Settings::default(), seed.clone()).unwrap();
    let mut a = bots_for(&seed, 4, &[Difficulty::Heuristic]);
    let mut b = bots_for(&seed, 4, &[Difficulty::Heuristic]);
    for _ in 0..300 {
        if g.phase() == PhaseName::Finished {
            break;
        }
        let s = g.to_act()[0];
        let v = g.view(s);
        let (act, text) = a[s].suggest(&v);
        let (act2, why) = b[s].suggest_explained(&v);
        assert_eq!((act.clone(), text), (act2, why.to_string()));
        g.apply(s, &act).unwrap();
    }
}
