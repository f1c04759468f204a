//! Bot-only simulation with every invariant checked after every action: the
//! 108 tiles (112 with the red dragons as wildcards) always accounted for
//! (hands, sets, rivers, walls, tiles set aside by 血流成河's self-drawn wins —
//! four of each kind; wildcards only in hands, walls and set aside); hand sizes
//! (14 counting 3 per set for the seat mid-turn, 13 for the others); no set of a
//! void suit; under 血战到底 no seat moves after it won, under 血流成河 a winner's
//! hand and sets stay as they were at its first win (the drawn tile apart); every
//! bot move legal; the hand's payments are positive and sum to zero, its scores
//! and the totals follow them; every win pays `2^fan` (`2^fan + 1` self-drawn
//! under 自摸加底, whose wins carry no 自摸 item); 呼叫转移 moves exactly the
//! discarder's last kong money, once per 杠上炮 discard and only when the table
//! plays it, and 退税 never returns money moved on; every hand ends (with three
//! wins or an empty wall; under 血流成河 only with an empty wall). Used by
//! `tuolaji mahjong simulate`, tests and the bot-strength figures.

use super::bot::{bots_for, Bot, Difficulty};
use super::deal::full_set;
use super::settings::SelfDrawnBonus;
use super::{Action, Event, Game, HandResult, KongKind, PayReason, Phase, Settings, SettingsError, Stage, PLAYERS};
use crate::dup::TableSeed;
use crate::mahjong::{FanItem, MeldKind};
use crate::table::sim::{self, Simulated};
use crate::table::{Driver, Seat};
use serde::Serialize;

pub use crate::table::sim::Violation;

/// Totals over a simulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub hands: u64,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Net points per seat over all hands.
    pub points: Vec<i64>,
    pub self_drawn: u64,
    pub on_discard: u64,
    /// 血流成河: wins by a seat that had already won in the hand.
    pub repeat_wins: u64,
    /// 呼叫转移: kong money moved to the seat that won on the kong's discard.
    pub kong_transfers: u64,
    /// Discards that several seats won on at once.
    pub multiple_winners: u64,
    pub robbed_kongs: u64,
    pub pungs: u64,
    pub kongs_exposed: u64,
    pub kongs_added: u64,
    pub kongs_concealed: u64,
    /// Hands the wall ran out on, flower pigs and seats not ready at those.
    pub exhausted: u64,
    pub flower_pigs: u64,
    pub not_ready: u64,
    /// Wins by fan (index = fan).
    pub fan: Vec<u64>,
    pub actions: u64,
    pub digest: String,
}

/// Plays hands with bots in every seat, checking invariants (`table::sim`).
pub type Simulation = sim::Simulation<Game, Bot>;

impl Simulation {
    /// Seat `s` plays `difficulty[s % len]` (advice when empty).
    pub fn new(settings: Settings, seed: TableSeed, difficulty: &[Difficulty]) -> Result<Simulation, SettingsError> {
        let game = Game::new(settings, seed.clone())?;
        let driver = Driver::all_bots(bots_for(&seed, PLAYERS, difficulty));
        Ok(Simulation { game, driver })
    }
}

/// What a hand's checks compare against.
pub struct Watch {
    totals_before: Vec<i64>,
    /// Which seats had won before the move being checked.
    won: [bool; PLAYERS],
    /// Each seat's last kong: who paid it how much.
    last_kong: [Vec<(Seat, i64)>; PLAYERS],
    /// Kong money 呼叫转移 moved on, by the seat that had received it and its payer.
    moved: [[i64; PLAYERS]; PLAYERS],
    transfers: u64,
}

impl Simulated for Game {
    type Summary = Summary;
    type Watch = Watch;
    const DIGEST_MOVES: bool = true;

    fn start_hand(&self, summary: &mut Summary) -> Result<Watch, String> {
        summary.wins.resize(PLAYERS, 0);
        summary.points.resize(PLAYERS, 0);
        check_state(self)?;
        Ok(Watch {
            totals_before: self.totals().to_vec(),
            won: [false; PLAYERS],
            last_kong: Default::default(),
            moved: [[0; PLAYERS]; PLAYERS],
            transfers: 0,
        })
    }

    fn action_cap(&self, _: &Watch) -> usize {
        2_000
    }

    fn before_move(&self, w: &mut Watch) {
        w.won = std::array::from_fn(|s| self.deal.seats[s].won.is_some());
    }

    /// Under 血战到底 no seat moves after it won; [`check_state`].
    fn after_move(&self, w: &mut Watch, seat: Seat, _: &Action, events: &[Event], summary: &mut Summary) -> Result<(), String> {
        if w.won[seat] && !self.settings.winners_play_on() {
            return Err(format!("seat {} moved after it won", seat + 1));
        }
        for e in events {
            if let Event::Won(win) = e {
                summary.repeat_wins += w.won[win.seat] as u64;
                w.won[win.seat] = true;
            }
            count(summary, e);
        }
        follow_kongs(&self.settings, w, events)?;
        check_state(self)
    }

    /// Payments sum to zero, scores and totals follow them, fan within the cap.
    fn end_hand(&self, w: Watch, actions: usize, summary: &mut Summary) -> Result<String, String> {
        summary.actions += actions as u64;
        let r = self.result().ok_or("no result")?;
        let mut scores = [0i64; PLAYERS];
        for p in &r.payments {
            if p.points <= 0 || p.from == p.to {
                return Err(format!("a payment of {} from seat {} to seat {}", p.points, p.from + 1, p.to + 1));
            }
            scores[p.from] -= p.points;
            scores[p.to] += p.points;
        }
        if r.scores != scores || scores.iter().sum::<i64>() != 0 {
            return Err(format!("scores {:?} do not follow the payments {scores:?}", r.scores));
        }
        for (s, before) in w.totals_before.iter().enumerate() {
            if self.totals()[s] != before + r.scores[s] {
                return Err(format!("seat {}'s total does not carry over", s + 1));
            }
            summary.points[s] += r.scores[s];
        }
        if !r.exhausted && (self.settings.winners_play_on() || r.wins.len() != PLAYERS - 1) {
            return Err(format!("the hand ended with {} wins and tiles in the wall", r.wins.len()));
        }
        check_payments(&self.settings, r, &w)?;
        summary.kong_transfers += w.transfers;
        for win in &r.wins {
            summary.wins[win.seat] += 1;
            if summary.fan.len() <= win.fan as usize {
                summary.fan.resize(win.fan as usize + 1, 0);
            }
            summary.fan[win.fan as usize] += 1;
            if win.fan > self.settings.max_fan {
                return Err(format!("a win of {} fan above the cap", win.fan));
            }
        }
        summary.exhausted += r.exhausted as u64;
        summary.flower_pigs += r.pigs.iter().filter(|&&p| p).count() as u64;
        summary.not_ready +=
            r.exhausted as u64 * (0..PLAYERS).filter(|&s| !r.pigs[s] && !r.ready[s] && !r.wins.iter().any(|w| w.seat == s)).count() as u64;
        summary.hands += 1;
        Ok(serde_json::to_string(r).unwrap_or_default())
    }

    fn finish(summary: &mut Summary, digest: String) {
        summary.digest = digest;
    }
}

fn count(summary: &mut Summary, e: &Event) {
    match e {
        Event::Won(w) if w.from.is_none() => summary.self_drawn += 1,
        Event::Won(_) => summary.on_discard += 1,
        Event::KongRobbed { .. } => summary.robbed_kongs += 1,
        Event::Punged { .. } => summary.pungs += 1,
        Event::Konged { kind: KongKind::Exposed, .. } => summary.kongs_exposed += 1,
        Event::Konged { kind: KongKind::Added, .. } => summary.kongs_added += 1,
        Event::Konged { kind: KongKind::Concealed, .. } => summary.kongs_concealed += 1,
        Event::HandFinished(r) => {
            let on_discard: Vec<_> = r.wins.iter().filter(|w| w.from.is_some()).map(|w| (w.turn, w.from)).collect();
            let mut groups = on_discard.clone();
            groups.dedup();
            summary.multiple_winners += groups.iter().filter(|g| on_discard.iter().filter(|x| x == g).count() > 1).count() as u64;
        }
        _ => {}
    }
}

/// What each win and kong paid, checked against the table's options (see the module
/// header) and what the hand's moves showed of its kongs (`Watch`).
fn check_payments(settings: &Settings, r: &HandResult, w: &Watch) -> Result<(), String> {
    let base = (settings.self_drawn == SelfDrawnBonus::Base) as i64;
    for win in &r.wins {
        let self_drawn_item = win.items.iter().any(|(i, _)| *i == FanItem::SelfDrawn);
        let want = (1i64 << win.fan) + if win.from.is_none() { base } else { 0 };
        if win.points != want || (win.from.is_none() && self_drawn_item == (base == 1)) {
            return Err(format!("seat {}'s win of {} fan ({:?}) pays {}", win.seat + 1, win.fan, win.items, win.points));
        }
    }
    if !settings.winners_play_on() && (0..PLAYERS).any(|s| r.wins.iter().filter(|x| x.seat == s).count() > 1) {
        return Err("a seat won twice in a fight to the end".into());
    }
    // 退税 returns at most the kong money received and not moved on.
    for (n, q) in (0..PLAYERS).flat_map(|n| (0..PLAYERS).map(move |q| (n, q))) {
        let sum = |from: Seat, to: Seat, kong: bool| -> i64 {
            let reason = |x: &PayReason| if kong { matches!(x, PayReason::Kong(_)) } else { *x == PayReason::KongRefund };
            r.payments.iter().filter(|p| p.from == from && p.to == to && reason(&p.reason)).map(|p| p.points).sum()
        };
        let (returned, owed) = (sum(n, q, false), sum(q, n, true) - w.moved[n][q]);
        if returned > 0 && returned != owed {
            return Err(format!("seat {} returned {returned} points of kong money to seat {}, owing {owed}", n + 1, q + 1));
        }
    }
    // One transfer per discard after a kong that was won on, when the table plays it.
    let mut kong_discards: Vec<(u32, Option<Seat>)> =
        r.wins.iter().filter(|x| x.items.iter().any(|(i, _)| *i == FanItem::KongDiscard)).map(|x| (x.turn, x.from)).collect();
    kong_discards.dedup();
    let want = if settings.kong_transfer { kong_discards.len() as u64 } else { 0 };
    if w.transfers != want {
        return Err(format!("{} kong transfers for {} wins on a kong's discard", w.transfers, kong_discards.len()));
    }
    Ok(())
}

/// Follows a move's kongs and 呼叫转移 payments: a transfer follows a win on the discarder's
/// discard and moves exactly the money of the discarder's last kong, once.
fn follow_kongs(settings: &Settings, w: &mut Watch, events: &[Event]) -> Result<(), String> {
    for (k, e) in events.iter().enumerate() {
        match e {
            Event::Konged { seat, .. } => w.last_kong[*seat].clear(),
            Event::Paid(p) if matches!(p.reason, PayReason::Kong(_)) => w.last_kong[p.to].push((p.from, p.points)),
            Event::Paid(p) if p.reason == PayReason::KongTransfer => {
                let kong: i64 = w.last_kong[p.from].iter().map(|&(_, x)| x).sum();
                let after_win = k > 0
                    && matches!(&events[k - 1], Event::Paid(q) if q.from == p.from && matches!(q.reason, PayReason::Win { .. }));
                if !settings.kong_transfer || !after_win || p.points != kong {
                    return Err(format!("seat {} moved {} points of kong money to seat {}", p.from + 1, p.points, p.to + 1));
                }
                for (payer, x) in std::mem::take(&mut w.last_kong[p.from]) {
                    w.moved[p.from][payer] += x;
                }
                w.transfers += 1;
            }
            _ => {}
        }
    }
    Ok(())
}

/// The state after a move: all 108 tiles (112 with wildcards) accounted for, hand
/// sizes, no void-suit sets, no wildcard in a river or a set; under 血流成河 every
/// winner's hand as it was at its first win.
pub fn check_state(g: &Game) -> Result<(), String> {
    let d = &g.deal;
    let mut counts = [0u32; crate::mahjong::KINDS];
    for s in &d.seats {
        for t in s.hand.tiles() {
            counts[t.id() as usize] += 1;
        }
        for x in &s.sets {
            counts[x.meld.tile.id() as usize] += if x.meld.kind == MeldKind::Pung { 3 } else { 4 };
        }
        for r in s.river.iter().filter(|r| !r.claimed) {
            counts[r.tile.id() as usize] += 1;
        }
        for t in &s.set_aside {
            counts[t.id() as usize] += 1;
        }
        if s.river.iter().any(|r| g.settings.is_wild(r.tile)) || s.sets.iter().any(|x| g.settings.is_wild(x.meld.tile)) {
            return Err("a wildcard left a hand".into());
        }
    }
    for list in d.walls.lists() {
        for t in list {
            counts[t.id() as usize] += 1;
        }
    }
    let mut expected = [0u32; crate::mahjong::KINDS];
    for t in full_set(&g.settings) {
        expected[t.id() as usize] += 1;
    }
    if counts != expected {
        let off: Vec<String> = (0..crate::mahjong::KINDS as u8)
            .filter(|&i| counts[i as usize] != expected[i as usize])
            .map(|i| format!("{}×{}", crate::mahjong::Tile::from_id(i).map(|t| t.to_string()).unwrap_or_default(), counts[i as usize]))
            .collect();
        let total: u32 = counts.iter().sum();
        return Err(format!("tiles are not conserved: {total} in play ({})", off.join(" ")));
    }
    let mid_turn = match d.phase {
        Phase::Turn { seat, stage: Stage::Drawn { .. } | Stage::Claimed } => Some(seat),
        Phase::Exchange | Phase::Void => Some(d.dealer),
        _ => None,
    };
    for (i, s) in d.seats.iter().enumerate() {
        let size = s.hand.len() + 3 * s.sets.len();
        let robbing = matches!(&d.phase, Phase::Claims(w) if w.from == i && w.kind == super::WindowKind::RobKong);
        let want: &[usize] = if s.won.is_some() && !g.settings.winners_play_on() {
            &[13, 14]
        } else if mid_turn == Some(i) || robbing {
            &[14]
        } else {
            &[13]
        };
        if !want.contains(&size) {
            return Err(format!("seat {} holds {size} tiles counting 3 per set", i + 1));
        }
        if let Some(v) = s.void {
            if s.sets.iter().any(|x| x.meld.tile.suit() == v) {
                return Err(format!("seat {} declared a set of its void suit", i + 1));
            }
        }
        if let (true, Some(first)) = (g.settings.winners_play_on(), s.won.and_then(|w| d.wins.get(w))) {
            let mut locked = first.hand.clone();
            let out = first.tile.or(s.set_aside.first().copied());
            if let Some(k) = out.and_then(|t| locked.iter().position(|&x| x == t)) {
                locked.remove(k);
            }
            let mut now = s.hand.tiles();
            if let Some(k) = s.drawn.and_then(|t| now.iter().position(|&x| x == t)) {
                now.remove(k);
            }
            crate::small_sort::sort(&mut locked);
            if now != locked || s.sets != first.sets {
                return Err(format!("seat {} changed its hand after it won", i + 1));
            }
        }
    }
    Ok(())
}

/// Kind A against kind B on duplicate tables: every seed is played twice, A in
/// seats 0 and 2 and B in 1 and 3, then the other way round (the same walls).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Strength {
    pub hands: u64,
    /// Wins per seat-hand, and net points per seat-hand, for each kind.
    pub a_wins: f64,
    pub b_wins: f64,
    pub a_points: f64,
    pub b_points: f64,
}

/// Measures kind `a` against kind `b` (see [`Strength`]).
pub fn strength(settings: &Settings, seeds: &[TableSeed], hands: u64, a: Difficulty, b: Difficulty) -> Result<Strength, Violation> {
    let mut out = Strength::default();
    let (mut aw, mut bw, mut ap, mut bp) = (0u64, 0u64, 0i64, 0i64);
    for seed in seeds {
        for (kinds, a_parity) in [([a, b], 0), ([b, a], 1)] {
            let mut sim = Simulation::new(*settings, seed.clone(), &kinds)
                .map_err(|e| Violation::new::<Game>(0, 0, e.to_string()))?;
            let s = sim.run(hands)?;
            out.hands += s.hands;
            for seat in 0..PLAYERS {
                if seat % 2 == a_parity {
                    aw += s.wins[seat];
                    ap += s.points[seat];
                } else {
                    bw += s.wins[seat];
                    bp += s.points[seat];
                }
            }
        }
    }
    let seat_hands = (out.hands * 2).max(1) as f64;
    out.a_wins = aw as f64 / seat_hands;
    out.b_wins = bw as f64 / seat_hands;
    out.a_points = ap as f64 / seat_hands;
    out.b_points = bp as f64 / seat_hands;
    Ok(out)
}
