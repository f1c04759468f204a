//! What the peer layer needs of a game beyond [`table::Game`](crate::table::Game): its
//! messages on the wire, the bounds a peer's message is checked against before anyone uses it,
//! the bots that sit in empty seats, and the few facts of a view or a hand a guest needs to
//! follow the table and check a revealed deal. The host, the guest, the protocol and the
//! deal's check are written once over this trait; `net/shengji.rs`, `net/rummy.rs` and
//! `net/mahjong.rs` are the games' answers (what every game answers alike has a default).

use super::check::OutOfBounds;
use crate::dup::TableSeed;
use crate::table::{BotSeat, Codec, Game, Seat};
use serde::{de::DeserializeOwned, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt::Debug;

/// What a move that deals a hand asks for (see [`PeerGame::deals`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deal {
    /// "Deal the next hand" (a guest's request: the host runs a fair round).
    Next,
    /// "Deal the next hand from this seed": only the host's fair round makes it.
    FromSeed,
}

/// A game that can be played at a peer table.
pub trait PeerGame:
    Codec
    + Game<
        Action: Eq,
        Settings: Eq,
        SettingsError: Eq,
        View: DeserializeOwned + Eq,
        Event: DeserializeOwned + Eq,
        Error: Serialize + DeserializeOwned + Eq,
    > + Debug
    + 'static
{
    /// The table's bounds on what peers send (players, decks…), from the lobby's settings
    /// once known.
    type Limits: Copy + Debug + PartialEq;
    /// A card or tile, as a guest names the ones it was dealt and the deal did not give it.
    type Piece: Clone + Debug + std::fmt::Display + PartialEq + Eq;
    /// What the host holds in a bot's seat (Shengji's think in the bot worker,
    /// `table::think::Remote`; rummy's and mahjong's decide on the host's page).
    type Bot: BotSeat<Self> + Clone;
    /// How strong one seat's bot is (the lobby chooses per seat; saved with the table).
    type BotLevel: Copy + Debug + Default + Eq + Send + Sync + Serialize + DeserializeOwned;

    /// The settings in the binary wire encoding (default: their own serde form). A game whose
    /// serde form skips unset fields (short JSON) writes them whole here: postcard cannot read
    /// a form back that leaves fields out.
    fn serialize_settings<S: Serializer>(settings: &Self::Settings, ser: S) -> Result<S::Ok, S::Error> {
        settings.serialize(ser)
    }
    fn deserialize_settings<'de, D: Deserializer<'de>>(de: D) -> Result<Self::Settings, D::Error> {
        Self::Settings::deserialize(de)
    }

    /// The bounds of a table of these settings (`None`: the lobby is not known yet, so the
    /// largest table there is).
    fn limits(settings: Option<&Self::Settings>) -> Self::Limits;
    /// The most seats a table of these bounds has.
    fn max_seats(limits: Self::Limits) -> usize;

    /// A move that deals a hand, and which kind; `None` for a move within a hand.
    fn deals(action: &Self::Action) -> Option<Deal>;
    /// Is the current hand over (scored, waiting for the next deal)?
    fn hand_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// What a spectator sees: the table's public information and no seat's hidden cards
    /// (tested like the seats' views): the view of the seat one past the last real seat,
    /// which holds no cards and is nobody's partner.
    fn public_view(&self) -> Self::View {
        self.view(self.players())
    }

    /// An action within the table's bounds (the host checks a guest's before the game sees
    /// it, a guest each move of a revealed record).
    fn action_ok(action: &Self::Action, limits: Self::Limits) -> Result<(), OutOfBounds>;
    /// A view within the table's bounds.
    fn view_ok(view: &Self::View, limits: Self::Limits) -> Result<(), OutOfBounds>;
    /// An event within the table's bounds.
    fn event_ok(event: &Self::Event, limits: Self::Limits) -> Result<(), OutOfBounds>;

    /// One bot per seat, seeded from `seed`, each of its seat's level.
    fn bots(seed: &TableSeed, levels: &[Self::BotLevel]) -> Vec<Self::Bot>;

    /// The seat a view is for.
    fn view_seat(view: &Self::View) -> Seat;
    /// The table-wide number of the hand a view shows.
    fn view_hand(view: &Self::View) -> u64;
    /// Does the view show its hand before anyone moved (so a log begun there misses nothing)?
    fn view_at_start(view: &Self::View) -> bool;
    /// Does the view show the hand over (the final view a deal's check compares)?
    fn view_over(view: &Self::View) -> bool;
    /// The seat's cards as dealt, when the view shows them so (`None` before the deal is
    /// complete, or once the seat's hand has changed).
    fn view_dealt(view: &Self::View) -> Option<Vec<Self::Piece>>;
    /// A move the guest's page makes for its person without asking (Shengji's draw), if the
    /// view calls for one now.
    fn view_auto_action(view: &Self::View) -> Option<Self::Action>;

    /// The event that says a new hand begins, with its number.
    fn event_new_hand(event: &Self::Event) -> Option<u64>;
    /// What kind of event, for a log line.
    fn event_name(event: &Self::Event) -> &'static str;

    /// `seat`'s cards as dealt, when the replayed game has just reached the point where
    /// [`PeerGame::view_dealt`] would give them (called after the deal and after each move
    /// until it answers).
    fn dealt(&self, seat: Seat) -> Option<Vec<Self::Piece>>;
}

/// Serde helpers for a game's settings in its wire encoding, for `serialize_with` on
/// generic message types.
pub(crate) mod wire_settings {
    use super::PeerGame;
    use serde::{Deserializer, Serializer};

    pub fn serialize<G: PeerGame, S: Serializer>(settings: &G::Settings, ser: S) -> Result<S::Ok, S::Error> {
        G::serialize_settings(settings, ser)
    }
    pub fn deserialize<'de, G: PeerGame, D: Deserializer<'de>>(de: D) -> Result<G::Settings, D::Error> {
        G::deserialize_settings(de)
    }
}
