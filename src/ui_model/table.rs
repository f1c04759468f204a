//! The game-table link: `#/play/shengji?seed=…&players=…&decks=…&mode=…&seat=…&pace=…`
//! parsed into engine `Settings` plus your seat and the bots' pace, and written
//! back with only the non-default values. Pure, tested natively.

use crate::shengji::game::{Mode, Settings};

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
}

/// Everything a table link says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableParams {
    pub seed: String,
    pub settings: Settings,
    pub seat: usize,
    pub pace: Pace,
}

impl TableParams {
    pub fn new(seed: &str) -> TableParams {
        TableParams { seed: seed.to_string(), settings: Settings::default(), seat: 0, pace: Pace::default() }
    }

    /// Reads the query; a value that is not a number or name gets a message naming it.
    /// (Whether the numbers make a playable table is the engine's call: `Settings::validate`.)
    pub fn from_query(query: &[(String, String)]) -> Result<TableParams, String> {
        let get = |k: &str| query.iter().find(|(q, _)| q == k).map(|(_, v)| v.trim().to_string());
        let num = |k: &str| -> Result<Option<u8>, String> {
            match get(k) {
                None => Ok(None),
                Some(v) => v.parse::<u8>().map(Some).map_err(|_| format!("{k}={v} is not a number")),
            }
        };
        let mut p = TableParams::new(&get("seed").unwrap_or_default());
        if let Some(n) = num("players")? {
            p.settings.players = n;
        }
        p.settings.decks = num("decks")?;
        if let Some(m) = get("mode") {
            p.settings.mode = match m.as_str() {
                "tractor" => Mode::Tractor,
                "friends" => Mode::Friends,
                other => return Err(format!("mode={other} is not a mode (use tractor or friends)")),
            };
        }
        if let Some(s) = num("seat")? {
            if s == 0 || s > p.settings.players {
                return Err(format!("seat={s} is not a seat at a table of {} (use 1 to {})", p.settings.players, p.settings.players));
            }
            p.seat = s as usize - 1;
        }
        if let Some(v) = get("pace") {
            p.pace = Pace::from_key(&v).ok_or_else(|| format!("pace={v} is not a pace (use slow, normal, fast or instant)"))?;
        }
        Ok(p)
    }

    /// The query with the seed first and only non-default values (seat is 1-based).
    pub fn to_query(&self) -> Vec<(String, String)> {
        let d = Settings::default();
        let mut q = vec![("seed".to_string(), self.seed.clone())];
        if self.settings.players != d.players {
            q.push(("players".into(), self.settings.players.to_string()));
        }
        if let Some(decks) = self.settings.decks {
            q.push(("decks".into(), decks.to_string()));
        }
        if self.settings.mode == Mode::Friends {
            q.push(("mode".into(), "friends".into()));
        }
        if self.seat != 0 {
            q.push(("seat".into(), (self.seat + 1).to_string()));
        }
        if self.pace != Pace::default() {
            q.push(("pace".into(), self.pace.key().into()));
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
        assert_eq!(p.to_query(), q(&[("seed", "K7QX2M")]));
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
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("players", "x")])).unwrap_err().contains("players=x"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("mode", "poker")])).unwrap_err().contains("mode=poker"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("seat", "9")])).unwrap_err().contains("seat=9"));
        assert!(TableParams::from_query(&q(&[("seed", "a"), ("pace", "zoom")])).unwrap_err().contains("pace=zoom"));
    }
}
