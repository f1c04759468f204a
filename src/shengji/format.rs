//! Trick formats (multisets of lists of tuple sizes), their canonical form and
//! text, the strength order between formats, and the decomposition ordering for
//! N cards (a function of N and the tractor rules only, cached per key).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use super::first_match::{PlanIds, Plans};
use std::sync::{Arc, Mutex, OnceLock};

/// Which sequences of tuples count as tractors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TractorRules {
    /// Smallest tuple inside a tractor (2 = pairs).
    pub min_tuple: u8,
    /// Fewest tuples in a row (2).
    pub min_length: u8,
}

impl Default for TractorRules {
    fn default() -> Self {
        TractorRules { min_tuple: 2, min_length: 2 }
    }
}

impl TractorRules {
    /// True if a group (list of tuple sizes) of length >= 2 is allowed.
    pub fn allows_group(&self, group: &[u8]) -> bool {
        group.len() >= self.min_length as usize && group.iter().all(|&t| t >= self.min_tuple)
    }
}

/// A trick format: a multiset of groups, each a list of tuple sizes in
/// sequence (`[2, 2]` is a tractor of two pairs, `[3]` a triple). Always kept
/// canonical: groups sorted in descending lexicographic order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    groups: Vec<Vec<u8>>,
}

/// A list of groups that is not a valid format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError(pub String);

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FormatError {}

impl Format {
    /// Builds a canonical format; every tuple size must be at least 1 and
    /// there must be at least one group.
    pub fn new(mut groups: Vec<Vec<u8>>) -> Result<Format, FormatError> {
        if groups.is_empty() || groups.iter().any(|g| g.is_empty()) {
            return Err(FormatError("a format needs at least one non-empty group".into()));
        }
        if groups.iter().flatten().any(|&t| t == 0) {
            return Err(FormatError("tuple sizes in a format must be at least 1".into()));
        }
        crate::small_sort::sort_by(&mut groups, |a, b| b.cmp(a));
        Ok(Format { groups })
    }

    pub(crate) fn from_sorted(groups: Vec<Vec<u8>>) -> Format {
        debug_assert!(groups.windows(2).all(|w| w[0] >= w[1]));
        Format { groups }
    }

    /// The groups, in canonical order.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// Each distinct group with how many times it repeats, in canonical order
    /// (equal groups are adjacent there): what a description says once with a count.
    pub fn group_runs(&self) -> Vec<(&[u8], usize)> {
        self.groups
            .chunk_by(|a, b| a == b)
            .map(|run| (run[0].as_slice(), run.len()))
            .collect()
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.groups.iter().flatten().map(|&t| t as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Tuple sizes, largest first (the integer partition of the card count).
    pub fn partition(&self) -> Vec<u8> {
        let mut p: Vec<u8> = self.groups.iter().flatten().copied().collect();
        crate::small_sort::sort_by(&mut p, |a, b| b.cmp(a));
        p
    }

    /// The format without its single cards (its *core*, `None` when it is
    /// all singles) and how many singles it has. A lead's singles are
    /// already fully decomposed: only the core walks down the ordering.
    pub fn split_singles(&self) -> (Option<Format>, usize) {
        let singles = self.groups.iter().filter(|g| g.as_slice() == [1]).count();
        let core: Vec<Vec<u8>> = self.groups.iter().filter(|g| g.as_slice() != [1]).cloned().collect();
        ((!core.is_empty()).then_some(Format { groups: core }), singles)
    }

    /// This format with `n` more single cards.
    pub fn with_singles(&self, n: usize) -> Format {
        let mut groups = self.groups.clone();
        groups.extend(std::iter::repeat_n(vec![1u8], n));
        Format { groups }
    }

    /// This format with `n` of its single cards taken out (the inverse of
    /// [`Format::with_singles`]); `None` if that leaves nothing or it has fewer.
    pub fn without_singles(&self, n: usize) -> Option<Format> {
        let ones = self.groups.iter().rev().take_while(|g| g.as_slice() == [1]).count();
        (n <= ones && n < self.groups.len()).then(|| Format { groups: self.groups[..self.groups.len() - n].to_vec() })
    }

    /// `n` single cards.
    pub fn singles(n: usize) -> Format {
        Format { groups: vec![vec![1u8]; n] }
    }

    /// True if some group is a sequence of two or more tuples.
    pub fn has_sequence(&self) -> bool {
        self.groups.iter().any(|g| g.len() >= 2)
    }

    /// Compares strength in the decomposition ordering: `Greater` means
    /// `self` comes earlier (is stronger). Partition in descending
    /// lexicographic order, then fewer groups, then groups descending.
    pub fn strength_cmp(&self, other: &Format) -> Ordering {
        self.partition()
            .cmp(&other.partition())
            .then(other.groups.len().cmp(&self.groups.len()))
            .then(self.groups.cmp(&other.groups))
    }

    /// Plain English for the UI: "two pairs in a row", "a triple, a pair and a single".
    pub fn describe(&self) -> String {
        describe_groups(self)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, g) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str("[")?;
            for (j, t) in g.iter().enumerate() {
                if j > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{t}")?;
            }
            f.write_str("]")?;
        }
        f.write_str("}")
    }
}

impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.groups.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
        let g = Vec::<Vec<u8>>::deserialize(d)?;
        Format::new(g).map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Format {
    type Err = FormatError;

    /// Reads `{[2, 2], [1]}` or the JSON form `[[2,2],[1]]`.
    fn from_str(s: &str) -> Result<Format, FormatError> {
        let t = s.trim();
        let inner = t
            .strip_prefix('{')
            .and_then(|x| x.strip_suffix('}'))
            .or_else(|| t.strip_prefix('[').and_then(|x| x.strip_suffix(']')))
            .ok_or_else(|| FormatError(format!("'{s}' is not a format (write it like {{[2, 2], [1]}})")))?;
        let json = format!("[{inner}]");
        let groups: Vec<Vec<u8>> = serde_json::from_str(&json)
            .map_err(|_| FormatError(format!("'{s}' is not a format (write it like {{[2, 2], [1]}})")))?;
        Format::new(groups)
    }
}

const NUMBER_WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

fn count_word(n: usize) -> String {
    NUMBER_WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

fn tuple_noun(t: u8, plural: bool) -> String {
    let base = match t {
        1 => "single",
        2 => "pair",
        3 => "triple",
        4 => "quad",
        _ => "",
    };
    if base.is_empty() {
        return format!("{t} of a kind");
    }
    if plural {
        format!("{base}s")
    } else {
        base.to_string()
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(|c: char| c.is_ascii_digit()) && (word.starts_with('8') || word.starts_with("11")) {
        "an"
    } else {
        "a"
    }
}

fn describe_group(g: &[u8], copies: usize) -> String {
    let uniform = g.iter().all(|&t| t == g[0]);
    if g.len() == 1 {
        let noun = tuple_noun(g[0], copies > 1);
        return if copies > 1 {
            format!("{} {noun}", count_word(copies))
        } else {
            format!("{} {noun}", article(&noun))
        };
    }
    let body = if uniform {
        format!("{} {} in a row", count_word(g.len()), tuple_noun(g[0], true))
    } else {
        let parts: Vec<String> = g
            .iter()
            .map(|&t| {
                let noun = tuple_noun(t, false);
                format!("{} {noun}", article(&noun))
            })
            .collect();
        format!("{} in a row", parts.join(" then "))
    };
    if copies > 1 {
        format!("{} × ({body})", count_word(copies))
    } else {
        body
    }
}

fn describe_groups(format: &Format) -> String {
    let mut parts: Vec<String> = format.group_runs().into_iter().map(|(g, n)| describe_group(g, n)).collect();
    match parts.len() {
        0 => String::new(),
        1 => parts.pop().unwrap_or_default(),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    }
}

// ---------------------------------------------------------------------------
// Decomposition ordering.

/// Integer partitions of `n` (parts descending) in reverse-lexicographic order.
pub fn partitions(n: usize) -> Vec<Vec<u8>> {
    fn rec(n: usize, max: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if n == 0 {
            out.push(cur.clone());
            return;
        }
        for p in (1..=n.min(max)).rev() {
            cur.push(p as u8);
            rec(n - p, p, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    if n > 0 {
        rec(n, n, &mut Vec::new(), &mut out);
    }
    out
}

/// Every distinct format with the given partition, strongest first: the
/// singles stay singles; the larger tuples are arranged into sequential groups
/// (each a distinct ordering of a sub-multiset) allowed by the tractor rules.
pub fn partition_formats(partition: &[u8], rules: TractorRules) -> Vec<Format> {
    let singles = partition.iter().filter(|&&t| t == 1).count();
    // Distinct tuple sizes > 1 with multiplicities, largest first.
    let mut sizes: Vec<(u8, usize)> = Vec::new();
    for &t in partition.iter().filter(|&&t| t > 1) {
        match sizes.iter_mut().find(|(s, _)| *s == t) {
            Some(e) => e.1 += 1,
            None => sizes.push((t, 1)),
        }
    }
    let mut counts: Vec<usize> = sizes.iter().map(|&(_, m)| m).collect();
    let mut out: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut cur: Vec<Vec<u8>> = Vec::new();
    group_rec(&sizes, &mut counts, None, &mut cur, &mut out, rules);
    let mut formats: Vec<Format> = out
        .into_iter()
        .map(|mut groups| {
            groups.extend(std::iter::repeat_n(vec![1u8], singles));
            Format::from_sorted(groups)
        })
        .collect();
    // Distinct formats: the strength order is total, no stability needed.
    formats.sort_unstable_by(|a, b| b.strength_cmp(a));
    formats
}

/// Chooses groups in non-increasing order (so each multiset appears once).
fn group_rec(
    sizes: &[(u8, usize)],
    counts: &mut Vec<usize>,
    max: Option<&[u8]>,
    cur: &mut Vec<Vec<u8>>,
    out: &mut Vec<Vec<Vec<u8>>>,
    rules: TractorRules,
) {
    if counts.iter().all(|&c| c == 0) {
        out.push(cur.clone());
        return;
    }
    // Enumerate every sequence drawn from the remaining multiset.
    let mut seqs = Vec::new();
    let mut seq = Vec::new();
    seq_rec(sizes, counts, &mut seq, &mut seqs);
    for g in seqs {
        if g.len() >= 2 && !rules.allows_group(&g) {
            continue;
        }
        if let Some(m) = max {
            if g.as_slice() > m {
                continue;
            }
        }
        for &t in &g {
            let i = sizes.iter().position(|&(s, _)| s == t).unwrap_or(0);
            counts[i] -= 1;
        }
        cur.push(g.clone());
        group_rec(sizes, counts, Some(&g), cur, out, rules);
        cur.pop();
        for &t in &g {
            let i = sizes.iter().position(|&(s, _)| s == t).unwrap_or(0);
            counts[i] += 1;
        }
    }
}

fn seq_rec(sizes: &[(u8, usize)], counts: &mut Vec<usize>, seq: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    for i in 0..sizes.len() {
        if counts[i] == 0 {
            continue;
        }
        counts[i] -= 1;
        seq.push(sizes[i].0);
        out.push(seq.clone());
        seq_rec(sizes, counts, seq, out);
        seq.pop();
        counts[i] += 1;
    }
}

/// One partition's run of formats inside a decomposition ordering.
#[derive(Debug)]
pub struct Block {
    pub partition: Vec<u8>,
    /// `need[t]` = number of tuples of size >= t (for necessary-count pruning).
    pub need: Vec<u8>,
    formats: OnceLock<Vec<Format>>,
    /// The formats compiled for the hint list's solver (built on first use).
    plans: OnceLock<Plans>,
    rules: TractorRules,
}

impl Block {
    /// The block's formats, strongest first (built on first use).
    pub fn formats(&self) -> &[Format] {
        self.formats.get_or_init(|| partition_formats(&self.partition, self.rules))
    }
}

/// The decomposition ordering for N cards: every format of N cards,
/// strongest first, grouped into one block per partition. Blocks build their
/// formats lazily, so asking for 30 cards costs only what is looked at.
#[derive(Debug)]
pub struct Decomposition {
    pub n: usize,
    pub rules: TractorRules,
    pub blocks: Vec<Block>,
    /// Shape and step-suffix ids shared by every plan of this ordering.
    plan_ids: Mutex<PlanIds>,
}

impl Decomposition {
    fn build(n: usize, rules: TractorRules) -> Decomposition {
        let blocks = partitions(n)
            .into_iter()
            .map(|p| {
                let max = p.first().copied().unwrap_or(0) as usize;
                let need = (0..=max).map(|t| p.iter().filter(|&&x| x as usize >= t).count() as u8).collect();
                Block { partition: p, need, formats: OnceLock::new(), plans: OnceLock::new(), rules }
            })
            .collect();
        Decomposition { n, rules, blocks, plan_ids: Mutex::new(PlanIds::default()) }
    }

    /// Block `b`'s formats compiled for the hint list's solver, index for index.
    pub(crate) fn plans(&self, b: usize) -> &Plans {
        let blk = &self.blocks[b];
        blk.plans.get_or_init(|| {
            let mut ids = self.plan_ids.lock().unwrap_or_else(|e| e.into_inner());
            Plans::compile(blk.formats(), &mut ids)
        })
    }

    /// Every format, strongest first (forces every block).
    pub fn iter(&self) -> impl Iterator<Item = &Format> + '_ {
        self.blocks.iter().flat_map(|b| b.formats().iter())
    }

    /// Builds every block's formats and the hint list's compiled plans now
    /// (both are otherwise built on first use); for benchmarks and warm-ups.
    pub fn prepare(&self) {
        for b in 0..self.blocks.len() {
            self.plans(b);
        }
    }

    /// Total number of formats (forces every block).
    pub fn count(&self) -> usize {
        self.blocks.iter().map(|b| b.formats().len()).sum()
    }

    /// (block, index inside block) of a format, if it belongs to this ordering.
    pub fn position(&self, f: &Format) -> Option<(usize, usize)> {
        let p = f.partition();
        let b = self.blocks.binary_search_by(|blk| p.cmp(&blk.partition)).ok()?;
        let i = self.blocks[b].formats().iter().position(|x| x == f)?;
        Some((b, i))
    }

    /// The formats from `f` (inclusive) to the end, strongest first, lazily.
    pub fn suffix_from<'a>(&'a self, f: &Format) -> Option<impl Iterator<Item = &'a Format> + 'a> {
        let (b, i) = self.position(f)?;
        Some(self.blocks[b..].iter().enumerate().flat_map(move |(k, blk)| {
            let skip = if k == 0 { i } else { 0 };
            blk.formats()[skip..].iter()
        }))
    }
}

type Cache = Mutex<HashMap<(usize, TractorRules), Arc<Decomposition>>>;

/// The cached decomposition ordering for `n` cards under `rules`. The cache is
/// a process-wide map (a plain mutex works in single-threaded wasm too).
pub fn decomposition(n: usize, rules: TractorRules) -> Arc<Decomposition> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    map.entry((n, rules)).or_insert_with(|| Arc::new(Decomposition::build(n, rules))).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<String> {
        decomposition(n, TractorRules::default()).iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn three_and_four_card_orderings_match_the_seed() {
        assert_eq!(lines(3), ["{[3]}", "{[2], [1]}", "{[1], [1], [1]}"]);
        assert_eq!(
            lines(4),
            ["{[4]}", "{[3], [1]}", "{[2, 2]}", "{[2], [2]}", "{[2], [1], [1]}", "{[1], [1], [1], [1]}"]
        );
    }

    #[test]
    fn six_card_ordering_matches_the_seed_line_for_line() {
        let expected = [
            "{[6]}",
            "{[5], [1]}",
            "{[4, 2]}",
            "{[2, 4]}",
            "{[4], [2]}",
            "{[4], [1], [1]}",
            "{[3, 3]}",
            "{[3], [3]}",
            "{[3, 2], [1]}",
            "{[2, 3], [1]}",
            "{[3], [2], [1]}",
            "{[3], [1], [1], [1]}",
            "{[2, 2, 2]}",
            "{[2, 2], [2]}",
            "{[2], [2], [2]}",
            "{[2, 2], [1], [1]}",
            "{[2], [2], [1], [1]}",
            "{[2], [1], [1], [1], [1]}",
            "{[1], [1], [1], [1], [1], [1]}",
        ];
        assert_eq!(lines(6), expected);
    }

    #[test]
    fn suffix_of_a_tractor_of_triples_matches_the_seed() {
        let d = decomposition(6, TractorRules::default());
        let f: Format = "{[3, 3]}".parse().unwrap();
        let suffix: Vec<String> = d.suffix_from(&f).unwrap().map(|f| f.to_string()).collect();
        assert_eq!(suffix.len(), 13);
        assert_eq!(suffix[1], "{[3], [3]}");
        assert_eq!(suffix[12], "{[1], [1], [1], [1], [1], [1]}");
    }

    #[test]
    fn ordering_is_strictly_decreasing_and_distinct() {
        for n in 1..=12 {
            let d = decomposition(n, TractorRules::default());
            let v: Vec<&Format> = d.iter().collect();
            for w in v.windows(2) {
                assert_eq!(w[0].strength_cmp(w[1]), Ordering::Greater, "{} vs {}", w[0], w[1]);
            }
            assert!(v.iter().all(|f| f.len() == n));
            assert_eq!(
                d.position(v[v.len() / 2]).map(|(b, i)| d.blocks[b].formats()[i].clone()),
                Some(v[v.len() / 2].clone())
            );
        }
    }

    #[test]
    fn tractor_rules_filter_groups() {
        let strict = TractorRules { min_tuple: 3, min_length: 2 };
        let d = decomposition(6, strict);
        let v: Vec<String> = d.iter().map(|f| f.to_string()).collect();
        assert!(v.contains(&"{[3, 3]}".to_string()));
        assert!(!v.iter().any(|s| s.contains("[2, 2")));
        let long = TractorRules { min_tuple: 2, min_length: 3 };
        let v: Vec<String> = decomposition(6, long).iter().map(|f| f.to_string()).collect();
        assert!(v.contains(&"{[2, 2, 2]}".to_string()));
        assert!(!v.contains(&"{[2, 2], [2]}".to_string()));
    }

    #[test]
    fn display_parse_and_describe() {
        let f: Format = "{[1], [2, 2], [1]}".parse().unwrap();
        assert_eq!(f.to_string(), "{[2, 2], [1], [1]}");
        assert_eq!(serde_json::to_string(&f).unwrap(), "[[2,2],[1],[1]]");
        assert_eq!("[[3],[2],[1]]".parse::<Format>().unwrap().describe(), "a triple, a pair and a single");
        assert_eq!("{[2, 2]}".parse::<Format>().unwrap().describe(), "two pairs in a row");
        assert_eq!("{[2]}".parse::<Format>().unwrap().describe(), "a pair");
        assert_eq!("{[3, 2], [1]}".parse::<Format>().unwrap().describe(), "a triple then a pair in a row and a single");
        assert_eq!("{[1], [1]}".parse::<Format>().unwrap().describe(), "two singles");
        assert!("{[0]}".parse::<Format>().is_err());
        assert!("2,2".parse::<Format>().is_err());
    }

    /// Prints the format counts quoted in docs/shengji.md:
    /// `cargo test --lib shengji::format -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_format_counts() {
        for n in [6, 8, 10, 13, 16, 20] {
            let t = std::time::Instant::now();
            let d = decomposition(n, TractorRules::default());
            println!("N = {n}: {} partitions, {} formats ({:?})", d.blocks.len(), d.count(), t.elapsed());
        }
    }
}
