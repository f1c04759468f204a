//! The game-table link: a share link (`record::link`, `#/play/shengji?seed=…&p=…&m=…&seat=…`)
//! plus this screen's own `pace`, parsed into engine `Settings`, your seat and the bots'
//! pace, and written back with only the non-default values. Pure, tested natively.

use crate::dup::TableSeed;
use crate::record::link::{normalize, ShareLink};
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

/// Everything a table link says: the deal as a [`ShareLink`] (seed, settings, your
/// seat — one format for every link to a deal) plus the UI-only bot pace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableParams {
    pub seed: String,
    pub settings: Settings,
    pub seat: usize,
    pub pace: Pace,
}

/// The one query key that is about this screen, not about the deal.
const PACE_KEY: &str = "pace";

impl TableParams {
    pub fn new(seed: &str) -> TableParams {
        TableParams { seed: seed.to_string(), settings: Settings::default(), seat: 0, pace: Pace::default() }
    }

    /// Reads the query; every bad value gets the share link's message naming it.
    pub fn from_query(query: &[(String, String)]) -> Result<TableParams, String> {
        let (ui, deal): (Vec<_>, Vec<_>) = query.iter().cloned().partition(|(k, _)| k == PACE_KEY);
        let pace = match ui.first() {
            None => Pace::default(),
            Some((_, v)) => Pace::from_key(v.trim())
                .ok_or_else(|| format!("pace={v} is not a pace (use slow, normal, fast or instant)"))?,
        };
        let link = ShareLink::from_query(&deal).map_err(|e| e.to_string())?;
        Ok(TableParams { seed: link.seed, settings: link.settings, seat: link.seat, pace })
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
        let back = TableParams::from_query(&p2.to_query()).unwrap();
        assert_eq!(back, p2);
    }

    #[test]
    fn bad_values_are_named() {
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("p", "x")])).unwrap_err().contains("'p'"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("m", "poker")])).unwrap_err().contains("'m'"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("seat", "9")])).unwrap_err().contains("'seat'"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("players", "5")])).unwrap_err().contains("players"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("pace", "zoom")])).unwrap_err().contains("pace=zoom"));
    }
}
