//! The wire protocol between a host and its guests: versioned serde messages in compact binary
//! (postcard) over a reliable, ordered binary data channel, with a size limit checked before any
//! parsing and a version check before the body is interpreted. Never panics on hostile input.

use super::game::PeerGame;
use crate::table::Seat;
use derive_where::derive_where;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;

/// Bumped whenever a message changes shape; both sides must agree exactly. (5: the game's
/// name in `Hello` and `Welcome`, so a guest of one game never sits at another's table;
/// 8: each seat's bot level in the lobby; 10: the play's house rules in a Shengji view.)
pub const PROTOCOL_VERSION: u16 = 10;
/// Largest message a guest may send (actions are small; names are capped too).
pub const MAX_GUEST_MESSAGE_BYTES: usize = 4 * 1024;
/// Largest message a host may send (a full view with a hand's trick log fits easily).
pub const MAX_HOST_MESSAGE_BYTES: usize = 256 * 1024;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Guest → host.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case", bound = "")]
pub enum GuestMessage<G: PeerGame> {
    /// First message on a connection. `rejoin` is the token from an earlier `Welcome`;
    /// `game` the game the guest's page plays (`Game::NAME`).
    Hello { name: String, protocol_version: u16, game: String, rejoin: Option<String> },
    /// A move for `seat` (must be the sender's seat). `seq` strictly increases per connection,
    /// so a duplicated or replayed message is refused.
    Action { seq: u64, seat: Seat, action: G::Action },
    Ping { nonce: u64 },
    /// Fair dealing: SHA-256 commitment (hex) to this guest's entropy for `hand`.
    Commit { hand: u64, commitment: String },
    /// Fair dealing: the entropy itself (32 bytes, hex) once all commitments are known.
    Reveal { hand: u64, entropy: String },
    /// The reveals of every finished hand from `from` on (a guest that missed some, or a page
    /// that reloaded, replays the table's hands to check the next ones). Once per connection.
    History { from: u64 },
    /// A line of table talk or a quick reaction, at most [`MAX_CHAT_CHARS`] characters.
    Chat { text: String },
    /// First message of a spectator's connection (instead of `Hello`): it takes no seat and
    /// gets the lobby, the public view and the public events, never a hidden card.
    Watch { name: String, protocol_version: u16, game: String },
    /// A view update could not be applied here (`net::delta`): send the whole view again.
    Resync,
}

/// How many spectators a table lets watch at once.
pub const MAX_WATCHERS: usize = 8;

/// The longest line of chat a guest may send (characters, after control characters are dropped).
pub const MAX_CHAT_CHARS: usize = 140;

/// One seat as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatInfo {
    Empty,
    Bot,
    /// `stand_in`: the guest dropped and a bot plays for it until it returns.
    Guest { name: String, connected: bool, stand_in: bool },
}

/// The lobby, sent to every guest whenever it changes.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(bound = "")]
pub struct LobbyState<G: PeerGame> {
    #[serde(serialize_with = "super::game::wire_settings::serialize::<G, _>")]
    #[serde(deserialize_with = "super::game::wire_settings::deserialize::<G, _>")]
    pub settings: G::Settings,
    pub seats: Vec<SeatInfo>,
    /// Each seat's bot level (what plays an empty seat, or a dropped guest's).
    pub levels: Vec<G::BotLevel>,
    pub started: bool,
}

/// Everything revealed after a hand, so every guest can check the deal (see `net::fair`).
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(bound = "")]
pub struct HandReveal<G: PeerGame> {
    pub hand: u64,
    /// The seat the dealt hand waits for first (Shengji: the seat that draws first).
    pub first_to_act: Seat,
    pub host_commitment: String,
    pub host_secret: String,
    /// (seat, commitment hex, entropy hex) of every guest whose entropy went into the seed.
    pub contributions: Vec<(Seat, String, String)>,
    /// The hand's seed string: also its duplicate link (`TableSeed`, hand `hand`).
    pub seed: String,
    /// The hand's public record: every accepted move of the hand in order (its buried cards
    /// included: the seed shows every card anyway). Guests replay it on the derived deal.
    pub actions: Vec<(Seat, G::Action)>,
}

/// Host → guest.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case", bound = "")]
pub enum HostMessage<G: PeerGame> {
    /// You sit at `seat`; keep `rejoin` to reclaim the seat after a drop.
    Welcome { seat: Seat, rejoin: String, protocol_version: u16 },
    Lobby(LobbyState<G>),
    /// Your seat's view (never another hand, never a hidden kitty).
    View(Box<G::View>),
    /// A public event of the game.
    Event(G::Event),
    /// Your message was refused; nothing changed. `seq` names the refused action.
    Rejected { reason: Refused<G::Error>, seq: Option<u64> },
    Pong { nonce: u64 },
    /// Fair dealing, step 1: the host's commitment; answer with `Commit`.
    FairCommit { hand: u64, host_commitment: String },
    /// Fair dealing, step 2: every guest's commitment; answer with `Reveal`.
    FairCommitments { hand: u64, commitments: Vec<(Seat, String)> },
    /// Fair dealing, after the hand: the secrets, to verify the deal.
    FairReveal(HandReveal<G>),
    /// A line of table talk from `seat`, passed on to everyone seated.
    Chat { seat: Seat, text: String },
    /// Your hello found no free seat (the table is full, or its hand has started): you watch
    /// (the lobby and the public view) until a seat frees at the start of a hand, when a
    /// `Welcome` seats you.
    Waiting,
    /// Your view as a patch of the last one sent (`net::delta`): the wire's encoder makes
    /// it from a `View` and the guest's decoder turns it back into one.
    ViewPatch(super::delta::Patch),
}

/// Why the host refused a guest's message, as it travels: typed, so the guest's page
/// phrases it in its own language (`ui_model::messages::refused`); `Display` is English.
/// The host's own [`Refusal`](crate::net::host::Refusal) maps onto it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refused<E> {
    /// Too many messages: the host reads at most this many a second from one connection.
    Flooding { per_second: u32 },
    /// A message over the size limit.
    TooLarge { len: usize },
    /// A message the host could not read.
    Unreadable,
    /// The guest's app speaks another protocol version: reload.
    ProtocolVersion { got: u16, speaks: u16 },
    AlreadyGreeted,
    NotGreeted,
    /// The game has started: a new guest waits for the next game.
    Started,
    TableFull,
    NoSeat,
    /// An action number already received.
    Replayed { seq: u64 },
    OtherSeat { own: Seat, seat: Seat },
    /// Actions wait while the next hand is dealt.
    Dealing,
    NotStarted,
    /// Only the host deals from a chosen seed.
    HostDeals,
    HandNotOver,
    /// A move no deck of this table could make (cards it does not hold).
    Impossible,
    /// The game's own refusal (phase, turn, legality).
    Rule(E),
    /// A fair-dealing message out of turn or malformed.
    FairDealing,
    /// The hands' history goes out once per connection.
    HistoryTwice,
    /// The host gave this guest's seat to someone else.
    SeatGiven,
    /// The table got smaller and this guest's seat is gone.
    SeatGone,
    /// The guest's page plays another game than this table.
    OtherGame { table: String },
    /// Table talk: at most this many lines in a row, then one every few seconds.
    ChatTooFast { lines: u32 },
    /// Table talk: a line of more characters than the table passes on.
    ChatTooLong { max: usize },
}

impl<E: fmt::Display> fmt::Display for Refused<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Flooding { per_second } => write!(
                f,
                "too many messages: the host reads at most {per_second} a second from one connection and drops the rest unread; slow down"
            ),
            Refused::TooLarge { len } => write!(f, "a message of {len} bytes is over the limit of {MAX_GUEST_MESSAGE_BYTES}"),
            Refused::Unreadable => f.write_str("the host could not read a message from this page"),
            Refused::ProtocolVersion { got, speaks } => write!(
                f,
                "your app speaks protocol version {got} but this table speaks version {speaks}: reload the page"
            ),
            Refused::AlreadyGreeted => f.write_str("this connection already said hello"),
            Refused::NotGreeted => f.write_str("say hello before anything else"),
            Refused::Started => f.write_str("the game has started: ask the host to seat you in the next game"),
            Refused::TableFull => f.write_str("the table is full"),
            Refused::NoSeat => f.write_str("you have no seat at this table"),
            Refused::Replayed { seq } => write!(f, "action {seq} was already received (replayed or out of order)"),
            Refused::OtherSeat { own, seat } => {
                write!(f, "you sit at seat {} and cannot act for seat {}", own + 1, seat + 1)
            }
            Refused::Dealing => f.write_str("the next hand is being dealt: wait for your cards"),
            Refused::NotStarted => f.write_str("the game has not started"),
            Refused::HostDeals => f.write_str("only the host deals from a chosen seed: ask for the next hand instead"),
            Refused::HandNotOver => f.write_str("the hand is not over yet"),
            Refused::Impossible => f.write_str("this move is impossible at this table"),
            Refused::Rule(e) => write!(f, "{e}"),
            Refused::FairDealing => f.write_str("a fair-dealing message came out of turn or was malformed"),
            Refused::HistoryTwice => f.write_str("the hands' history was already sent on this connection"),
            Refused::SeatGiven => f.write_str("the host gave your seat to someone else"),
            Refused::SeatGone => f.write_str("the table got smaller and your seat is gone"),
            Refused::OtherGame { table } => write!(f, "this table plays {table}: open the invite on the page of that game"),
            Refused::ChatTooFast { lines } => write!(f, "too much talk: {lines} lines in a row at most, then one every few seconds"),
            Refused::ChatTooLong { max } => write!(f, "a line of chat has at most {max} characters"),
        }
    }
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    TooLarge { len: usize, max: usize },
    Malformed(String),
    WrongVersion { got: u64, expected: u16 },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { len, max } => write!(f, "the message is {len} bytes, over the limit of {max}"),
            DecodeError::Malformed(why) => write!(f, "the message is malformed: {why}"),
            DecodeError::WrongVersion { got, expected } => write!(
                f,
                "the message uses protocol version {got} but this table speaks version {expected}: reload both pages so they run the same app version"
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// A message on the wire: the protocol version (a postcard varint, so readable whatever the
/// message's shape), then the message in postcard.
fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    // Serialising these plain data types into memory cannot fail.
    postcard::to_allocvec(&(PROTOCOL_VERSION as u64, msg)).unwrap_or_default()
}

fn decode<T: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<T, DecodeError> {
    decode_versions(bytes, max, &[PROTOCOL_VERSION])
}

/// Versions whose stored values ([`to_stored_text`]) still read: a host's saved table kept its
/// shape from version 4 (5 added the game's name to `Hello` and `Welcome` only, 7 the view
/// patches and `Resync` only, 8 seats saved with a bot level as new variants, 9 the host's
/// `Waiting` only, 10 the Shengji view's house rules only).
const STORED_VERSIONS: [u16; 7] = [4, 5, 6, 7, 8, 9, PROTOCOL_VERSION];

fn decode_versions<T: DeserializeOwned>(bytes: &[u8], max: usize, versions: &[u16]) -> Result<T, DecodeError> {
    if bytes.len() > max {
        return Err(DecodeError::TooLarge { len: bytes.len(), max });
    }
    let (version, body) = postcard::take_from_bytes::<u64>(bytes)
        .map_err(|_| DecodeError::Malformed("it does not start with a protocol version".into()))?;
    if !versions.iter().any(|&v| v as u64 == version) {
        return Err(DecodeError::WrongVersion { got: version, expected: PROTOCOL_VERSION });
    }
    let (msg, rest) = postcard::take_from_bytes::<T>(body).map_err(|e| DecodeError::Malformed(e.to_string()))?;
    if !rest.is_empty() {
        return Err(DecodeError::Malformed(format!("{} stray bytes follow the message", rest.len())));
    }
    Ok(msg)
}

pub fn encode_guest<G: PeerGame>(msg: &GuestMessage<G>) -> Vec<u8> {
    encode(msg)
}
pub fn encode_host<G: PeerGame>(msg: &HostMessage<G>) -> Vec<u8> {
    encode(msg)
}
pub fn decode_guest<G: PeerGame>(bytes: &[u8]) -> Result<GuestMessage<G>, DecodeError> {
    decode(bytes, MAX_GUEST_MESSAGE_BYTES)
}
pub fn decode_host<G: PeerGame>(bytes: &[u8]) -> Result<HostMessage<G>, DecodeError> {
    decode(bytes, MAX_HOST_MESSAGE_BYTES)
}

/// A value in the wire encoding as base64url text, for localStorage (the host's snapshot): the
/// same binary code as the messages, so the page links no JSON code for it.
pub fn to_stored_text<T: Serialize>(value: &T) -> String {
    crate::codec::base64url_encode(&encode(value))
}

/// Reads [`to_stored_text`]'s output; anything else (an older JSON save, a damaged value) is an error.
pub fn from_stored_text<T: DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    let bytes = crate::codec::base64url_decode(text.trim())
        .map_err(|at| DecodeError::Malformed(format!("character {at} is not base64url")))?;
    decode_versions(&bytes, MAX_HOST_MESSAGE_BYTES, &STORED_VERSIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::bot::Difficulty;
    use crate::shengji::game::{Action, Game, RuleError, Settings};
    use proptest::prelude::*;

    type GuestMessage = super::GuestMessage<Game>;
    type HostMessage = super::HostMessage<Game>;

    #[test]
    fn messages_round_trip() {
        let cards = parse_cards("10H QS", None).unwrap();
        for m in [
            GuestMessage::Hello { name: "Ana".into(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: None },
            GuestMessage::Action { seq: 3, seat: 1, action: Action::Play(cards) },
            GuestMessage::Ping { nonce: 9 },
            GuestMessage::Commit { hand: 0, commitment: "ab".into() },
        ] {
            assert_eq!(decode_guest::<Game>(&encode_guest(&m)).unwrap(), m);
        }
        let h = HostMessage::Rejected { reason: Refused::Rule(RuleError::NotALead), seq: Some(2) };
        assert_eq!(decode_host::<Game>(&encode_host(&h)).unwrap(), h);
        // Version varint, Rejected (variant 4), Refused::Rule (16), RuleError::NotALead (18), Some(2):
        // a refusal travels as a few bytes of data, not as an English sentence.
        assert_eq!(encode_host(&h), [PROTOCOL_VERSION as u8, 4, 16, 18, 1, 2]);
        // Settings with unset options (which their JSON form skips) still come back whole.
        let lobby = LobbyState {
            settings: Settings { decks: Some(3), kitty: None, players: 6, ..Settings::default() },
            seats: vec![SeatInfo::Empty, SeatInfo::Bot, SeatInfo::Guest { name: "宝".into(), connected: true, stand_in: false }],
            levels: vec![Difficulty::Expert, Difficulty::Random, Difficulty::Heuristic],
            started: false,
        };
        let m = HostMessage::Lobby(lobby);
        assert_eq!(decode_host::<Game>(&encode_host(&m)).unwrap(), m);
    }

    /// Every seat's view at every move of a bot hand crosses the wire whole — at a table
    /// whose house rules are all changed, so every field is written. (A field skipped when
    /// empty once broke every view after the first trick: postcard cannot skip one.)
    #[test]
    fn views_round_trip_through_a_whole_hand() {
        use crate::shengji::game::sim::Simulation;
        use crate::shengji::game::{BidRules, Mode, Overcall, PhaseName, Shown};
        let settings = Settings {
            players: 5,
            mode: Mode::Friends,
            bidding: BidRules { overcall: Overcall::JokerOrHigherSuit, take_back: true, ..BidRules::default() },
            shown: Shown { landlord_points: false, past_tricks: false, kitty_at_end: false, throw_stopper: true },
            ..Settings::default()
        };
        let seed = crate::dup::TableSeed::parse("wire").unwrap();
        let mut sim = Simulation::new(settings, seed, &[Difficulty::Heuristic]).unwrap();
        let mut moves = 0;
        while sim.game.phase() != PhaseName::Finished {
            sim.step().unwrap();
            moves += 1;
            if moves % 7 == 0 || sim.game.phase() == PhaseName::Finished {
                for seat in 0..=5 {
                    let m = HostMessage::View(Box::new(sim.game.view(seat)));
                    assert_eq!(decode_host::<Game>(&encode_host(&m)).unwrap(), m, "seat {seat} after {moves} moves");
                }
            }
        }
        assert!(!sim.game.tricks().is_empty());
    }

    #[test]
    fn bad_input_is_refused_clearly() {
        const V: u8 = PROTOCOL_VERSION as u8;
        let big = vec![0u8; MAX_GUEST_MESSAGE_BYTES + 1];
        assert!(matches!(decode_guest::<Game>(&big), Err(DecodeError::TooLarge { .. })));
        assert!(matches!(decode_guest::<Game>(&[]), Err(DecodeError::Malformed(_))));
        // An unterminated version varint.
        assert!(matches!(decode_guest::<Game>(&[0xff, 0xff]), Err(DecodeError::Malformed(_))));
        // Right version, then an unknown variant; then a message cut short.
        assert!(matches!(decode_guest::<Game>(&[V, 99]), Err(DecodeError::Malformed(_))));
        let ping = encode_guest(&GuestMessage::Ping { nonce: 300 });
        assert!(matches!(decode_guest::<Game>(&ping[..ping.len() - 1]), Err(DecodeError::Malformed(_))));
        // Stray bytes after a whole message.
        let mut long = ping.clone();
        long.push(0);
        let e = decode_guest::<Game>(&long).unwrap_err();
        assert!(e.to_string().contains("stray bytes"), "{e}");
        // A string that is not UTF-8.
        assert!(matches!(decode_guest::<Game>(&[V, 0, 2, 0xff, 0xfe, 2, 0]), Err(DecodeError::Malformed(_))));
        // A wrong version is named before the body is read.
        let e = decode_guest::<Game>(&[1, 2, 1]).unwrap_err();
        assert_eq!(e, DecodeError::WrongVersion { got: 1, expected: PROTOCOL_VERSION });
        assert!(e.to_string().contains("version 1"));
        // A huge length prefix is refused without allocating it.
        assert!(decode_host::<Game>(&[V, 1, 0xff, 0xff, 0xff, 0xff, 0x0f]).is_err());
    }

    proptest! {
        #![proptest_config(crate::fixed_proptest::config(256))]
        #[test]
        fn decoding_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = decode_guest::<Game>(&bytes);
            let _ = decode_host::<Game>(&bytes);
        }

        #[test]
        fn decoding_mutated_messages_never_panics(i in 0usize..200, b in any::<u8>()) {
            let m = GuestMessage::Action { seq: 1, seat: 0, action: Action::Bid(crate::cards::Card::BigJoker, 2) };
            let mut bytes = encode_guest(&m);
            let at = i % bytes.len();
            bytes[at] = b;
            let _ = decode_guest::<Game>(&bytes);
        }
    }
}
