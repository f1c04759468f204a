//! `tuolaji mahjong check|waits|shanten|advise|fan|tables`: the mahjong engine on the
//! command line, one hand per call or one per stdin line with `--batch`
//! (`simulate` and `strength`, the Sichuan table, are in `mahjong_table.rs`).

use super::{run_batch, CliError, CliResult, Output, Verdict};
use crate::mahjong::{
    self, advise, parse_tiles, sichuan_fan, tables, Forms, Hand, Meld, MeldKind, SichuanRules, Tile, WinContext,
};
use clap::{Args, Subcommand};
use serde_json::{json, Value};

#[derive(Subcommand, Debug)]
pub enum MahjongCommand {
    /// Is a 3n+2 hand a win, and by which forms? Exit 1 if not.
    Check(HandArgs),
    /// Is a 3n+1 hand ready, and which tiles complete it? Exit 1 if not ready.
    Waits(HandArgs),
    /// Tiles away from ready (−1 = complete), best over the allowed forms.
    Shanten(HandArgs),
    /// Rank the discards of a 3n+2 hand, with reasons.
    Advise {
        #[command(flatten)]
        hand: HandArgs,
        /// Tiles visible outside the hand (discards, exposed sets), e.g. 3m3m7p.
        #[arg(long, default_value = "")]
        visible: String,
    },
    /// Score a winning hand under the Sichuan ruleset (see docs/mahjong.md). Exit 1 if not a win.
    Fan {
        #[command(flatten)]
        hand: HandArgs,
        /// Declared sets, comma-separated: 555m (pung), 2222p (kong), [7777s] (concealed kong).
        #[arg(long, default_value = "")]
        melds: String,
        /// The winning tile was self-drawn (自摸).
        #[arg(long)]
        self_drawn: bool,
        /// The winning tile followed a kong (杠上开花 / 杠上炮).
        #[arg(long)]
        after_kong: bool,
        /// Won by robbing a kong (抢杠胡).
        #[arg(long)]
        robbing_kong: bool,
        /// The last tile of the wall (海底).
        #[arg(long)]
        last_tile: bool,
        /// Fan cap (封顶).
        #[arg(long, default_value_t = 4)]
        max_fan: u32,
    },
    /// Build the lookup tables and print their key counts, memory and build time.
    Tables,
    /// Bots play whole Sichuan hands with every invariant checked (docs/sichuan.md); exit 1 on a violation.
    Simulate(super::mahjong_table::SimulateArgs),
    /// One bot against another on duplicate walls: wins and points per seat-hand.
    Strength(super::mahjong_table::StrengthArgs),
    /// One bot against another on duplicate deals (each deal twice, the bots rotated through
    /// the seats): points per seat-hand with a paired 95 % interval, time per decision, a digest.
    Arena(super::mahjong_table::ArenaArgs),
}

#[derive(Args, Debug)]
pub struct HandArgs {
    /// The hand, e.g. 123m456p789s1122z (omit with --batch).
    pub hand: Option<String>,
    /// The wildcard (赖子) tile kind, e.g. 5z: tiles of that kind count as wildcards.
    #[arg(long)]
    pub wild: Option<String>,
    /// Extra wildcards not tied to a kind (jokers).
    #[arg(long, default_value_t = 0)]
    pub jokers: u8,
    /// Do not count seven pairs as a win.
    #[arg(long)]
    pub no_seven_pairs: bool,
    /// Do not count thirteen orphans as a win.
    #[arg(long)]
    pub no_thirteen_orphans: bool,
    /// Read one hand per line from standard input and print one JSON object per line.
    #[arg(long)]
    pub batch: bool,
}

impl HandArgs {
    fn forms(&self) -> Forms {
        Forms { seven_pairs: !self.no_seven_pairs, thirteen_orphans: !self.no_thirteen_orphans }
    }

    fn wild_kind(&self) -> Result<Option<Tile>, CliError> {
        self.wild
            .as_deref()
            .map(|w| Tile::parse(w).map_err(|e| CliError::new(format!("--wild: {e}"))))
            .transpose()
    }

    fn parse(&self, text: &str) -> Result<Hand, CliError> {
        let hand = Hand::parse(text, self.wild_kind()?)?.with_extra_wild(self.jokers);
        if hand.is_empty() {
            return Err(CliError::new("the hand is empty: give tiles such as 123m456p789s1122z"));
        }
        if hand.len() > 17 {
            return Err(CliError::new(format!("{hand} has {} tiles; the engine handles hands of up to 17", hand.len())));
        }
        Ok(hand)
    }

    /// Runs `eval` on the one hand or, with `--batch`, on every stdin line.
    fn run(
        &self,
        out: Output,
        eval: impl Fn(&Hand) -> Result<(Value, String, bool), CliError>,
    ) -> CliResult {
        if self.batch {
            if self.hand.is_some() {
                return Err(CliError::new("give either a HAND or --batch, not both"));
            }
            return run_batch(|line| Ok(eval(&self.parse(line)?)?.0));
        }
        let text = self.hand.as_deref().ok_or_else(|| CliError::new("missing HAND (or use --batch)"))?;
        let (value, human, yes) = eval(&self.parse(text)?)?;
        out.emit(|| human, || value);
        Ok(Verdict::from_bool(yes))
    }
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(|t| t.to_string()).collect()
}

pub fn run(cmd: MahjongCommand, out: Output) -> CliResult {
    match cmd {
        MahjongCommand::Simulate(a) => super::mahjong_table::simulate(&a, out),
        MahjongCommand::Strength(a) => super::mahjong_table::strength_cmd(&a, out),
        MahjongCommand::Arena(a) => super::mahjong_table::arena_cmd(&a, out),
        MahjongCommand::Check(args) => {
            let forms = args.forms();
            args.run(out, |h| {
                if h.len() % 3 != 2 {
                    return Err(CliError::new(format!("a winning hand has 3n+2 tiles (e.g. 14); {h} has {}", h.len())));
                }
                let found = mahjong::win_forms(h, forms);
                let list: Vec<&str> = found.iter().map(|f| f.name()).collect();
                let human = if found.is_empty() {
                    format!("{h}: not a win")
                } else {
                    format!("{h}: win ({})", list.join(", "))
                };
                Ok((json!({ "win": !found.is_empty(), "forms": list }), human, !found.is_empty()))
            })
        }
        MahjongCommand::Waits(args) => {
            let forms = args.forms();
            args.run(out, |h| {
                if h.len() % 3 != 1 {
                    return Err(CliError::new(format!("a waiting hand has 3n+1 tiles (e.g. 13); {h} has {}", h.len())));
                }
                let waits = mahjong::waits(h, forms);
                let ready = mahjong::is_ready(h, forms);
                let human = if ready {
                    format!("{h}: ready, waiting on {}", names(&waits).join(" "))
                } else {
                    format!("{h}: not ready")
                };
                Ok((json!({ "ready": ready, "waits": names(&waits) }), human, ready))
            })
        }
        MahjongCommand::Shanten(args) => {
            let forms = args.forms();
            args.run(out, |h| {
                let s = mahjong::shanten(h, forms).ok_or_else(|| {
                    CliError::new(format!("shanten needs 3n+1 or 3n+2 tiles, at most 17; {h} has {}", h.len()))
                })?;
                let per = format!(
                    "regular {}{}{}",
                    s.regular,
                    s.seven_pairs.map(|v| format!(", seven pairs {v}")).unwrap_or_default(),
                    s.thirteen_orphans.map(|v| format!(", thirteen orphans {v}")).unwrap_or_default()
                );
                let human = match s.shanten {
                    -1 => format!("{h}: complete (shanten -1; {per})"),
                    0 => format!("{h}: ready (shanten 0; {per})"),
                    n => format!("{h}: shanten {n} ({per})"),
                };
                Ok((json!({ "shanten": s.shanten }), human, true))
            })
        }
        MahjongCommand::Advise { hand: args, visible } => {
            let forms = args.forms();
            let mut seen = [0u8; mahjong::KINDS];
            for t in parse_tiles(&visible).map_err(|e| CliError::new(format!("--visible: {e}")))? {
                let n = &mut seen[t.id() as usize];
                if *n == 4 {
                    return Err(CliError::new(format!("--visible: more than four {t} (a set has four of each tile)")));
                }
                *n += 1;
            }
            args.run(out, |h| {
                let ranking = advise(h, &seen, forms)?;
                let human = ranking.iter().enumerate().map(|(i, d)| format!("{}. {}\n", i + 1, d.reason())).collect();
                let list: Vec<Value> = ranking
                    .iter()
                    .map(|d| {
                        json!({
                            "discard": d.discard.to_string(),
                            "shanten": d.shanten,
                            "improving": d.improving,
                            "improving_tiles": d.improving_tiles.iter().map(|(t, n)| json!({"tile": t.to_string(), "unseen": n})).collect::<Vec<_>>(),
                            "value": (d.value.is_finite()).then_some((d.value * 1000.0).round() / 1000.0),
                            "role": d.role,
                            "reason": d.reason(),
                        })
                    })
                    .collect();
                Ok((json!({ "advice": list }), human, true))
            })
        }
        MahjongCommand::Fan { hand: args, melds, self_drawn, after_kong, robbing_kong, last_tile, max_fan } => {
            let melds = parse_melds(&melds)?;
            let ctx = WinContext { self_drawn, after_kong, robbing_kong, last_tile };
            args.run(out, |h| match sichuan_fan(h, &melds, ctx, SichuanRules { max_fan })? {
                None => Ok((json!({ "win": false }), format!("{h}: not a win under the Sichuan rules"), false)),
                Some(r) => {
                    let items: Vec<String> = r
                        .items
                        .iter()
                        .map(|(i, n)| if *n > 1 { format!("{}×{n} {}", i.chinese(), i.fan() * n) } else { format!("{} {}", i.chinese(), i.fan()) })
                        .collect();
                    let human = format!("{h}: {} fan ({}), {} points", r.fan, items.join(", "), r.points);
                    let items_json: Vec<Value> = r
                        .items
                        .iter()
                        .map(|(i, n)| json!({"item": i, "name": i.chinese(), "count": n, "fan": i.fan() * n}))
                        .collect();
                    Ok((
                        json!({"win": true, "fan": r.fan, "raw_fan": r.raw_fan, "points": r.points, "roots": r.roots,
                               "items": items_json, "wildcards_as": names(&r.wildcards_as)}),
                        human,
                        true,
                    ))
                }
            })
        }
        MahjongCommand::Tables => {
            let start = std::time::Instant::now();
            let t = tables();
            let build_ms = start.elapsed().as_secs_f64() * 1000.0;
            let stats = t.stats();
            out.emit(
                || {
                    let g = |name: &str, s: &mahjong::table::GroupStats| {
                        format!(
                            "{name}: 14-tile no-wildcard keys {} (melds only {}, with pair {}); 17-tile wildcard keys {} (melds only {}, with pair {})\n",
                            s.classic_14, s.melds_14, s.pair_14, s.extended_17_wild, s.melds_17_wild, s.pair_17_wild
                        )
                    };
                    format!(
                        "{}{}memory: {} bytes\nbuild time: {build_ms:.1} ms",
                        g("suits", &stats.suit),
                        g("honours", &stats.honour),
                        stats.memory_bytes
                    )
                },
                || json!({ "suit": stats.suit, "honour": stats.honour, "memory_bytes": stats.memory_bytes, "build_ms": build_ms }),
            );
            Ok(Verdict::Yes)
        }
    }
}

/// Parses `555m,2222p,[7777s]`: three tiles a pung, four a kong, brackets a concealed kong.
fn parse_melds(text: &str) -> Result<Vec<Meld>, CliError> {
    let mut melds = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let concealed = part.starts_with('[') && part.ends_with(']');
        let inner = part.trim_start_matches('[').trim_end_matches(']');
        let tiles = parse_tiles(inner).map_err(|e| CliError::new(format!("--melds \"{part}\": {e}")))?;
        let same = tiles.windows(2).all(|w| w[0] == w[1]);
        let kind = match (tiles.len(), concealed) {
            (3, false) if same => MeldKind::Pung,
            (4, false) if same => MeldKind::Kong,
            (4, true) if same => MeldKind::ConcealedKong,
            _ => {
                return Err(CliError::new(format!(
                    "--melds \"{part}\" is not a set: write three or four of one tile (555m, 2222p, [7777s])"
                )))
            }
        };
        melds.push(Meld { kind, tile: tiles[0] });
    }
    Ok(melds)
}
