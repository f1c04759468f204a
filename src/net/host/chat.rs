//! Table talk: a seated guest's line of chat (or quick reaction) goes to everyone seated
//! and to the spectators (who only read), tagged with the sender's seat. The host bounds
//! it — at most [`MAX_CHAT_CHARS`] characters, control characters dropped, [`CHAT_BURST`]
//! lines in a row and then one every [`CHAT_EVERY_MS`] — and keeps none of it: chat is
//! not saved and not replayed.

use super::{ConnId, Host, Millis, Outgoing, Refusal};
use crate::net::game::PeerGame;
use crate::net::protocol::{HostMessage, MAX_CHAT_CHARS};

/// Lines a guest may send in a row.
pub const CHAT_BURST: u32 = 5;
/// Then one line per this many milliseconds.
pub const CHAT_EVERY_MS: Millis = 3000;

/// One connection's allowance of chat lines (a token bucket refilled over time).
#[derive(Clone, Copy, Debug)]
pub(super) struct ChatAllowance {
    lines: u32,
    since: Millis,
}

impl ChatAllowance {
    /// A new connection's allowance: a whole burst.
    pub(super) fn full() -> ChatAllowance {
        ChatAllowance { lines: CHAT_BURST, since: 0 }
    }

    /// Takes one line if there is one left (after refilling for the time passed).
    fn take(&mut self, now: Millis) -> bool {
        let earned = now.saturating_sub(self.since) / CHAT_EVERY_MS;
        if earned > 0 {
            self.lines = (self.lines as u64 + earned).min(CHAT_BURST as u64) as u32;
            self.since += earned * CHAT_EVERY_MS;
        }
        if self.lines == 0 {
            return false;
        }
        if self.lines == CHAT_BURST {
            self.since = now;
        }
        self.lines -= 1;
        true
    }
}

impl<G: PeerGame> Host<G> {
    /// `Chat { text }`: passed on to every seated guest (the sender included) and every
    /// spectator, or refused.
    pub(super) fn chat(&mut self, conn: ConnId, text: &str, now: Millis) -> Vec<Outgoing<G>> {
        let Some(c) = self.conns.get_mut(&conn) else { return Vec::new() };
        let Some(seat) = c.seat else {
            return self.reject(conn, None, Refusal::NoSeat);
        };
        let line: String = text.chars().filter(|c| !c.is_control()).collect();
        let line = line.trim();
        if line.chars().count() > MAX_CHAT_CHARS {
            return self.reject(conn, None, Refusal::ChatTooLong { max: MAX_CHAT_CHARS });
        }
        if line.is_empty() {
            return Vec::new();
        }
        if !c.chat.take(now) {
            return self.reject(conn, None, Refusal::ChatTooFast { lines: CHAT_BURST });
        }
        self.stats.chat_lines += 1;
        let msg = HostMessage::Chat { seat, text: line.to_string() };
        let seated = self.live().into_iter().map(|(c, _)| c);
        seated.chain(self.watchers()).map(|c| (c, msg.clone())).collect()
    }
}
