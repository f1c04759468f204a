//! The Expert rummy bot: determinized search over the cards its seat cannot see.
//!
//! Each decision has a few candidates: at the draw, taking the top discard or
//! drawing from the stock; at the discard, the heuristic's best few discards
//! (a valid declaration is always made at once, and the first drop is the
//! heuristic's). The Expert samples `samples` deals of the unseen cards
//! consistent with its view (`knowledge.rs`) at a discard, `discards / 2`
//! times as many at a draw (two candidates: the same number of playouts), and,
//! on every sampled deal, plays each candidate forward: its own next `horizon`
//! draws from the sampled stock (one card in every `active` — the others draw
//! in between), each kept or thrown by the heuristic's shape (judged by
//! `solve::open_discards`). A playout ends with the turns it took to make a
//! valid declaration, or, if none within the horizon, the horizon plus the
//! kept hand's shape in turns (`SHAPE_PER_TURN`), and is scored as a race
//! against the other seats (`race.rs`: one less the chance of declaring
//! first). The candidate with the least mean cost wins (ties: the heuristic's
//! order); the same sampled deals serve every candidate, so the comparison is
//! paired. The reasons quote the mean turns.
//!
//! At a two-player table the chance that a candidate's next draw declares is
//! counted, not sampled ([`outs`]): when its kept hand has at most [`NEAR`]
//! loose cards, every unseen card is tried once (a solver run per distinct
//! card that can touch the hand), the playouts whose next draw declared are set
//! aside and the rest stand for the draws that do not ([`Weighed`]). Sixteen
//! sampled deals see a hand's 6 or 9 outs among some 80 unseen cards too
//! seldom to tell them apart; the count does.
//!
//! At a two-player table the playouts also see the other seat's discard before
//! each draw (taken as the card it drew, [`offers`]) and take it, as the real
//! game allows, when it completes the hand or lowers the shape.
//!
//! At a two-player table a discard that would feed the other seat — a partner of a
//! card it took from the pile and still holds ([`feeds`]) — costs [`FEED_TENTHS`]
//! more: the card it took tells what it collects, and it would take this one too.
//!
//! A drawn card that cannot touch the kept hand — not a joker or wild card,
//! no partner among the loose cards, not next to a sequence's card of its
//! suit — is thrown back without running the solver ([`useful`]): most draws,
//! which keeps a decision to a few dozen solver runs. Effort is counted in
//! sampled deals, candidates and draws, never in time; every random number
//! comes from the seat's `Bots` stream, so a deal replays bit-for-bit and the
//! values are integers (tenths of a turn, fixed-point chances), the same on
//! every platform.
//!
//! `Effort::feed` (off in the app) also checks, on some sampled deals, whether
//! the next seat would take each candidate discard; it measured worse
//! (docs/rummy.md, "Bots").

use super::knowledge::Knowledge;
use super::race;
use super::{has_partner, judged_options, lenient, shape, BotReason, Judged};
use crate::rummy::game::{Action, SeatView};
use crate::rummy::{open_discards, solve, Arrangement, Discard, RummyCard, Standing};
use rand_chacha::ChaCha20Rng;

/// How hard the Expert searches: the bound on its work, never a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Sampled deals of the unseen cards per discard (a draw samples
    /// `discards / 2` times as many: [`draw_samples`]).
    pub samples: usize,
    /// Own draws played forward on each.
    pub horizon: usize,
    /// Discards compared (the heuristic's best first).
    pub discards: usize,
    /// Of the sampled deals, how many also check whether the next seat would
    /// take the discard (0: never).
    pub feed: usize,
}

impl Default for Effort {
    /// The app's: about 10 ms a decision natively (docs/rummy.md, "Bots").
    fn default() -> Effort {
        Effort { samples: 16, horizon: 3, discards: 6, feed: 0 }
    }
}

/// Tenths of a turn: the unit of a playout's value.
const TURN: u64 = 10;
/// Shape points that count as one more turn to go at the horizon.
const SHAPE_PER_TURN: u64 = 16;
/// What feeding the next seat costs, in tenths of a turn: a card that lowers
/// its shape (it would take it), and one that completes its hand.
const FEEDS: u64 = 6;
const FEEDS_DECLARATION: u64 = 30;
/// Most loose cards (every meld credited) a kept hand may have for its outs to be counted exactly.
const NEAR: usize = 3;
/// What a discard that feeds the other seat ([`feeds`]) costs at a two-player table: half a
/// turn, priced as the race prices a playout that needs [`FEED_AT`] tenths of a turn.
const FEED_TENTHS: u64 = 5;
const FEED_AT: u64 = 3 * TURN;

/// A 13-card hand kept during a playout, with what the quick test needs.
#[derive(Clone)]
struct Kept {
    hand: Vec<RummyCard>,
    open: Arrangement,
    shape: u32,
}

impl Kept {
    fn from_judged(hand14: &[RummyCard], j: &Judged) -> Option<Kept> {
        let mut hand = hand14.to_vec();
        crate::rummy::game::take_card(&mut hand, j.discard.discard);
        Some(Kept { hand, open: j.open.clone()?, shape: j.shape })
    }

    /// The seat's hand now (13 cards), judged, and its standing under the table's rules.
    fn now(view: &SeatView) -> Option<(Kept, Standing)> {
        let real = solve(&view.hand, view.wild, &view.rules).ok()?;
        let open = solve(&view.hand, view.wild, &lenient(&view.rules)).ok()?;
        Some((Kept { hand: view.hand.clone(), shape: shape(&open, real.standing, view.wild), open }, real.standing))
    }

    /// A sampled opponent's hand, judged the playouts' quick way.
    fn sampled(hand: Vec<RummyCard>, view: &SeatView) -> Option<Kept> {
        let open = solve(&hand, view.wild, &lenient(&view.rules)).ok()?;
        Some(Kept { hand, shape: shape(&open, open.standing, view.wild), open })
    }
}

/// Can `card` change the kept hand's best arrangement? Jokers and wild cards,
/// partners of loose cards, and cards next to (or on) a sequence's card of the same suit.
fn useful(card: RummyCard, kept: &Kept, view: &SeatView) -> bool {
    if card.is_wild(view.wild) || has_partner(card, &kept.open.loose) {
        return true;
    }
    let Some((rank, suit)) = card.rank_suit() else { return true };
    kept.open.groups.iter().filter(|g| g.kind.is_sequence()).flat_map(|g| &g.cards).any(|c| {
        c.rank_suit().is_some_and(|(r, s)| {
            let (a, b) = (r.value() as i32, rank.value() as i32);
            let low = |v: i32| if v == 14 { 1 } else { v };
            s == suit && !c.is_wild(view.wild) && ((a - b).abs() <= 1 || (low(a) - low(b)).abs() <= 1)
        })
    })
}

/// After drawing `card` onto `kept`: `Ok(new kept hand)`, or `Err(())` when the
/// 14 cards hold a valid declaration. A playout's quicker judge than the
/// heuristic's: the solver's `open_discards` (every meld credited, nothing
/// required: one DP per discard), the standing read from its groups.
fn draw_onto(kept: &Kept, card: RummyCard, view: &SeatView) -> Result<Kept, ()> {
    if !useful(card, kept, view) {
        return Ok(kept.clone());
    }
    judge_draw(kept, card, view)
}

/// [`draw_onto`] without the quick test.
fn judge_draw(kept: &Kept, card: RummyCard, view: &SeatView) -> Result<Kept, ()> {
    let mut hand = kept.hand.clone();
    hand.push(card);
    let Ok(options) = open_discards(&hand, view.wild, &view.rules) else { return Ok(kept.clone()) };
    let mut best: Option<(u32, Discard)> = None;
    for d in options {
        let standing = d.arrangement.standing;
        if standing == Standing::Sequences && d.arrangement.loose.is_empty() {
            return Err(());
        }
        let s = shape(&d.arrangement, standing, view.wild);
        if best.as_ref().is_none_or(|(b, _)| s < *b) {
            best = Some((s, d));
        }
    }
    let Some((shape, d)) = best else { return Ok(kept.clone()) };
    crate::rummy::game::take_card(&mut hand, d.discard);
    Ok(Kept { hand, open: d.arrangement, shape })
}

/// Plays `kept` forward over `draws` (the seat's next cards), at most `horizon`
/// of them, the first counting as turn `first`. Before each draw the seat sees
/// `offers[t]` (if any), the card the seat before it throws: it takes that card
/// instead of drawing when it declares with it or when the card lowers the kept
/// hand's shape, as the heuristic would. The playout's value, and whether the
/// first draw from the stock declared (what [`Weighed`] sets aside).
fn playout(
    mut kept: Kept,
    draws: &[RummyCard],
    offers: &[RummyCard],
    first: u64,
    horizon: usize,
    view: &SeatView,
) -> (u64, bool) {
    for (t, &card) in draws.iter().take(horizon).enumerate() {
        if let Some(&offer) = offers.get(t).filter(|&&o| useful(o, &kept, view)) {
            match judge_draw(&kept, offer, view) {
                Err(()) => return ((first + t as u64) * TURN, false),
                Ok(k) if k.shape < kept.shape => {
                    kept = k;
                    continue;
                }
                Ok(_) => {}
            }
        }
        match draw_onto(&kept, card, view) {
            Ok(k) => kept = k,
            Err(()) => return ((first + t as u64) * TURN, t == 0),
        }
    }
    ((first + horizon as u64) * TURN + kept.shape as u64 * TURN / SHAPE_PER_TURN, false)
}

/// The cards the seat before this one throws in a sampled stock, one in every
/// `active`, starting at `from` (its draw: a heuristic seat throws back most of what it
/// draws, and what it throws is a card it does not need, as good as a random
/// unseen one to this seat) — at a two-player table only ([`heads_up`]); none
/// elsewhere.
fn offers(stock: &[RummyCard], from: usize, active: usize, view: &SeatView) -> Vec<RummyCard> {
    if heads_up(view) {
        own_draws(stock, from, active)
    } else {
        Vec::new()
    }
}

/// A two-player table, where the search counts a next draw's outs exactly ([`outs`]),
/// its playouts may take the other seat's discard ([`offers`]) and a discard that would
/// feed the other seat costs more ([`feeds`]): all measured there; the first two did not
/// gain at six players, where the search is as before.
fn heads_up(view: &SeatView) -> bool {
    view.players == 2
}

/// Would discarding `card` feed the other seat: is it a partner (same rank, or same suit
/// within two ranks) of a card that seat is known to hold (`theirs`: taken from the pile and
/// not thrown back)? A heuristic seat took that card because it lowered its shape, so it
/// collects around it. Jokers and wild cards are not judged (the Expert rarely throws them).
fn feeds(card: RummyCard, theirs: &[RummyCard], view: &SeatView) -> bool {
    !card.is_wild(view.wild) && has_partner(card, theirs)
}

/// Is `card` a natural of the rank of one of the kept hand's sets (a fourth card)?
fn joins_set(card: RummyCard, kept: &Kept, view: &SeatView) -> bool {
    let Some((rank, _)) = card.rank_suit() else { return false };
    kept.open.groups.iter().filter(|g| !g.kind.is_sequence()).flat_map(|g| &g.cards).any(|c| {
        !c.is_wild(view.wild) && c.rank_suit().is_some_and(|(r, _)| r == rank)
    })
}

/// The exact chance, as (hits, of), that the seat's next draw completes `kept`:
/// the unseen cards (`pool`, each copy once) that make a valid declaration with
/// it. `None` when the kept hand has more than [`NEAR`] loose cards (no single
/// card can complete it, or too rarely to pay for the solver runs).
fn outs(kept: &Kept, pool: &[RummyCard], view: &SeatView) -> Option<(u64, u64)> {
    if kept.open.loose.len() > NEAR || pool.is_empty() {
        return None;
    }
    let mut hits = 0u64;
    let mut i = 0;
    while i < pool.len() {
        let card = pool[i];
        let copies = pool[i..].iter().take_while(|&&c| c == card).count();
        if (useful(card, kept, view) || joins_set(card, kept, view)) && judge_draw(kept, card, view).is_err() {
            hits += copies as u64;
        }
        i += copies;
    }
    Some((hits, pool.len() as u64))
}

/// Sampled deals for a draw: a draw weighs two candidates where a discard weighs
/// `discards`, so it samples `discards / 2` times as many deals for the same
/// number of playouts (the draw decides more: docs/rummy.md, "Bots").
fn draw_samples(effort: Effort) -> usize {
    effort.samples * (effort.discards / 2).max(1)
}

/// The seat's next draws in a sampled stock: one card in every `active`,
/// starting at `from`.
fn own_draws(stock: &[RummyCard], from: usize, active: usize) -> Vec<RummyCard> {
    stock.iter().skip(from).step_by(active.max(1)).copied().collect()
}

/// Mean of `sum` over `n` playouts, in tenths of a turn.
fn mean(sum: u64, n: usize) -> u32 {
    (sum / n.max(1) as u64) as u32
}

/// A candidate's playouts summed: in tenths of a turn (what the reasons say)
/// and as race costs (what decides, `race.rs`).
#[derive(Clone, Copy, Default)]
struct Sums {
    tenths: u64,
    cost: u64,
}

impl Sums {
    fn add(&mut self, tenths: u64, others: usize) {
        self.tenths += tenths;
        self.cost += race::cost(tenths, others);
    }
}

/// A candidate's playouts when the chance that its next draw declares is known
/// exactly (`outs`): the playouts whose next draw declares are set aside, the
/// others' mean stands for the rest, and the two are weighed by that chance — the
/// sampled deals then measure only what the exact count cannot.
#[derive(Clone, Copy, Default)]
struct Weighed {
    all: Sums,
    n: u64,
    rest: Sums,
    rest_n: u64,
}

impl Weighed {
    /// One playout worth `tenths`; `declares_next`: its next draw declared (at `next` tenths).
    fn add(&mut self, tenths: u64, declares_next: bool, others: usize) {
        self.all.add(tenths, others);
        self.n += 1;
        if !declares_next {
            self.rest.add(tenths, others);
            self.rest_n += 1;
        }
    }

    /// The summed cost over the playouts (fixed point, `race::ONE`: what decides; every
    /// candidate of a decision has the same number of playouts) and the mean tenths of a
    /// turn (what the reasons say), with `outs` when known and some playout did not declare next.
    fn total(&self, outs: Option<(u64, u64)>, next: u64, others: usize) -> (u64, u32) {
        match outs {
            Some((hits, of)) if self.rest_n > 0 && of > 0 => {
                let miss = of - hits;
                let scale = of * self.rest_n;
                let cost = (hits * race::cost(next, others) * self.rest_n + miss * self.rest.cost) * self.n / scale;
                let tenths = (hits * next * self.rest_n + miss * self.rest.tenths) / scale;
                (cost, tenths as u32)
            }
            _ => (self.all.cost, mean(self.all.tenths, self.n as usize)),
        }
    }
}

/// The Expert's draw: the heuristic's first drop, else the top discard or the
/// stock, whichever sampled playouts race better.
pub(crate) fn draw(rng: &mut ChaCha20Rng, view: &SeatView, effort: Effort) -> (Action, BotReason) {
    let Some((now, standing)) = Kept::now(view) else { return (Action::DrawStock, BotReason::DrawStock) };
    let card = match super::draw_prelude(view, standing) {
        Ok(card) => card,
        Err(settled) => return settled,
    };
    let mut with = view.hand.clone();
    with.push(card);
    let options = judged_options(&with, view, Some(card));
    let Some(best) = options.first() else { return (Action::DrawStock, BotReason::DrawStock) };
    if best.discard.arrangement.valid {
        return (Action::TakeDiscard, BotReason::TakeDiscard { card, before: now.shape, after: best.shape });
    }
    let Some(taken) = Kept::from_judged(&with, best) else { return (Action::DrawStock, BotReason::DrawStock) };
    let knowledge = Knowledge::from_view(view);
    let active = knowledge.active;
    let others = active - 1;
    let depth = active * (effort.horizon + 1);
    let exact = heads_up(view);
    let take_outs = if exact { outs(&taken, &knowledge.pool, view) } else { None };
    let stock_outs = if exact { outs(&now, &knowledge.pool, view) } else { None };
    let (mut take_sum, mut stock_sum) = (Weighed::default(), Weighed::default());
    let mut deals = 0;
    for _ in 0..draw_samples(effort) {
        let (stock, _) = knowledge.sample_stock(rng, depth, 0);
        let Some(&first) = stock.first() else { break };
        deals += 1;
        // Both candidates draw the same later cards: one in every `active` after this round.
        let later = own_draws(&stock, active, active);
        let thrown = offers(&stock, active - 1, active, view);
        let (take_tenths, take_next) = playout(taken.clone(), &later, &thrown, 1, effort.horizon, view);
        take_sum.add(take_tenths, take_next, others);
        let stock_tenths = match draw_onto(&now, first, view) {
            Err(()) => 0,
            Ok(k) => playout(k, &later, &thrown, 1, effort.horizon, view).0,
        };
        stock_sum.add(stock_tenths, stock_tenths == 0, others);
    }
    if deals == 0 {
        return (Action::DrawStock, BotReason::DrawStock);
    }
    let (take_cost, take) = take_sum.total(take_outs, TURN, others);
    let (stock_cost, stock) = stock_sum.total(stock_outs, 0, others);
    if take_cost < stock_cost {
        (Action::TakeDiscard, BotReason::ExpertTake { card, take, stock, deals })
    } else {
        (Action::DrawStock, BotReason::ExpertStock { card, take, stock, deals })
    }
}

/// The Expert's discard: a valid declaration at once, else the discard among the
/// heuristic's best few whose sampled playouts finish soonest.
pub(crate) fn discard(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    taken: Option<RummyCard>,
    effort: Effort,
) -> (Action, BotReason) {
    let options = judged_options(&view.hand, view, taken);
    let Some(best) = options.first() else { return super::heuristic_discard(view, taken) };
    if best.discard.arrangement.valid || options.len() == 1 || effort.discards <= 1 {
        return super::heuristic_discard(view, taken);
    }
    let kept: Vec<(RummyCard, Kept)> = options
        .iter()
        .take(effort.discards)
        .filter_map(|j| Some((j.discard.discard, Kept::from_judged(&view.hand, j)?)))
        .collect();
    let knowledge = Knowledge::from_view(view);
    let active = knowledge.active;
    let others = active - 1;
    let exact = heads_up(view);
    let near: Vec<Option<(u64, u64)>> =
        kept.iter().map(|(_, k)| if exact { outs(k, &knowledge.pool, view) } else { None }).collect();
    let mut sums = vec![Weighed::default(); kept.len()];
    let mut deals = 0;
    let (next, unknown) = knowledge.next.unwrap_or((view.seat, 0));
    for sample in 0..effort.samples {
        let feed = sample < effort.feed && next != view.seat;
        let (stock, extra) = knowledge.sample_stock(rng, active * effort.horizon, if feed { unknown } else { 0 });
        if stock.is_empty() {
            break;
        }
        deals += 1;
        if feed {
            // Would the next seat take the card (its shape drops), or even declare with it?
            let mut hand = knowledge.known[next].clone();
            hand.extend(extra);
            if let Some(them) = Kept::sampled(hand, view) {
                let weight = effort.samples as u64 / effort.feed.max(1) as u64;
                for (sum, (card, _)) in sums.iter_mut().zip(&kept) {
                    let penalty = match draw_onto(&them, *card, view) {
                        Err(()) => FEEDS_DECLARATION,
                        Ok(k) if k.shape < them.shape => FEEDS,
                        Ok(_) => 0,
                    };
                    for _ in 0..weight {
                        sum.add(penalty, false, others);
                    }
                }
            }
        }
        // The others draw before this seat's next turn.
        let draws = own_draws(&stock, active - 1, active);
        let thrown = offers(&stock, active.saturating_sub(2), active, view);
        for (sum, (_, k)) in sums.iter_mut().zip(&kept) {
            let (tenths, next) = playout(k.clone(), &draws, &thrown, 1, effort.horizon, view);
            sum.add(tenths, next, others);
        }
    }
    if deals == 0 || kept.is_empty() {
        return super::heuristic_discard(view, taken);
    }
    let mut means: Vec<(u64, u32)> = sums.iter().zip(&near).map(|(s, &o)| s.total(o, TURN, others)).collect();
    if let (true, Some((them, _))) = (heads_up(view), knowledge.next) {
        // A discard the other seat would take: the race's price of FEED_TENTHS at FEED_AT, per sampled deal.
        let feed = (race::cost(FEED_AT + FEED_TENTHS, others) - race::cost(FEED_AT, others)) * deals as u64;
        for (m, (card, _)) in means.iter_mut().zip(&kept) {
            if feeds(*card, &knowledge.known[them], view) {
                m.0 += feed;
            }
        }
    }
    // The least mean cost; ties go to the heuristic's order.
    let pick = (0..kept.len()).min_by_key(|&i| (means[i].0, i)).unwrap_or(0);
    let runner_up = (0..kept.len()).filter(|&i| i != pick).min_by_key(|&i| (means[i].0, i));
    let card = kept[pick].0;
    let reason = BotReason::ExpertDiscard {
        card,
        turns: means[pick].1,
        next: runner_up.map(|i| (kept[i].0, means[i].1)),
        deals,
    };
    (Action::Discard(card), reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::rummy::game::{Game, Settings};
    use crate::rummy::parse_rummy_cards;

    /// Seat 0's view of a fresh two-player table, holding `hand` with no wild rank.
    fn view_with(hand: &str) -> SeatView {
        let g = Game::new(Settings::default(), TableSeed::parse("outs").unwrap()).unwrap();
        let mut v = g.view(0);
        v.hand = parse_rummy_cards(hand).unwrap();
        v.wild = None;
        v
    }

    #[test]
    fn outs_count_every_unseen_copy_that_completes_the_hand() {
        // Four melds and the 8♣: any card that lengthens a meld completes it (the 8♣
        // goes): the sequences' ends, the set's fourth king (which the playouts' quick
        // test, `useful`, would not try) and a joker.
        let v = view_with("2S 3S 4S 5H 6H 7H 9D 10D JD KC KD KH 8C");
        let (kept, _) = Kept::now(&v).unwrap();
        let pool = Knowledge::from_view(&v).pool;
        let completing = parse_rummy_cards("AS 5S 4H 8H 8D QD KS JK").unwrap();
        let expected = pool.iter().filter(|c| completing.contains(c)).count() as u64;
        assert!(expected >= 8, "most copies are unseen");
        assert_eq!(outs(&kept, &pool, &v), Some((expected, pool.len() as u64)));
        // Far from complete: not counted.
        let v = view_with("2S 5S 9S 3H 7H JH 4D 8D QD 6C 10C KC AC");
        let (kept, _) = Kept::now(&v).unwrap();
        assert_eq!(outs(&kept, &Knowledge::from_view(&v).pool, &v), None);
    }

    #[test]
    fn playouts_take_the_other_seats_discard_when_it_helps() {
        let c = |t: &str| parse_rummy_cards(t).unwrap();
        // Four melds and the 8♣: the 5♠ thrown by the other seat completes the hand at once,
        // even though the stock's card (the 2♣) would not.
        let v = view_with("2S 3S 4S 5H 6H 7H 9D 10D JD KC KD KH 8C");
        let (kept, _) = Kept::now(&v).unwrap();
        assert_eq!(playout(kept.clone(), &c("2C"), &c("5S"), 1, 1, &v), (TURN, false));
        let alone = (2 * TURN + kept.shape as u64 * TURN / SHAPE_PER_TURN, false);
        assert_eq!(playout(kept.clone(), &c("2C"), &[], 1, 1, &v), alone, "no discard offered: the stock's card");
        // A card that does not lower the shape is left: the 9♣ would only swap loose cards.
        assert_eq!(playout(kept.clone(), &c("2C"), &c("9C"), 1, 1, &v), alone);
        // The K♥ makes a set of the two kings and leaves the 8♣ alone: taken instead of the stock's card.
        let v = view_with("2S 3S 4S 5H 6H 7H 9D 10D JD KC KD QC 8C");
        let (kept, _) = Kept::now(&v).unwrap();
        let (tenths, next) = playout(kept.clone(), &c("2C"), &c("KH"), 1, 1, &v);
        assert!(!next && tenths < playout(kept.clone(), &c("2C"), &[], 1, 1, &v).0);
        assert_eq!(tenths, 2 * TURN + 12 * TURN / SHAPE_PER_TURN, "the 8♣ alone: 8 points and 4");
        // Only at a two-player table: the seat before's cards, one in every `active`.
        let stock = c("2C 3C 4C 5C 6C");
        assert_eq!(offers(&stock, 0, 2, &v), c("2C 4C 6C"));
        let mut six = v.clone();
        six.players = 6;
        assert!(offers(&stock, 4, 6, &six).is_empty());
    }

    #[test]
    fn at_two_players_a_discard_that_feeds_the_other_seat_costs_more() {
        let c = |t: &str| t.parse::<RummyCard>().unwrap();
        let v = view_with("2S 3S 4S 5H 6H 7H 9D 10D JD 4C 8C KC QH 2D");
        // Partners of a card the other seat took and holds: same rank, or same suit within two ranks.
        let theirs = [c("KD")];
        assert!(feeds(c("KC"), &theirs, &v) && feeds(c("QD"), &theirs, &v) && feeds(c("AD"), &theirs, &v));
        assert!(!feeds(c("QH"), &theirs, &v) && !feeds(c("10D"), &theirs, &v) && !feeds(c("KD"), &theirs, &v));
        assert!(!feeds(RummyCard::Joker, &theirs, &v), "jokers are not judged");
        let mut w = v.clone();
        w.wild = Some(crate::cards::Rank::King);
        assert!(!feeds(c("KC"), &theirs, &w), "nor wild cards");
        // Without what the other seat took the Expert throws the K♣; once it is known to hold the
        // K♦ (taken from the pile), the K♣ would feed it and the 8♣ goes instead.
        let rng = crate::dup::TableSeed::parse("feed").unwrap().stream(crate::dup::Purpose::Bots);
        let (free, _) = discard(&mut rng.clone(), &v, None, Effort::default());
        let mut fed = v.clone();
        fed.picked = vec![(1, c("KD"))];
        let (guarded, _) = discard(&mut rng.clone(), &fed, None, Effort::default());
        assert_eq!(free, Action::Discard(c("KC")));
        assert_eq!(guarded, Action::Discard(c("8C")));
    }

    #[test]
    fn exact_outs_replace_the_sampled_next_draws() {
        let c = |t| race::cost(t, 1);
        let mut w = Weighed::default();
        // Four playouts: one declares on the next draw (10 tenths), three at 40.
        for t in [10, 40, 40, 40] {
            w.add(t, t == TURN, 1);
        }
        // Without a count the sample stands: a mean of 32.5 tenths.
        assert_eq!(w.total(None, TURN, 1), (c(10) + 3 * c(40), 32));
        // With one out in two: half declare next (10), the rest as the three others (40).
        let (cost, tenths) = w.total(Some((1, 2)), TURN, 1);
        assert_eq!(tenths, 25);
        assert_eq!(cost, (c(10) + c(40)) * 4 / 2);
        // No out at all: only the playouts that did not declare next count.
        assert_eq!(w.total(Some((0, 5)), TURN, 1), (4 * c(40), 40));
    }
}
