//! A guest's check of a finished hand ("deal verified"): the revealed secrets must give the
//! announced seed, with the host's commitment the one it sent before the guest revealed, and
//! the guest's own entropy among them; then the game engine itself is the oracle: the hand is
//! dealt from that seed on the table as the guest's own replay of the earlier hands left it,
//! the hand's public record is applied move by move (each must be accepted), and the events,
//! the cards the guest was dealt and its final view must be exactly what the host showed it.
//! Every failure is a [`NotVerified`] the page can phrase; its `Display` is English, for logs.

use super::fair::{self, Secret};
use super::game::PeerGame;
use super::protocol::HandReveal;
use crate::dup::TableSeed;
use crate::table::Seat;
use derive_where::derive_where;
use std::fmt;

/// Which revealed value was not 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexField {
    HostSecret,
    HostCommitment,
    GuestCommitment,
    GuestEntropy,
}

/// Why a guest does not call a hand's deal verified. Each names what disagrees.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub enum NotVerified<G: PeerGame> {
    /// I took no part in this hand's commit round (the host never asked, or this page does not
    /// remember it): the host could have chosen the seed alone.
    NoCommitRound,
    BadHex(HexField),
    /// The reveal names another host commitment than the one the host sent me before I
    /// revealed my entropy: it could have picked its secret after seeing mine.
    HostCommitmentChanged,
    /// The host's revealed secret does not match its commitment.
    HostCommitment,
    /// A guest's revealed entropy does not match its commitment.
    Contribution { seat: Seat },
    /// A seat contributes twice.
    DuplicateContribution { seat: Seat },
    /// My entropy is not in the seed, or not the one I sent.
    MyContribution,
    /// The announced seed is not the hash of the revealed secrets.
    Seed { announced: String, derived: String },
    NotATableSeed(String),
    /// I do not know the table as it was before this hand (I missed an earlier hand's reveal, or
    /// the lobby's settings): the first drawer and the levels cannot be checked.
    NoHistory { hand: u64 },
    /// The reveal names another first seat to act than the dealt hand gives (Shengji: the
    /// first drawer, the last hand's next landlord or seat 0 at a game's first hand).
    FirstToAct { announced: Seat, derived: Seat },
    /// Move `index` of the hand's record is not a move within a hand (a next-hand deal).
    NotAHandMove { index: usize },
    /// Move `index` of the hand's record is refused by the rules on the derived deal: a bid or
    /// a play of cards that seat was not dealt, a move out of turn…
    ActionRefused { index: usize, seat: Seat, action: Box<G::Action>, error: G::Error },
    /// The hand's record stops before the hand ends.
    Unfinished { moves: usize },
    /// The events the host showed me differ from the replay's, from my `at`-th on.
    Events { at: usize, seen: Option<Box<G::Event>>, replayed: Option<Box<G::Event>> },
    /// I was dealt other cards than the derived deal gives me.
    MyHand { extra: Vec<G::Piece>, missing: Vec<G::Piece> },
    /// My final view (tricks, kitty, scores, levels…) differs from the replay's.
    FinalView,
    /// I refused `count` of the host's messages while the hand was played (out of the
    /// table's bounds): what I saw of the hand is incomplete, so it is not called verified.
    RefusedMessages { count: u64 },
    /// I never took a view of the finished hand, so its end (tricks, scores, levels) was
    /// not compared with the replay.
    NoFinalView,
}

impl<G: PeerGame> fmt::Display for NotVerified<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = |c: &[G::Piece]| c.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
        match self {
            NotVerified::NoCommitRound => f.write_str("this page took no part in the hand's commit round, so the host could have chosen the deal alone"),
            NotVerified::BadHex(what) => write!(f, "the revealed {what} is not 64 hex digits"),
            NotVerified::HostCommitmentChanged => f.write_str("the host revealed a different commitment from the one it made before seeing my entropy"),
            NotVerified::HostCommitment => f.write_str("the host's revealed secret does not match the commitment it made before the hand"),
            NotVerified::Contribution { seat } => write!(f, "seat {}'s revealed entropy does not match its commitment", seat + 1),
            NotVerified::DuplicateContribution { seat } => write!(f, "seat {} contributes to the seed twice", seat + 1),
            NotVerified::MyContribution => f.write_str("my entropy was left out of the seed or replaced"),
            NotVerified::Seed { announced, derived } => write!(f, "the announced seed {announced} is not the one the secrets give ({derived})"),
            NotVerified::NotATableSeed(s) => write!(f, "the announced seed {s:?} is not a valid seed"),
            NotVerified::NoHistory { hand } => write!(f, "this page does not know the table before hand {hand}, so who acts first cannot be checked"),
            NotVerified::FirstToAct { announced, derived } => {
                write!(f, "the host says seat {} acted first, but the rules make it seat {}", announced + 1, derived + 1)
            }
            NotVerified::NotAHandMove { index } => write!(f, "move {} of the hand's record deals another hand", index + 1),
            NotVerified::ActionRefused { index, seat, action, error } => {
                write!(f, "move {} of the hand, {action:?} by seat {}, is not possible with the cards the seed deals: {error}", index + 1, seat + 1)
            }
            NotVerified::Unfinished { moves } => write!(f, "the hand's record ({moves} moves) stops before the hand ends"),
            NotVerified::Events { at, seen, replayed } => {
                let name = |e: &Option<Box<G::Event>>| e.as_deref().map_or("nothing", G::event_name);
                write!(f, "what the host showed differs from the replayed hand at event {at}: shown {}, replayed {}", name(seen), name(replayed))
            }
            NotVerified::MyHand { extra, missing } => write!(
                f,
                "I was dealt [{}] that the seed does not deal me, and not [{}] that it does",
                cards(extra),
                cards(missing)
            ),
            NotVerified::FinalView => f.write_str("my view of the finished hand differs from the replayed hand"),
            NotVerified::RefusedMessages { count } => write!(
                f,
                "this page refused {count} of the host's messages during the hand (outside the table's limits), so it could not check the hand whole"
            ),
            NotVerified::NoFinalView => f.write_str("this page never received the finished hand, so its end (tricks, scores, levels) could not be checked"),
        }
    }
}

impl<G: PeerGame> std::error::Error for NotVerified<G> {}

impl fmt::Display for HexField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HexField::HostSecret => "host secret",
            HexField::HostCommitment => "host commitment",
            HexField::GuestCommitment => "guest commitment",
            HexField::GuestEntropy => "guest entropy",
        })
    }
}

/// What this guest saw of one hand, first-hand.
#[derive_where(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandLog<G: PeerGame> {
    pub hand: u64,
    /// The public events, in the order they came.
    pub events: Vec<G::Event>,
    /// Positions in `events` where the connection was lost: events may be missing there.
    pub gaps: Vec<usize>,
    /// The log began with the hand (else the events before its first are missing).
    pub from_start: bool,
    /// My hand as dealt (Shengji: when the draw ended, without the kitty), if I saw it then.
    pub dealt: Option<Vec<G::Piece>>,
}

impl<G: PeerGame> HandLog<G> {
    /// The most events a log keeps (a hand of 16 decks has a few thousand): beyond, the log
    /// records a gap instead, so a host that floods events cannot grow a guest's memory.
    pub const MAX_EVENTS: usize = 50_000;

    pub fn push(&mut self, e: G::Event) {
        if self.events.len() < Self::MAX_EVENTS {
            self.events.push(e);
        } else if self.gaps.last() != Some(&self.events.len()) {
            self.gaps.push(self.events.len());
        }
    }

    /// The connection was lost and is back: events may be missing here.
    pub fn gap(&mut self) {
        if self.gaps.last() != Some(&self.events.len()) {
            self.gaps.push(self.events.len());
        }
    }
}

/// This guest's part in a hand's commit round: the host commitment it was sent before
/// revealing, and the entropy it then revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Participation {
    pub host_commitment: [u8; 32],
    pub entropy: Secret,
}

/// The table before the hand, as the guest knows it.
#[derive_where(Clone, Copy, Debug)]
pub enum Start<'a, G: PeerGame> {
    /// The game's first hand, with the lobby's settings.
    FirstHand(&'a G::Settings),
    /// The guest's own replay of the hands so far, finished at the previous hand.
    After(&'a G),
    Unknown,
}

/// The outcome of [`check_hand`].
#[derive_where(Clone, Debug)]
pub struct Checked<G: PeerGame> {
    pub result: Result<(), NotVerified<G>>,
    /// The table at the end of the hand as replayed from the derived deal, when the record
    /// replays to the end: the start of the next hand's check.
    pub replayed: Option<G>,
}

/// Checks one finished hand (see the module's header). `me` is the guest's seat; `part`,
/// `log` and `final_view` what it knows first-hand. The first failure found is the verdict;
/// the replay still runs after a failure about the secrets, so a guest left out of one deal
/// can check the next.
pub fn check_hand<G: PeerGame>(
    reveal: &HandReveal<G>,
    me: Seat,
    part: Option<&Participation>,
    log: Option<&HandLog<G>>,
    final_view: Option<&G::View>,
    start: Start<G>,
) -> Checked<G> {
    let mut first = None;
    let mut note = |e: NotVerified<G>| {
        if first.is_none() {
            first = Some(e);
        }
    };
    let seed = check_secrets(reveal, me, part, &mut note);
    let replayed = seed.and_then(|seed| replay(reveal, me, &seed, log, final_view, start, &mut note));
    Checked { result: first.map_or(Ok(()), Err), replayed }
}

/// The commit-reveal part: the seed if the secrets give the announced one.
fn check_secrets<G: PeerGame>(
    reveal: &HandReveal<G>,
    me: Seat,
    part: Option<&Participation>,
    note: &mut impl FnMut(NotVerified<G>),
) -> Option<TableSeed> {
    if part.is_none() {
        note(NotVerified::NoCommitRound);
    }
    let hex = |text: &str, field| fair::from_hex(text).ok_or(NotVerified::BadHex(field));
    let secrets = (|| {
        let host_secret = hex(&reveal.host_secret, HexField::HostSecret)?;
        let host_commitment = hex(&reveal.host_commitment, HexField::HostCommitment)?;
        let mut contributions = Vec::with_capacity(reveal.contributions.len());
        for (seat, c, e) in &reveal.contributions {
            contributions.push((*seat, hex(c, HexField::GuestCommitment)?, hex(e, HexField::GuestEntropy)?));
        }
        Ok((host_secret, host_commitment, contributions))
    })();
    let (host_secret, host_commitment, contributions) = match secrets {
        Ok(s) => s,
        Err(e) => {
            note(e);
            return None;
        }
    };
    if part.is_some_and(|p| p.host_commitment != host_commitment) {
        note(NotVerified::HostCommitmentChanged);
    }
    if fair::commitment(reveal.hand, &host_secret) != host_commitment {
        note(NotVerified::HostCommitment);
    }
    let mut seats = Vec::new();
    for (seat, c, e) in &contributions {
        if fair::commitment(reveal.hand, e) != *c {
            note(NotVerified::Contribution { seat: *seat });
        }
        if seats.contains(seat) {
            note(NotVerified::DuplicateContribution { seat: *seat });
        }
        seats.push(*seat);
    }
    let entropy: Vec<(Seat, Secret)> = contributions.iter().map(|(s, _, e)| (*s, *e)).collect();
    if let Some(p) = part {
        if !entropy.contains(&(me, p.entropy)) {
            note(NotVerified::MyContribution);
        }
    }
    let derived = fair::hand_seed(reveal.hand, &host_secret, &entropy);
    if derived != reveal.seed {
        note(NotVerified::Seed { announced: reveal.seed.clone(), derived });
        return None;
    }
    match TableSeed::parse(&reveal.seed) {
        Ok(seed) => Some(seed),
        Err(_) => {
            note(NotVerified::NotATableSeed(reveal.seed.clone()));
            None
        }
    }
}

/// The oracle: deals the hand from `seed` on the table before it and applies the hand's record.
fn replay<G: PeerGame>(
    reveal: &HandReveal<G>,
    me: Seat,
    seed: &TableSeed,
    log: Option<&HandLog<G>>,
    final_view: Option<&G::View>,
    start: Start<G>,
    note: &mut impl FnMut(NotVerified<G>),
) -> Option<G> {
    let no_history = NotVerified::NoHistory { hand: reveal.hand };
    // The events of the deal itself (after the one that opens the hand) are the hand's first.
    let mut events = Vec::new();
    let mut game = match start {
        Start::FirstHand(settings) if reveal.hand == 0 => G::new(settings.clone(), seed.clone()).ok(),
        Start::After(before) if before.hand_over() && before.hand_number() + 1 == reveal.hand => {
            let mut g = before.clone();
            g.apply(0, &G::next_hand(Some(seed))).ok().map(|dealt| {
                events.extend(dealt.into_iter().skip_while(|e| G::event_new_hand(e).is_none()).skip(1));
                g
            })
        }
        _ => None,
    };
    let Some(game) = game.as_mut() else {
        note(no_history);
        return None;
    };
    let derived = game.to_act().first().copied().unwrap_or(0);
    if reveal.first_to_act != derived {
        note(NotVerified::FirstToAct { announced: reveal.first_to_act, derived });
    }
    let mut dealt = game.dealt(me);
    for (index, (seat, action)) in reveal.actions.iter().enumerate() {
        if G::deals(action).is_some() {
            note(NotVerified::NotAHandMove { index });
            return None;
        }
        match game.apply(*seat, action) {
            Ok(e) => events.extend(e),
            Err(error) => {
                note(NotVerified::ActionRefused { index, seat: *seat, action: Box::new(action.clone()), error });
                return None;
            }
        }
        if dealt.is_none() {
            dealt = game.dealt(me);
        }
    }
    if !game.hand_over() {
        note(NotVerified::Unfinished { moves: reveal.actions.len() });
        return None;
    }
    if let Some(log) = log {
        if let Err(e) = compare_events(log, &events) {
            note(e);
        }
        if let (Some(got), Some(want)) = (&log.dealt, &dealt) {
            let (extra, missing) = diff(got, want);
            if !extra.is_empty() || !missing.is_empty() {
                note(NotVerified::MyHand { extra, missing });
            }
        }
    }
    if final_view.is_some_and(|v| *v != game.view(me)) {
        note(NotVerified::FinalView);
    }
    Some(game.clone())
}

/// The events seen must be the replay's: all of them, in order, when the log saw the whole
/// hand; else each stretch between gaps must appear, in order, as a run of the replay's.
fn compare_events<G: PeerGame>(log: &HandLog<G>, replayed: &[G::Event]) -> Result<(), NotVerified<G>> {
    let boxed = |e: Option<&G::Event>| e.cloned().map(Box::new);
    if log.from_start && log.gaps.is_empty() {
        let at = (0..log.events.len().max(replayed.len())).find(|&i| log.events.get(i) != replayed.get(i));
        return match at {
            None => Ok(()),
            Some(at) => Err(NotVerified::Events { at, seen: boxed(log.events.get(at)), replayed: boxed(replayed.get(at)) }),
        };
    }
    let mut cuts = vec![0];
    cuts.extend(log.gaps.iter().copied().filter(|&g| g <= log.events.len()));
    cuts.push(log.events.len());
    let mut cursor = 0;
    for (k, w) in cuts.windows(2).enumerate() {
        let run = &log.events[w[0]..w[1]];
        if run.is_empty() {
            continue;
        }
        // The first stretch of a log that began with the hand must start there.
        let found = if k == 0 && log.from_start {
            replayed.starts_with(run).then_some(0)
        } else {
            (cursor..=replayed.len().saturating_sub(run.len())).find(|&i| replayed[i..].starts_with(run))
        };
        match found {
            Some(i) => cursor = i + run.len(),
            None => return Err(NotVerified::Events { at: w[0], seen: boxed(run.first()), replayed: None }),
        }
    }
    Ok(())
}

/// Pieces in `got` and not in `want`, and the other way (counting copies).
fn diff<T: Clone + PartialEq>(got: &[T], want: &[T]) -> (Vec<T>, Vec<T>) {
    let mut missing = want.to_vec();
    let mut extra = Vec::new();
    for g in got {
        match missing.iter().position(|w| w == g) {
            Some(i) => {
                missing.remove(i);
            }
            None => extra.push(g.clone()),
        }
    }
    (extra, missing)
}
