//! A table link against bots, for any game: a share link (`record::link`, `#/play/shengji?seed=…&p=…&seat=…`)
//! plus this screen's own `pace` and `bots` (the bots' levels), parsed into engine
//! settings, your seat, the bots' pace and levels, and written back with only the
//! non-default values. Pure, tested natively.

use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::record::link::{normalized, Link, LinkError};
use crate::shengji::bot::Difficulty;
use crate::shengji::game::Game;
use crate::table::Codec;
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

/// A game's bot levels, as table links write them: one letter each and a word for
/// messages. Every game has an easiest level (`e`) and a default one (`n`).
pub trait Level: Copy + Default + PartialEq + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// The levels a link may name, easiest first.
    const ALL: &'static [Self];
    fn letter(self) -> char;
    /// "easy", "normal"… in `lang`, for the link's messages.
    fn word(self, lang: Lang) -> &'static str;
}

/// The words of the three levels every game offers ("easy", "normal", "expert"), which
/// each game's [`Level`] uses for its own (each game's levels are in its `ui_model` folder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelWord {
    Easy,
    Normal,
    Expert,
}

impl LevelWord {
    pub fn word(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (LevelWord::Easy, Lang::En) => "easy",
            (LevelWord::Easy, Lang::Zh) => "简单",
            (LevelWord::Normal, Lang::En) => "normal",
            (LevelWord::Normal, Lang::Zh) => "普通",
            (LevelWord::Expert, Lang::En) => "expert",
            (LevelWord::Expert, Lang::Zh) => "专家",
        }
    }
}

/// How well each seat's bot plays, as the table link writes it (`bots=nxnx`: one letter
/// per seat, e.g. `e` Easy, `n` Normal, `x` Expert; the person's own seat is written as
/// the default). Empty means every bot plays at the default level, which links leave out.
/// Friends who open the same link play the same bots, so their results on the deal compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotLevels<L: Level = Difficulty>(Vec<L>);

impl<L: Level> Default for BotLevels<L> {
    fn default() -> Self {
        BotLevels(Vec::new())
    }
}

impl<L: Level> BotLevels<L> {
    /// Seat `seat`'s level (the default where none is given).
    pub fn get(&self, seat: usize) -> L {
        self.0.get(seat).copied().unwrap_or_default()
    }

    /// Every seat's level at a table of `players`.
    pub fn seats(&self, players: usize) -> Vec<L> {
        (0..players).map(|s| self.get(s)).collect()
    }

    /// Sets `seat`'s level at a table of `players`.
    pub fn set(&mut self, players: usize, seat: usize, level: L) {
        let mut all = self.seats(players);
        if let Some(l) = all.get_mut(seat) {
            *l = level;
        }
        self.0 = all;
    }

    /// The link's text, `None` when every bot plays at the default level.
    pub fn key(&self, players: usize, me: usize) -> Option<String> {
        let default = L::default().letter();
        let text: String = (0..players).map(|s| if s == me { default } else { self.get(s).letter() }).collect();
        text.chars().any(|c| c != default).then_some(text)
    }

    /// Reads `bots=` for a table of `players`.
    pub fn from_key(text: &str, players: usize) -> Result<BotLevels<L>, TableLinkError> {
        let levels: Option<Vec<L>> = text.chars().map(|c| L::ALL.iter().copied().find(|l| l.letter() == c)).collect();
        match levels {
            Some(l) if l.len() == players => Ok(BotLevels(l)),
            _ => Err(TableLinkError::Bots {
                value: text.chars().take(24).collect(),
                players,
                letters: L::ALL.iter().map(|&l| (l.letter(), l.word(Lang::En), l.word(Lang::Zh))).collect(),
            }),
        }
    }
}

/// Why a table link was refused: its deal's share link, or this screen's own pace or bots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableLinkError {
    Link(LinkError),
    /// `pace=` is none of the paces (the value as given, at most 24 characters).
    Pace { value: String },
    /// `bots=` is not one level letter per seat (the letters this game's bots take, each
    /// with its word in English and in Chinese).
    Bots { value: String, players: usize, letters: Vec<(char, &'static str, &'static str)> },
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
            (TableLinkError::Bots { value, players, letters }, Lang::En) => {
                let letters: Vec<String> = letters.iter().map(|(c, en, _)| format!("{c} {en}")).collect();
                format!("bots={value} is not one letter per seat for {players} seats ({})", letters.join(", "))
            }
            (TableLinkError::Bots { value, players, letters }, Lang::Zh) => {
                let letters: Vec<String> = letters.iter().map(|(c, _, zh)| format!("{c} {zh}")).collect();
                format!("bots={value} 不是 {players} 个座位每座一个字母（{}）", letters.join("，"))
            }
        }
    }
}

/// Everything a table link says: the deal as a share link (`record::Link`: seed,
/// settings, your seat — one format for every link to a deal) plus the UI-only bot pace
/// and levels.
pub struct TableParams<G: Codec = Game, L: Level = Difficulty> {
    pub seed: String,
    pub settings: G::Settings,
    pub seat: usize,
    pub pace: Pace,
    pub bots: BotLevels<L>,
}

impl<G: Codec, L: Level> Clone for TableParams<G, L> {
    fn clone(&self) -> Self {
        TableParams { seed: self.seed.clone(), settings: self.settings.clone(), seat: self.seat, pace: self.pace, bots: self.bots.clone() }
    }
}

impl<G: Codec, L: Level> PartialEq for TableParams<G, L> {
    fn eq(&self, o: &Self) -> bool {
        self.seed == o.seed && self.settings == o.settings && self.seat == o.seat && self.pace == o.pace && self.bots == o.bots
    }
}

impl<G: Codec, L: Level> std::fmt::Debug for TableParams<G, L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableParams")
            .field("seed", &self.seed)
            .field("settings", &self.settings)
            .field("seat", &self.seat)
            .field("pace", &self.pace)
            .field("bots", &self.bots)
            .finish()
    }
}

/// The query keys that are about this table's bots, not about the deal.
const PACE_KEY: &str = "pace";
const BOTS_KEY: &str = "bots";

impl<G: Codec<Settings: Default>, L: Level> TableParams<G, L> {
    /// A table on `seed` with the default settings, pace and bots, from the first seat.
    pub fn new(seed: &str) -> Self {
        TableParams { seed: seed.to_string(), settings: G::Settings::default(), seat: 0, pace: Pace::default(), bots: BotLevels::default() }
    }
}

impl<G: Codec, L: Level> TableParams<G, L> {
    /// The players at this table (0 when the settings make no table).
    pub fn players(&self) -> usize {
        G::seats(&self.settings).unwrap_or(0)
    }

    /// Whether a query key is this screen's own (`pace`, `bots`), not the deal's.
    pub fn is_table_key(key: &str) -> bool {
        key == PACE_KEY || key == BOTS_KEY
    }

    /// Reads the query; every bad value gets the share link's message naming it.
    pub fn from_query(query: &[(String, String)]) -> Result<Self, TableLinkError> {
        let (link, pace, bots) = Self::read(query)?;
        Ok(TableParams { seed: link.seed, settings: link.settings, seat: link.seat, pace, bots })
    }

    /// Reads the query into the deal's link (with a friend's result when it carries
    /// one), the pace and the levels.
    pub fn read(query: &[(String, String)]) -> Result<(Link<G>, Pace, BotLevels<L>), TableLinkError> {
        let (ui, deal): (Vec<_>, Vec<_>) = query.iter().cloned().partition(|(k, _)| Self::is_table_key(k));
        let value = |key: &str| ui.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim().to_string());
        let pace = match value(PACE_KEY) {
            None => Pace::default(),
            Some(v) => Pace::from_key(&v).ok_or_else(|| TableLinkError::Pace { value: v.chars().take(24).collect() })?,
        };
        let link = Link::<G>::from_query(&deal).map_err(TableLinkError::Link)?;
        let bots = match value(BOTS_KEY) {
            None => BotLevels::default(),
            // A link whose settings make no table is refused later, by the game.
            Some(v) => BotLevels::from_key(&v, G::seats(&link.settings).unwrap_or(0))?,
        };
        Ok((link, pace, bots))
    }

    /// The share link's query (seed first, only non-default settings, seat 1-based)
    /// plus the pace and levels when they are not the defaults.
    pub fn to_query(&self) -> Vec<(String, String)> {
        let mut q = match TableSeed::parse(&self.seed) {
            Ok(seed) => Link::<G>::new(&seed, &self.settings, self.seat).to_query(),
            // Not a valid seed (the form refuses to start with one): keep it as typed.
            Err(_) => Link::<G> { seed: self.seed.clone(), settings: normalized::<G>(&self.settings), seat: self.seat, result: None }
                .to_query(),
        };
        if self.pace != Pace::default() {
            q.push((PACE_KEY.into(), self.pace.key().into()));
        }
        if let Some(bots) = self.bots.key(self.players(), self.seat) {
            q.push((BOTS_KEY.into(), bots));
        }
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Params = TableParams<Game, Difficulty>;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn defaults_are_left_out_and_round_trip() {
        let p = Params::from_query(&q(&[("seed", "K7QX2M")])).unwrap();
        assert_eq!(p.to_query(), q(&[("seed", "k7qx2m")]), "seeds are case-insensitive, written lowercase");
        let mut p2 = p.clone();
        p2.settings.players = 5;
        p2.settings.mode = Mode::Friends;
        p2.settings.decks = Some(3);
        p2.seat = 2;
        p2.pace = Pace::Fast;
        p2.bots.set(5, 1, Difficulty::Expert);
        p2.bots.set(5, 4, Difficulty::Random);
        let back = Params::from_query(&p2.to_query()).unwrap();
        assert_eq!(back, p2);
        assert!(p2.to_query().contains(&("bots".to_string(), "nxnne".to_string())));
    }

    #[test]
    fn bot_levels_name_each_seat_and_leave_out_the_default() {
        let mut b = BotLevels::<Difficulty>::default();
        assert_eq!(b.key(4, 0), None, "all Normal is the default");
        b.set(4, 0, Difficulty::Expert);
        assert_eq!(b.key(4, 0), None, "the person's own seat is no bot");
        b.set(4, 2, Difficulty::Expert);
        assert_eq!(b.key(4, 0).as_deref(), Some("nnxn"));
        assert_eq!(BotLevels::<Difficulty>::from_key("nnxn", 4).unwrap().seats(4)[2], Difficulty::Expert);
        assert!(BotLevels::<Difficulty>::from_key("nnx", 4).unwrap_err().phrase(Lang::En).contains("one letter per seat"));
        assert!(BotLevels::<Difficulty>::from_key("nnqn", 4).is_err());
    }

    #[test]
    fn bad_values_are_named() {
        let err = |pairs: &[(&str, &str)], lang| Params::from_query(&q(pairs)).unwrap_err().phrase(lang);
        assert!(err(&[("seed", "a"), ("p", "x")], Lang::En).contains("'p'"));
        assert!(err(&[("seed", "a"), ("m", "poker")], Lang::En).contains("'m'"));
        assert!(err(&[("seed", "a"), ("seat", "9")], Lang::En).contains("'seat'"));
        assert!(err(&[("seed", "a"), ("players", "5")], Lang::En).contains("players"));
        assert!(err(&[("seed", "a"), ("pace", "zoom")], Lang::En).contains("pace=zoom"));
        assert!(err(&[("seed", "a"), ("bots", "xx")], Lang::En).contains("bots=xx"));
    }

    #[test]
    fn bad_values_are_named_in_chinese_too() {
        let err = |pairs: &[(&str, &str)]| Params::from_query(&q(pairs)).unwrap_err().phrase(Lang::Zh);
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

    #[test]
    fn every_game_reads_its_own_level_letters() {
        type Rummy = TableParams<crate::rummy::game::Game, crate::rummy::bot::Difficulty>;
        type Mahjong = TableParams<crate::mahjong::game::Game, crate::mahjong::game::bot::Difficulty>;
        let rummy = Rummy::from_query(&q(&[("seed", "r1"), ("pace", "fast"), ("bots", "ne")])).unwrap();
        assert_eq!(rummy.bots.get(1), crate::rummy::bot::Difficulty::Random);
        assert_eq!(Rummy::from_query(&rummy.to_query()).unwrap(), rummy, "round trip");
        let expert = Rummy::from_query(&q(&[("seed", "r1"), ("bots", "nx")])).unwrap();
        assert_eq!(expert.bots.get(1), crate::rummy::bot::Difficulty::Expert);
        let refused = Rummy::from_query(&q(&[("seed", "r1"), ("bots", "ns")])).unwrap_err();
        assert!(refused.phrase(Lang::En).contains("(e easy, n normal, x expert)"), "{}", refused.phrase(Lang::En));
        let mahjong = Mahjong::from_query(&q(&[("seed", "m1"), ("bots", "nsen")])).unwrap();
        assert_eq!(mahjong.bots.get(1), crate::mahjong::game::bot::Difficulty::Shanten);
        assert_eq!(mahjong.bots.key(4, 0).as_deref(), Some("nsen"));
        assert_eq!(Mahjong::new("m1").bots.key(4, 0), None, "the advice bot is the default");
    }
}
