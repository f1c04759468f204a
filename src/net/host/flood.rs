//! Flood control, in host time: a token bucket per connection (a guest that sends faster than
//! the limit has its messages dropped before they are read, and is told once per burst), and
//! the host's log as a ring of the last entries with a count of what it dropped. Integer
//! arithmetic on the caller's clock, so the same inputs always give the same verdicts.

use super::refusal::LogEntry;
use crate::net::game::PeerGame;
use derive_where::derive_where;
use super::Millis;

/// How fast one connection may send. A guest draws its cards one message at a time (at most
/// 86 in a hand of 16 decks and 10 players, "instant" draw speed), so the burst covers a whole
/// draw; the steady rate is far above what a person does and far below what floods a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloodConfig {
    /// Messages a connection may send at once, after a quiet spell.
    pub burst: u32,
    /// Messages a second it may keep sending.
    pub per_second: u32,
}

impl Default for FloodConfig {
    fn default() -> Self {
        FloodConfig { burst: 128, per_second: 32 }
    }
}

/// What the bucket says about one message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Take {
    /// Read it.
    Read,
    /// Drop it unread and tell the sender (the first message over the limit in a burst).
    DropAndTell,
    /// Drop it unread, silently.
    Drop,
}

/// One connection's token bucket, in thousandths of a message so that any rate is exact.
#[derive(Clone, Debug)]
pub(super) struct Bucket {
    milli: u64,
    last: Millis,
    told: bool,
    /// Messages dropped from this connection so far.
    pub(super) dropped: u64,
}

impl Bucket {
    /// A full bucket at `now`.
    pub(super) fn new(config: &FloodConfig, now: Millis) -> Bucket {
        Bucket { milli: config.burst as u64 * 1000, last: now, told: false, dropped: 0 }
    }

    /// The time of the last message (or of the bucket's creation).
    pub(super) fn last(&self) -> Millis {
        self.last
    }

    /// Refills for the time since the last message (a clock that goes back refills nothing),
    /// then takes one message's token if there is one.
    pub(super) fn take(&mut self, config: &FloodConfig, now: Millis) -> Take {
        let full = config.burst as u64 * 1000;
        let gained = now.saturating_sub(self.last).saturating_mul(config.per_second as u64);
        self.milli = self.milli.saturating_add(gained).min(full);
        self.last = self.last.max(now);
        if self.milli >= 1000 {
            self.milli -= 1000;
            self.told = false;
            return Take::Read;
        }
        self.dropped += 1;
        if self.told {
            Take::Drop
        } else {
            self.told = true;
            Take::DropAndTell
        }
    }
}

/// How many log entries the host keeps.
pub const LOG_CAPACITY: usize = 64;

/// The last [`LOG_CAPACITY`] entries, oldest first, and how many were ever logged. Kept in one
/// vector of at most twice the capacity (the older half goes at once), so reading it is a slice.
#[derive_where(Clone, Debug, Default)]
pub(super) struct LogRing<G: PeerGame> {
    entries: Vec<LogEntry<G>>,
    total: u64,
}

impl<G: PeerGame> LogRing<G> {
    pub(super) fn push(&mut self, entry: LogEntry<G>) {
        if self.entries.len() >= 2 * LOG_CAPACITY {
            self.entries.drain(..LOG_CAPACITY);
        }
        self.entries.push(entry);
        self.total += 1;
    }

    /// The retained entries, oldest first (at most [`LOG_CAPACITY`]).
    pub(super) fn entries(&self) -> &[LogEntry<G>] {
        &self.entries[self.entries.len().saturating_sub(LOG_CAPACITY)..]
    }

    /// Entries ever logged.
    pub(super) fn total(&self) -> u64 {
        self.total
    }

    /// The retained entries logged after the first `seen` (those before are gone or already read).
    pub(super) fn since(&self, seen: u64) -> &[LogEntry<G>] {
        let kept = self.entries();
        let new = self.total.saturating_sub(seen).min(kept.len() as u64) as usize;
        &kept[kept.len() - new..]
    }
}

#[cfg(test)]
mod tests {
    use super::super::refusal::Logged;
    use super::*;

    #[test]
    fn a_bucket_lets_a_burst_through_then_the_rate_and_tells_once() {
        let c = FloodConfig { burst: 3, per_second: 2 };
        let mut b = Bucket::new(&c, 1000);
        let takes: Vec<Take> = (0..6).map(|_| b.take(&c, 1000)).collect();
        assert_eq!(takes, [Take::Read, Take::Read, Take::Read, Take::DropAndTell, Take::Drop, Take::Drop]);
        // Half a second later: one more message (2 a second), then silence again.
        assert_eq!(b.take(&c, 1499), Take::Drop);
        assert_eq!(b.take(&c, 1500), Take::Read);
        assert_eq!(b.take(&c, 1500), Take::DropAndTell, "a new burst is told once more");
        assert_eq!(b.dropped, 5);
        // A clock that goes back refills nothing and does not move the bucket's time back.
        assert_eq!(b.take(&c, 10), Take::Drop);
        assert_eq!(b.take(&c, 1999), Take::Drop);
        assert_eq!(b.take(&c, 2000), Take::Read);
        // A long silence fills the bucket to the burst, no more.
        let reads = (0..10).filter(|_| b.take(&c, u64::MAX) == Take::Read).count();
        assert_eq!(reads, 3);
    }

    #[test]
    fn the_log_keeps_the_last_entries_and_counts_the_rest() {
        let mut log = LogRing::<crate::shengji::game::Game>::default();
        let entry = |hand| LogEntry { conn: None, what: Logged::FairTimeout { hand } };
        for hand in 0..1000 {
            log.push(entry(hand));
            assert!(log.entries.len() <= 2 * LOG_CAPACITY);
        }
        assert_eq!(log.total(), 1000);
        assert_eq!(log.entries().len(), LOG_CAPACITY);
        assert_eq!(log.entries()[0], entry(1000 - LOG_CAPACITY as u64));
        assert_eq!(log.entries().last(), Some(&entry(999)));
        assert_eq!(log.since(998), &[entry(998), entry(999)]);
        assert_eq!(log.since(1000), &[]);
        assert_eq!(log.since(0).len(), LOG_CAPACITY, "what was dropped is gone");
    }
}
