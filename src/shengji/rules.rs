//! The rules context every check takes: trump, number of decks, tractor
//! requirements, the draw policy (which formats may force cards out) and the
//! throw-evaluation policy. Cheap to clone (the slot layout is shared).

use super::bomb::Bombs;
use super::format::TractorRules;
use super::trump::{Layout, Trump};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// Most decks supported (counts are small integers; tuple tables go to 16).
pub const MAX_DECKS: u8 = 16;

/// Which formats a lead may force out of a follower's hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawPolicy {
    /// The seed's algorithm: every format of the decomposition forces.
    #[default]
    None,
    /// A pair cannot force out a triple or a quad, a triple cannot force out
    /// a quad: a t-tuple is only forced from a kind held exactly t times.
    LongerTuples,
    /// Only a lead containing a tractor forces a tractor.
    TractorsOnly,
    /// `longer-tuples` and `tractors-only` together.
    Both,
    /// Follow suit only; no format-based forcing.
    SuitOnly,
}

impl DrawPolicy {
    pub const ALL: [DrawPolicy; 5] =
        [DrawPolicy::None, DrawPolicy::LongerTuples, DrawPolicy::TractorsOnly, DrawPolicy::Both, DrawPolicy::SuitOnly];

    pub fn name(self) -> &'static str {
        match self {
            DrawPolicy::None => "none",
            DrawPolicy::LongerTuples => "longer-tuples",
            DrawPolicy::TractorsOnly => "tractors-only",
            DrawPolicy::Both => "both",
            DrawPolicy::SuitOnly => "suit-only",
        }
    }

    pub fn protects_longer(self) -> bool {
        matches!(self, DrawPolicy::LongerTuples | DrawPolicy::Both)
    }

    pub fn tractors_only(self) -> bool {
        matches!(self, DrawPolicy::TractorsOnly | DrawPolicy::Both)
    }
}

/// How a follower's play is compared with the current best play of a throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThrowEvaluation {
    /// Every unit of the best play must be beaten by a unit of the same shape.
    #[default]
    EveryUnit,
    /// The highest card decides.
    HighestCard,
    /// The largest unit (most cards, then longest) decides.
    UnitLength,
}

impl ThrowEvaluation {
    pub const ALL: [ThrowEvaluation; 3] =
        [ThrowEvaluation::EveryUnit, ThrowEvaluation::HighestCard, ThrowEvaluation::UnitLength];

    pub fn name(self) -> &'static str {
        match self {
            ThrowEvaluation::EveryUnit => "every-unit",
            ThrowEvaluation::HighestCard => "highest-card",
            ThrowEvaluation::UnitLength => "unit-length",
        }
    }
}

/// A policy name that is not one of the known ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPolicy {
    pub given: String,
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a policy (choose one of: {})", self.given, self.known.join(", "))
    }
}

impl std::error::Error for UnknownPolicy {}

impl FromStr for DrawPolicy {
    type Err = UnknownPolicy;
    fn from_str(s: &str) -> Result<Self, UnknownPolicy> {
        DrawPolicy::ALL.into_iter().find(|p| p.name() == s.trim()).ok_or_else(|| UnknownPolicy {
            given: s.to_string(),
            known: DrawPolicy::ALL.iter().map(|p| p.name()).collect(),
        })
    }
}

impl FromStr for ThrowEvaluation {
    type Err = UnknownPolicy;
    fn from_str(s: &str) -> Result<Self, UnknownPolicy> {
        ThrowEvaluation::ALL.into_iter().find(|p| p.name() == s.trim()).ok_or_else(|| UnknownPolicy {
            given: s.to_string(),
            known: ThrowEvaluation::ALL.iter().map(|p| p.name()).collect(),
        })
    }
}

impl fmt::Display for DrawPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for ThrowEvaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Settings that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    Decks(usize),
    Tractor(TractorRules),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Decks(n) => write!(f, "{n} decks is not supported (use 1 to {MAX_DECKS})"),
            RulesError::Tractor(t) => write!(
                f,
                "tractor rules need a minimum tuple of at least 2 and a minimum length of at least 2 (got {} and {})",
                t.min_tuple, t.min_length
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// The serialisable settings behind [`Rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesConfig {
    pub trump: Trump,
    pub decks: u8,
    #[serde(default)]
    pub tractor: TractorRules,
    #[serde(default)]
    pub draw: DrawPolicy,
    #[serde(default)]
    pub throw_evaluation: ThrowEvaluation,
    #[serde(default)]
    pub bombs: Bombs,
}

/// The play's house rules apart from the trump: what a table fixes before a card is dealt,
/// so a seat knows them in the draw too (the Expert's bid search plays its sampled hands
/// out under them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayPolicies {
    pub tractor: TractorRules,
    pub draw: DrawPolicy,
    pub throw_evaluation: ThrowEvaluation,
    pub bombs: Bombs,
}

impl PlayPolicies {
    /// The rules context these policies give a hand of `decks` decks under `trump`.
    pub fn with_trump(self, trump: Trump, decks: u8) -> RulesConfig {
        let PlayPolicies { tractor, draw, throw_evaluation, bombs } = self;
        RulesConfig { trump, decks, tractor, draw, throw_evaluation, bombs }
    }
}

/// The rules context for one hand: validated settings plus the shared layout.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "RulesConfig", into = "RulesConfig")]
pub struct Rules {
    config: RulesConfig,
    layout: Arc<Layout>,
}

impl TryFrom<RulesConfig> for Rules {
    type Error = RulesError;
    fn try_from(c: RulesConfig) -> Result<Rules, RulesError> {
        if c.decks == 0 || c.decks > MAX_DECKS {
            return Err(RulesError::Decks(c.decks as usize));
        }
        if c.tractor.min_tuple < 2 || c.tractor.min_length < 2 {
            return Err(RulesError::Tractor(c.tractor));
        }
        Ok(Rules { config: c, layout: Arc::new(Layout::new(c.trump)) })
    }
}

impl From<Rules> for RulesConfig {
    fn from(r: Rules) -> RulesConfig {
        r.config
    }
}

impl Rules {
    /// Default policies: tractors of pairs, draw policy `none`, every unit must be beaten.
    pub fn new(trump: Trump, decks: usize) -> Result<Rules, RulesError> {
        let decks = u8::try_from(decks).map_err(|_| RulesError::Decks(decks))?;
        Rules::try_from(RulesConfig {
            trump,
            decks,
            tractor: TractorRules::default(),
            draw: DrawPolicy::default(),
            throw_evaluation: ThrowEvaluation::default(),
            bombs: Bombs::Off,
        })
    }

    pub fn with_tractor_rules(self, tractor: TractorRules) -> Result<Rules, RulesError> {
        Rules::try_from(RulesConfig { tractor, ..self.config })
    }

    pub fn with_draw_policy(mut self, draw: DrawPolicy) -> Rules {
        self.config.draw = draw;
        self
    }

    pub fn with_throw_evaluation(mut self, e: ThrowEvaluation) -> Rules {
        self.config.throw_evaluation = e;
        self
    }

    pub fn with_bombs(mut self, bombs: Bombs) -> Rules {
        self.config.bombs = bombs;
        self
    }

    pub fn trump(&self) -> Trump {
        self.config.trump
    }
    pub fn decks(&self) -> usize {
        self.config.decks as usize
    }
    pub fn tractor(&self) -> TractorRules {
        self.config.tractor
    }
    pub fn draw_policy(&self) -> DrawPolicy {
        self.config.draw
    }
    pub fn throw_evaluation(&self) -> ThrowEvaluation {
        self.config.throw_evaluation
    }
    pub fn bombs(&self) -> Bombs {
        self.config.bombs
    }
    pub fn config(&self) -> RulesConfig {
        self.config
    }
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub(crate) fn layout_arc(&self) -> Arc<Layout> {
        self.layout.clone()
    }
}
