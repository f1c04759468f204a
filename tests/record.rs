//! Tests of `record`: share links, duplicate results, replay codes and saves.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use tuolaji::cards::{Card, Rank};
use tuolaji::dup::TableSeed;
use tuolaji::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use tuolaji::shengji::game::codec::normalize;
use tuolaji::record::duplicate::{fingerprint, Merge, MAX_RESULTS_PER_SEED};
use tuolaji::record::replay_code::{decode_with_limits, record_to_bytes, CODE_FORMAT, MAX_PAYLOAD_BYTES};
use tuolaji::ui_model::shengji::{decode_record, decode_unchecked, encode_record, Replay, ShareLink};
use tuolaji::record::save::{SaveError, UiState};
use tuolaji::table::StreamAt;
use tuolaji::record::*;
use tuolaji::shengji::bot::Difficulty;
use tuolaji::shengji::format::TractorRules;
use tuolaji::shengji::game::sim::Simulation;
use tuolaji::shengji::game::*;
use tuolaji::shengji::game::levels::STEPS_PER_DECK;
use tuolaji::shengji::rules::{DrawPolicy, ThrowEvaluation};

/// Bots play one hand to its end (or `limit` actions) and return the game.
fn bot_game(seed: &str, settings: Settings, limit: Option<usize>) -> Game {
    let mut sim = Simulation::new(settings, TableSeed::parse(seed).unwrap(), &[Difficulty::Heuristic]).unwrap();
    let mut n = 0;
    while sim.game.phase() != PhaseName::Finished && limit.is_none_or(|l| n < l) {
        sim.step().unwrap();
        n += 1;
    }
    sim.game
}

fn six_by_three() -> Settings {
    Settings { players: 6, decks: Some(3), ..Settings::default() }
}

// ---------- codec ----------

#[test]
fn base64url_known_vectors() {
    // RFC 4648 test vectors, without padding.
    for (plain, code) in [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")] {
        assert_eq!(base64url_encode(plain.as_bytes()), code);
        assert_eq!(base64url_decode(code).unwrap(), plain.as_bytes());
    }
    assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    assert_eq!(base64url_decode("Zm9v!"), Err(5));
    assert_eq!(base64url_decode("Z"), Err(0));
    assert_eq!(base64url_decode("Zh"), Err(0), "non-zero padding bits are not canonical");
}

// ---------- links ----------

#[test]
fn a_link_with_only_a_seed_means_the_defaults() {
    let link = ShareLink::parse_hash("#/play/shengji?seed=K7QX2M").unwrap();
    assert_eq!(link.seed, "k7qx2m");
    assert_eq!(link.settings, Settings::default());
    assert_eq!(link.seat, 0);
    let r = link.settings.validate().unwrap();
    assert_eq!((r.players, r.decks, r.mode), (4, 2, Mode::Tractor));
    let made = ShareLink::new(&TableSeed::parse("k7qx2m").unwrap(), &Settings::default(), 0);
    assert_eq!(made.to_hash(), "#/play/shengji?seed=k7qx2m");
}

#[test]
fn links_write_only_non_default_settings_and_a_one_based_seat() {
    let s = Settings { players: 6, decks: Some(3), mode: Mode::Friends, take_back: false, ..Settings::default() };
    let link = ShareLink::new(&TableSeed::parse("abc").unwrap(), &s, 2);
    assert_eq!(link.to_hash(), "#/play/shengji?seed=abc&p=6&m=friends&tb=0&seat=3");
    let s = Settings { players: 4, decks: Some(2), kitty: Some(8), ..Settings::default() };
    assert_eq!(ShareLink::new(&TableSeed::parse("abc").unwrap(), &s, 0).to_hash(), "#/play/shengji?seed=abc");
}

#[test]
fn a_parsed_link_deals_the_same_cards_to_the_same_seats() {
    let settings = Settings { players: 6, decks: Some(3), mode: Mode::Friends, friends: Some(2), ..Settings::default() };
    let original = bot_game("samedeal", settings, Some(200));
    let link = ShareLink::parse_hash(&ShareLink::from_game(&original, 4).to_hash()).unwrap();
    assert_eq!(link.seat, 4);
    let again = GameRecord { settings: link.settings.clone(), seed: link.seed.clone(), actions: original.record().actions };
    let rebuilt = replay(&again).unwrap();
    for seat in 0..6 {
        assert_eq!(rebuilt.hand(seat), original.hand(seat));
    }
}

fn settings_strategy() -> impl Strategy<Value = (Settings, usize)> {
    (
        4u8..=10,
        prop::option::of(1u8..=8),
        prop::option::of(5u8..=12),
        any::<bool>(),
        prop::option::of(1u8..=8),
        0usize..5,
        (2u8..=4, 2u8..=3),
        0usize..3,
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        0usize..13,
        0usize..10,
        // The house rules for levels: step, takeover, dead zone, bonus, 打J, defended ranks, final
        // rank; and for bidding: overcall, joker bids, taking back, first landlord, trump from the kitty.
        (
            (0usize..6, 1u8..=4, 0u8..=3),
            (any::<bool>(), any::<bool>()),
            prop::collection::vec(0usize..13, 0..4),
            0usize..13,
            (0usize..3, 0usize..4, any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
            // What is shown: the landlord's points, past tricks, the kitty, the throw's stopper.
            (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
            // Bombs: off, any suit, follow suit.
            0usize..3,
        ),
    )
        .prop_map(|(players, decks, kitty, friends_mode, friends, dp, (t, l), te, (tp, km, rb, ft, tb), sl, seat, lv)| {
            let ((ps, ts, dz), (sb, bj), dr, fr, (bo, jb, bt, fb, nb, sk), (lp, pt, ke, st), bm) = lv;
            let starting_level = Rank::from_index(sl).unwrap();
            let s = Settings {
                players,
                decks,
                kitty,
                mode: if friends_mode { Mode::Friends } else { Mode::Tractor },
                friends,
                draw_policy: DrawPolicy::ALL[dp],
                tractor: TractorRules { min_tuple: t, min_length: l },
                throw_evaluation: ThrowEvaluation::ALL[te],
                throw_penalty: if tp { ThrowPenaltySetting::TenPerThrow } else { ThrowPenaltySetting::None },
                kitty_multiplier: if km { KittyMultiplier::PowerOfTwo } else { KittyMultiplier::TwiceLargestUnit },
                reinforce: rb,
                friend_trump_allowed: ft,
                starting_level,
                take_back: tb,
                friend_limits: FriendLimits { no_highest: sb && bj, no_points: dr.len() == 1, join_once: ps % 2 == 1 },
                levels: LevelRules {
                    step_per_deck: STEPS_PER_DECK[ps],
                    takeover_steps: ts,
                    dead_zone: dz,
                    short_handed_bonus: sb,
                    defended: RankSet::of(&dr.iter().map(|&i| Rank::from_index(i).unwrap()).collect::<Vec<_>>()),
                    final_rank: Rank::from_index(fr).unwrap().max(starting_level),
                    back_to_two: bj,
                },
                bidding: BidRules {
                    overcall: Overcall::ALL[bo],
                    joker_bids: JokerBids::ALL[jb],
                    take_back: bt,
                    first_landlord: if fb { FirstLandlord::FirstBid } else { FirstLandlord::WinningBid },
                    no_bid: if nb { NoBidTrump::FirstCard } else { NoBidTrump::LevelOrHighest },
                    steal: sk,
                },
                shown: Shown { landlord_points: lp, past_tricks: pt, kitty_at_end: ke, throw_stopper: st },
                bombs: tuolaji::shengji::Bombs::ALL[bm],
            };
            (s, seat)
        })
        .prop_filter("valid settings and seat", |(s, seat)| s.validate().map(|r| *seat < r.players).unwrap_or(false))
}

proptest! {
    #![proptest_config(fixed_proptest::config(300))]

    #[test]
    fn links_round_trip((settings, seat) in settings_strategy(), seed in "[a-zA-Z0-9]{1,64}") {
        let link = ShareLink::new(&TableSeed::parse(&seed).unwrap(), &settings, seat);
        let hash = link.to_hash();
        let back = ShareLink::parse_hash(&hash).unwrap();
        prop_assert_eq!(&back, &link);
        // The same table: every resolved value equal.
        let (a, b) = (back.settings.validate().unwrap(), settings.validate().unwrap());
        prop_assert_eq!((a.players, a.decks, a.kitty, a.mode, a.friends), (b.players, b.decks, b.kitty, b.mode, b.friends));
        prop_assert_eq!(fingerprint::<Game>(&back.settings), fingerprint::<Game>(&settings));
        prop_assert_eq!(back.seat, seat);
    }

    #[test]
    fn link_parsing_never_panics(query in "[a-z=&%0-9x.-]{0,60}") {
        let _ = ShareLink::parse_hash(&format!("#/play/shengji?{query}"));
    }

    #[test]
    fn base64url_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let code = base64url_encode(&bytes);
        prop_assert!(code.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        prop_assert_eq!(base64url_decode(&code).unwrap(), bytes);
    }

    #[test]
    fn varints_round_trip(values in proptest::collection::vec(any::<u64>(), 0..20)) {
        let mut out = Vec::new();
        values.iter().for_each(|&v| put_varint(&mut out, v));
        let mut r = Reader::new(&out);
        for &v in &values {
            prop_assert_eq!(r.varint(), Some(v));
        }
        prop_assert!(r.is_empty());
    }
}

#[test]
fn malformed_links_name_the_parameter_and_what_is_allowed() {
    let cases: &[(&str, &str, &str)] = &[
        ("p=4", "seed", "no seed"),
        ("seed=", "seed", "empty"),
        ("seed=ab%20cd", "seed", "position 3"),
        ("seed=abc&seed=abd", "seed", "more than once"),
        ("seed=abc&zz=1", "zz", "unknown parameter"),
        ("seed=abc&p=3", "p", "3 players is not supported (use 4 to 10)"),
        ("seed=abc&p=11", "p", "11 players is not supported (use 4 to 10)"),
        ("seed=abc&p=256", "p", "from 4 to 10"),
        ("seed=abc&p=04", "p", "from 4 to 10"),
        ("seed=abc&p=%2B6", "p", "from 4 to 10"),
        ("seed=abc&p=5", "p", "even number"),
        ("seed=abc&p=five", "p", "from 4 to 10"),
        ("seed=abc&d=0", "d", "decks"),
        ("seed=abc&d=9", "d", "9 decks"),
        ("seed=abc&k=7", "k", "kitty of 7"),
        ("seed=abc&k=0", "k", "at least 1 card"),
        ("seed=abc&d=1&k=50", "k", "too large"),
        ("seed=abc&p=9&d=1&m=friends", "d", "use 2 decks or more"),
        ("seed=abc&m=chess", "m", "tractor or friends"),
        ("seed=abc&f=1", "f", "m=friends"),
        ("seed=abc&m=friends&p=6&f=5", "f", "5 friends"),
        ("seed=abc&dp=strict", "dp", "choose one of"),
        ("seed=abc&tr=3", "tr", "TUPLExLENGTH"),
        ("seed=abc&tr=1x2", "tr", "tractor rules of 1x2 do not work"),
        ("seed=abc&tr=3x2", "tr", "smallest tuple in a tractor is 2 to 2"),
        ("seed=abc&d=4&tr=2x13", "tr", "2 to 12"),
        ("seed=abc&tr=2x", "tr", "TUPLExLENGTH"),
        ("seed=abc&te=best", "te", "every-unit"),
        ("seed=abc&tp=5", "tp", "0 (no penalty) or 10"),
        ("seed=abc&km=triple", "km", "double"),
        ("seed=abc&rb=yes", "rb", "1 (on) or 0 (off)"),
        ("seed=abc&ft=2", "ft", "1 (on) or 0 (off)"),
        ("seed=abc&tb=", "tb", "1 (on) or 0 (off)"),
        ("seed=abc&sl=1", "sl", "rank"),
        ("seed=abc&sl=q", "sl", "rank"),
        ("seed=abc&seat=0", "seat", "from 1 to 4"),
        ("seed=abc&seat=5", "seat", "from 1 to 4"),
        ("seed=abc&p=6&seat=7", "seat", "from 1 to 6"),
        ("seed=abc&v=2", "v", "another version"),
        ("seed=abc&v=01", "v", "plain number"),
        ("seed=abc&v=x", "v", "plain number"),
        ("seed=abc&r=!!", "r", "letters, digits"),
    ];
    for (query, param, says) in cases {
        let Err(e) = ShareLink::parse_hash(&format!("#/play/shengji?{query}")) else { panic!("{query} was accepted") };
        assert_eq!(e.param(), *param, "{query}: {e}");
        let msg = e.to_string();
        assert!(msg.contains(&format!("'{param}'")) || *param == "seed", "{query}: {msg}");
        assert!(msg.contains(says), "{query}: {msg}");
    }
    assert!(ShareLink::parse_hash("#/play/shengji?seed=abc&v=1").is_ok());
    assert!(ShareLink::parse_hash("#/play/mahjong?seed=abc").is_err());
    let long = "x".repeat(5000);
    let msg = ShareLink::parse_hash(&format!("#/play/shengji?seed=abc&{long}=1")).unwrap_err().to_string();
    assert!(msg.len() < 300, "hostile values are shortened: {msg}");
}

// ---------- duplicate results ----------

#[test]
fn a_finished_hand_gives_a_result_that_travels_in_the_link() {
    let game = bot_game("dupl1", Settings::default(), None);
    assert_eq!(DuplicateResult::from_game(&bot_game("dupl1", Settings::default(), Some(30)), 0, None), None);
    let r = DuplicateResult::from_game(&game, 1, Some("  Mei  ")).unwrap();
    let hr = game.result().unwrap();
    assert_eq!(r.attacker_points, hr.attacker_points);
    assert_eq!(r.landlord_side, hr.landlord_team.contains(&1));
    assert_eq!(r.won, r.landlord_side == hr.ladder.landlord_wins);
    assert_eq!(r.name.as_deref(), Some("Mei"));
    let code = r.encode();
    assert!(code.len() < 50, "{code}");
    assert_eq!(DuplicateResult::<Game>::decode(&code).unwrap(), r);

    let link = ShareLink::from_game(&game, 1).with_result(r.clone());
    assert_eq!(link, ShareLink { result: Some(r.clone()), ..ShareLink::new(game.seed(), &Settings::default(), 1) });
    let back = ShareLink::parse_hash(&link.to_hash()).unwrap();
    assert_eq!(back.result.as_ref(), Some(&r));
    // The same result under another seed or other settings is refused.
    let other = format!("#/play/shengji?seed=other&r={code}");
    assert_eq!(ShareLink::parse_hash(&other).unwrap_err().param(), "r");
    let other = format!("#/play/shengji?seed=dupl1&tb=0&r={code}");
    assert!(ShareLink::parse_hash(&other).unwrap_err().to_string().contains("another deal"));
}

fn result(seat: usize, landlord_side: bool, won: bool, levels: u8, points: u32, name: Option<&str>) -> DuplicateResult<Game> {
    DuplicateResult {
        seed: "abc".into(),
        fingerprint: fingerprint::<Game>(&Settings::default()),
        hand: 0,
        seat,
        name: name.map(String::from),
        result: ShengjiResult { landlord_side, attacker_points: points, won, levels },
    }
}

proptest! {
    #![proptest_config(fixed_proptest::config(256))]
    #[test]
    fn results_round_trip(seat in 0usize..10, flags in 0u8..4, levels in 0u8..=13, points in 0u32..2000,
                          hand in any::<u64>(), fp in any::<u32>(), name in prop::option::of("[a-zA-Z0-9 李梅]{1,12}")) {
        let name = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
        let r: DuplicateResult<Game> = DuplicateResult { seed: "k7qx2m".into(), fingerprint: fp, hand, seat, name,
            result: ShengjiResult { landlord_side: flags & 1 == 1, attacker_points: points, won: flags & 2 == 2, levels } };
        prop_assert_eq!(DuplicateResult::<Game>::decode(&r.encode()).unwrap(), r);
    }

    #[test]
    fn result_decoding_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..60)) {
        let _ = DuplicateResult::<Game>::decode(&base64url_encode(&bytes));
    }
}

#[test]
fn bad_result_codes_are_refused_with_reasons() {
    let good = result(0, true, true, 1, 40, None).encode();
    let bytes = base64url_decode(&good).unwrap();
    // Format 2: the format byte, the game's tag, then the derivation.
    let mut v3 = bytes.clone();
    v3[0] = 3;
    assert!(DuplicateResult::<Game>::decode(&base64url_encode(&v3)).unwrap_err().to_string().contains("format 3"));
    let mut other_game = bytes.clone();
    other_game[1] = 1;
    assert_eq!(DuplicateResult::<Game>::decode(&base64url_encode(&other_game)), Err(ResultError::OtherGame(1)));
    let mut d2 = bytes.clone();
    d2[2] = 2;
    assert!(DuplicateResult::<Game>::decode(&base64url_encode(&d2)).unwrap_err().to_string().contains("derivation 2"));
    assert_eq!(DuplicateResult::<Game>::decode(&base64url_encode(&bytes[..bytes.len() - 1])), Err(ResultError::Truncated));
    let mut extra = bytes.clone();
    extra.push(0);
    assert_eq!(DuplicateResult::<Game>::decode(&base64url_encode(&extra)), Err(ResultError::TrailingBytes));
    assert_eq!(DuplicateResult::<Game>::decode(&"A".repeat(300)), Err(ResultError::TooLong(300)));
}

#[test]
fn comparing_results_on_the_same_deal() {
    // Defenders holding with fewer attacker points did better.
    let a = result(0, true, true, 2, 20, Some("a"));
    let b = result(0, true, true, 1, 60, Some("b"));
    let c = compare(&a, &b).unwrap();
    assert_eq!(c.better, 1);
    assert_eq!((a.level_swing() - b.level_swing(), a.side_points() - b.side_points()), (1, 40));
    assert_eq!(compare(&b, &a).unwrap().better, -1);
    // Same levels: points decide, from each side's point of view.
    let att1 = result(1, false, true, 0, 85, None);
    let att2 = result(1, false, true, 0, 95, None);
    assert_eq!(compare(&att2, &att1).unwrap().better, 1);
    assert_eq!(compare(&att1, &att1).unwrap().better, 0);
    // A loss is worse than any win.
    let lost = result(0, true, false, 0, 80, None);
    assert_eq!(compare(&lost, &b).unwrap().better, -1);
    assert!(!compare(&att1, &a).unwrap().same_seat);
    let mut other = a.clone();
    other.hand = 1;
    assert_eq!(compare(&a, &other), Err(ResultError::DifferentDeal));
}

#[test]
fn the_results_collection_merges_without_duplicates() {
    let mut book = SeedResults::<Game>::new("abc");
    let mine = result(0, true, true, 1, 40, None);
    assert_eq!(book.merge(Source::Mine, mine.clone()), Merge::Added);
    // Playing the deal again does not replace the first result.
    assert_eq!(book.merge(Source::Mine, result(0, true, true, 3, 0, None)), Merge::AlreadyKnown);
    let friend = result(0, true, true, 2, 10, Some("Li"));
    assert_eq!(book.merge(Source::Link, friend.clone()), Merge::Added);
    assert_eq!(book.merge(Source::Link, friend.clone()), Merge::AlreadyKnown);
    assert_eq!(book.merge(Source::Link, result(0, true, true, 1, 40, Some("Wu"))), Merge::Added);
    let mut other = mine.clone();
    other.seed = "xyz".into();
    assert_eq!(book.merge(Source::Link, other), Merge::OtherSeed);
    assert_eq!(book.results.len(), 3);
    let ranked = book.ranked(fingerprint::<Game>(&Settings::default()), 0);
    assert_eq!(ranked[0].result, friend);
    // Serde round trip (localStorage) and merging a copy adds nothing.
    let json = serde_json::to_string(&book).unwrap();
    let back: SeedResults<Game> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, book);
    assert_eq!(book.merge_all(&back), 0);
    for i in 0..2 * MAX_RESULTS_PER_SEED {
        book.merge(Source::Link, result(0, false, true, 0, i as u32, Some(&format!("p{i}"))));
    }
    assert_eq!(book.results.len(), MAX_RESULTS_PER_SEED);
    assert!(book.results.iter().any(|s| s.source == Source::Mine), "own results are kept");
}

// ---------- replay codes ----------

#[test]
fn replay_codes_round_trip_and_are_short() {
    let friends = Settings { players: 5, mode: Mode::Friends, ..Settings::default() };
    for (seed, settings, budget) in
        [("replay4", Settings::default(), 450), ("replay6", six_by_three(), 650), ("replay5", friends, 550)]
    {
        let game = bot_game(seed, settings, None);
        let record = game.record();
        let code = encode_record(&record);
        assert!(code.len() < budget, "{seed}: {} characters", code.len());
        assert!(code.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        // Settings come back normalised (defaults left implicit): the same table.
        let normal = GameRecord { settings: normalize(&record.settings), ..record.clone() };
        assert_eq!(decode_record(&code).unwrap(), normal);
        let json = serde_json::to_string(&record).unwrap();
        assert!(code.len() * 2 < json.len(), "{seed}: code {} vs JSON {}", code.len(), json.len());
    }
}

#[test]
fn records_with_take_backs_bids_and_several_hands_round_trip() {
    let mut sim = Simulation::new(Settings::default(), TableSeed::parse("multi").unwrap(), &[Difficulty::Heuristic]).unwrap();
    for _ in 0..2 {
        while sim.game.phase() != PhaseName::Finished {
            sim.step().unwrap();
        }
        let seat = sim.game.to_act()[0];
        sim.game.apply(seat, &Action::NextHand).unwrap();
    }
    // A take-back mid-trick.
    while sim.game.phase() != PhaseName::Play {
        sim.step().unwrap();
    }
    // (Throws cannot be taken back: step to the first play that can.)
    loop {
        let (seat, _) = sim.step().unwrap();
        if sim.game.can_take_back(seat).is_ok() {
            sim.game.apply(seat, &Action::TakeBack).unwrap();
            break;
        }
    }
    let record = sim.game.record();
    assert!(record.actions.iter().any(|(_, a)| matches!(a, Action::Bid(..))));
    assert_eq!(decode_record(&encode_record(&record)).unwrap(), record);
}

#[test]
fn the_stepper_walks_tricks_forward_and_back() {
    let game = bot_game("stepper", Settings::default(), None);
    let mut replay = Replay::from_code(&encode_record(&game.record())).unwrap();
    assert_eq!(replay.len(), game.tricks().len());
    assert_eq!(replay.position(), 0);
    assert!(replay.current().is_none());
    assert!(!replay.back());
    let start = replay.game().unwrap();
    assert_eq!(start.phase(), PhaseName::Play);
    assert!(start.tricks().is_empty());
    let mut running = vec![0; 4];
    for k in 1..=replay.len() {
        assert!(replay.forward());
        let step = replay.current().unwrap().clone();
        assert_eq!(step.trick_number, k);
        assert_eq!(step.trick, game.tricks()[k - 1]);
        running[step.trick.winner] += step.trick.points;
        assert_eq!(step.totals, running);
        let state = replay.game().unwrap();
        assert_eq!(state.tricks(), &game.tricks()[..k]);
        assert_eq!(step.result.is_some(), k == replay.len());
    }
    assert!(!replay.forward());
    assert_eq!(replay.current().unwrap().result.as_ref(), game.result());
    assert!(replay.back());
    assert_eq!(replay.position(), replay.len() - 1);
    replay.seek(1000);
    assert_eq!(replay.position(), replay.len());
}

#[test]
fn the_replay_keeps_each_hands_draw_bids_and_exchange() {
    // Finding Friends at 5 players: bids, the kitty, the bury and the friends called.
    let settings = Settings { players: 5, decks: Some(2), mode: Mode::Friends, ..Settings::default() };
    let mut sim = Simulation::new(settings, TableSeed::parse("prelude").unwrap(), &[Difficulty::Heuristic]).unwrap();
    while sim.game.phase() != PhaseName::Finished {
        sim.step().unwrap();
    }
    let record = sim.game.record();
    let replay = Replay::new(record.clone()).unwrap();
    let p = replay.prelude(0).expect("the draw ended");
    let bids: Vec<Bid> = record.actions.iter().filter_map(|(s, a)| match a {
        Action::Bid(card, count) => Some(Bid { seat: *s, card: *card, count: *count }),
        _ => None,
    }).collect();
    assert_eq!(p.bids.iter().map(|(b, _)| *b).collect::<Vec<_>>(), bids);
    assert!(p.bids.iter().all(|(_, held)| *held >= 1));
    let result = sim.game.result().unwrap();
    assert_eq!((p.landlord, p.trump), (result.landlord, result.trump));
    assert!(!bids.is_empty(), "a deal with bids");
    assert!(!p.revealed);
    let kitty = sim.game.settings().kitty;
    assert_eq!((p.kitty.len(), p.buried.len()), (kitty, kitty));
    let mut buried = p.buried.clone();
    buried.sort();
    let mut kitty_at_end = result.kitty.clone();
    kitty_at_end.sort();
    assert_eq!(buried, kitty_at_end);
    assert_eq!(p.friends.len(), sim.game.settings().friends);
    // The hands as drawn: the deck less the kitty, shared out evenly.
    let per_seat = (2 * 54 - kitty) / 5;
    assert!(p.drawn.iter().all(|h| h.len() == per_seat), "{:?}", p.drawn.iter().map(Vec::len).collect::<Vec<_>>());
    assert!(replay.prelude(1).is_none());
}

#[test]
fn the_stepper_finds_each_hand_of_a_longer_record() {
    // Two hands at one table: the record carries both; each hand's positions and start are found.
    let mut sim = Simulation::new(Settings::default(), TableSeed::parse("twohands").unwrap(), &[Difficulty::Heuristic]).unwrap();
    while sim.game.phase() != PhaseName::Finished {
        sim.step().unwrap();
    }
    let first_tricks = sim.game.tricks().to_vec();
    let first_hands: Vec<Vec<Card>> = {
        let replay = Replay::new(sim.game.record()).unwrap();
        let g = replay.game_before_hand(0).unwrap().unwrap();
        (0..4).map(|s| g.hand(s)).collect()
    };
    sim.game.apply(0, &Action::NextHand).unwrap();
    while sim.game.phase() != PhaseName::Finished {
        sim.step().unwrap();
    }
    let replay = Replay::new(sim.game.record()).unwrap();
    assert_eq!(replay.hands(), vec![0, 1]);
    let n0 = first_tricks.len();
    assert_eq!(replay.hand_positions(0), (0, n0));
    assert_eq!(replay.hand_positions(1), (n0, replay.len()));
    assert_eq!(replay.steps()[n0].hand, 1);
    assert_eq!(replay.steps()[n0].trick_number, 1);
    let before = replay.game_before_hand(1).unwrap().unwrap();
    assert_eq!(before.hand_number(), 1);
    assert_eq!(before.phase(), PhaseName::Play);
    assert!(before.tricks().is_empty());
    // Every card a seat plays in hand 1 is in that seat's hand before its first trick.
    for step in replay.steps().iter().filter(|s| s.hand == 1) {
        for (seat, cards) in &step.trick.plays {
            let hand = before.hand(*seat);
            assert!(cards.iter().all(|c| hand.contains(c)), "seat {seat} played {cards:?}");
        }
    }
    let again = replay.game_before_hand(0).unwrap().unwrap();
    assert_eq!((0..4).map(|s| again.hand(s)).collect::<Vec<_>>(), first_hands);
    assert!(replay.game_before_hand(2).is_none());
}

fn code_of(payload: &[u8]) -> String {
    // The format byte, Shengji's tag, then the deflated payload.
    let mut out = vec![CODE_FORMAT, 0];
    out.extend(miniz_oxide::deflate::compress_to_vec(payload, 6));
    base64url_encode(&out)
}

#[test]
fn bad_replay_codes_give_clear_errors() {
    let game = bot_game("badcodes", Settings::default(), Some(150));
    let record = game.record();
    let code = encode_record(&record);
    assert_eq!(decode_record(""), Err(CodeError::Empty));
    assert_eq!(decode_record(&"A".repeat(40_000)), Err(CodeError::TooLong(40_000)));
    assert_eq!(decode_record("ab*c"), Err(CodeError::NotBase64(3)));
    assert!(matches!(decode_record(&code[..code.len() / 2]), Err(CodeError::Inflate(_) | CodeError::NotBase64(0))));
    let mut bytes = base64url_decode(&code).unwrap();
    bytes[0] = 7;
    assert!(decode_record(&base64url_encode(&bytes)).unwrap_err().to_string().contains("format 7"));
    // A zip bomb: 1 MB of zeros compresses to about 1 KB and is refused by size.
    let bomb = code_of(&vec![0u8; 1 << 20]);
    assert!(bomb.len() < 3000);
    let e = decode_record(&bomb).unwrap_err();
    assert!(e.to_string().contains(&MAX_PAYLOAD_BYTES.to_string()), "{e}");
    // Another derivation version.
    let mut payload = record_to_bytes(&record);
    payload[0] = 2;
    assert_eq!(decode_record(&code_of(&payload)), Err(CodeError::Derivation(2)));
    // Extra bytes, a bad seat, bad settings.
    let mut payload = record_to_bytes(&record);
    payload.push(0);
    assert_eq!(decode_record(&code_of(&payload)), Err(CodeError::TrailingBytes));
    let bad_settings = GameRecord { settings: Settings { players: 6, ..Settings::default() }, ..record.clone() };
    let mut payload = record_to_bytes(&bad_settings);
    let at = payload.windows(3).position(|w| w == b"p=6").unwrap();
    payload[at + 2] = b'5';
    assert!(matches!(decode_record(&code_of(&payload)), Err(CodeError::Settings(_))));
    // A record whose actions break the rules decodes but does not replay.
    let mut illegal = record.clone();
    illegal.actions.insert(0, (3, Action::Play(vec![Card::BigJoker])));
    let e = decode_record(&encode_record(&illegal)).unwrap_err();
    assert!(matches!(e, CodeError::Replay(ReplayError::Action { index: 0, .. })), "{e}");
    assert_eq!(decode_unchecked(&encode_record(&illegal)).unwrap(), illegal);
    assert!(matches!(Replay::from_code(&encode_record(&illegal)), Err(CodeError::Replay(ReplayError::Action { index: 0, .. }))));
    let mut late = record.clone();
    late.actions.push((0, Action::NextHand));
    let e = Replay::new(late.clone()).unwrap_err();
    assert_eq!(Some(e), replay(&late).err(), "the stepper refuses exactly what the engine's replay refuses");
}

proptest! {
    #![proptest_config(fixed_proptest::config(400))]

    #[test]
    fn replay_decoding_never_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = decode_record(&base64url_encode(&bytes));
        let _ = decode_record(&code_of(&bytes));
        let mut framed = vec![1u8, 4, b'a', b'b', b'c', b'd', 0];
        framed.extend(&bytes);
        let _ = decode_record(&code_of(&framed));
    }

    #[test]
    fn replay_decoding_never_panics_on_random_text(s in "\\PC{0,100}") {
        let _ = decode_record(&s);
        let _ = Replay::from_code(&s);
    }
}

// ---------- saves ----------

#[test]
fn saves_load_mid_trick() {
    let game = bot_game("saves", Settings::default(), Some(120));
    assert_eq!(game.phase(), PhaseName::Play);
    let streams = vec![Some(StreamAt { hand: 0, word: 416 }), None, Some(StreamAt { hand: 0, word: u128::from(u64::MAX) + 1 }), Some(StreamAt { hand: 3, word: 0 })];
    let ui = UiState { tab: Some("hint".into()), selected: vec!["10H".into()], pace: Some("fast".into()), bots: Some("nxxn".into()), at: vec![1, 4], streams };
    let text = SaveEnvelope::<Game>::new(&game, 2, Some(ui.clone())).encode();
    // The layout saves have always had (serde wrote it before the envelope was written by hand).
    let code = tuolaji::record::replay_code::encode(&game.record());
    let want = format!(r#"{{"format":2,"app":"{}","seat":2,"record":"{code}","ui":{{"tab":"hint","selected":["10H"],"pace":"fast","bots":"nxxn","at":[1,4],"streams":["0.416","","0.18446744073709551616","3.0"]}}}}"#, tuolaji::VERSION);
    assert_eq!(text, want);
    let spaced: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(matches!(SaveEnvelope::<Game>::decode(Some(&serde_json::to_string_pretty(&spaced).unwrap())), Loaded::Ok { .. }));
    match SaveEnvelope::<Game>::decode(Some(&text)) {
        Loaded::Ok { save, game: loaded } => {
            assert_eq!(save.seat, 2);
            assert_eq!(save.ui, Some(ui));
            assert_eq!(save.app, tuolaji::VERSION);
            assert_eq!(serde_json::to_string(&loaded.view(2)).unwrap(), serde_json::to_string(&game.view(2)).unwrap());
        }
        other => panic!("expected a loaded game, got {other}"),
    }
    // Stream positions that do not read make the save corrupt, with the field named.
    for bad in [r#"["0.x"]"#, r#"[4]"#, r#""0.4""#, r#"["0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1","0.1"]"#] {
        let tampered = text.replace(r#"["0.416","","0.18446744073709551616","3.0"]"#, bad);
        match SaveEnvelope::<Game>::decode(Some(&tampered)) {
            Loaded::Corrupt { reason } => assert!(reason.to_string().contains("streams"), "{bad}: {reason}"),
            other => panic!("{bad}: expected a corrupt save, got {other}"),
        }
    }
}

#[test]
fn a_save_knows_which_table_link_opens_it() {
    let settings = Settings { players: 6, decks: Some(3), ..Default::default() };
    let game = bot_game("savelink", settings.clone(), Some(30));
    let save = SaveEnvelope::<Game>::new(&game, 2, None);
    let link = save.link().unwrap();
    assert_eq!(link.seat, 2);
    assert!(save.is_for(&link));
    // The result a link carries does not matter; the seed, the rules and the seat do.
    let mut other = link.clone();
    other.seat = 1;
    assert!(!save.is_for(&other));
    let mut other = link.clone();
    other.seed = "savelink2".into();
    assert!(!save.is_for(&other));
    let mut other = link.clone();
    other.settings.mode = Mode::Friends;
    assert!(!save.is_for(&other));
    // The same table written with its defaults spelled out is the same table.
    let spelled = ShareLink::parse_hash("#/play/shengji?seed=SAVELINK&p=6&d=3&seat=3").unwrap();
    assert!(save.is_for(&spelled));
}

#[test]
fn saves_hold_records_longer_than_a_link_may_be() {
    // Three hands at one table; a link's limits are lowered to show that the save's own apply.
    let mut sim = Simulation::new(Settings::default(), TableSeed::parse("longsave").unwrap(), &[Difficulty::Heuristic]).unwrap();
    for hand in 0..3 {
        while sim.game.phase() != PhaseName::Finished {
            sim.step().unwrap();
        }
        if hand < 2 {
            let seat = sim.game.to_act()[0];
            sim.game.apply(seat, &Action::NextHand).unwrap();
        }
    }
    let code = encode_record(&sim.game.record());
    assert!(matches!(decode_with_limits::<Game>(&code, code.len() - 1, MAX_PAYLOAD_BYTES), Err(CodeError::TooLong(_))));
    assert!(matches!(decode_with_limits::<Game>(&code, code.len(), 100), Err(CodeError::Inflate(_))));
    assert_eq!(decode_with_limits::<Game>(&code, code.len(), MAX_PAYLOAD_BYTES).unwrap(), sim.game.record());
    // The envelope keeps the record as that code, and loads it back into the same table.
    let text = SaveEnvelope::<Game>::new(&sim.game, 1, None).encode();
    assert!(text.contains(&code), "{text}");
    match SaveEnvelope::<Game>::decode(Some(&text)) {
        Loaded::Ok { game, .. } => assert_eq!(game.record(), sim.game.record()),
        other => panic!("{other}"),
    }
}

#[test]
fn every_way_a_save_can_fail_is_told_apart() {
    assert!(matches!(SaveEnvelope::<Game>::decode(None), Loaded::Absent));
    assert!(matches!(SaveEnvelope::<Game>::decode(Some("  ")), Loaded::Absent));
    let game = bot_game("saves2", Settings::default(), Some(40));
    let good = SaveEnvelope::<Game>::new(&game, 0, None);
    let mut value: serde_json::Value = serde_json::from_str(&good.encode()).unwrap();
    value["format"] = 1.into();
    value["app"] = "9.9.9".into();
    let loaded = SaveEnvelope::<Game>::decode(Some(&value.to_string()));
    assert!(matches!(&loaded, Loaded::Incompatible { format: 1, app: Some(a) } if a == "9.9.9"), "{loaded}");
    assert!(loaded.notice().unwrap().contains("version 9.9.9"));
    let corrupt = |text: &str, says: &str| {
        let loaded = SaveEnvelope::<Game>::decode(Some(text));
        assert!(matches!(loaded, Loaded::Corrupt { .. }), "{text}: {loaded}");
        assert!(loaded.notice().unwrap().contains(says), "{text}: {}", loaded.notice().unwrap());
    };
    corrupt("{not json", "not valid JSON");
    corrupt("[1,2]", "no format");
    corrupt(r#"{"format":2,"app":"0.1.0"}"#, "'seat' is missing or not a whole number");
    corrupt(r#"{"format":2,"app":7,"seat":0,"record":"AQ"}"#, "'app' is missing or not a string");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":-1,"record":"AQ"}"#, "'seat' is missing");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":["AQ"]}"#, "'record' is missing");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":[]}"#, "'ui' is missing or not an object");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":{"selected":[1]}}"#, "'selected' is missing or not a list of cards");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":{"tab":false}}"#, "'tab' is missing or not a string");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":{"at":[1,"2"]}}"#, "'at' is missing or not a list of at most 8 whole numbers");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":{"at":[1,2,3,4,5,6,7,8,9]}}"#, "'at' is missing or not a list of at most 8 whole numbers");
    corrupt(r#"{"format":2,"app":"0.1.0","seat":0,"record":"AQ"}"#, "replay code");
    let mut bad_seat = good.clone();
    bad_seat.seat = 4;
    corrupt(&bad_seat.encode(), "seat 5");
    // A record that replays to an illegal action.
    let mut illegal = good.clone();
    illegal.record.actions.push((1, Action::Bury(vec![Card::BigJoker])));
    corrupt(&illegal.encode(), "is not legal");
    let mut bad_seed = good.clone();
    bad_seed.record.seed = "no spaces allowed".into();
    corrupt(&bad_seed.encode(), "seed");
    assert!(matches!(SaveEnvelope::<Game>::decode(Some(&good.encode())), Loaded::Ok { .. }));
}

/// The home screen reads a save without replaying it: everything but the replay is
/// checked, and a record that decodes but does not replay is left for the table to find.
#[test]
fn a_save_peeked_at_is_checked_but_not_replayed() {
    let game = bot_game("peek", Settings::default(), Some(40));
    let good = SaveEnvelope::<Game>::new(&game, 1, Some(UiState { at: vec![0, 3], ..UiState::default() }));
    match SaveEnvelope::<Game>::peek(Some(&good.encode())) {
        Loaded::Ok { save, game: () } => assert_eq!(save.encode(), good.encode()),
        other => panic!("{other}"),
    }
    assert!(matches!(SaveEnvelope::<Game>::peek(None), Loaded::Absent));
    assert!(matches!(SaveEnvelope::<Game>::peek(Some("{not json")), Loaded::Corrupt { reason: SaveError::NotJson }));
    let mut bad_seat = good.clone();
    bad_seat.seat = 4;
    assert!(matches!(SaveEnvelope::<Game>::peek(Some(&bad_seat.encode())), Loaded::Corrupt { reason: SaveError::Seat { seat: 4, players: 4 } }));
    let mut illegal = good.clone();
    illegal.record.actions.push((1, Action::Bury(vec![Card::BigJoker])));
    assert!(matches!(SaveEnvelope::<Game>::peek(Some(&illegal.encode())), Loaded::Ok { .. }));
    assert!(matches!(SaveEnvelope::<Game>::decode(Some(&illegal.encode())), Loaded::Corrupt { reason: SaveError::Replay(_) }));
}

proptest! {
    #![proptest_config(fixed_proptest::config(12))]

    /// Any table's record (random settings, cut at a random point) survives the code.
    #[test]
    fn replay_codes_round_trip_for_random_tables((settings, _) in settings_strategy(), seed in "[a-z0-9]{1,12}", cut in 0usize..400) {
        let game = bot_game(&seed, settings, Some(cut));
        let record = game.record();
        let normal = GameRecord { settings: normalize(&record.settings), ..record.clone() };
        let code = encode_record(&record);
        prop_assert_eq!(decode_record(&code).unwrap(), normal);
        let replay = Replay::from_code(&code).unwrap();
        prop_assert_eq!(replay.len(), game.tricks().len());
    }
}

/// Codes and results written before there were other games (format 1, no
/// game tag) still read, as Shengji's; other games' tags are refused by Shengji.
#[test]
fn format_1_codes_and_results_still_read() {
    let game = bot_game("legacy", Settings::default(), Some(120));
    let record = game.record();
    let mut old = vec![1u8];
    old.extend(miniz_oxide::deflate::compress_to_vec(&record_to_bytes(&record), 9));
    assert_eq!(decode_record(&base64url_encode(&old)).unwrap(), record);
    let tagged = encode_record(&record);
    assert_eq!(tuolaji::record::replay_code::game_of(&tagged), Some(0));
    assert_eq!(tuolaji::record::replay_code::game_of(&base64url_encode(&old)), Some(0));
    let mut rummy = base64url_decode(&tagged).unwrap();
    rummy[1] = 1;
    assert_eq!(decode_record(&base64url_encode(&rummy)), Err(CodeError::OtherGame(1)));
    // A result in the old layout: no game tag after the format byte.
    let r = result(2, false, true, 1, 85, Some("Mei"));
    let new = base64url_decode(&r.encode()).unwrap();
    let mut legacy = vec![1u8];
    legacy.extend_from_slice(&new[2..]);
    assert_eq!(DuplicateResult::<Game>::decode(&base64url_encode(&legacy)).unwrap(), r);
}
