//! Saved games of any game (`table::Codec`): a versioned JSON envelope (format, app version, seat, the record as a
//! replay code, optional UI state) that the UI writes to localStorage after every action,
//! and a loader that tells absent, ok, incompatible and corrupt apart with a typed reason.
//! Everything a save claims is bounded before it is allocated: the text, what its record
//! inflates to, its number of actions, its strings and lists. Also the pure parts of
//! keeping saves safe in the browser: numbered backups for unusable saves (`backup_key`,
//! `plan_backup`) and [`SaveSlot`], which keeps a tab from writing over a save it did
//! not write (another tab's game, or an unreadable save that could not be backed up).

use super::duplicate::fingerprint;
use super::link::Link;
use super::replay_code::{encode, payload_of, record_from_bytes, CodeError, InflateProblem};
use crate::codec::Reader;
use crate::shengji::game::Game as ShengjiGame;
use crate::table::{replay, Codec, Record, ReplayError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The envelope's layout version. Bump it when the layout or the record's
/// meaning changes; older saves then load as [`Loaded::Incompatible`].
/// (1 held the record as JSON; 2 holds it as a replay code.)
pub const SAVE_FORMAT: u32 = 2;
/// Larger saves are refused as corrupt without parsing (localStorage holds ~5 MB).
pub const MAX_SAVE_BYTES: usize = 4 * 1024 * 1024;
/// The most a save's record may inflate to. A hand of 10 players with 16 decks is about
/// 3 KB, so this holds hundreds of hands of the largest table; inflating stops here.
pub const MAX_SAVE_PAYLOAD: usize = 2 * 1024 * 1024;
/// The most actions a save's record may claim, checked before any is read (a hand of
/// 10 players with 16 decks has about 1,300).
pub const MAX_SAVE_ACTIONS: u64 = 500_000;
/// The longest `app` version and UI `tab` or `pace` a save may hold, in bytes.
pub const MAX_SAVE_LABEL: usize = 64;
/// The most selected cards a save may hold (a landlord's hand and kitty are fewer).
pub const MAX_SAVE_SELECTED: usize = 512;

/// UI state kept with the game (all optional; unknown fields are ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UiState {
    /// The selected tab, e.g. "hint" or "tricks".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tab: Option<String>,
    /// Cards selected in the hand, in notation.
    #[serde(skip_serializing_if = "Vec::is_empty", deserialize_with = "bounded::selected")]
    pub selected: Vec<String>,
    /// The table link's bot pace (`pace=`), so resuming keeps the table's speed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pace: Option<String>,
    /// The table link's bot levels (`bots=`), so resuming keeps the same bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<String>,
}

/// What is written to storage (read back by [`SaveEnvelope::decode`]). One envelope for
/// every game: the record's replay code carries the game's tag, so a save of another
/// game (or another game's key) is refused as corrupt, never misread.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound = "")]
pub struct SaveEnvelope<G: Codec = ShengjiGame> {
    pub format: u32,
    /// The app version that wrote it (for the message when it cannot be read).
    pub app: String,
    /// The human player's seat, 0-based.
    pub seat: Seat,
    /// Stored as a replay code (`record::replay_code`): the binary codec the replay
    /// links use, so the browser build needs no JSON code for records.
    #[serde(serialize_with = "record_as_code")]
    pub record: Record<G>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ui: Option<UiState>,
}

fn record_as_code<G: Codec, S: serde::Serializer>(record: &Record<G>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&encode(record))
}

/// What a save claimed beyond the limits; refused before anything is allocated for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Oversized {
    /// The stored text is longer than [`MAX_SAVE_BYTES`].
    Text { bytes: usize },
    /// The record would inflate past [`MAX_SAVE_PAYLOAD`] (inflating stopped there).
    Inflated,
    /// The record claims more actions than [`MAX_SAVE_ACTIONS`].
    Actions { claimed: u64 },
    /// A string of the envelope is longer than [`MAX_SAVE_LABEL`].
    Label { field: &'static str },
    /// More selected cards than [`MAX_SAVE_SELECTED`].
    Selected,
}

impl fmt::Display for Oversized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Oversized::Text { bytes } => write!(f, "it is {bytes} bytes long, more than the {MAX_SAVE_BYTES} a save may be"),
            Oversized::Inflated => write!(f, "its record would inflate to more than {MAX_SAVE_PAYLOAD} bytes"),
            Oversized::Actions { claimed } => write!(f, "its record claims {claimed} actions, more than the {MAX_SAVE_ACTIONS} a save may hold"),
            Oversized::Label { field } => write!(f, "its '{field}' is longer than {MAX_SAVE_LABEL} bytes"),
            Oversized::Selected => write!(f, "it has more than {MAX_SAVE_SELECTED} selected cards"),
        }
    }
}

/// Why a save could not be used (phrased for people at the edge; `Display` is English).
pub enum SaveError<G: Codec = ShengjiGame> {
    NotJson(String),
    NoFormat,
    /// Fields missing or of the wrong type (serde's words).
    Fields(String),
    /// The record's replay code does not decode (a code of another game among others).
    Record(CodeError<G>),
    /// It claims more than a save may hold.
    Oversized(Oversized),
    /// The record does not replay under the rules.
    Replay(ReplayError<G>),
    /// The saved seat is not at the table.
    Seat { seat: Seat, players: usize },
}

impl<G: Codec> Clone for SaveError<G> {
    fn clone(&self) -> Self {
        match self {
            SaveError::NotJson(e) => SaveError::NotJson(e.clone()),
            SaveError::NoFormat => SaveError::NoFormat,
            SaveError::Fields(e) => SaveError::Fields(e.clone()),
            SaveError::Record(e) => SaveError::Record(e.clone()),
            SaveError::Oversized(o) => SaveError::Oversized(o.clone()),
            SaveError::Replay(e) => SaveError::Replay(e.clone()),
            SaveError::Seat { seat, players } => SaveError::Seat { seat: *seat, players: *players },
        }
    }
}

impl<G: Codec> fmt::Debug for SaveError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Record(e) => f.debug_tuple("Record").field(&e.to_string()).finish(),
            SaveError::Replay(e) => f.debug_tuple("Replay").field(e).finish(),
            SaveError::Oversized(o) => f.debug_tuple("Oversized").field(o).finish(),
            other => write!(f, "SaveError({other})"),
        }
    }
}

impl<G: Codec> PartialEq for SaveError<G>
where
    G::SettingsError: PartialEq,
    G::Error: PartialEq,
{
    fn eq(&self, o: &Self) -> bool {
        match (self, o) {
            (SaveError::Record(a), SaveError::Record(b)) => a == b,
            (SaveError::Replay(a), SaveError::Replay(b)) => a == b,
            (SaveError::Oversized(a), SaveError::Oversized(b)) => a == b,
            (SaveError::Record(_) | SaveError::Replay(_) | SaveError::Oversized(_), _) => false,
            (a, b) => a.to_string() == b.to_string(),
        }
    }
}

impl<G: Codec> Eq for SaveError<G>
where
    G::SettingsError: Eq,
    G::Error: Eq,
{
}

impl<G: Codec> fmt::Display for SaveError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotJson(e) => write!(f, "it is not valid JSON: {e}"),
            SaveError::NoFormat => f.write_str("it has no format number"),
            SaveError::Fields(e) => write!(f, "its fields are not valid: {e}"),
            SaveError::Record(e) => write!(f, "its record does not decode: {e}"),
            SaveError::Oversized(o) => write!(f, "it claims more than a saved game may hold: {o}"),
            SaveError::Replay(e) => e.fmt(f),
            SaveError::Seat { seat, players } => write!(f, "its seat {} is not at a {players}-player table", seat + 1),
        }
    }
}

impl<G: Codec> std::error::Error for SaveError<G> {}

/// The result of loading a save.
pub enum Loaded<G: Codec = ShengjiGame> {
    /// Nothing stored: start cleanly.
    Absent,
    /// The save, and the game rebuilt from its record.
    Ok { save: SaveEnvelope<G>, game: Box<G> },
    /// Written by a version with another save format: move it to a backup key.
    Incompatible { format: u32, app: Option<String> },
    /// Not readable, too large, or the record does not replay: move it to a backup key.
    Corrupt { reason: SaveError<G> },
}

impl<G: Codec> fmt::Debug for Loaded<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loaded::Ok { save, .. } => write!(f, "Ok({} actions, seat {})", save.record.actions.len(), save.seat),
            Loaded::Corrupt { reason } => write!(f, "Corrupt({reason:?})"),
            other => write!(f, "{other}"),
        }
    }
}

impl<G: Codec> Loaded<G> {
    /// A sentence for the player when the save could not be used.
    pub fn notice(&self) -> Option<String> {
        match self {
            Loaded::Absent | Loaded::Ok { .. } => None,
            Loaded::Incompatible { format, app } => Some(format!(
                "Your saved game was written by {} (save format {format}) and cannot be opened by this version ({}, save format {SAVE_FORMAT}); it was kept as a backup and a new game starts.",
                app.as_deref().map(|a| format!("version {a}")).unwrap_or_else(|| "another version".into()),
                crate::VERSION
            )),
            Loaded::Corrupt { reason } => Some(format!(
                "Your saved game could not be read ({reason}); it was kept as a backup and a new game starts."
            )),
        }
    }
}

impl<G: Codec> fmt::Display for Loaded<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loaded::Absent => f.write_str("no saved game"),
            Loaded::Ok { save, .. } => write!(f, "a saved game of {} actions", save.record.actions.len()),
            _ => f.write_str(&self.notice().unwrap_or_default()),
        }
    }
}

impl<G: Codec> SaveEnvelope<G> {
    /// An envelope for the current app version.
    pub fn new(game: &G, seat: Seat, ui: Option<UiState>) -> SaveEnvelope<G> {
        SaveEnvelope { format: SAVE_FORMAT, app: crate::VERSION.to_string(), seat, record: Record::of(game), ui }
    }

    /// True if this save is the game a table link opens: the same seed, the same
    /// table rules (settings fingerprint) and the same seat. The link's result is ignored.
    pub fn is_for(&self, link: &Link<G>) -> bool {
        self.record.seed == link.seed && fingerprint::<G>(&self.record.settings) == fingerprint::<G>(&link.settings) && self.seat == link.seat
    }

    /// The share link of the saved deal, from the saver's seat.
    pub fn link(&self) -> Option<Link<G>> {
        let seed = crate::dup::TableSeed::parse(&self.record.seed).ok()?;
        Some(Link::new(&seed, &self.record.settings, self.seat))
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads what storage holds (`None` or blank: nothing saved).
    pub fn decode(stored: Option<&str>) -> Loaded<G> {
        let Some(text) = stored.filter(|t| !t.trim().is_empty()) else {
            return Loaded::Absent;
        };
        let save = match read(text) {
            Ok(save) => save,
            Err(Unusable::Incompatible { format, app }) => return Loaded::Incompatible { format, app },
            Err(Unusable::Corrupt(reason)) => return Loaded::Corrupt { reason: *reason },
        };
        let game = match replay(&save.record) {
            Ok(g) => g,
            Err(e) => return Loaded::Corrupt { reason: SaveError::Replay(e) },
        };
        if save.seat >= crate::table::Game::players(&game) {
            return Loaded::Corrupt { reason: SaveError::Seat { seat: save.seat, players: crate::table::Game::players(&game) } };
        }
        Loaded::Ok { save, game: Box::new(game) }
    }
}

/// The envelope's format and app version, read leniently (any other field is skipped
/// without being allocated), to tell another version's save from a damaged one.
#[derive(Deserialize)]
struct Probe {
    #[serde(default, deserialize_with = "bounded::lenient_number")]
    format: Option<u64>,
    #[serde(default, deserialize_with = "bounded::lenient_label")]
    app: Option<String>,
}

/// The envelope as stored; the record is still its code.
#[derive(Deserialize)]
struct Stored {
    format: u32,
    app: String,
    seat: Seat,
    record: String,
    #[serde(default)]
    ui: Option<UiState>,
}

/// Why [`read`] refused a save.
enum Unusable<G: Codec> {
    Incompatible { format: u32, app: Option<String> },
    Corrupt(Box<SaveError<G>>),
}

/// The envelope without replaying its record: layout and limits only.
fn read<G: Codec>(text: &str) -> Result<SaveEnvelope<G>, Unusable<G>> {
    let corrupt = |reason| Unusable::Corrupt(Box::new(reason));
    if text.len() > MAX_SAVE_BYTES {
        return Err(corrupt(SaveError::Oversized(Oversized::Text { bytes: text.len() })));
    }
    let json_error = |e: serde_json::Error| match e.classify() {
        serde_json::error::Category::Data => SaveError::Fields(e.to_string()),
        _ => SaveError::NotJson(e.to_string()),
    };
    if !text.trim_start().starts_with('{') {
        // Valid JSON that is not an object has no format; anything else is not JSON.
        return Err(corrupt(match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Ok(_) => SaveError::NoFormat,
            Err(e) => SaveError::NotJson(e.to_string()),
        }));
    }
    let probe: Probe = serde_json::from_str(text).map_err(|e| corrupt(json_error(e)))?;
    let Some(format) = probe.format else {
        return Err(corrupt(SaveError::NoFormat));
    };
    if format != SAVE_FORMAT as u64 {
        return Err(Unusable::Incompatible { format: format.min(u32::MAX as u64) as u32, app: probe.app });
    }
    let stored: Stored = serde_json::from_str(text).map_err(|e| corrupt(SaveError::Fields(e.to_string())))?;
    let too_long = |field| corrupt(SaveError::Oversized(Oversized::Label { field }));
    if stored.app.len() > MAX_SAVE_LABEL {
        return Err(too_long("app"));
    }
    if let Some(ui) = &stored.ui {
        if ui.tab.as_ref().is_some_and(|t| t.len() > MAX_SAVE_LABEL) {
            return Err(too_long("tab"));
        }
        if ui.pace.as_ref().is_some_and(|t| t.len() > MAX_SAVE_LABEL) {
            return Err(too_long("pace"));
        }
        if ui.bots.as_ref().is_some_and(|t| t.len() > MAX_SAVE_LABEL) {
            return Err(too_long("bots"));
        }
        if ui.selected.len() > MAX_SAVE_SELECTED {
            return Err(corrupt(SaveError::Oversized(Oversized::Selected)));
        }
    }
    let record = decode_record_code(&stored.record).map_err(corrupt)?;
    Ok(SaveEnvelope { format: stored.format, app: stored.app, seat: stored.seat, record, ui: stored.ui })
}

/// A save's record code, within the save's limits: inflating stops at
/// [`MAX_SAVE_PAYLOAD`], and the number of actions the record claims is checked before
/// any is read.
pub fn decode_record_code<G: Codec>(code: &str) -> Result<Record<G>, SaveError<G>> {
    let code = code.trim();
    if code.is_empty() {
        return Err(SaveError::Record(CodeError::Empty));
    }
    if code.len() > MAX_SAVE_BYTES {
        return Err(SaveError::Oversized(Oversized::Text { bytes: code.len() }));
    }
    let payload = payload_of(code, MAX_SAVE_BYTES, MAX_SAVE_PAYLOAD).map_err(|e| match e {
        CodeError::Inflate(InflateProblem::TooLarge { .. }) => SaveError::Oversized(Oversized::Inflated),
        e => SaveError::Record(e),
    })?;
    if let Some(claimed) = claimed_actions(&payload) {
        if claimed > MAX_SAVE_ACTIONS {
            return Err(SaveError::Oversized(Oversized::Actions { claimed }));
        }
    }
    record_from_bytes(&payload).map_err(SaveError::Record)
}

/// The action count in a record's header (derivation, seed, settings, count), if it is
/// there; a header cut short is left to `record_from_bytes` to report.
fn claimed_actions(payload: &[u8]) -> Option<u64> {
    let mut r = Reader::new(payload);
    r.varint()?;
    let seed = r.byte()? as usize;
    r.take(seed)?;
    let settings = usize::try_from(r.varint()?).ok()?;
    r.take(settings)?;
    r.varint()
}

/// Serde helpers that read what a save claims without allocating for more than its limits.
mod bounded {
    use super::{MAX_SAVE_LABEL, MAX_SAVE_SELECTED};
    use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    use std::fmt;

    /// A non-negative integer, or `None` for anything else (skipped, not allocated).
    pub fn lenient_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        d.deserialize_any(Lenient(|v: Value<'_>| match v {
            Value::U64(n) => Some(n),
            _ => None,
        }))
    }

    /// A string's first [`MAX_SAVE_LABEL`] characters, or `None` for anything else.
    pub fn lenient_label<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(Lenient(|v: Value<'_>| match v {
            Value::Str(s) => Some(s.chars().take(MAX_SAVE_LABEL).collect()),
            _ => None,
        }))
    }

    /// Selected cards: at most [`MAX_SAVE_SELECTED`] are kept; one more makes the list
    /// oversized (the loader refuses it), and the rest is skipped without allocating.
    pub fn selected<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = Vec<String>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cards")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
                let mut out = Vec::new();
                while out.len() <= MAX_SAVE_SELECTED {
                    match seq.next_element::<Label>()? {
                        Some(Label(s)) => out.push(s),
                        None => return Ok(out),
                    }
                }
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(out)
            }
        }
        d.deserialize_seq(List)
    }

    /// A card's notation: a short string (a longer one is cut, which no card matches).
    struct Label(String);

    impl<'de> serde::Deserialize<'de> for Label {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Label, D::Error> {
            struct V;
            impl Visitor<'_> for V {
                type Value = Label;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a card")
                }
                fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Label, E> {
                    Ok(Label(s.chars().take(8).collect()))
                }
            }
            d.deserialize_str(V)
        }
    }

    enum Value<'a> {
        U64(u64),
        Str(&'a str),
        Other,
    }

    struct Lenient<F>(F);

    impl<'de, T, F: FnOnce(Value<'_>) -> Option<T>> Visitor<'de> for Lenient<F> {
        type Value = Option<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("any value")
        }
        fn visit_u64<E>(self, n: u64) -> Result<Option<T>, E> {
            Ok((self.0)(Value::U64(n)))
        }
        fn visit_i64<E>(self, n: i64) -> Result<Option<T>, E> {
            Ok((self.0)(if n >= 0 { Value::U64(n as u64) } else { Value::Other }))
        }
        fn visit_f64<E>(self, _: f64) -> Result<Option<T>, E> {
            Ok((self.0)(Value::Other))
        }
        fn visit_bool<E>(self, _: bool) -> Result<Option<T>, E> {
            Ok((self.0)(Value::Other))
        }
        fn visit_str<E>(self, s: &str) -> Result<Option<T>, E> {
            Ok((self.0)(Value::Str(s)))
        }
        fn visit_unit<E>(self) -> Result<Option<T>, E> {
            Ok((self.0)(Value::Other))
        }
        fn visit_none<E>(self) -> Result<Option<T>, E> {
            Ok((self.0)(Value::Other))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<T>, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok((self.0)(Value::Other))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<T>, A::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok((self.0)(Value::Other))
        }
    }
}

mod slot;

pub use slot::*;
