//! The hint tab's model: for each discard the seat may make now, the shanten
//! after it, the tiles that would improve the hand and how many of each are
//! still unseen (its own tiles, every discard, every set and every shown hand
//! subtracted), and when the discard leaves the hand ready, its waits with the
//! live count of each and the fan a win would score. Strongest first (the
//! engine's ranking), each with a plain sentence in English or Chinese. Pure,
//! so it is tested natively; the board computes it off the frame that opens
//! the tab.

use crate::i18n::Lang;
use crate::mahjong::game::bot::{full_hand, table_advice, visible};
use crate::mahjong::game::settle::FORMS;
use crate::mahjong::game::SeatView;
use crate::mahjong::{sichuan_fan, waits, Hand, Meld, SichuanRules, Tile, WinContext};

use super::words::tile_short;

/// One discard and what it leaves.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DiscardAdvice {
    pub discard: Tile,
    /// Shanten after the discard (0 = ready).
    pub shanten: i32,
    /// Tiles that lower the shanten, with their unseen copies.
    pub improving: Vec<(Tile, u8)>,
    pub improving_total: u32,
    /// When ready: the waits with their unseen copies, and the best fan of a win.
    pub waits: Vec<(Tile, u8)>,
    pub fan: Option<u32>,
}

/// The discards open to the seat now, strongest first; empty when it is not the
/// seat's turn to discard. A seat holding its void suit may discard only those.
pub fn advice(view: &SeatView) -> Vec<DiscardAdvice> {
    let me = view.seat;
    if view.turn != Some(me) || view.result.is_some() {
        return Vec::new();
    }
    let hand = full_hand(view);
    let seen = visible(view);
    // The wildcard is never a discard; drawing one is a wait like any other.
    let ranked = table_advice(&hand, &seen, &view.settings);
    let void = view.voids.get(me).copied().flatten();
    let melds: Vec<Meld> = view.sets[me]
        .iter()
        .filter_map(|s| s.tile.map(|tile| Meld { kind: s.kind, tile }))
        .collect();
    let rules = SichuanRules { max_fan: view.settings.max_fan };
    let unseen = |t: Tile, h: &Hand| 4u8.saturating_sub(h.count(t) + seen[t.id() as usize]);
    // 血流成河: a seat that has won discards the tile it draws, nothing else.
    let locked = crate::mahjong::game::bot::locked(view);
    ranked
        .into_iter()
        .filter(|d| !locked || Some(d.discard) == view.drawn)
        .filter(|d| view.void_left == 0 || Some(d.discard.suit()) == void)
        .map(|d| {
            let mut after = hand;
            after.remove(d.discard);
            let (w, fan) = if d.shanten == 0 && view.void_left <= 1 {
                let ws: Vec<(Tile, u8)> = waits(&after, FORMS)
                    .into_iter()
                    .filter(|&t| Some(t.suit()) != void && view.settings.in_set(t))
                    .map(|t| (t, unseen(t, &hand)))
                    .collect();
                let fan = ws
                    .iter()
                    .filter_map(|&(t, _)| {
                        let mut won = after;
                        won.add(t).ok()?;
                        sichuan_fan(&won, &melds, WinContext::default(), rules).ok().flatten().map(|f| f.fan)
                    })
                    .max();
                (ws, fan)
            } else {
                (Vec::new(), None)
            };
            DiscardAdvice {
                discard: d.discard,
                shanten: d.shanten,
                improving_total: d.improving,
                improving: d.improving_tiles,
                waits: w,
                fan,
            }
        })
        .collect()
}

/// Improving tiles listed one by one up to this many kinds; beyond, only how many kinds.
const LIST_KINDS: usize = 6;

fn list(tiles: &[(Tile, u8)], lang: Lang) -> String {
    if tiles.len() > LIST_KINDS {
        return match lang {
            Lang::En => format!("{} kinds", tiles.len()),
            Lang::Zh => format!("{} 种", tiles.len()),
        };
    }
    tiles.iter().map(|&(t, n)| format!("{}×{n}", tile_short(t, lang))).collect::<Vec<_>>().join(" ")
}

/// The advice in one sentence.
pub fn sentence(a: &DiscardAdvice, lang: Lang) -> String {
    let tile = tile_short(a.discard, lang);
    let live: u32 = a.waits.iter().map(|&(_, n)| n as u32).sum();
    match (a.shanten, lang) {
        (0, Lang::En) => format!(
            "Discard {tile}: ready, waiting on {} ({live} left){}.",
            list(&a.waits, lang),
            a.fan.map(|f| format!("; a win scores {f} fan")).unwrap_or_default()
        ),
        (0, Lang::Zh) => format!(
            "打{tile}：听牌，等 {}（剩 {live} 张）{}。",
            list(&a.waits, lang),
            a.fan.map(|f| format!("；和牌 {f} 番")).unwrap_or_default()
        ),
        (n, Lang::En) => format!(
            "Discard {tile}: {n} step{} from ready; {} unseen tiles improve it ({}).",
            if n == 1 { "" } else { "s" },
            a.improving_total,
            list(&a.improving, lang)
        ),
        (n, Lang::Zh) => format!("打{tile}：{n} 向听；{} 张未见的牌可改进（{}）。", a.improving_total, list(&a.improving, lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::mahjong::game::bot::{bots_for, Difficulty};
    use crate::mahjong::game::{Game, PhaseName, Settings};
    use crate::table::Driver;

    /// Plays a table with bots until seat 0 is to discard with a ready option, or gives up.
    fn ready_turn() -> SeatView {
        for k in 0..40 {
            let seed = TableSeed::parse(&format!("hint{k}")).unwrap();
            let mut g = Game::new(Settings::default(), seed.clone()).unwrap();
            let mut d = Driver::all_bots(bots_for(&seed, 4, &[Difficulty::Advice]));
            while g.phase() != PhaseName::Finished {
                let v = g.view(0);
                if v.turn == Some(0) && v.void_left == 0 && advice(&v).first().is_some_and(|a| a.shanten == 0) {
                    return v;
                }
                d.step(&mut g).unwrap().unwrap();
            }
        }
        panic!("no ready turn in 40 tables");
    }

    #[test]
    fn a_ready_discard_lists_its_waits_with_live_counts_and_its_fan() {
        let v = ready_turn();
        let a = advice(&v);
        let best = &a[0];
        assert_eq!(best.shanten, 0);
        assert!(!best.waits.is_empty() && best.fan.is_some(), "{best:?}");
        // Live counts never exceed what is unseen.
        let seen = visible(&v);
        let hand = full_hand(&v);
        for &(t, n) in &best.waits {
            assert_eq!(n, 4 - hand.count(t) - seen[t.id() as usize]);
        }
        assert!(sentence(best, Lang::En).contains("ready"));
        assert!(sentence(best, Lang::Zh).contains("听牌"));
        // Every discard held is listed once, strongest first.
        let shanten: Vec<i32> = a.iter().map(|x| x.shanten).collect();
        let sorted = { let mut s = shanten.clone(); crate::small_sort::sort(&mut s); s };
        assert_eq!(shanten, sorted);
        assert!(a.iter().all(|x| hand.count(x.discard) > 0));
    }

    #[test]
    fn no_advice_off_turn_and_only_void_tiles_while_any_is_held() {
        let seed = TableSeed::parse("hintvoid").unwrap();
        let mut g = Game::new(Settings { exchange: false, ..Settings::default() }, seed).unwrap();
        assert!(advice(&g.view(0)).is_empty(), "the exchange is no turn");
        // Everyone voids the suit seat 0 holds most of: it must discard those first.
        let v = g.view(0);
        let most = crate::mahjong::Suit::ALL[..3]
            .iter()
            .copied()
            .max_by_key(|&s| v.hand.iter().chain(v.drawn.iter()).filter(|t| t.suit() == s).count())
            .unwrap();
        for s in 0..4 {
            g.apply(s, &crate::mahjong::game::Action::Void(most)).unwrap();
        }
        let a = advice(&g.view(0));
        assert!(!a.is_empty() && a.iter().all(|x| x.discard.suit() == most), "{a:?}");
        assert!(advice(&g.view(1)).is_empty());
    }

    /// 血流成河: a seat that won discards only the tile it draws, and the hint says so.
    #[test]
    fn a_winner_playing_on_is_advised_only_the_tile_it_drew() {
        use crate::mahjong::game::{bot::locked, HandEnd};
        let settings = Settings { hand_end: HandEnd::BloodRiver, ..Settings::default() };
        let seed = TableSeed::parse("hintriver").unwrap();
        let mut g = Game::new(settings, seed.clone()).unwrap();
        let mut d = Driver::all_bots(bots_for(&seed, 4, &[Difficulty::Advice]));
        let mut seen = 0;
        while g.phase() != PhaseName::Finished {
            if let Some(v) = (0..4).map(|s| g.view(s)).find(|v| v.turn == Some(v.seat) && locked(v) && !v.can_win) {
                let a = advice(&v);
                assert!(a.iter().all(|x| Some(x.discard) == v.drawn), "{a:?}");
                seen += 1;
            }
            d.step(&mut g).unwrap().unwrap();
        }
        assert!(seen > 0, "a winner played on");
    }
}

/// The e2e test's player (`e2e/tests/mahjong.test.mjs`), here so its seed is checked
/// natively: the exchange and void the board suggests, every claim taken (win, kong,
/// pung), every kong made, a self-drawn win declared, else the hint's first discard.
#[cfg(test)]
pub(crate) mod e2e_player {
    use super::advice;
    use crate::dup::TableSeed;
    use crate::mahjong::game::bot::{bots_for, Bot, Difficulty};
    use crate::mahjong::game::{Action, Event, Game, PhaseName, SeatView, Settings};
    use crate::table::Driver;

    pub fn choose(v: &SeatView) -> Action {
        let seed = TableSeed::parse("exchange").unwrap();
        match v.phase {
            PhaseName::Exchange | PhaseName::Void | PhaseName::Finished => Bot::new(&seed, v.seat, Difficulty::Advice).suggest(v).0,
            PhaseName::Claims => {
                let c = v.claim.expect("asked");
                if c.options.win {
                    Action::Win
                } else if c.options.kong {
                    Action::Kong(c.tile)
                } else {
                    Action::Pung
                }
            }
            PhaseName::Turn if v.can_win => Action::Win,
            PhaseName::Turn if !v.kongs.is_empty() => Action::Kong(v.kongs[0]),
            PhaseName::Turn => Action::Discard(advice(v)[0].discard),
        }
    }

    /// Plays seat 0 by [`choose`] against advice bots; counts its pungs, kongs and wins.
    pub fn play(seed: &str) -> (usize, usize, usize) {
        let seed = TableSeed::parse(seed).unwrap();
        let mut g = Game::new(Settings::default(), seed.clone()).unwrap();
        let mut d = Driver::new(bots_for(&seed, 4, &[Difficulty::Advice]), vec![true, false, false, false]);
        let (mut pungs, mut kongs, mut wins) = (0, 0, 0);
        while g.phase() != PhaseName::Finished {
            let events = match d.step(&mut g) {
                Some(m) => m.unwrap().events,
                None => g.apply(0, &choose(&g.view(0))).unwrap(),
            };
            for e in events {
                match e {
                    Event::Punged { seat: 0, .. } => pungs += 1,
                    Event::Konged { seat: 0, .. } => kongs += 1,
                    Event::Won(w) if w.seat == 0 => wins += 1,
                    _ => {}
                }
            }
        }
        (pungs, kongs, wins)
    }

    #[test]
    fn the_e2e_seeds_give_the_player_a_pung_a_kong_and_a_win() {
        for seed in ["mj2", "mj7"] {
            let (p, k, w) = play(seed);
            assert!(p > 0 && k > 0 && w > 0, "{seed}: pungs {p} kongs {k} wins {w}");
        }
    }

    #[test]
    #[ignore = "explores seeds for the e2e test: cargo test e2e_seeds -- --ignored --nocapture"]
    fn e2e_seeds() {
        for k in 0..400 {
            let s = format!("mj{k}");
            let (p, kg, w) = play(&s);
            if p > 0 && kg > 0 && w > 0 {
                println!("{s}: pungs {p} kongs {kg} wins {w}");
            }
        }
    }
}
