//! The game-table link: a share link (`record::link`, `#/play/shengji?seed=…&p=…&m=…&seat=…`)
//! plus this screen's own `pace` and `bots` (the bots' levels), parsed into engine
//! `Settings`, your seat, the bots' pace and levels, and written back with only the
//! non-default values. Pure, tested natively.

use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::record::link::LinkError;
use crate::shengji::game::codec::normalize;
use crate::ui_model::shengji::ShareLink;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::Settings;
#[cfg(test)]
use crate::shengji::game::Mode;

/// How long a bot waits before each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Slow, Pace::Normal, Pace::Fast, Pace::Instant];
    pub fn key(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }
    pub fn from_key(s: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|p| p.key() == s)
    }
    /// Milliseconds per bot move (the draw uses a third of it per card).
    pub fn millis(self) -> u32 {
        match self {
            Pace::Slow => 1200,
            Pace::Normal => 600,
            Pace::Fast => 200,
            Pace::Instant => 0,
        }
    }

    /// How much longer a finished trick stays on the table before a bot leads the next one
    /// (on top of [`Pace::millis`]), so who won it and its points can be read.
    pub fn trick_pause_millis(self) -> u32 {
        match self {
            Pace::Slow => 2400,
            Pace::Normal => 1200,
            Pace::Fast => 600,
            Pace::Instant => 0,
        }
    }
}

/// How well each seat's bot plays, as the table link writes it (`bots=nxnx`: one letter
/// per seat, `e` Easy, `n` Normal, `x` Expert; the person's own seat is written `n`).
/// Empty means every bot is Normal, the default, which links leave out. Friends who open
/// the same link play the same bots, so their results on the deal compare.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotLevels(Vec<Difficulty>);

impl BotLevels {
    /// The levels a select offers, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Random, Difficulty::Heuristic, Difficulty::Expert];

    pub fn letter(d: Difficulty) -> char {
        match d {
            Difficulty::Random => 'e',
            Difficulty::Heuristic => 'n',
            Difficulty::Expert => 'x',
        }
    }

    fn from_letter(c: char) -> Option<Difficulty> {
        BotLevels::ALL.into_iter().find(|&d| BotLevels::letter(d) == c)
    }

    /// Seat `seat`'s level (Normal where none is given).
    pub fn get(&self, seat: usize) -> Difficulty {
        self.0.get(seat).copied().unwrap_or_default()
    }

    /// Every seat's level at a table of `players`.
    pub fn seats(&self, players: usize) -> Vec<Difficulty> {
        (0..players).map(|s| self.get(s)).collect()
    }

    /// Sets `seat`'s level at a table of `players`.
    pub fn set(&mut self, players: usize, seat: usize, level: Difficulty) {
        let mut all = self.seats(players);
        if let Some(l) = all.get_mut(seat) {
            *l = level;
        }
        self.0 = all;
    }

    /// The link's text, `None` when every bot is Normal; the person's seat as `n`.
    pub fn key(&self, players: usize, me: usize) -> Option<String> {
        let text: String =
            (0..players).map(|s| if s == me { 'n' } else { BotLevels::letter(self.get(s)) }).collect();
        text.chars().any(|c| c != 'n').then_some(text)
    }

    /// Reads `bots=` for a table of `players`.
    pub fn from_key(text: &str, players: usize) -> Result<BotLevels, TableLinkError> {
        let levels: Option<Vec<Difficulty>> = text.chars().map(BotLevels::from_letter).collect();
        match levels {
            Some(l) if l.len() == players => Ok(BotLevels(l)),
            _ => Err(TableLinkError::Bots { value: text.chars().take(24).collect(), players }),
        }
    }
}

/// Why a table link was refused: its deal's share link, or this screen's own pace or bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableLinkError {
    Link(LinkError),
    /// `pace=` is none of the paces (the value as given, at most 24 characters).
    Pace { value: String },
    /// `bots=` is not one level letter per seat.
    Bots { value: String, players: usize },
}

impl TableLinkError {
    /// The sentence a person can act on, in `lang`.
    pub fn phrase(&self, lang: Lang) -> String {
        match (self, lang) {
            (TableLinkError::Link(e), _) => crate::ui_model::messages::link_error(e, lang),
            (TableLinkError::Pace { value }, Lang::En) => format!("pace={value} is not a pace (use slow, normal, fast or instant)"),
            (TableLinkError::Pace { value }, Lang::Zh) => {
                format!("pace={value} 不是一种速度（请用 slow 慢、normal 正常、fast 快 或 instant 立即）")
            }
            (TableLinkError::Bots { value, players }, Lang::En) => {
                format!("bots={value} is not one letter per seat for {players} seats (e easy, n normal, x expert)")
            }
            (TableLinkError::Bots { value, players }, Lang::Zh) => {
                format!("bots={value} 不是 {players} 个座位每座一个字母（e 简单，n 普通，x 专家）")
            }
        }
    }
}

/// Everything a table link says: the deal as a [`ShareLink`] (seed, settings, your
/// seat — one format for every link to a deal) plus the UI-only bot pace and levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableParams {
    pub seed: String,
    pub settings: Settings,
    pub seat: usize,
    pub pace: Pace,
    pub bots: BotLevels,
}

/// The query keys that are about this table's bots, not about the deal.
const PACE_KEY: &str = "pace";
const BOTS_KEY: &str = "bots";

impl TableParams {
    pub fn new(seed: &str) -> TableParams {
        TableParams { seed: seed.to_string(), settings: Settings::default(), seat: 0, pace: Pace::default(), bots: BotLevels::default() }
    }

    /// Reads the query; every bad value gets the share link's message naming it.
    pub fn from_query(query: &[(String, String)]) -> Result<TableParams, TableLinkError> {
        let (ui, deal): (Vec<_>, Vec<_>) = query.iter().cloned().partition(|(k, _)| k == PACE_KEY || k == BOTS_KEY);
        let value = |key: &str| ui.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim().to_string());
        let pace = match value(PACE_KEY) {
            None => Pace::default(),
            Some(v) => Pace::from_key(&v).ok_or_else(|| TableLinkError::Pace { value: v.chars().take(24).collect() })?,
        };
        let link = ShareLink::from_query(&deal).map_err(TableLinkError::Link)?;
        let bots = match value(BOTS_KEY) {
            None => BotLevels::default(),
            Some(v) => BotLevels::from_key(&v, link.settings.players as usize)?,
        };
        Ok(TableParams { seed: link.seed, settings: link.settings, seat: link.seat, pace, bots })
    }

    /// The share link's query (seed first, only non-default settings, seat 1-based)
    /// plus the pace when it is not the default.
    pub fn to_query(&self) -> Vec<(String, String)> {
        let mut q = match TableSeed::parse(&self.seed) {
            Ok(seed) => ShareLink::new(&seed, &self.settings, self.seat).to_query(),
            // Not a valid seed (the form refuses to start with one): keep it as typed.
            Err(_) => ShareLink { seed: self.seed.clone(), settings: normalize(&self.settings), seat: self.seat, result: None }
                .to_query(),
        };
        if self.pace != Pace::default() {
            q.push((PACE_KEY.into(), self.pace.key().into()));
        }
        if let Some(bots) = self.bots.key(self.settings.players as usize, self.seat) {
            q.push((BOTS_KEY.into(), bots));
        }
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn defaults_are_left_out_and_round_trip() {
        let p = TableParams::from_query(&q(&[("seed", "K7QX2M")])).unwrap();
        assert_eq!(p.to_query(), q(&[("seed", "k7qx2m")]), "seeds are case-insensitive, written lowercase");
        let mut p2 = p.clone();
        p2.settings.players = 5;
        p2.settings.mode = Mode::Friends;
        p2.settings.decks = Some(3);
        p2.seat = 2;
        p2.pace = Pace::Fast;
        p2.bots.set(5, 1, Difficulty::Expert);
        p2.bots.set(5, 4, Difficulty::Random);
        let back = TableParams::from_query(&p2.to_query()).unwrap();
        assert_eq!(back, p2);
        assert!(p2.to_query().contains(&("bots".to_string(), "nxnne".to_string())));
    }

    #[test]
    fn bot_levels_name_each_seat_and_leave_out_the_default() {
        let mut b = BotLevels::default();
        assert_eq!(b.key(4, 0), None, "all Normal is the default");
        b.set(4, 0, Difficulty::Expert);
        assert_eq!(b.key(4, 0), None, "the person's own seat is no bot");
        b.set(4, 2, Difficulty::Expert);
        assert_eq!(b.key(4, 0).as_deref(), Some("nnxn"));
        assert_eq!(BotLevels::from_key("nnxn", 4).unwrap().seats(4)[2], Difficulty::Expert);
        assert!(BotLevels::from_key("nnx", 4).unwrap_err().phrase(Lang::En).contains("one letter per seat"));
        assert!(BotLevels::from_key("nnqn", 4).is_err());
    }

    #[test]
    fn bad_values_are_named() {
        let err = |pairs: &[(&str, &str)], lang| TableParams::from_query(&q(pairs)).unwrap_err().phrase(lang);
        assert!(err(&[("seed", "a"), ("p", "x")], Lang::En).contains("'p'"));
        assert!(err(&[("seed", "a"), ("m", "poker")], Lang::En).contains("'m'"));
        assert!(err(&[("seed", "a"), ("seat", "9")], Lang::En).contains("'seat'"));
        assert!(err(&[("seed", "a"), ("players", "5")], Lang::En).contains("players"));
        assert!(err(&[("seed", "a"), ("pace", "zoom")], Lang::En).contains("pace=zoom"));
        assert!(err(&[("seed", "a"), ("bots", "xx")], Lang::En).contains("bots=xx"));
    }

    #[test]
    fn bad_values_are_named_in_chinese_too() {
        let err = |pairs: &[(&str, &str)]| TableParams::from_query(&q(pairs)).unwrap_err().phrase(Lang::Zh);
        for (pairs, names) in [
            (&[("seed", "a"), ("pace", "zoom")][..], "pace=zoom"),
            (&[("seed", "a"), ("bots", "xx")][..], "bots=xx"),
            (&[("seed", "a"), ("m", "poker")][..], "“m”"),
            (&[("seed", "a"), ("players", "5")][..], "“players”"),
            (&[("p", "4")][..], "seed="),
        ] {
            let zh = err(pairs);
            assert!(zh.contains(names), "{zh}");
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "a Chinese sentence: {zh}");
        }
    }
}
