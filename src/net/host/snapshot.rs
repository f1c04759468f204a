//! Saving and resuming a table: what the host page keeps in localStorage (seats with their
//! rejoin tokens, the game record, the fair-dealing secrets) and `Host::restore` from it.

use super::{GuestSeat, Host, HostConfig, LobbyError, Millis, Occupant};
use crate::net::fair::Secret;
use crate::net::protocol::HandReveal;
use crate::shengji::game::{replay, GameRecord, Settings};
use serde::{Deserialize, Serialize};

/// One seat as saved with the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedSeat {
    Empty,
    Bot,
    Guest { name: String, token: String, stand_in: bool },
}

/// What the host's page keeps in localStorage to resume after a reload: the seats with
/// their rejoin tokens, the game's record (it replays alone, see `Action::NextHandFrom`)
/// and the current hand's fair-dealing secrets, to reveal them when the hand ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostSnapshot {
    // Both stored in the wire encoding (see `protocol::SettingsOnWire` for why).
    #[serde(with = "crate::net::protocol::SettingsOnWire")]
    pub settings: Settings,
    pub seats: Vec<SavedSeat>,
    #[serde(with = "record_on_wire")]
    pub record: Option<GameRecord>,
    /// Every dealt hand's secrets, without their moves (the record has them).
    pub reveals: Vec<HandReveal>,
    /// The last hand's reveal went out.
    pub revealed: bool,
    /// A fair round was dealing this hand when the page went away: it starts over.
    pub dealing: Option<u64>,
    pub stand_in_after: Millis,
}

/// A game record with its settings written field by field (`protocol::SettingsOnWire`).
mod record_on_wire {
    use crate::net::protocol::SettingsOnWire;
    use crate::shengji::game::{Action, GameRecord, Seat, Settings};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct RecordOnWire {
        #[serde(with = "SettingsOnWire")]
        settings: Settings,
        seed: String,
        actions: Vec<(Seat, Action)>,
    }

    pub fn serialize<S: Serializer>(record: &Option<GameRecord>, s: S) -> Result<S::Ok, S::Error> {
        record
            .as_ref()
            .map(|r| RecordOnWire { settings: r.settings.clone(), seed: r.seed.clone(), actions: r.actions.clone() })
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<GameRecord>, D::Error> {
        let r = Option::<RecordOnWire>::deserialize(d)?;
        Ok(r.map(|r| GameRecord { settings: r.settings, seed: r.seed, actions: r.actions }))
    }
}

impl Host {
    /// Everything needed to resume this table after a reload (connections are not kept).
    pub fn snapshot(&self) -> HostSnapshot {
        HostSnapshot {
            settings: self.settings.clone(),
            seats: self
                .seats
                .iter()
                .map(|o| match o {
                    Occupant::Empty => SavedSeat::Empty,
                    Occupant::Bot => SavedSeat::Bot,
                    Occupant::Guest(g) => SavedSeat::Guest { name: g.name.clone(), token: g.token.clone(), stand_in: g.stand_in },
                })
                .collect(),
            record: self.game.as_ref().map(|g| g.record()),
            reveals: self.reveals.clone(),
            revealed: self.revealed,
            dealing: self.round.as_ref().map(|r| r.hand),
            stand_in_after: self.config.stand_in_after,
        }
    }

    /// A host resumed from a snapshot: every guest is away (a bot stands in after the usual
    /// delay) until it says hello again with its token; an interrupted deal starts over.
    pub fn restore(snap: HostSnapshot, entropy: Secret, mut config: HostConfig, now: Millis) -> Result<Host, LobbyError> {
        config.stand_in_after = snap.stand_in_after;
        let mut h = Host::new(snap.settings.clone(), entropy, config)?;
        if snap.seats.len() != h.seats.len() {
            return Err(LobbyError::SavedSeats { saved: snap.seats.len(), players: h.seats.len() });
        }
        h.seats = snap
            .seats
            .into_iter()
            .map(|s| match s {
                SavedSeat::Empty => Occupant::Empty,
                SavedSeat::Bot => Occupant::Bot,
                SavedSeat::Guest { name, token, stand_in } => {
                    Occupant::Guest(GuestSeat { name, conn: None, token, dropped_at: Some(now), stand_in })
                }
            })
            .collect();
        if let Some(record) = &snap.record {
            h.game = Some(replay(record).map_err(LobbyError::SavedGame)?);
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
