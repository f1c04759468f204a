//! One judge of which tables exist: over a wide stretch of the settings space
//! (every field, values far outside the allowed ranges included),
//! `Settings::validate` accepts ⇔ the share link round-trips ⇔ the replay code
//! round-trips. Before the validator had explicit bounds, a kitty of 0 or tractor
//! rules of 10 and more passed the validator but not the link parser, so such a
//! saved game reloaded as "corrupt".

use tuolaji::cards::Rank;
use tuolaji::dup::{uniform_below, Purpose, TableSeed};
use tuolaji::shengji::Bombs;
use tuolaji::shengji::game::codec::normalize;
use tuolaji::ui_model::shengji::{decode_record, decode_unchecked, encode_record, ShareLink};
use tuolaji::shengji::format::TractorRules;
use tuolaji::shengji::game::levels::STEPS_PER_DECK;
use tuolaji::shengji::game::{
    BidRules, FirstLandlord, FriendLimits, GameRecord, JokerBids, KittyMultiplier, LevelRules, Mode, NoBidTrump, Overcall, RankSet,
    Settings, Shown, ThrowPenaltySetting,
};
use tuolaji::shengji::rules::{DrawPolicy, ThrowEvaluation};

/// Checks the three judges agree on `s`; returns whether it was accepted.
fn agree(s: &Settings, seed: &TableSeed) -> bool {
    let accepted = s.validate();
    let link = ShareLink::new(seed, s, 0);
    let parsed = ShareLink::parse_hash(&link.to_hash());
    let record = GameRecord { settings: s.clone(), seed: seed.as_str().to_string(), actions: Vec::new() };
    let code = encode_record(&record);
    let unchecked = decode_unchecked(&code);
    match &accepted {
        Ok(r) => {
            let back = parsed.unwrap_or_else(|e| panic!("{s:?} is accepted but its link {} is refused: {e}", link.to_hash()));
            assert_eq!(back.settings, normalize(s), "{s:?}");
            let b = back.settings.validate().expect("the parsed link validates");
            assert_eq!((b.players, b.decks, b.kitty, b.mode, b.friends), (r.players, r.decks, r.kitty, r.mode, r.friends));
            let normal = GameRecord { settings: normalize(s), ..record.clone() };
            assert_eq!(unchecked.unwrap_or_else(|e| panic!("{s:?}: the replay code is refused: {e}")), normal);
        }
        Err(e) => {
            let refusal = parsed.expect_err(&format!("{s:?} is refused ({e}) but its link {} parses", link.to_hash()));
            // The link reports the validator's sentence on the parameter concerned.
            let text = refusal.to_string();
            assert!(text.contains(&e.to_string()) || text.contains("is '"), "{s:?}: {text} / {e}");
            assert!(unchecked.is_err(), "{s:?} is refused ({e}) but its replay code decodes");
        }
    }
    // The full decoder (layout + replay of no action) agrees too.
    assert_eq!(decode_record(&code).is_ok(), accepted.is_ok(), "{s:?}");
    accepted.is_ok()
}

fn base(players: u8, decks: Option<u8>, kitty: Option<u8>, mode: Mode) -> Settings {
    Settings { players, decks, kitty, mode, ..Settings::default() }
}

/// Players, decks, kitty and mode over a grid wider than every bound.
#[test]
fn tables_kitties_and_modes() {
    let seed = TableSeed::parse("space").unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for players in (2..=12).chain([0, 255]) {
        for decks in [None].into_iter().chain((0..=21).map(Some)).chain([Some(255)]) {
            for mode in [Mode::Tractor, Mode::Friends] {
                let kitties = [None].into_iter().chain((0..=45).map(Some)).chain([Some(100), Some(172), Some(173), Some(255)]);
                for kitty in kitties {
                    if agree(&base(players, decks, kitty, mode), &seed) {
                        accepted += 1;
                    } else {
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(accepted > 800 && refused > 20_000, "{accepted} accepted, {refused} refused");
}

/// Friends counts and tractor rules, each over its whole plausible range and beyond.
#[test]
fn friends_and_tractor_rules() {
    let seed = TableSeed::parse("space").unwrap();
    for players in 3..=11 {
        for decks in [None, Some(1), Some(2)] {
            for friends in [None].into_iter().chain((0..=10).map(Some)).chain([Some(255)]) {
                for mode in [Mode::Tractor, Mode::Friends] {
                    agree(&Settings { friends, ..base(players, decks, None, mode) }, &seed);
                }
            }
        }
    }
    for decks in [1, 2, 3, 4, 8, 16] {
        for min_tuple in (0..=18).chain([255]) {
            for min_length in (0..=14).chain([255]) {
                let s = Settings { tractor: TractorRules { min_tuple, min_length }, ..base(8, Some(decks), None, Mode::Tractor) };
                let ok = agree(&s, &seed);
                assert_eq!(ok, (2..=decks.max(2)).contains(&min_tuple) && (2..=12).contains(&min_length), "{s:?}");
            }
        }
    }
}

/// Every field at once, drawn from a `dup` stream (fixed seed): 6,000 tables,
/// numbers drawn over ranges wider than the bounds.
#[test]
fn random_tables_over_every_field() {
    let seed = TableSeed::parse("space").unwrap();
    let mut rng = seed.stream(Purpose::Named("settings-space"));
    let mut pick = |n: u64| uniform_below(&mut rng, n);
    let mut accepted = 0;
    for _ in 0..6000 {
        let maybe = |pick: &mut dyn FnMut(u64) -> u64, n: u64| if pick(4) == 0 { None } else { Some(pick(n) as u8) };
        let s = Settings {
            players: 3 + pick(9) as u8,
            decks: maybe(&mut pick, 22),
            kitty: maybe(&mut pick, 40),
            mode: if pick(2) == 0 { Mode::Tractor } else { Mode::Friends },
            friends: maybe(&mut pick, 11),
            draw_policy: DrawPolicy::ALL[pick(5) as usize],
            tractor: TractorRules { min_tuple: pick(8) as u8, min_length: pick(15) as u8 },
            throw_evaluation: ThrowEvaluation::ALL[pick(3) as usize],
            throw_penalty: if pick(2) == 0 { ThrowPenaltySetting::None } else { ThrowPenaltySetting::TenPerThrow },
            kitty_multiplier: if pick(2) == 0 { KittyMultiplier::TwiceLargestUnit } else { KittyMultiplier::PowerOfTwo },
            reinforce: pick(2) == 0,
            friend_trump_allowed: pick(2) == 0,
            starting_level: Rank::ALL[pick(13) as usize],
            take_back: pick(2) == 0,
            friend_limits: FriendLimits { no_highest: pick(2) == 0, no_points: pick(2) == 0, join_once: pick(2) == 0 },
            levels: if pick(4) != 0 {
                LevelRules::default()
            } else {
                LevelRules {
                    // Mostly offered steps, sometimes any number up to 50.
                    step_per_deck: if pick(3) == 0 { pick(50) as u8 } else { STEPS_PER_DECK[pick(6) as usize] },
                    takeover_steps: pick(5) as u8,
                    dead_zone: pick(5) as u8,
                    short_handed_bonus: pick(2) == 0,
                    defended: RankSet::of(&(0..pick(4)).map(|_| Rank::ALL[pick(13) as usize]).collect::<Vec<_>>()),
                    final_rank: if pick(2) == 0 { Rank::Ace } else { Rank::ALL[pick(13) as usize] },
                    back_to_two: pick(2) == 0,
                }
            },
            bidding: BidRules {
                overcall: Overcall::ALL[pick(3) as usize],
                joker_bids: JokerBids::ALL[pick(4) as usize],
                take_back: pick(2) == 0,
                first_landlord: FirstLandlord::ALL[pick(2) as usize],
                no_bid: NoBidTrump::ALL[pick(2) as usize],
                steal: pick(2) == 0,
            },
            shown: Shown { landlord_points: pick(2) == 0, past_tricks: pick(2) == 0, kitty_at_end: pick(2) == 0, throw_stopper: pick(2) == 0 },
            bombs: Bombs::ALL[pick(3) as usize],
        };
        accepted += agree(&s, &seed) as usize;
    }
    assert!(accepted > 100, "only {accepted} of 6000 accepted: widen the draw");
}

/// The tables the sweep draws (`Settings` sampling) are all accepted by the three.
#[test]
fn sampled_tables_pass_all_three() {
    let seed = TableSeed::parse("space").unwrap();
    let mut rng = seed.stream(Purpose::Named("sample"));
    for _ in 0..500 {
        assert!(agree(&tuolaji::shengji::game::settings::sample(&mut rng), &seed));
    }
}
