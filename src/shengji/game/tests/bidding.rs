//! The house rules for bidding, on fixed hands: which bid overcalls, what a joker bid
//! needs, taking a bid back, the first landlord, and trump from the kitty. Each test
//! shows the rule changing the hand's trump or landlord.

use super::*;
use crate::cards::parse_cards;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s, None).unwrap()
}

/// A first hand with every card drawn and these hands in the seats (the deal's own
/// cards replaced: only bids are made, so nothing else needs them).
fn drawn(bidding: BidRules, decks: u8, hands: [&str; 4]) -> Game {
    let settings = Settings { decks: Some(decks), bidding, ..Settings::default() };
    let mut g = Game::new(settings, seed("bidding")).unwrap();
    draw_all(&mut g);
    let Phase::Draw(d) = &mut g.phase else { panic!("still drawing") };
    for (seat, hand) in hands.iter().enumerate() {
        d.hands[seat] = cards(hand);
    }
    g
}

/// Everyone passes until the draw ends.
fn pass_out(g: &mut Game) {
    while g.phase() == PhaseName::Draw {
        let s = g.to_act()[0];
        g.apply(s, &Action::Pass).unwrap();
    }
}

const HANDS: [&str; 4] = ["2H 2H 3C", "2S 2S 4C", "SJ SJ 5C", "BJ 6C 7C"];

fn h2() -> Card {
    Card::new(Rank::Two, Suit::Hearts)
}

fn s2() -> Card {
    Card::new(Rank::Two, Suit::Spades)
}

#[test]
fn a_higher_suit_overcalls_only_where_the_table_says() {
    // Classic: a pair of spades does not overcall a pair of hearts; a pair of jokers does.
    let mut g = drawn(BidRules::default(), 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    let before = format!("{:?}", g.phase);
    let e = g.apply(1, &Action::Bid(s2(), 2)).unwrap_err();
    assert_eq!(e, RuleError::BadBid(BidProblem::TooWeak { count: 2, card: h2(), overcall: Overcall::JokerOrMore }));
    assert_eq!(before, format!("{:?}", g.phase), "a refused bid changes nothing");
    pass_out(&mut g);
    assert_eq!((g.current_landlord(), g.trump()), (Some(0), Some(Trump::Standard { rank: Rank::Two, suit: Suit::Hearts })));

    // A higher suit overcalls: seat 2's spades take trump and the first hand's seat.
    let suit = BidRules { overcall: Overcall::JokerOrHigherSuit, ..BidRules::default() };
    let mut g = drawn(suit, 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    g.apply(1, &Action::Bid(s2(), 2)).unwrap();
    // …but hearts do not come back over spades.
    assert!(g.check_bid(0, h2(), 2).is_err());
    pass_out(&mut g);
    assert_eq!((g.current_landlord(), g.trump()), (Some(1), Some(Trump::Standard { rank: Rank::Two, suit: Suit::Spades })));

    // Only more cards: the jokers' pair no longer overcalls.
    let more = BidRules { overcall: Overcall::MoreOnly, ..BidRules::default() };
    let mut g = drawn(more, 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    assert!(matches!(g.apply(2, &Action::Bid(Card::SmallJoker, 2)), Err(RuleError::BadBid(BidProblem::TooWeak { .. }))));
    assert!(g.valid_bids(2).is_empty(), "no bid of seat 2's overcalls a pair");
}

#[test]
fn joker_bids_need_the_tables_count() {
    // Off: no no-trump bid at all.
    let off = BidRules { joker_bids: JokerBids::Off, ..BidRules::default() };
    let g = drawn(off, 2, HANDS);
    assert_eq!(g.check_bid(2, Card::SmallJoker, 2), Err(RuleError::BadBid(BidProblem::JokerBidsOff)));
    assert!(g.valid_bids(2).is_empty());

    // Every copy, at three decks: a pair is short, three small jokers bid.
    let hands = ["2H 2H 3C", "BJ BJ 4C", "SJ SJ SJ 5C", "6C 7C 8C"];
    let all = BidRules { joker_bids: JokerBids::AllCopies, ..BidRules::default() };
    let g = drawn(all, 3, hands);
    assert_eq!(g.check_bid(1, Card::BigJoker, 2), Err(RuleError::BadBid(BidProblem::TooFewJokers { card: Card::BigJoker, needs: 3 })));
    assert_eq!(g.valid_bids(2), vec![(Card::SmallJoker, 3)]);

    // One big joker fewer: two big jokers bid, and overcall three small ones.
    let fewer = BidRules { joker_bids: JokerBids::FewerBig, ..BidRules::default() };
    let mut g = drawn(fewer, 3, hands);
    g.apply(2, &Action::Bid(Card::SmallJoker, 3)).unwrap();
    g.apply(1, &Action::Bid(Card::BigJoker, 2)).unwrap();
    pass_out(&mut g);
    assert_eq!((g.current_landlord(), g.trump()), (Some(1), Some(Trump::NoTrump { rank: Some(Rank::Two) })));
}

#[test]
fn a_bid_taken_back_leaves_the_one_before_it() {
    // Off by default: refused, nothing changes.
    let mut g = drawn(BidRules::default(), 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    assert_eq!(g.apply(0, &Action::TakeBackBid), Err(RuleError::BadBid(BidProblem::TakeBackOff)));
    assert!(!g.view(0).can_take_back_bid);

    let on = BidRules { take_back: true, ..BidRules::default() };
    let mut g = drawn(on, 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    g.apply(2, &Action::Bid(Card::SmallJoker, 2)).unwrap();
    assert_eq!(g.apply(0, &Action::TakeBackBid), Err(RuleError::BadBid(BidProblem::NoBidToTakeBack)), "only the top bid");
    g.apply(1, &Action::Pass).unwrap();
    g.apply(3, &Action::Pass).unwrap();
    assert!(g.view(2).can_take_back_bid && !g.view(1).can_take_back_bid);
    // Seat 2 changes its mind: hearts are the top bid again and everyone speaks again.
    assert_eq!(g.apply(2, &Action::TakeBackBid).unwrap(), vec![Event::BidTakenBack { seat: 2 }]);
    assert_eq!(g.top_bid(), Some(Bid { seat: 0, card: h2(), count: 2 }));
    assert_eq!(g.to_act(), vec![0, 1, 2, 3]);
    // Once a hand: the same jokers again cannot be taken back a second time.
    g.apply(2, &Action::Bid(Card::SmallJoker, 2)).unwrap();
    assert_eq!(g.apply(2, &Action::TakeBackBid), Err(RuleError::BadBid(BidProblem::TookBackBefore)));

    // Taken back for good: the hand is played in hearts, and the record replays it.
    let mut g = drawn(on, 2, HANDS);
    g.apply(0, &Action::Bid(h2(), 2)).unwrap();
    g.apply(2, &Action::Bid(Card::SmallJoker, 2)).unwrap();
    g.apply(2, &Action::TakeBackBid).unwrap();
    pass_out(&mut g);
    assert_eq!((g.current_landlord(), g.trump()), (Some(0), Some(Trump::Standard { rank: Rank::Two, suit: Suit::Hearts })));
    assert!(g.actions().contains(&(2, Action::TakeBackBid)));
}

#[test]
fn the_first_bid_can_make_the_first_landlord() {
    let play = |rules: BidRules| {
        let mut g = drawn(rules, 2, HANDS);
        g.apply(0, &Action::Bid(h2(), 2)).unwrap();
        g.apply(2, &Action::Bid(Card::SmallJoker, 2)).unwrap();
        pass_out(&mut g);
        (g.current_landlord(), g.trump())
    };
    let no_trump = Some(Trump::NoTrump { rank: Some(Rank::Two) });
    assert_eq!(play(BidRules::default()), (Some(2), no_trump));
    // Seat 0 bid first: it is landlord, and the winning bid still names trump.
    assert_eq!(play(BidRules { first_landlord: FirstLandlord::FirstBid, ..BidRules::default() }), (Some(0), no_trump));
}

#[test]
fn the_kitty_names_trump_by_its_first_card_where_the_table_says() {
    let kitty = cards("KC 3D 2H 4S 5S 6S 7S 8S");
    let turned = |rules: BidRules| {
        let mut g = drawn(rules, 2, ["3C", "4C", "5C", "6C"]);
        let Phase::Draw(d) = &mut g.phase else { panic!() };
        d.kitty = kitty.clone();
        pass_out(&mut g);
        (g.trump(), g.view(1).revealed_kitty)
    };
    let (classic, shown) = turned(BidRules::default());
    assert_eq!(classic, Some(Trump::Standard { rank: Rank::Two, suit: Suit::Hearts }), "its 2♥ names hearts");
    assert_eq!(shown, Some(kitty.clone()));
    let (first, _) = turned(BidRules { no_bid: NoBidTrump::FirstCard, ..BidRules::default() });
    assert_eq!(first, Some(Trump::Standard { rank: Rank::Two, suit: Suit::Clubs }), "its first card, K♣, names clubs");
}

#[test]
fn a_taken_back_bid_survives_the_replay_code() {
    use crate::table::codec::Codec;
    let mut b = Vec::new();
    Game::write_move(3, &Action::TakeBackBid, &mut b);
    let mut r = crate::codec::Reader::new(&b);
    assert_eq!(Game::read_move(&mut r, 4), Ok((3, Action::TakeBackBid)));
}
