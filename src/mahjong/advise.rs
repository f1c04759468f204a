//! Discard advice for a 3n+2 hand: every discard ranked by shanten after it, then by the
//! unseen tiles that would improve it, then by the seed's decomposition valuation
//! (melds, partial melds and isolated tiles, weighted by how many tiles remain).

use super::eigen;
use super::shanten::{best_with_profiles, profiles, SuitProfile};
use super::tile::{Hand, Suit, Tile, TileError, KINDS};
use super::win::Forms;
use serde::Serialize;
use std::fmt;

/// Tiles the player can see outside their own hand (discards, exposed melds, ...), per kind id.
pub type Visible = [u8; KINDS];

/// One ranked discard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Discard {
    pub discard: Tile,
    /// Shanten of the hand after this discard (0 = ready).
    pub shanten: i32,
    /// Unseen copies of all improving tiles.
    pub improving: u32,
    /// The kinds that would lower the shanten, with their unseen copies.
    pub improving_tiles: Vec<(Tile, u8)>,
    /// The discarded kind's value in the hand (lower = less useful), the tie-break.
    pub value: f64,
    /// What the discarded tile mostly is in the hand's decompositions.
    pub role: Role,
}

impl Discard {
    /// The advice as an English sentence for people (the CLI's; the table phrases its own).
    /// Written on demand: bots rank thousands of discards and read none.
    pub fn reason(&self) -> String {
        reason(self.discard, self.shanten, self.improving, &self.improving_tiles, self.value, self.role)
    }
}

/// The part a tile plays in a decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Meld,
    Pair,
    Partial,
    Isolated,
    Wildcard,
}

impl Role {
    fn text(self) -> &'static str {
        match self {
            Role::Meld => "part of a meld",
            Role::Pair => "part of a pair",
            Role::Partial => "part of a partial meld",
            Role::Isolated => "an isolated tile",
            Role::Wildcard => "a wildcard",
        }
    }
}

/// Why advice could not be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdviceError {
    /// Advice is for a hand that has just drawn: 3n+2 tiles.
    WrongSize(usize),
    /// More tiles visible plus held than exist.
    TooManyVisible(Tile),
    Tile(TileError),
}

impl fmt::Display for AdviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdviceError::WrongSize(n) => {
                write!(f, "discard advice needs a hand of 3n+2 tiles (e.g. 14), this one has {n}")
            }
            AdviceError::TooManyVisible(t) => write!(f, "more than four {t} between the hand and the visible tiles"),
            AdviceError::Tile(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AdviceError {}

/// Ranks every distinct discard of a 3n+2 hand, best first.
pub fn advise(hand: &Hand, visible: &Visible, forms: Forms) -> Result<Vec<Discard>, AdviceError> {
    let n = hand.len();
    if n % 3 != 2 || n > 17 {
        return Err(AdviceError::WrongSize(n));
    }
    let mut unseen = [0u8; KINDS];
    for t in Tile::all() {
        let used = hand.count(t).saturating_add(visible[t.id() as usize]);
        if used > 4 {
            return Err(AdviceError::TooManyVisible(t));
        }
        unseen[t.id() as usize] = 4 - used;
    }
    let values = tile_values(hand, &unseen);
    let mut out = Vec::new();
    let mut candidates: Vec<Tile> = hand.kinds().map(|(t, _)| t).collect();
    if let (Some(w), true) = (hand.wild_kind, hand.wild > 0) {
        candidates.push(w);
    }
    // Hands of up to 14 tiles read their shanten from the distance tables; larger
    // wildcard hands walk sub-shapes, one suit's profile updated per tile drawn.
    let small = n <= 14;
    let fast = |h: &Hand| super::shanten::shanten(h, forms).map_or(i32::MAX, |s| s.shanten);
    for d in candidates {
        let mut after = *hand;
        after.remove(d);
        let base = if small { None } else { Some(profiles(&after)) };
        let shanten = match &base {
            None => fast(&after),
            Some(b) => best_with_profiles(&after, b, forms),
        };
        // Every draw's regular form at once (one lookup per kind after the others' suits).
        let mut draws = [0u32; KINDS];
        if small {
            super::distance::distance_tables().replacement_after_draws(&after.eigens, n / 3, &mut draws);
        }
        // Seven pairs after a draw follows from the counts before it; thirteen orphans changes
        // only with a terminal or an honour.
        let pairs = SevenPairsCounts::of(&after);
        let orphans_after = if forms.thirteen_orphans { super::shanten::thirteen_orphans_shanten(&after) } else { None };
        let other_forms = |h: &Hand, t: Tile| {
            let len_ok = h.len() == 13 || h.len() == 14;
            let sp = if forms.seven_pairs && len_ok { pairs.after_draw(after.count(t), h.wild) } else { i32::MAX };
            let to = match (forms.thirteen_orphans, t.is_terminal_or_honour()) {
                (false, _) => None,
                (true, true) => super::shanten::thirteen_orphans_shanten(h),
                // Any other draw leaves the orphans and the count formula as they were.
                (true, false) => orphans_after.filter(|_| len_ok),
            };
            sp.min(to.unwrap_or(i32::MAX))
        };
        let mut improving_tiles = Vec::new();
        for t in Tile::all() {
            let left = unseen[t.id() as usize];
            let mut drawn = after;
            if left == 0 || drawn.add(t).is_err() {
                continue;
            }
            let better = match &base {
                None if Some(t) == hand.wild_kind => fast(&drawn) < shanten,
                None => {
                    let regular = (draws[t.id() as usize] as i32 - drawn.wild as i32 - 1).max(-1);
                    regular.min(other_forms(&drawn, t)) < shanten
                }
                Some(b) => {
                    let mut p = *b;
                    if Some(t) != hand.wild_kind {
                        let s = t.suit().index();
                        p[s] = SuitProfile::new(drawn.eigens[s], s == 3);
                    }
                    best_with_profiles(&drawn, &p, forms) < shanten
                }
            };
            if better {
                improving_tiles.push((t, left));
            }
        }
        let improving = improving_tiles.iter().map(|&(_, c)| c as u32).sum();
        let (value, role) = if Some(d) == hand.wild_kind {
            (f64::INFINITY, Role::Wildcard)
        } else {
            values[d.id() as usize]
        };
        out.push(Discard { discard: d, shanten, improving, improving_tiles, value, role });
    }
    crate::small_sort::sort_by(&mut out, |a, b| {
        a.shanten
            .cmp(&b.shanten)
            .then(b.improving.cmp(&a.improving))
            .then(a.value.total_cmp(&b.value))
            .then(a.discard.cmp(&b.discard))
    });
    Ok(out)
}

/// A hand's seven-pairs counts (kinds held two or more times, four times, an odd number
/// of times), to read the seven-pairs shanten after any one draw without recounting.
#[derive(Clone, Copy)]
struct SevenPairsCounts {
    pairs: u32,
    quads: u32,
    odd: u32,
}

impl SevenPairsCounts {
    fn of(hand: &Hand) -> SevenPairsCounts {
        let mut c = SevenPairsCounts { pairs: 0, quads: 0, odd: 0 };
        for &e in &hand.eigens {
            c.pairs += super::eigen::pair_ranks(e);
            c.quads += super::eigen::quads(e);
            c.odd += super::eigen::odd_ranks(e);
        }
        c
    }

    /// Seven-pairs shanten after drawing a tile of a kind held `before` times (as
    /// `seven_pairs_shanten` counts it: a quad is two pairs).
    fn after_draw(self, before: u8, wild: u8) -> i32 {
        let mut c = self;
        match before {
            0 | 2 => c.odd += 1,
            1 => {
                c.odd -= 1;
                c.pairs += 1;
            }
            _ => {
                c.odd -= 1;
                c.quads += 1;
            }
        }
        let pairs = (c.pairs + c.quads).min(7);
        let overlap = 2 * pairs + c.odd.min(7 - pairs) + wild as u32;
        13 - overlap.min(14) as i32
    }
}

fn reason(d: Tile, shanten: i32, improving: u32, tiles: &[(Tile, u8)], value: f64, role: Role) -> String {
    let state = match shanten {
        -1 => "the hand stays complete".to_string(),
        0 => "the hand is ready".to_string(),
        s => format!("{s} away from ready"),
    };
    let list: Vec<String> = tiles.iter().map(|(t, c)| format!("{t}×{c}")).collect();
    let kinds = if list.is_empty() { String::new() } else { format!(" ({})", list.join(" ")) };
    let worth = if value.is_finite() { format!(", value {value:.2}") } else { String::new() };
    format!(
        "discard {d}: {state}; {improving} unseen tiles improve it{kinds}; {d} is mostly {}{worth}",
        role.text()
    )
}

/// Caps the decompositions walked per suit (a hand like 11223344556677m has very many).
const MAX_DECOMPOSITIONS: usize = 4096;

/// Group weights of the valuation: meld kinds are fixed, partial kinds are scaled by how
/// many of the tiles that would complete them are still unseen.
const TRIPLET: f64 = 1.1;
const SEQUENCE: f64 = 1.0;
const PAIR: f64 = 0.9;
const TWO_SIDED: f64 = 0.8;
const EDGE_OR_CLOSED: f64 = 0.7;
const ISOLATED_MIDDLE: f64 = 0.3;
const ISOLATED_NEAR_EDGE: f64 = 0.2;
const ISOLATED_TERMINAL: f64 = 0.1;

/// Scale for a partial group: half its weight even if dead, full weight with 4 unseen per missing kind.
fn liveness(unseen_sum: u32, kinds: u32) -> f64 {
    0.5 + unseen_sum as f64 / (8.0 * kinds.max(1) as f64)
}

/// Per kind: the value credited to one copy, averaged over the suit's full decompositions
/// with weight `e^((total − best)/SOFTNESS)`, and its most frequent role by the same weights.
fn tile_values(hand: &Hand, unseen: &[u8; KINDS]) -> Vec<(f64, Role)> {
    let mut out = vec![(0.0, Role::Isolated); KINDS];
    for suit in Suit::ALL {
        let s = suit.index();
        let e = hand.eigens[s];
        if e == 0 {
            continue;
        }
        let digits = suit.ranks() as usize;
        let base = s * 9;
        let un = |d: usize| unseen[base + d] as u32;
        let mut counts: Vec<u8> = (0..digits).map(|d| eigen::digit(e, d as u32)).collect();
        let mut acc = Acc { found: Vec::new(), n: 0 };
        let mut groups: Vec<Group> = Vec::new();
        decompose(&mut counts, 0, suit == Suit::Honours, &un, &mut groups, &mut acc);
        // Weighted average over decompositions, the better ones weighing more.
        let best = acc.found.iter().map(|f| f.0).fold(f64::MIN, f64::max);
        let mut credit = vec![0.0; digits];
        let mut role_weight = vec![[0.0f64; 4]; digits];
        let mut weight_sum = 0.0;
        for (total, c, r) in &acc.found {
            let w = ((total - best) / SOFTNESS).exp();
            weight_sum += w;
            for d in 0..digits {
                credit[d] += w * c[d];
                for i in 0..4 {
                    role_weight[d][i] += w * r[d][i] as f64;
                }
            }
        }
        for d in 0..digits {
            let c = eigen::digit(e, d as u32);
            if c == 0 {
                continue;
            }
            let value = credit[d] / (weight_sum * c as f64);
            let roles = role_weight[d];
            let best = (0..4).max_by(|&a, &b| roles[a].total_cmp(&roles[b]).then(b.cmp(&a))).unwrap();
            let role = [Role::Meld, Role::Pair, Role::Partial, Role::Isolated][best];
            out[base + d] = (value, role);
        }
    }
    out
}

struct Acc {
    /// Per decomposition: total value, credit per rank, role counts per rank (ranks past
    /// the suit's last stay zero).
    found: Vec<(f64, [f64; 9], [[u32; 4]; 9])>,
    n: usize,
}

/// One group of a decomposition: its member ranks (the first `len`), weight and role.
/// Plain arrays: the walk visits thousands of decompositions and allocates nothing per step.
#[derive(Clone, Copy)]
struct Group {
    members: [usize; 3],
    len: usize,
    weight: f64,
    role: usize,
}

impl Group {
    fn new(members: &[usize], weight: f64, role: usize) -> Group {
        let mut m = [0; 3];
        m[..members.len()].copy_from_slice(members);
        Group { members: m, len: members.len(), weight, role }
    }
    fn members(&self) -> &[usize] {
        &self.members[..self.len]
    }
}

/// How sharply good decompositions outweigh poor ones: a decomposition worth 0.2 less
/// than the best counts e^-1 as much (so breaking a meld into singles barely counts).
const SOFTNESS: f64 = 0.2;

/// Enumerates decompositions of `counts` (lowest rank first) into melds, pairs, partial
/// melds and isolated tiles, crediting each group's weight to its members.
fn decompose(
    counts: &mut [u8],
    from: usize,
    honours: bool,
    un: &dyn Fn(usize) -> u32,
    groups: &mut Vec<Group>,
    acc: &mut Acc,
) {
    if acc.n >= MAX_DECOMPOSITIONS {
        return;
    }
    let Some(k) = (from..counts.len()).find(|&k| counts[k] > 0) else {
        acc.n += 1;
        let mut credit = [0.0; 9];
        let mut roles = [[0u32; 4]; 9];
        let mut total = 0.0;
        for g in groups.iter() {
            total += g.weight;
            for &m in g.members() {
                credit[m] += g.weight;
                roles[m][g.role] += 1;
            }
        }
        acc.found.push((total, credit, roles));
        return;
    };
    let len = counts.len();
    let mut options: [Group; 6] = [Group::new(&[], 0.0, 0); 6];
    let mut n_options = 0;
    let mut option = |g: Group| {
        options[n_options] = g;
        n_options += 1;
    };
    if counts[k] >= 3 {
        option(Group::new(&[k, k, k], TRIPLET, 0));
    }
    if !honours && k + 2 < len && counts[k + 1] > 0 && counts[k + 2] > 0 {
        option(Group::new(&[k, k + 1, k + 2], SEQUENCE, 0));
    }
    if counts[k] >= 2 {
        option(Group::new(&[k, k], PAIR * liveness(un(k), 1), 1));
    }
    if !honours && k + 1 < len && counts[k + 1] > 0 {
        let (w, live) = if k == 0 || k + 2 == len {
            let missing = if k == 0 { k + 2 } else { k - 1 };
            (EDGE_OR_CLOSED, liveness(un(missing), 1))
        } else {
            (TWO_SIDED, liveness(un(k - 1) + un(k + 2), 2))
        };
        option(Group::new(&[k, k + 1], w * live, 2));
    }
    if !honours && k + 2 < len && counts[k + 2] > 0 {
        option(Group::new(&[k, k + 2], EDGE_OR_CLOSED * liveness(un(k + 1), 1), 2));
    }
    let iso = if honours || k == 0 || k + 1 == len {
        ISOLATED_TERMINAL
    } else if k == 1 || k + 2 == len {
        ISOLATED_NEAR_EDGE
    } else {
        ISOLATED_MIDDLE
    };
    option(Group::new(&[k], iso * liveness(un(k), 1), 3));
    for g in &options[..n_options] {
        for &m in g.members() {
            counts[m] -= 1;
        }
        groups.push(*g);
        decompose(counts, k, honours, un, groups, acc);
        groups.pop();
        for &m in g.members() {
            counts[m] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(s: &str) -> Tile {
        Tile::parse(s).unwrap()
    }

    #[test]
    fn discards_the_isolated_honour_of_a_ready_shape() {
        let hand = Hand::parse("123m456p789s1122z7z", None).unwrap();
        let advice = advise(&hand, &[0; KINDS], Forms::default()).unwrap();
        assert_eq!(advice[0].discard, tile("7z"));
        assert_eq!(advice[0].shanten, 0);
        // Waiting on 1z or 2z: 2 + 2 unseen copies.
        assert_eq!(advice[0].improving, 4);
        assert_eq!(advice[0].role, Role::Isolated);
        assert!(advice[0].reason().contains("7z"));
    }

    #[test]
    fn visible_tiles_change_the_ranking() {
        // Either terminal breaks a partial; the one whose waits are dead is worse to keep.
        let hand = Hand::parse("12m45p789s111222z9s", None).unwrap();
        let fresh = advise(&hand, &[0; KINDS], Forms::default()).unwrap();
        let mut visible = [0u8; KINDS];
        visible[tile("3m").id() as usize] = 4;
        let dead = advise(&hand, &visible, Forms::default()).unwrap();
        let improving = |v: &[Discard], t: &str| v.iter().find(|d| d.discard == tile(t)).unwrap().improving;
        assert!(improving(&dead, "4p") < improving(&fresh, "4p"));
        assert!(advise(&Hand::parse("123m", None).unwrap(), &[0; KINDS], Forms::default()).is_err());
    }

    #[test]
    fn the_quick_draw_evaluation_lists_exactly_the_tiles_that_lower_the_shanten() {
        use crate::mahjong::shanten;
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
        for i in 0..600 {
            // Pair- and orphan-heavy hands too, so the incremental seven pairs and orphans are exercised.
            let kinds = [34, 12, 7][i % 3];
            let mut h = Hand::empty(None);
            while h.len() < 14 {
                let id = (rng.next_u32() % kinds) as u8;
                let id = if i % 3 == 2 { [0, 8, 9, 17, 18, 26, 27][id as usize] } else { id };
                let _ = h.add(Tile::from_id(id).unwrap());
            }
            for forms in [Forms::default(), Forms { seven_pairs: true, thirteen_orphans: false }] {
                for d in advise(&h, &[0; KINDS], forms).unwrap() {
                    let mut after = h;
                    after.remove(d.discard);
                    let s = shanten(&after, forms).unwrap().shanten;
                    assert_eq!(d.shanten, s, "{h} discard {}", d.discard);
                    let want: Vec<(Tile, u8)> = Tile::all()
                        .filter_map(|t| {
                            let mut drawn = after;
                            drawn.add(t).ok()?;
                            let unseen = 4 - h.count(t);
                            (unseen > 0 && shanten(&drawn, forms).unwrap().shanten < s).then_some((t, unseen))
                        })
                        .collect();
                    assert_eq!(d.improving_tiles, want, "{h} discard {}", d.discard);
                }
            }
        }
    }
}
