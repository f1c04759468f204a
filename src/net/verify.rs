//! A guest's check of a finished hand ("deal verified"): the revealed secrets must give the
//! announced seed, with the host's commitment the one it sent before the guest revealed, and
//! the guest's own entropy among them; then the game engine itself is the oracle: the hand is
//! dealt from that seed on the table as the guest's own replay of the earlier hands left it,
//! the hand's public record is applied move by move (each must be accepted), and the events,
//! the cards the guest was dealt and its final view must be exactly what the host showed it.
//! Every failure is a [`NotVerified`] the page can phrase; its `Display` is English, for logs.

use super::fair::{self, Secret};
use super::protocol::HandReveal;
use crate::cards::{Card, KINDS};
use crate::dup::TableSeed;
use crate::shengji::game::{Action, Event, Game, PhaseName, RuleError, Seat, SeatView, Settings};
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotVerified {
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
    /// The reveal names another first drawer than the rule gives (the last hand's next
    /// landlord, or seat 0 at a game's first hand).
    FirstDrawer { announced: Seat, derived: Seat },
    /// Move `index` of the hand's record is not a move within a hand (a next-hand deal).
    NotAHandMove { index: usize },
    /// Move `index` of the hand's record is refused by the rules on the derived deal: a bid or
    /// a play of cards that seat was not dealt, a move out of turn…
    ActionRefused { index: usize, seat: Seat, action: Box<Action>, error: RuleError },
    /// The hand's record stops before the hand ends.
    Unfinished { moves: usize },
    /// The events the host showed me differ from the replay's, from my `at`-th on.
    Events { at: usize, seen: Option<Box<Event>>, replayed: Option<Box<Event>> },
    /// I was dealt other cards than the derived deal gives me.
    MyHand { extra: Vec<Card>, missing: Vec<Card> },
    /// My final view (tricks, kitty, scores, levels…) differs from the replay's.
    FinalView,
}

impl fmt::Display for NotVerified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = |c: &[Card]| crate::cards::format_cards(c);
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
            NotVerified::NoHistory { hand } => write!(f, "this page does not know the table before hand {hand}, so who draws first cannot be checked"),
            NotVerified::FirstDrawer { announced, derived } => {
                write!(f, "the host says seat {} drew first, but the rule makes it seat {}", announced + 1, derived + 1)
            }
            NotVerified::NotAHandMove { index } => write!(f, "move {} of the hand's record deals another hand", index + 1),
            NotVerified::ActionRefused { index, seat, action, error } => {
                write!(f, "move {} of the hand, {action:?} by seat {}, is not possible with the cards the seed deals: {error}", index + 1, seat + 1)
            }
            NotVerified::Unfinished { moves } => write!(f, "the hand's record ({moves} moves) stops before the hand ends"),
            NotVerified::Events { at, seen, replayed } => {
                let name = |e: &Option<Box<Event>>| e.as_deref().map_or("nothing", event_name);
                write!(f, "what the host showed differs from the replayed hand at event {at}: shown {}, replayed {}", name(seen), name(replayed))
            }
            NotVerified::MyHand { extra, missing } => write!(
                f,
                "I was dealt [{}] that the seed does not deal me, and not [{}] that it does",
                cards(extra),
                cards(missing)
            ),
            NotVerified::FinalView => f.write_str("my view of the finished hand differs from the replayed hand"),
        }
    }
}

impl std::error::Error for NotVerified {}

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

/// What kind of event, for a log line (the variant itself carries the details).
fn event_name(e: &Event) -> &'static str {
    match e {
        Event::Drew { .. } => "a draw",
        Event::Bid(_) => "a bid",
        Event::Passed { .. } => "a pass",
        Event::TrumpDecided { .. } => "the trump",
        Event::Buried { .. } => "a bury",
        Event::FriendsDeclared(_) => "friend calls",
        Event::PlayStarted { .. } => "the start of play",
        Event::Played { .. } => "a play",
        Event::ThrowFailed { .. } => "a failed throw",
        Event::FriendRevealed { .. } => "a friend revealed",
        Event::TookBack { .. } => "a take-back",
        Event::TrickWon { .. } => "a trick won",
        Event::HandFinished(_) => "the hand's result",
        Event::NextHand { .. } => "the next hand",
        Event::GameWon { .. } => "the game won",
    }
}

/// What this guest saw of one hand, first-hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandLog {
    pub hand: u64,
    /// The public events, in the order they came.
    pub events: Vec<Event>,
    /// Positions in `events` where the connection was lost: events may be missing there.
    pub gaps: Vec<usize>,
    /// The log began with the hand (else the events before its first are missing).
    pub from_start: bool,
    /// My hand when the draw ended (without the kitty), if I saw it then.
    pub dealt: Option<Vec<Card>>,
}

impl HandLog {
    /// The most events a log keeps (a hand of 16 decks has a few thousand): beyond, the log
    /// records a gap instead, so a host that floods events cannot grow a guest's memory.
    pub const MAX_EVENTS: usize = 50_000;

    pub fn push(&mut self, e: Event) {
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
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    /// The game's first hand, with the lobby's settings.
    FirstHand(&'a Settings),
    /// The guest's own replay of the hands so far, finished at the previous hand.
    After(&'a Game),
    Unknown,
}

/// The outcome of [`check_hand`].
#[derive(Clone, Debug)]
pub struct Checked {
    pub result: Result<(), NotVerified>,
    /// The table at the end of the hand as replayed from the derived deal, when the record
    /// replays to the end: the start of the next hand's check.
    pub replayed: Option<Game>,
}

/// Checks one finished hand (see the module's header). `me` is the guest's seat; `part`,
/// `log` and `final_view` what it knows first-hand. The first failure found is the verdict;
/// the replay still runs after a failure about the secrets, so a guest left out of one deal
/// can check the next.
pub fn check_hand(
    reveal: &HandReveal,
    me: Seat,
    part: Option<&Participation>,
    log: Option<&HandLog>,
    final_view: Option<&SeatView>,
    start: Start,
) -> Checked {
    let mut first = None;
    let mut note = |e: NotVerified| {
        if first.is_none() {
            first = Some(e);
        }
    };
    let seed = check_secrets(reveal, me, part, &mut note);
    let replayed = seed.and_then(|seed| replay(reveal, me, &seed, log, final_view, start, &mut note));
    Checked { result: first.map_or(Ok(()), Err), replayed }
}

/// The commit-reveal part: the seed if the secrets give the announced one.
fn check_secrets(reveal: &HandReveal, me: Seat, part: Option<&Participation>, note: &mut impl FnMut(NotVerified)) -> Option<TableSeed> {
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
fn replay(
    reveal: &HandReveal,
    me: Seat,
    seed: &TableSeed,
    log: Option<&HandLog>,
    final_view: Option<&SeatView>,
    start: Start,
    note: &mut impl FnMut(NotVerified),
) -> Option<Game> {
    let no_history = NotVerified::NoHistory { hand: reveal.hand };
    let mut game = match start {
        Start::FirstHand(settings) if reveal.hand == 0 => Game::new(settings.clone(), seed.clone()).ok(),
        Start::After(before) if before.phase() == PhaseName::Finished && before.hand_number() + 1 == reveal.hand => {
            let mut g = before.clone();
            g.apply(0, &Action::NextHandFrom(seed.as_str().to_string())).ok().map(|_| g)
        }
        _ => None,
    };
    let Some(game) = game.as_mut() else {
        note(no_history);
        return None;
    };
    let derived = game.to_act().first().copied().unwrap_or(0);
    if reveal.first_drawer != derived {
        note(NotVerified::FirstDrawer { announced: reveal.first_drawer, derived });
    }
    let mut events = Vec::new();
    let mut dealt = None;
    for (index, (seat, action)) in reveal.actions.iter().enumerate() {
        if matches!(action, Action::NextHand | Action::NextHandFrom(_)) {
            note(NotVerified::NotAHandMove { index });
            return None;
        }
        let drawing = game.phase() == PhaseName::Draw;
        match game.apply(*seat, action) {
            Ok(e) => events.extend(e),
            Err(error) => {
                note(NotVerified::ActionRefused { index, seat: *seat, action: Box::new(action.clone()), error });
                return None;
            }
        }
        if drawing && game.phase() != PhaseName::Draw && me < game.players() {
            dealt = Some(hand_as_dealt(&game.view(me), Some(me)));
        }
    }
    if game.phase() != PhaseName::Finished {
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
fn compare_events(log: &HandLog, replayed: &[Event]) -> Result<(), NotVerified> {
    let boxed = |e: Option<&Event>| e.cloned().map(Box::new);
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

/// Cards in `got` and not in `want`, and the other way (counted wide: any number of copies).
fn diff(got: &[Card], want: &[Card]) -> (Vec<Card>, Vec<Card>) {
    let count = |cards: &[Card]| {
        let mut n = [0usize; KINDS];
        cards.iter().for_each(|c| n[c.id()] += 1);
        n
    };
    let (got, want) = (count(got), count(want));
    let mut extra = Vec::new();
    let mut missing = Vec::new();
    for c in Card::all() {
        let (g, w) = (got[c.id()], want[c.id()]);
        extra.extend(std::iter::repeat_n(c, g.saturating_sub(w)));
        missing.extend(std::iter::repeat_n(c, w.saturating_sub(g)));
    }
    (extra, missing)
}

/// The hand `seat` was dealt, from its view when the draw has ended and nothing is buried yet:
/// the landlord's hand then holds the kitty too, which is taken back out.
pub fn hand_as_dealt(v: &SeatView, seat: Option<Seat>) -> Vec<Card> {
    let mut hand = v.hand.clone();
    if v.landlord == seat {
        for k in v.kitty.iter().flatten() {
            if let Some(i) = hand.iter().position(|c| c == k) {
                hand.remove(i);
            }
        }
    }
    hand
}
