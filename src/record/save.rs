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
use crate::json::{self, Value};
use crate::table::{replay, Codec, Record, ReplayError, Seat, StreamAt};
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
/// The most bots' stream positions a save may hold (one per seat).
pub const MAX_SAVE_STREAMS: usize = 16;

/// UI state kept with the game (all optional; unknown fields are ignored). Stored as a
/// JSON object whose fields are left out when empty:
/// `{"tab":"hint","selected":["10H"],"pace":"fast","bots":"nxxn","at":[2,5],"streams":["2.416","","2.96"]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiState {
    /// The selected tab, e.g. "hint" or "tricks".
    pub tab: Option<String>,
    /// Cards selected in the hand, in notation.
    pub selected: Vec<String>,
    /// The table link's bot pace (`pace=`), so resuming keeps the table's speed.
    pub pace: Option<String>,
    /// The table link's bot levels (`bots=`), so resuming keeps the same bots.
    pub bots: Option<String>,
    /// How far the game has gone, in the game's own numbers (Shengji: the hand and the
    /// trick), for the home screen's summary: read by [`SaveEnvelope::peek`], so the home
    /// page shows a saved game without replaying it (and without the rules' code).
    pub at: Vec<u32>,
    /// Where each seat's bot's random stream stood (`table::StreamAt`, written `hand.word`;
    /// `None` for a bot that draws on none), so a resumed table's bots decide as an unbroken
    /// run's would. A save written before it was kept resumes the bots from the hand's start.
    pub streams: Vec<Option<StreamAt>>,
}

/// The most numbers a save's `at` may hold.
pub const MAX_SAVE_AT: usize = 8;

/// What is written to storage (read back by [`SaveEnvelope::decode`]). One envelope for
/// every game: the record's replay code carries the game's tag, so a save of another
/// game (or another game's key) is refused as corrupt, never misread. Stored as
/// `{"format":2,"app":"…","seat":0,"record":"<replay code>","ui":{…}}` (`ui` only when
/// there is some).
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEnvelope<G: Codec> {
    pub format: u32,
    /// The app version that wrote it (for the message when it cannot be read).
    pub app: String,
    /// The human player's seat, 0-based.
    pub seat: Seat,
    /// Stored as a replay code (`record::replay_code`): the binary codec the replay
    /// links use, so the browser build needs no JSON code for records.
    pub record: Record<G>,
    pub ui: Option<UiState>,
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
pub enum SaveError<G: Codec> {
    NotJson,
    NoFormat,
    /// A field is missing or of the wrong kind: its name and the kind it should be.
    Field { field: &'static str, expected: &'static str },
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
            SaveError::NotJson => SaveError::NotJson,
            SaveError::NoFormat => SaveError::NoFormat,
            SaveError::Field { field, expected } => SaveError::Field { field, expected },
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
            SaveError::NotJson => f.write_str("it is not valid JSON"),
            SaveError::NoFormat => f.write_str("it has no format number"),
            SaveError::Field { field, expected } => write!(f, "its '{field}' is missing or not {expected}"),
            SaveError::Record(e) => write!(f, "its record does not decode: {e}"),
            SaveError::Oversized(o) => write!(f, "it claims more than a saved game may hold: {o}"),
            SaveError::Replay(e) => e.fmt(f),
            SaveError::Seat { seat, players } => write!(f, "its seat {} is not at a {players}-player table", seat + 1),
        }
    }
}

impl<G: Codec> std::error::Error for SaveError<G> {}

/// The result of loading a save: with the game rebuilt from its record
/// ([`SaveEnvelope::decode`]) or without (`T = ()`, [`SaveEnvelope::peek`]).
pub enum Loaded<G: Codec, T = Box<G>> {
    /// Nothing stored: start cleanly.
    Absent,
    /// The save, and the game rebuilt from its record.
    Ok { save: SaveEnvelope<G>, game: T },
    /// Written by a version with another save format: move it to a backup key.
    Incompatible { format: u32, app: Option<String> },
    /// Not readable, too large, or the record does not replay: move it to a backup key.
    Corrupt { reason: SaveError<G> },
}

impl<G: Codec, T> fmt::Debug for Loaded<G, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loaded::Ok { save, .. } => write!(f, "Ok({} actions, seat {})", save.record.actions.len(), save.seat),
            Loaded::Corrupt { reason } => write!(f, "Corrupt({reason:?})"),
            other => write!(f, "{other}"),
        }
    }
}

impl<G: Codec, T> Loaded<G, T> {
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

impl<G: Codec, T> fmt::Display for Loaded<G, T> {
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
        let (format, seat, record) = (self.format.to_string(), self.seat.to_string(), encode(&self.record));
        let ui = self.ui.as_ref().map(UiState::to_json);
        let mut fields = vec![("format", Value::Number(&format)), ("app", Value::Str(&self.app)), ("seat", Value::Number(&seat)), ("record", Value::Str(&record))];
        if let Some(ui) = &ui {
            fields.push(("ui", Value::Object(ui)));
        }
        json::write_object(&fields)
    }

    /// Reads what storage holds (`None` or blank: nothing saved) and replays its record.
    pub fn decode(stored: Option<&str>) -> Loaded<G> {
        let save = match Self::peek(stored) {
            Loaded::Ok { save, .. } => save,
            Loaded::Absent => return Loaded::Absent,
            Loaded::Incompatible { format, app } => return Loaded::Incompatible { format, app },
            Loaded::Corrupt { reason } => return Loaded::Corrupt { reason },
        };
        match replay(&save.record) {
            Ok(game) => Loaded::Ok { save, game: Box::new(game) },
            Err(e) => Loaded::Corrupt { reason: SaveError::Replay(e) },
        }
    }

    /// Reads what storage holds without replaying its record: the envelope, its limits,
    /// the record's code and the seat. Enough to name the saved game and link to it (the
    /// home screen), not to play it: a record that decodes but does not replay under
    /// the rules passes here and is found by [`SaveEnvelope::decode`] when a table
    /// opens it.
    pub fn peek(stored: Option<&str>) -> Loaded<G, ()> {
        let Some(text) = stored.filter(|t| !t.trim().is_empty()) else {
            return Loaded::Absent;
        };
        let save = match read(text) {
            Ok(save) => save,
            Err(Unusable::Incompatible { format, app }) => return Loaded::Incompatible { format, app },
            Err(Unusable::Corrupt(reason)) => return Loaded::Corrupt { reason: *reason },
        };
        match G::seats(&save.record.settings) {
            Ok(players) if save.seat >= players => Loaded::Corrupt { reason: SaveError::Seat { seat: save.seat, players } },
            // Settings the rules refuse do not replay: `decode` says so.
            _ => Loaded::Ok { save, game: () },
        }
    }
}

impl UiState {
    fn to_json(&self) -> String {
        let selected = json::write_strings(&self.selected);
        let at = format!("[{}]", self.at.iter().map(u32::to_string).collect::<Vec<_>>().join(","));
        let streams: Vec<String> = self.streams.iter().map(|s| s.map(|s| format!("{}.{}", s.hand, s.word)).unwrap_or_default()).collect();
        let streams = json::write_strings(&streams);
        fn text(v: &Option<String>) -> Option<Value<'_>> {
            v.as_deref().map(Value::Str)
        }
        let fields: Vec<(&str, Value<'_>)> = [
            ("tab", text(&self.tab)),
            ("selected", (!self.selected.is_empty()).then_some(Value::Array(&selected))),
            ("pace", text(&self.pace)),
            ("bots", text(&self.bots)),
            ("at", (!self.at.is_empty()).then_some(Value::Array(&at))),
            ("streams", (!self.streams.is_empty()).then_some(Value::Array(&streams))),
        ]
        .into_iter()
        .filter_map(|(name, v)| Some((name, v?)))
        .collect();
        json::write_object(&fields)
    }
}

/// Why [`read`] refused a save.
enum Unusable<G: Codec> {
    Incompatible { format: u32, app: Option<String> },
    Corrupt(Box<SaveError<G>>),
}

/// An optional string field of at most [`MAX_SAVE_LABEL`] bytes.
fn label<G: Codec>(value: Option<Value<'_>>, name: &'static str) -> Result<Option<String>, SaveError<G>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(s)) if s.len() > MAX_SAVE_LABEL => Err(SaveError::Oversized(Oversized::Label { field: name })),
        Some(Value::Str(s)) => Ok(Some(s.to_string())),
        Some(_) => Err(SaveError::Field { field: name, expected: "a string" }),
    }
}

/// The envelope without replaying its record: layout and limits only. The text is
/// checked to be well-formed JSON, and only the envelope's own fields are kept of it.
fn read<G: Codec>(text: &str) -> Result<SaveEnvelope<G>, Unusable<G>> {
    let corrupt = |reason| Unusable::Corrupt(Box::new(reason));
    if text.len() > MAX_SAVE_BYTES {
        return Err(corrupt(SaveError::Oversized(Oversized::Text { bytes: text.len() })));
    }
    let Some([format, app, seat, record, ui]) = json::pick(text, ["format", "app", "seat", "record", "ui"]) else {
        // Valid JSON that is not an object has no format; anything else is not JSON.
        return Err(corrupt(if json::is_value(text) { SaveError::NoFormat } else { SaveError::NotJson }));
    };
    let Some(format) = format.and_then(Value::as_u64) else {
        return Err(corrupt(SaveError::NoFormat));
    };
    if format != SAVE_FORMAT as u64 {
        // Another version's save: its version, read leniently, names it in the notice.
        let app = match app {
            Some(Value::Str(s)) => Some(s.chars().take(MAX_SAVE_LABEL).collect()),
            _ => None,
        };
        return Err(Unusable::Incompatible { format: format.min(u32::MAX as u64) as u32, app });
    }
    let app = label(app, "app").map_err(corrupt)?.ok_or_else(|| corrupt(SaveError::Field { field: "app", expected: "a string" }))?;
    let seat = seat
        .and_then(Value::as_u64)
        .and_then(|s| Seat::try_from(s).ok())
        .ok_or_else(|| corrupt(SaveError::Field { field: "seat", expected: "a whole number" }))?;
    let Some(Value::Str(code)) = record else {
        return Err(corrupt(SaveError::Field { field: "record", expected: "a replay code" }));
    };
    let ui = match ui {
        None | Some(Value::Null) => None,
        Some(Value::Object(ui)) => Some(read_ui(ui).map_err(corrupt)?),
        Some(_) => return Err(corrupt(SaveError::Field { field: "ui", expected: "an object" })),
    };
    let record = decode_record_code(code).map_err(corrupt)?;
    Ok(SaveEnvelope { format: SAVE_FORMAT, app, seat, record, ui })
}

/// The UI state; at most [`MAX_SAVE_SELECTED`] selected cards are read (one more makes
/// the save oversized) and each is cut to a card's length, so a hostile list costs
/// nothing beyond its limit.
fn read_ui<G: Codec>(text: &str) -> Result<UiState, SaveError<G>> {
    let [tab, selected_cards, pace, bots, at_numbers, stream_list] =
        json::pick(text, ["tab", "selected", "pace", "bots", "at", "streams"]).ok_or(SaveError::NotJson)?;
    let mut selected = Vec::new();
    match selected_cards {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            let mut cards = true;
            json::each_item(list, |v| match v {
                Value::Str(card) if selected.len() <= MAX_SAVE_SELECTED => selected.push(card.chars().take(8).collect()),
                Value::Str(_) => {}
                _ => cards = false,
            });
            if !cards {
                return Err(SaveError::Field { field: "selected", expected: "a list of cards" });
            }
            if selected.len() > MAX_SAVE_SELECTED {
                return Err(SaveError::Oversized(Oversized::Selected));
            }
        }
        Some(_) => return Err(SaveError::Field { field: "selected", expected: "a list of cards" }),
    }
    let mut at = Vec::new();
    let not_numbers = || SaveError::Field { field: "at", expected: "a list of at most 8 whole numbers" };
    match at_numbers {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            let mut numbers = true;
            json::each_item(list, |v| match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
                Some(n) if at.len() < MAX_SAVE_AT => at.push(n),
                _ => numbers = false,
            });
            if !numbers {
                return Err(not_numbers());
            }
        }
        Some(_) => return Err(not_numbers()),
    }
    let streams = read_streams(stream_list).ok_or(SaveError::Field { field: "streams", expected: "a list of at most 16 bots' stream positions" })?;
    Ok(UiState { tab: label(tab, "tab")?, selected, pace: label(pace, "pace")?, bots: label(bots, "bots")?, at, streams })
}

/// The bots' stream positions: at most [`MAX_SAVE_STREAMS`] strings, each `hand.word` or
/// empty; `None` when the list is anything else.
fn read_streams(list: Option<Value<'_>>) -> Option<Vec<Option<StreamAt>>> {
    let list = match list {
        None | Some(Value::Null) => return Some(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => return None,
    };
    let mut streams = Vec::new();
    let mut ok = true;
    json::each_item(list, |v| {
        let at = match v {
            Value::Str("") => Some(None),
            Value::Str(s) if s.len() <= 64 => {
                s.split_once('.').and_then(|(h, w)| Some(Some(StreamAt { hand: h.parse().ok()?, word: w.parse().ok()? })))
            }
            _ => None,
        };
        match at {
            Some(at) if streams.len() < MAX_SAVE_STREAMS => streams.push(at),
            _ => ok = false,
        }
    });
    ok.then_some(streams)
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

mod slot;

pub use slot::*;
