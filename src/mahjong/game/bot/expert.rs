//! The Expert's search: determinized playouts of the seat's own hand over the
//! tiles it cannot see, bounded by effort (samples × candidates × draws), never
//! by the clock.
//!
//! * **The unseen pool**: every tile of the set minus the seat's own tiles and
//!   everything it sees (`bot::visible`: rivers, declared sets, shown hands).
//!   The opponents' concealed tiles and the wall are in it alike.
//! * **A determinization** deals the opponents' concealed tiles from the pool
//!   first (`kept.rs`: none of an opponent's void suit once it has cleared it),
//!   then takes one random order of the rest, the wall (a partial Fisher–Yates
//!   shuffle from the bot's `Bots` stream). The seat's future is
//!   read from it round by round: one opponent's discard it could win on (the
//!   opponents keep the tiles useful to them, which a ready hand mostly waits
//!   on: one a round keeps the playouts' wins near the bots' measured rate),
//!   then its own draw; as many rounds as the wall gives the seat
//!   (`wall / seats still in`).
//! * **A playout** plays the seat's hand along that order with a cheap policy
//!   until it is ready: the void suit goes first, otherwise the discard that
//!   keeps the shanten lowest (ties: the smaller suit first — towards a flush —
//!   then a single before a pair, then the outer rank); able to make the hand
//!   ready in more than one way, it takes the waits worth most (unseen copies
//!   times what a win on them pays: +0.07 points a seat-hand over the
//!   tie-break, 1,000 deals of `dev3`). Once ready it stops
//!   sampling and adds up the rest exactly: each round's chance that a discard
//!   or the draw is one of its waits (the copies left among the tiles left),
//!   times what that win pays — self-drawn, every opponent still in pays
//!   `2^fan` (the table's 自摸 bonus included); on a discard, the discarder. The
//!   fan is the table's own (`sichuan_fan`), so flushes, seven pairs, all pungs
//!   and roots count as they will be paid. Every round still in the hand costs
//!   a little (the others' self-drawn wins and deal-ins are paid only by seats
//!   still in); the end of the wall is worth a little ready and costs a little
//!   not ready (查叫; between bots most hands end with three winners first).
//! * **The hand ends** for the seat once every other seat has gone out (血战到底:
//!   three winners end it), so a round far ahead is played only with the chance
//!   that some opponent is still in (`Position::on`: each goes out with a chance
//!   of 0.09 a round); its wins, its cost and the end of the wall are weighed by
//!   that chance. Without it a slow hand (a flush, seven pairs) was valued as if
//!   the whole wall were the seat's; with it the Expert wins more hands.
//! * **Candidates** share the same determinizations (common random numbers),
//!   so their difference is measured with far less noise than their values.
//! * **Deal-in risk** of the tile discarded now is not in the playouts: it is
//!   subtracted, as measured chances (`danger.rs`).
//!
//! Everything is arithmetic on integers and `+ - * /` on floats, and every draw
//! comes from the caller's stream, so a position and a stream position give the
//! same choice on every machine.

use crate::dup::uniform_below;
use crate::mahjong::game::settle::FORMS;
use crate::mahjong::game::{SeatView, SelfDrawnBonus};
use crate::mahjong::{eigen, shanten, sichuan_fan, waits, Hand, Meld, MeldKind, Suit, Tile, Visible, WinContext, KINDS};
use rand_chacha::ChaCha20Rng;

/// How hard the Expert searches: determinizations per decision and candidate discards
/// compared on them. A decision costs at most `samples × candidates` playouts of at most
/// `wall / seats in` draws each, and per sample one weighted pick (a pass over the pool) per
/// opponent's concealed tile (`kept::deal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    pub samples: usize,
    pub candidates: usize,
    /// Decisions the Expert makes as the advice bot instead (`AS_ADVICE_*` bits; 0 in the
    /// app): the arena's way of measuring what each search is worth.
    pub as_advice: u8,
}

/// `Effort::as_advice` bits: discards, pungs, the void suit, wins on a discard.
pub const AS_ADVICE_DISCARD: u8 = 1;
pub const AS_ADVICE_PUNG: u8 = 2;
pub const AS_ADVICE_VOID: u8 = 4;
pub const AS_ADVICE_HOLD: u8 = 8;
pub const AS_ADVICE_KONG: u8 = 16;

impl Effort {
    /// Whether the decision of `bit` is the Expert's own (not switched back to advice).
    pub fn searches(&self, bit: u8) -> bool {
        self.as_advice & bit == 0
    }
}

/// The app's effort (and the arena's unless told otherwise).
pub const EFFORT: Effort = Effort { samples: 128, candidates: 6, as_advice: 0 };

/// What the end of the playout is worth to a hand that never won: ready, or not. Small:
/// between bots the hand mostly ends with three winners, and 查叫 moved 0.03 points a
/// seat-hand over 300 hands of advice bots.
const READY_AT_END: f64 = 0.1;
const NOT_READY_AT_END: f64 = -0.3;

/// What each round still in the hand costs: the others' self-drawn wins (1.33 points a
/// seat-hand between advice bots) and deal-ins (0.69) are paid only by seats still in.
const ROUND_IN_HAND: f64 = 0.2;

/// What the seat knows of its future: the tiles it cannot see and how the wall runs.
#[derive(Clone)]
pub struct Position {
    pool: Vec<Tile>,
    /// The pool's copies of each kind.
    counts: [u8; KINDS],
    /// The seat's own draws left, and the discards of the seats still in between two of them.
    draws: usize,
    others: usize,
    /// Seats that pay a self-drawn win.
    payers: usize,
    void: Option<Suit>,
    melds: Vec<Meld>,
    rules: crate::mahjong::SichuanRules,
    base: bool,
    /// The chance the hand still goes on for the seat at each round ahead: some opponent
    /// still in (`OUT_A_ROUND`).
    on: Vec<f64>,
    /// The opponents still in, whose concealed tiles are dealt before the wall (`kept.rs`).
    kept: Vec<super::kept::Kept>,
}

/// One sampled wall as a playout reads it: its copies of each kind and its size.
struct Wall {
    counts: [u8; KINDS],
    len: usize,
}

/// Each opponent still in goes out with this chance a round (advice bots win 0.75 of their
/// hands over about 14 rounds each: 1 − 0.91^14 ≈ 0.73).
const OUT_A_ROUND: f64 = 0.09;

impl Position {
    /// The position of `view`'s seat, whose concealed tiles are `hand` (the drawn one included).
    pub fn of(view: &SeatView, hand: &Hand, seen: &Visible) -> Position {
        let mut pool = Vec::with_capacity(96);
        let mut counts = [0u8; KINDS];
        for id in 0..KINDS as u8 {
            let Some(t) = Tile::from_id(id) else { continue };
            if !view.settings.in_set(t) {
                continue;
            }
            let left = 4u8.saturating_sub(hand.count(t)).saturating_sub(seen[id as usize]);
            pool.extend(std::iter::repeat_n(t, left as usize));
            counts[id as usize] = left;
        }
        let play_on = view.settings.winners_play_on();
        let in_hand = (0..view.players).filter(|&s| play_on || !view.wins.iter().any(|w| w.seat == s)).count().max(1);
        let draws = (view.wall / in_hand).min(pool.len() / in_hand);
        let pool_len = pool.len();
        let melds = view.sets[view.seat]
            .iter()
            .filter_map(|s| s.tile.map(|tile| Meld { kind: s.kind, tile }))
            .collect();
        Position {
            pool,
            counts,
            draws,
            others: in_hand - 1,
            payers: in_hand - 1,
            void: view.voids[view.seat],
            melds,
            rules: view.settings.rules(),
            base: view.settings.self_drawn == SelfDrawnBonus::Base,
            on: (0..=draws).map(|i| going_on(in_hand - 1, i)).collect(),
            kept: super::kept::models(view, pool_len),
        }
    }

    /// The seat's declared sets.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Seats that pay the seat's self-drawn win (and its concealed kong).
    pub fn payers(&self) -> usize {
        self.payers
    }

    /// The same position with `void` as the seat's void suit (the void being chosen).
    pub fn with_void(&self, void: Suit) -> Position {
        Position { void: Some(void), ..self.clone() }
    }

    /// The chance the hand goes on for the seat at round `i` ahead.
    fn on(&self, i: usize) -> f64 {
        self.on.get(i).copied().unwrap_or(1.0)
    }

    /// What the first `r` rounds in the hand cost, each while the hand goes on.
    fn cost_to(&self, r: usize) -> f64 {
        ROUND_IN_HAND * (0..r).map(|i| self.on(i)).sum::<f64>()
    }

    /// Tiles one determinization reads.
    fn needed(&self) -> usize {
        (self.draws * (self.chances() + 1)).min(self.pool.len())
    }

    /// One determinization: the opponents' hands dealt (`kept.rs`), then the first `needed`
    /// tiles of a random order of the rest, the wall.
    fn sample(&self, rng: &mut ChaCha20Rng, scratch: &mut Vec<Tile>) -> Wall {
        scratch.clear();
        scratch.extend_from_slice(&self.pool);
        let all = scratch.len();
        let n = super::kept::deal(&self.kept, scratch, all, rng);
        let needed = self.needed().min(n);
        for i in 0..needed {
            let j = i + uniform_below(rng, (n - i) as u64) as usize;
            scratch.swap(i, j);
        }
        let mut counts = [0u8; KINDS];
        for t in &scratch[..n] {
            counts[t.id() as usize] += 1;
        }
        scratch.truncate(needed);
        Wall { counts, len: n }
    }

    /// Discards a round offers to win on. Fewer than the opponents' discards: they keep the
    /// tiles that are useful to them, which a ready hand mostly waits on (one a round keeps
    /// the playouts' wins near the bots' measured rate).
    fn chances(&self) -> usize {
        self.others.min(1)
    }

    fn holds_void(&self, hand: &Hand) -> bool {
        self.void.is_some_and(|v| hand.eigens[v.index()] != 0)
    }

    /// What a ready 13-tile `hand` may win: each waited kind (not the void suit) with what a
    /// win on a discard and a self-drawn win on it pay the seat. Empty while void tiles are held.
    fn waits_values(&self, hand: &Hand, melds: &[Meld]) -> Vec<(Tile, f64, f64)> {
        if self.holds_void(hand) {
            return Vec::new();
        }
        waits(hand, FORMS)
            .into_iter()
            .filter(|t| Some(t.suit()) != self.void)
            .filter_map(|t| {
                let mut h = *hand;
                h.add(t).ok()?;
                Some((t, self.win_value_with(&h, false, melds), self.win_value_with(&h, true, melds)))
            })
            .collect()
    }

    /// What a win with `hand` (the winning tile in it) and the seat's sets pays it.
    pub fn win_value(&self, hand: &Hand, self_drawn: bool) -> f64 {
        self.win_value_with(hand, self_drawn, &self.melds)
    }

    /// What a win with `hand` (the winning tile in it) and `melds` pays the seat.
    fn win_value_with(&self, hand: &Hand, self_drawn: bool, melds: &[Meld]) -> f64 {
        let ctx = WinContext { self_drawn: self_drawn && !self.base, ..WinContext::default() };
        let points = match sichuan_fan(hand, melds, ctx, self.rules) {
            Ok(Some(f)) => f.points as f64,
            _ => 1.0,
        };
        if self_drawn {
            (points + self.base as u8 as f64) * self.payers as f64
        } else {
            points
        }
    }

    /// The policy's discard from a 14-tile hand (`3n+2`): the void suit first, else the lowest
    /// shanten after it, ties to the smaller suit, a single, the outer rank; able to make the
    /// hand ready in more than one way, the waits worth most (their unseen copies times what a
    /// win on them pays). Returns the shanten after it (for a hand still holding void tiles, 8).
    fn discard(&self, hand: &mut Hand, melds: &[Meld], cache: &mut Cache) -> i32 {
        if let Some(v) = self.void.filter(|_| self.holds_void(hand)) {
            let first = hand.kinds().find(|(t, _)| t.suit() == v).map(|(t, _)| t);
            if let Some(t) = first {
                hand.remove(t);
            }
            return if self.holds_void(hand) { 8 } else { shanten_of(hand) };
        }
        let sizes: [u32; 4] = std::array::from_fn(|s| eigen::digit_sum(hand.eigens[s]));
        let mut best: Option<((i32, u32, u8, u8), Tile)> = None;
        // Discards that leave the hand ready, with what their waits are worth.
        let mut ready: Option<(f64, Tile)> = None;
        for (t, n) in hand.kinds() {
            let mut h = *hand;
            h.remove(t);
            let key = (shanten_of(&h), sizes[t.suit().index()], n, 4u8.saturating_sub(5u8.abs_diff(t.rank())));
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, t));
            }
            if key.0 == 0 {
                let waits = cache.entry((h, sets_key(melds))).or_insert_with(|| self.waits_values(&h, melds));
                let worth: f64 = waits
                    .iter()
                    .map(|&(w, ron, tsumo)| self.counts[w.id() as usize] as f64 * (tsumo + ron))
                    .sum();
                if ready.is_none_or(|(v, _)| worth > v) {
                    ready = Some((worth, t));
                }
            }
        }
        if let (Some((_, t)), Some((b, _))) = (ready, best) {
            if b.0 == 0 {
                hand.remove(t);
                return 0;
            }
        }
        match best {
            Some((key, t)) => {
                hand.remove(t);
                key.0
            }
            None => 8,
        }
    }

    /// Plays `hand` (13 tiles, or `3n+2` to discard first) along `seq` until it is ready, then
    /// adds up what the rest of the wall is worth to its waits (`ready_value`). The seat's
    /// expected result and its chance of a win.
    fn playout(&self, mut hand: Hand, melds: &[Meld], seq: &[Tile], wall: &Wall, cache: &mut Cache) -> (f64, f64) {
        let mut sh = if hand.len() % 3 == 2 { self.discard(&mut hand, melds, cache) } else { shanten_of(&hand) };
        let per = self.chances() + 1;
        let rounds = seq.len() / per;
        for r in 0..=rounds {
            if sh == 0 && !self.holds_void(&hand) {
                let waits = cache.entry((hand, sets_key(melds))).or_insert_with(|| self.waits_values(&hand, melds));
                let (value, wins) = self.ready_value(waits, wall, &seq[..r * per], r, rounds - r);
                return (value - self.cost_to(r), wins);
            }
            if r == rounds {
                break;
            }
            if hand.add(seq[r * per + per - 1]).is_ok() {
                sh = self.discard(&mut hand, melds, cache);
            }
        }
        (NOT_READY_AT_END * self.on(rounds) - self.cost_to(rounds), 0.0)
    }

    /// The expected result of a ready hand from round `from` with `rounds` rounds left, `used`
    /// tiles of the pool already gone: each round a discard to win on and a draw, each a wait
    /// with the chance of the waits' copies left among the tiles left, and the round's cost,
    /// all while the hand goes on (`on`); ready at the end otherwise.
    fn ready_value(&self, waits: &[(Tile, f64, f64)], wall: &Wall, used: &[Tile], from: usize, rounds: usize) -> (f64, f64) {
        let left = |t: Tile| {
            let gone = used.iter().filter(|&&x| x == t).count();
            (wall.counts[t.id() as usize] as usize).saturating_sub(gone) as f64
        };
        let copies: Vec<(f64, f64, f64)> = waits.iter().map(|&(t, ron, tsumo)| (left(t), ron, tsumo)).collect();
        let live: f64 = copies.iter().map(|c| c.0).sum();
        let (ron, tsumo): (f64, f64) = copies.iter().fold((0.0, 0.0), |(a, b), c| (a + c.0 * c.1, b + c.0 * c.2));
        let mut tiles = wall.len.saturating_sub(used.len()) as f64;
        let (mut alive, mut value) = (1.0, 0.0);
        for i in 0..rounds {
            let on = self.on(from + i);
            value -= alive * ROUND_IN_HAND * on;
            for _ in 0..self.chances() {
                if tiles < 1.0 {
                    break;
                }
                value += alive * ron * on / tiles;
                alive *= (1.0 - live / tiles).max(0.0);
                tiles -= 1.0;
            }
            if tiles < 1.0 {
                break;
            }
            value += alive * tsumo * on / tiles;
            alive *= 1.0 - live / tiles;
            tiles -= 1.0;
        }
        (value + alive * READY_AT_END * self.on(from + rounds), 1.0 - alive)
    }
}

/// Ready hands met in one decision's playouts, with their sets (`sets_key`: a claim's pung
/// and kong options may reach the same concealed tiles with sets that pay differently), and
/// their waits' values.
type Cache = std::collections::HashMap<(Hand, u64), Vec<(Tile, f64, f64)>>;

/// The sets as a key: each set's kind and kind of tile, a byte each, in order (at most four).
fn sets_key(melds: &[Meld]) -> u64 {
    melds.iter().fold(0u64, |k, m| (k << 8) | (m.tile.id() as u64 * 4 + m.kind as u64 + 1))
}

/// The chance that of `others` opponents still in, some is still in `rounds` rounds ahead.
fn going_on(others: usize, rounds: usize) -> f64 {
    if others == 0 {
        return 1.0;
    }
    1.0 - (1.0 - (1.0 - OUT_A_ROUND).powi(rounds as i32)).powi(others as i32)
}

fn shanten_of(hand: &Hand) -> i32 {
    shanten(hand, FORMS).map_or(8, |s| s.shanten)
}

/// One option's playouts: the mean value and the share of wins.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    pub value: f64,
    pub wins: f64,
}

/// An option to compare: the concealed tiles after it and the sets with it.
pub struct Choice {
    pub hand: Hand,
    pub melds: Vec<Meld>,
}

/// Plays every option on the same `effort.samples` determinizations of `pos`.
pub fn compare(pos: &Position, options: &[Choice], effort: Effort, rng: &mut ChaCha20Rng) -> Vec<Outcome> {
    let mut out = vec![Outcome::default(); options.len()];
    if options.is_empty() || effort.samples == 0 {
        return out;
    }
    let mut seq = Vec::with_capacity(pos.pool.len());
    let mut cache = Cache::new();
    for _ in 0..effort.samples {
        let wall = pos.sample(rng, &mut seq);
        for (o, r) in options.iter().zip(out.iter_mut()) {
            let (v, won) = pos.playout(o.hand, &o.melds, &seq, &wall, &mut cache);
            r.value += v;
            r.wins += won;
        }
    }
    let n = effort.samples as f64;
    for r in &mut out {
        r.value /= n;
        r.wins /= n;
    }
    out
}

/// The option of discarding `tile` from `hand` (`3n+2` tiles).
pub fn discard_option(pos: &Position, hand: &Hand, tile: Tile) -> Choice {
    let mut h = *hand;
    h.remove(tile);
    Choice { hand: h, melds: pos.melds.clone() }
}

/// The option of punging `tile` with a 13-tile `hand` (the discard is the policy's).
pub fn pung_option(pos: &Position, hand: &Hand, tile: Tile) -> Choice {
    let mut h = *hand;
    h.remove(tile);
    h.remove(tile);
    let mut melds = pos.melds.clone();
    melds.push(Meld { kind: MeldKind::Pung, tile });
    Choice { hand: h, melds }
}

/// The option of letting a tile go: the hand as it is.
pub fn keep_option(pos: &Position, hand: &Hand) -> Choice {
    Choice { hand: *hand, melds: pos.melds.clone() }
}

/// Tenths of a point, for the reasons.
pub(super) fn tenths(x: f64) -> i32 {
    (x * 10.0).round() as i32
}

impl super::Bot {
    /// The Expert's discard from `hand` (`3n+2`, the void suit gone) given the advice's ranking.
    pub(super) fn search_discard(
        &mut self,
        view: &SeatView,
        hand: &Hand,
        seen: &Visible,
        advice: &[crate::mahjong::advise::Discard],
    ) -> (crate::mahjong::game::Action, super::BotReason) {
        use super::BotReason;
        use crate::mahjong::game::Action;
        let best = advice[0].shanten;
        let mut tiles: Vec<Tile> =
            advice.iter().filter(|d| d.shanten <= best + 1).take(self.effort.candidates.max(1)).map(|d| d.discard).collect();
        let risk_of = |t: Tile| super::danger::deal_in_risk(view, seen, hand, t);
        // The safest tile costing at most two shanten steps is always a candidate.
        let safest = advice
            .iter()
            .filter(|d| d.shanten <= best + 2)
            .map(|d| (risk_of(d.discard), d.discard))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, t)) = safest.filter(|(r, _)| *r < risk_of(tiles[0])) {
            if !tiles.contains(&t) {
                tiles.push(t);
            }
        }
        if tiles.len() == 1 {
            let d = &advice[0];
            return (Action::Discard(d.discard), BotReason::Discard { tile: d.discard, shanten: d.shanten, improving: d.improving });
        }
        let pos = Position::of(view, hand, seen);
        let choices: Vec<Choice> = tiles.iter().map(|&t| discard_option(&pos, hand, t)).collect();
        let out = compare(&pos, &choices, self.effort, &mut self.rng);
        let risks: Vec<f64> = tiles.iter().map(|&t| risk_of(t)).collect();
        let argmax = |score: &dyn Fn(usize) -> f64| {
            (0..tiles.len()).fold(0, |b, i| if score(i) > score(b) { i } else { b })
        };
        let chosen = argmax(&|i| out[i].value - risks[i]);
        let richest = argmax(&|i| out[i].value);
        let tile = tiles[chosen];
        let reason = if chosen != richest && risks[chosen] < risks[richest] {
            BotReason::SearchSafe { tile, instead: tiles[richest] }
        } else {
            BotReason::Search {
                tile,
                wins: (out[chosen].wins * 100.0).round() as u32,
                value: tenths(out[chosen].value - risks[chosen]),
                samples: self.effort.samples as u32,
            }
        };
        (Action::Discard(tile), reason)
    }

    /// The Expert's answer to a pung it may make on `tile` (13-tile `hand`).
    pub(super) fn search_pung(
        &mut self,
        view: &SeatView,
        hand: &Hand,
        tile: Tile,
    ) -> (crate::mahjong::game::Action, super::BotReason) {
        use super::BotReason;
        use crate::mahjong::game::Action;
        let seen = super::visible(view);
        let pos = Position::of(view, hand, &seen);
        let choices = [keep_option(&pos, hand), pung_option(&pos, hand, tile)];
        let out = compare(&pos, &choices, self.effort, &mut self.rng);
        let (with, without) = (tenths(out[1].value), tenths(out[0].value));
        if out[1].value > out[0].value {
            (Action::Pung, BotReason::SearchPung { with, without })
        } else {
            (Action::Pass, BotReason::SearchPass { with, without })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::game::bot::{full_hand, visible};
    use crate::mahjong::game::tests::scenario;

    /// The hand goes on for the seat while some opponent is still in: surely now, less each
    /// round ahead, more with more opponents in, always with none (the seat alone, the wall runs
    /// out); with one opponent, 0.91 a round.
    #[test]
    fn a_round_far_ahead_counts_only_while_an_opponent_is_still_in() {
        assert_eq!(going_on(3, 0), 1.0);
        assert!((1..20).all(|r| going_on(3, r) < going_on(3, r - 1)));
        assert!((1..20).all(|r| going_on(2, r) < going_on(3, r) && going_on(1, r) < going_on(2, r)));
        assert!((going_on(1, 10) - 0.91f64.powi(10)).abs() < 1e-12);
        assert_eq!(going_on(0, 30), 1.0);
        // At the start of a hand, three opponents in: the last rounds of the wall are played
        // a little over half the time.
        assert!(going_on(3, 14) > 0.5 && going_on(3, 14) < 0.65, "{}", going_on(3, 14));
    }

    /// A claim's pung and kong of the same tile may leave the same concealed tiles: their
    /// ready hands are cached apart (a kong pays a root the pung does not).
    #[test]
    fn the_playout_cache_tells_a_pung_from_a_kong() {
        let t = Tile::parse("5m").unwrap();
        let pung = [Meld { kind: MeldKind::Pung, tile: t }];
        let kong = [Meld { kind: MeldKind::Kong, tile: t }];
        let other = [Meld { kind: MeldKind::Pung, tile: Tile::parse("6m").unwrap() }];
        assert_ne!(sets_key(&pung), sets_key(&kong));
        assert_ne!(sets_key(&pung), sets_key(&other));
        assert_ne!(sets_key(&[]), sets_key(&pung));
    }

    /// Able to make its hand ready two ways, the playout's policy takes the two-sided wait
    /// (5p 8p, eight copies unseen) over the closed one (5p, four): the old tie-break (the
    /// outer rank goes) let 7p go and waited on 5p alone.
    #[test]
    fn the_playout_makes_its_hand_ready_on_the_better_waits() {
        let hands = ["123m456m789m11p4p6p7p", "234m567m2p3p9p66p99m", "11s22s33s5m6m7m8m9m3p", "444m888m2s3s9p1p3p6p8p"];
        let g = scenario(hands, "111122223333444455556666777788889999s");
        let view = g.view(0);
        let mut hand = full_hand(&view);
        let pos = Position::of(&view, &hand, &visible(&view));
        let mut cache = Cache::new();
        assert_eq!(pos.discard(&mut hand, &[], &mut cache), 0);
        assert_eq!(hand.count(Tile::parse("4p").unwrap()), 0, "{hand:?}");
        assert_eq!(hand.count(Tile::parse("7p").unwrap()), 1);
    }
}
