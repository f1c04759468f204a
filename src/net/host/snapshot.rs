//! Saving and resuming a table: what the host page keeps in localStorage (seats with their
//! rejoin tokens, the game record, the fair-dealing secrets) and `Host::restore` from it.

use super::{GuestSeat, Host, HostConfig, LobbyError, Millis, Occupant};
use crate::net::fair::Secret;
use crate::net::game::PeerGame;
use crate::net::protocol::HandReveal;
use crate::table::{replay, Record};
use derive_where::derive_where;
use serde::{Deserialize, Serialize};

/// One seat as saved with the table. A seat whose bot is not of the table's default
/// level is saved with its level (the last two variants, from protocol version 8 on:
/// tables saved before read as ever).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedSeat<L> {
    Empty,
    Bot,
    Guest { name: String, token: String, stand_in: bool },
    EmptyAt(L),
    BotAt(L),
}

/// What the host's page keeps in localStorage to resume after a reload: the seats with
/// their rejoin tokens, the game's record (it replays alone, see `Action::NextHandFrom`)
/// and the current hand's fair-dealing secrets, to reveal them when the hand ends.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(bound = "")]
pub struct HostSnapshot<G: PeerGame> {
    // Both stored in the wire encoding (see `PeerGame::serialize_settings` for why).
    #[serde(serialize_with = "crate::net::game::wire_settings::serialize::<G, _>")]
    #[serde(deserialize_with = "crate::net::game::wire_settings::deserialize::<G, _>")]
    pub settings: G::Settings,
    pub seats: Vec<SavedSeat<G::BotLevel>>,
    pub record: Option<RecordOnWire<G>>,
    /// Every dealt hand's secrets, without their moves (the record has them).
    pub reveals: Vec<HandReveal<G>>,
    /// The last hand's reveal went out.
    pub revealed: bool,
    /// A fair round was dealing this hand when the page went away: it starts over.
    pub dealing: Option<u64>,
    pub stand_in_after: Millis,
}

/// A game record with its settings in the wire encoding.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq, Eq)]
#[serde(bound = "")]
pub struct RecordOnWire<G: PeerGame> {
    #[serde(serialize_with = "crate::net::game::wire_settings::serialize::<G, _>")]
    #[serde(deserialize_with = "crate::net::game::wire_settings::deserialize::<G, _>")]
    settings: G::Settings,
    seed: String,
    actions: Vec<(crate::table::Seat, G::Action)>,
}

impl<G: PeerGame> RecordOnWire<G> {
    fn of(r: Record<G>) -> Self {
        RecordOnWire { settings: r.settings, seed: r.seed, actions: r.actions }
    }
    fn record(self) -> Record<G> {
        Record { settings: self.settings, seed: self.seed, actions: self.actions }
    }
}

impl<G: PeerGame> Host<G> {
    /// Everything needed to resume this table after a reload (connections are not kept).
    pub fn snapshot(&self) -> HostSnapshot<G> {
        HostSnapshot {
            settings: self.settings.clone(),
            seats: self
                .seats
                .iter()
                .zip(&self.levels)
                .map(|(o, &level)| match o {
                    Occupant::Empty if level != self.config.bot_level => SavedSeat::EmptyAt(level),
                    Occupant::Bot if level != self.config.bot_level => SavedSeat::BotAt(level),
                    Occupant::Empty => SavedSeat::Empty,
                    Occupant::Bot => SavedSeat::Bot,
                    Occupant::Guest(g) => SavedSeat::Guest { name: g.name.clone(), token: g.token.clone(), stand_in: g.stand_in },
                })
                .collect(),
            record: self.game.as_ref().map(|g| RecordOnWire::of(Record::of(g))),
            reveals: self.reveals.clone(),
            revealed: self.revealed,
            dealing: self.round.as_ref().map(|r| r.hand),
            stand_in_after: self.config.stand_in_after,
        }
    }

    /// A host resumed from a snapshot: every guest is away (a bot stands in after the usual
    /// delay) until it says hello again with its token; an interrupted deal starts over.
    pub fn restore(snap: HostSnapshot<G>, entropy: Secret, mut config: HostConfig<G>, now: Millis) -> Result<Host<G>, LobbyError<G>> {
        config.stand_in_after = snap.stand_in_after;
        let mut h = Host::new(snap.settings.clone(), entropy, config)?;
        if snap.seats.len() != h.seats.len() {
            return Err(LobbyError::SavedSeats { saved: snap.seats.len(), players: h.seats.len() });
        }
        let default = h.config.bot_level;
        (h.seats, h.levels) = snap
            .seats
            .into_iter()
            .map(|s| match s {
                SavedSeat::Empty => (Occupant::Empty, default),
                SavedSeat::Bot => (Occupant::Bot, default),
                SavedSeat::EmptyAt(level) => (Occupant::Empty, level),
                SavedSeat::BotAt(level) => (Occupant::Bot, level),
                SavedSeat::Guest { name, token, stand_in } => {
                    (Occupant::Guest(GuestSeat { name, conn: None, token, dropped_at: Some(now), stand_in }), default)
                }
            })
            .unzip();
        h.make_bots();
        if let Some(record) = snap.record {
            h.game = Some(replay(&record.record()).map_err(LobbyError::SavedGame)?);
        }
        h.reveals = snap.reveals;
        h.revealed = snap.revealed;
        if let Some(hand) = snap.dealing {
            let mut out = Vec::new();
            h.begin_round(hand, now, &mut out);
        }
        Ok(h)
    }
}
