//! Shengji subcommands: `decompose`, `format`, `legal`, `hint`, `winner`.
//! Thin wrappers over `crate::shengji`; output conventions from `crate::cli`.

use super::{run_batch, CliError, CliResult, Output, Verdict};
use crate::cards::{format_cards, parse_cards, Card};
use crate::shengji::{
    check_play, decomposition, trick_winner, DrawPolicy, Format, Hints, Lead, Rules, Skipped, ThrowEvaluation, TractorRules,
    Trump,
};
use clap::Args;
use serde_json::json;

/// Options shared by every subcommand that needs a rules context.
#[derive(Args, Clone, Debug)]
pub struct RulesArgs {
    /// Trump: rank then suit (4S), NT4 (no-trump, rank 4) or NT.
    #[arg(long)]
    pub trump: String,
    /// Number of decks.
    #[arg(long, default_value_t = 2)]
    pub decks: usize,
    /// Draw policy: none, longer-tuples, tractors-only, both, suit-only.
    #[arg(long, default_value = "none")]
    pub policy: String,
    /// Throw evaluation: every-unit, highest-card, unit-length.
    #[arg(long, default_value = "every-unit")]
    pub throw_eval: String,
    #[command(flatten)]
    pub tractor: TractorArgs,
}

#[derive(Args, Clone, Copy, Debug)]
pub struct TractorArgs {
    /// Smallest tuple inside a tractor.
    #[arg(long, default_value_t = 2)]
    pub min_tuple: u8,
    /// Fewest tuples in a row for a tractor.
    #[arg(long, default_value_t = 2)]
    pub min_length: u8,
}

impl TractorArgs {
    fn rules(self) -> Result<TractorRules, CliError> {
        if self.min_tuple < 2 || self.min_length < 2 {
            return Err(CliError::new("--min-tuple and --min-length must be at least 2"));
        }
        Ok(TractorRules { min_tuple: self.min_tuple, min_length: self.min_length })
    }
}

impl RulesArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        let trump: Trump = self.trump.parse().map_err(|e| CliError::new(format!("--trump: {e}")))?;
        let policy: DrawPolicy = self.policy.parse().map_err(|e| CliError::new(format!("--policy: {e}")))?;
        let eval: ThrowEvaluation = self.throw_eval.parse().map_err(|e| CliError::new(format!("--throw-eval: {e}")))?;
        Ok(Rules::new(trump, self.decks)
            .map_err(|e| CliError::new(format!("--decks: {e}")))?
            .with_tractor_rules(self.tractor.rules()?)?
            .with_draw_policy(policy)
            .with_throw_evaluation(eval))
    }
}

fn cards(what: &str, text: &str, rules: &Rules) -> Result<Vec<Card>, CliError> {
    parse_cards(text, Some(rules.decks())).map_err(|e| CliError::new(format!("{what}: {e}")))
}

fn lead(rules: &Rules, text: &str, format: Option<&str>) -> Result<Lead, CliError> {
    let cs = cards("--lead", text, rules)?;
    match format {
        None => Lead::parse(rules, &cs),
        Some(f) => {
            let f: Format = f.parse().map_err(|e| CliError::new(format!("--lead-format: {e}")))?;
            Lead::with_format(rules, &cs, &f)
        }
    }
    .map_err(|e| CliError::new(format!("--lead: {e}")))
}

fn format_json(f: &Format) -> serde_json::Value {
    serde_json::to_value(f).unwrap_or(serde_json::Value::Null)
}

#[derive(Args, Debug)]
pub struct DecomposeArgs {
    /// Number of cards.
    pub n: usize,
    #[command(flatten)]
    pub tractor: TractorArgs,
}

/// `tuolaji decompose N`: every format of N cards, strongest first.
pub fn decompose(args: &DecomposeArgs, out: Output) -> CliResult {
    if args.n == 0 || args.n > 24 {
        return Err(CliError::new(format!("N must be between 1 and 24 (got {})", args.n)));
    }
    let d = decomposition(args.n, args.tractor.rules()?);
    out.emit(
        || d.iter().map(|f| format!("{f}\n")).collect(),
        || json!({ "formats": d.iter().map(format_json).collect::<Vec<_>>() }),
    );
    Ok(Verdict::Yes)
}

#[derive(Args, Debug)]
pub struct FormatArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The lead's cards.
    #[arg(required = true)]
    pub cards: Vec<String>,
}

/// `tuolaji format`: every parse of a lead, the chosen one first.
pub fn format(args: &FormatArgs, out: Output) -> CliResult {
    let rules = args.rules.rules()?;
    let cs = cards("cards", &args.cards.join(" "), &rules)?;
    let parses = Lead::parses(&rules, &cs).map_err(|e| CliError::new(e.to_string()))?;
    out.emit(
        || {
            parses
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    format!(
                        "{}  {}  ({}){}\n",
                        l.format,
                        l.describe_units(),
                        l.format.describe(),
                        if i == 0 { "  [chosen]" } else { "" }
                    )
                })
                .collect()
        },
        || json!({ "parses": parses.iter().map(|l| format_json(&l.format)).collect::<Vec<_>>() }),
    );
    Ok(Verdict::Yes)
}

#[derive(Args, Debug)]
pub struct LegalArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The lead's cards.
    #[arg(long, required_unless_present = "batch")]
    pub lead: Option<String>,
    /// The leader's chosen parse, e.g. "{[2, 2], [1]}" (default: the chosen parse).
    #[arg(long)]
    pub lead_format: Option<String>,
    /// The follower's hand (including the played cards).
    #[arg(long, required_unless_present = "batch")]
    pub hand: Option<String>,
    /// The cards played.
    #[arg(long, required_unless_present = "batch")]
    pub play: Option<String>,
    /// Read one JSON object per line: {"lead": "...", "hand": "...", "play": "..."}.
    #[arg(long)]
    pub batch: bool,
}

fn legal_value(
    rules: &Rules,
    lead_text: &str,
    fmt: Option<&str>,
    hand: &str,
    play: &str,
) -> Result<(bool, serde_json::Value), CliError> {
    let l = lead(rules, lead_text, fmt)?;
    let hand = cards("--hand", hand, rules)?;
    let play = cards("--play", play, rules)?;
    let r = check_play(rules, &l, &hand, &play);
    let reason = r.as_ref().err().map(|e| e.to_string());
    Ok((r.is_ok(), json!({ "legal": r.is_ok(), "reason": reason })))
}

/// `tuolaji legal`: exit 0 if the play is legal, 1 if not.
pub fn legal(args: &LegalArgs, out: Output) -> CliResult {
    let rules = args.rules.rules()?;
    if args.batch {
        return run_batch(|line| {
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| CliError::new(format!("not a JSON object: {e}")))?;
            let field = |k: &str| {
                v.get(k)
                    .and_then(|x| x.as_str())
                    .map(str::to_string)
                    .ok_or_else(|| CliError::new(format!("missing \"{k}\"")))
            };
            let fmt = v.get("lead_format").and_then(|x| x.as_str()).map(str::to_string);
            Ok(legal_value(&rules, &field("lead")?, fmt.as_deref(), &field("hand")?, &field("play")?)?.1)
        });
    }
    let (ok, value) = legal_value(
        &rules,
        args.lead.as_deref().unwrap_or_default(),
        args.lead_format.as_deref(),
        args.hand.as_deref().unwrap_or_default(),
        args.play.as_deref().unwrap_or_default(),
    )?;
    out.emit(
        || match value["reason"].as_str() {
            None => "legal".to_string(),
            Some(r) => format!("illegal: {r}"),
        },
        || value.clone(),
    );
    Ok(Verdict::from_bool(ok))
}

#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The lead's cards.
    #[arg(long)]
    pub lead: String,
    /// The leader's chosen parse (default: the chosen parse).
    #[arg(long)]
    pub lead_format: Option<String>,
    /// The follower's hand.
    #[arg(long)]
    pub hand: String,
}

/// `tuolaji hint`: the lead's formats strongest first, each with the first
/// match in the hand, and the index the rules force.
pub fn hint(args: &HintArgs, out: Output) -> CliResult {
    let rules = args.rules.rules()?;
    let l = lead(&rules, &args.lead, args.lead_format.as_deref())?;
    let hand = cards("--hand", &args.hand, &rules)?;
    let hints = Hints::new(&rules, &l, &hand);
    out.emit(
        || {
            let mut s = String::new();
            for i in 0..hints.len() {
                if hints.skipped_before(i) == Skipped::Many {
                    s.push_str("     … (formats not listed)\n");
                }
                let mark = if hints.forced() == Some(i) { "*" } else { " " };
                let m = hints.first_match(i).map_or_else(|| "-".to_string(), format_cards);
                s.push_str(&format!("{mark}{i:>3} {}  {m}\n", hints.format(i)));
            }
            if hints.cut_after() {
                s.push_str("     … (weaker formats, down to single cards)\n");
            }
            match hints.forced() {
                Some(i) => s.push_str(&format!("forced: {i} ({})\n", hints.format(i).describe())),
                None => s.push_str(&format!("forced: none (short in {}: play all of them)\n", l.suit)),
            }
            s
        },
        || {
            let formats: Vec<serde_json::Value> = (0..hints.len())
                .map(|i| {
                    json!({
                        "format": format_json(&hints.format(i)),
                        "match": hints.first_match(i).map(|m| m.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
                    })
                })
                .collect();
            // A long lead lists its own format and the forced one: the formats
            // between and after them are left out ("cut").
            let cut = (0..hints.len()).any(|i| hints.skipped_before(i) == Skipped::Many) || hints.cut_after();
            json!({ "formats": formats, "forced": hints.forced(), "cut": cut })
        },
    );
    Ok(Verdict::Yes)
}

#[derive(Args, Debug)]
pub struct WinnerArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The plays in order; the first is the lead.
    #[arg(long, num_args = 1.., required = true)]
    pub plays: Vec<String>,
    /// The leader's chosen parse (default: the chosen parse).
    #[arg(long)]
    pub lead_format: Option<String>,
}

/// `tuolaji winner`: the 0-based index of the winning play and the points.
pub fn winner(args: &WinnerArgs, out: Output) -> CliResult {
    let rules = args.rules.rules()?;
    let l = lead(&rules, &args.plays[0], args.lead_format.as_deref())?;
    let follows = args.plays[1..]
        .iter()
        .enumerate()
        .map(|(i, p)| cards(&format!("play {}", i + 1), p, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let t = trick_winner(&rules, &l, &follows).map_err(|e| CliError::new(e.to_string()))?;
    out.emit(
        || format!("winner {} ({}), points {}", t.winner, args.plays[t.winner].trim(), t.points),
        || json!({ "winner": t.winner, "points": t.points }),
    );
    Ok(Verdict::Yes)
}
