//! What the Expert's seat knows about the hidden cards, read from its
//! [`SeatView`] alone: which cards are unseen, how many each other hand (and
//! the kitty, unless this seat buried it) holds, the suits a seat has shown it
//! lacks by failing to follow, the cards a seat showed when it bid, and every
//! past follow to a multi-card lead (a sampled hand must have made each of
//! them legal: that is how "no pair left in hearts" or "no trumps left" is
//! read from the play).

use crate::cards::{Card, CardCounts};
use crate::shengji::game::{Seat, SeatView};
use crate::shengji::lead::Lead;
use crate::shengji::legal::check_play;
use crate::shengji::rules::Rules;
use crate::shengji::trump::EffectiveSuit;

/// A trick's plays (the lead first) and the lead's format when known.
pub(super) type TrickPlays<'a> = (&'a [(Seat, Vec<Card>)], Option<&'a crate::shengji::format::Format>);

/// A follow another seat made to a lead of more than one card.
pub(super) struct PastFollow {
    pub seat: Seat,
    pub lead: Lead,
    pub play: Vec<Card>,
    /// What the seat has played from that trick on (the play included): its
    /// hand then was its hand now plus these.
    pub later: Vec<Card>,
}

/// The constraints on the hidden cards. Slots `0..players` are the seats (the
/// Expert's own slot is empty), slot `players` is the kitty when another seat
/// buried it.
pub(super) struct Knowledge {
    /// Cards in other hands and the hidden kitty.
    pub unseen: CardCounts,
    /// How many unseen cards each slot holds.
    pub need: Vec<usize>,
    /// Effective suits a slot is known to lack.
    pub void: Vec<[bool; 5]>,
    /// Cards a slot is known to hold (bid cards not played since).
    pub known: Vec<Vec<Card>>,
    pub follows: Vec<PastFollow>,
}

impl Knowledge {
    /// `None` when the view does not add up (no play phase, or counts that disagree).
    pub fn from_view(view: &SeatView, rules: &Rules) -> Option<Knowledge> {
        let n = view.players;
        let me = view.seat;
        let landlord = view.landlord?;
        let layout = rules.layout();
        let mut unseen = CardCounts::full_decks(view.decks);
        unseen.remove_all(&CardCounts::from_cards(&view.hand));
        let tricks = trick_plays(view);
        for (plays, _) in &tricks {
            for (_, p) in plays.iter() {
                if !unseen.remove_all(&CardCounts::from_cards(p)) {
                    return None;
                }
            }
        }
        let mine_buried = me == landlord;
        if mine_buried {
            if let Some(k) = &view.kitty {
                if !unseen.remove_all(&CardCounts::from_cards(k)) {
                    return None;
                }
            }
        }
        let mut need: Vec<usize> = (0..n).map(|s| if s == me { 0 } else { view.hand_sizes[s] }).collect();
        need.push(if mine_buried { 0 } else { view.kitty_size });
        if need.iter().sum::<usize>() != unseen.len() {
            return None;
        }
        let mut void = vec![[false; 5]; n + 1];
        let mut follows = Vec::new();
        // Cards each seat played from trick i on, built backwards.
        let mut later: Vec<Vec<Card>> = vec![Vec::new(); n];
        for (plays, format) in tricks.iter().rev() {
            for (seat, p) in plays.iter() {
                later[*seat].extend_from_slice(p);
            }
            let Some((_, lead_cards)) = plays.first() else { continue };
            let suit = layout.effective_suit(lead_cards[0]);
            let lead_len = lead_cards.len();
            for (seat, p) in &plays[1..] {
                if *seat == me {
                    continue;
                }
                let in_suit = p.iter().filter(|&&c| layout.effective_suit(c) == suit).count();
                if in_suit < lead_len {
                    void[*seat][suit.index()] = true;
                }
                if lead_len > 1 {
                    let lead = match format {
                        Some(f) => Lead::with_format(rules, lead_cards, f).ok(),
                        None => Lead::parse(rules, lead_cards).ok(),
                    };
                    if let Some(lead) = lead {
                        follows.push(PastFollow { seat: *seat, lead, play: p.clone(), later: later[*seat].clone() });
                    }
                }
            }
        }
        let known = bid_cards(view, rules, unseen, &need, &void, &later);
        Some(Knowledge { unseen, need, void, known, follows })
    }

    /// What the landlord knows in the exchange, before any card is played: every card
    /// but its hand (the kitty's cards in it until it buries) and what it buried is
    /// unseen, in the other hands at their sizes, and the bids showed some of them.
    /// `None` when the view is not the landlord's or its counts do not add up.
    pub fn at_exchange(view: &SeatView, rules: &Rules) -> Option<Knowledge> {
        let n = view.players;
        let me = view.seat;
        if view.landlord != Some(me) {
            return None;
        }
        let mut unseen = CardCounts::full_decks(view.decks);
        if !unseen.remove_all(&CardCounts::from_cards(&view.hand)) {
            return None;
        }
        if view.buried && !unseen.remove_all(&CardCounts::from_cards(view.kitty.as_deref().unwrap_or_default())) {
            return None;
        }
        let mut need: Vec<usize> = (0..n).map(|s| if s == me { 0 } else { view.hand_sizes[s] }).collect();
        need.push(0);
        if need.iter().sum::<usize>() != unseen.len() {
            return None;
        }
        let void = vec![[false; 5]; n + 1];
        let known = bid_cards(view, rules, unseen, &need, &void, &vec![Vec::new(); n]);
        Some(Knowledge { unseen, need, void, known, follows: Vec::new() })
    }

    /// What a seat knows when it may bid, in the draw or a round of steals (the kitty
    /// buried): every card but its hand is unseen, in the other hands at their sizes (the
    /// cards their bids showed among them) or, in the last slot, the cards still to be
    /// drawn and the kitty. `None` when the counts do not add up.
    pub fn at_bid(view: &SeatView, rules: &Rules) -> Option<Knowledge> {
        let n = view.players;
        let me = view.seat;
        let mut unseen = CardCounts::full_decks(view.decks);
        if !unseen.remove_all(&CardCounts::from_cards(&view.hand)) {
            return None;
        }
        let mut need: Vec<usize> = (0..n).map(|s| if s == me { 0 } else { view.hand_sizes[s] }).collect();
        need.push(view.deck_left + view.kitty_size);
        if need.iter().sum::<usize>() != unseen.len() {
            return None;
        }
        let void = vec![[false; 5]; n + 1];
        let known = bid_cards(view, rules, unseen, &need, &void, &vec![Vec::new(); n]);
        Some(Knowledge { unseen, need, void, known, follows: Vec::new() })
    }

    /// Could the sampled hands (per slot) have made every past follow?
    pub fn consistent(&self, rules: &Rules, hands: &[Vec<Card>]) -> bool {
        self.follows.iter().all(|f| {
            let mut then = hands[f.seat].clone();
            then.extend_from_slice(&f.later);
            check_play(rules, &f.lead, &then, &f.play).is_ok()
        })
    }

    /// Is the slot known to lack this suit?
    pub fn lacks(&self, slot: usize, suit: EffectiveSuit) -> bool {
        self.void[slot][suit.index()]
    }
}

/// Every trick of the hand so far, the one under way last when it has begun.
pub(super) fn trick_plays(view: &SeatView) -> Vec<TrickPlays<'_>> {
    let mut tricks: Vec<TrickPlays> = view.tricks.iter().map(|t| (t.plays.as_slice(), Some(&t.format))).collect();
    if let Some(t) = &view.trick {
        if !t.plays.is_empty() {
            tricks.push((t.plays.as_slice(), t.format.as_ref()));
        }
    }
    tricks
}

/// Bids show cards: what a bidder showed and has not played since (`later[seat]`) is
/// still in its hand, within its room and outside the suits it lacks.
fn bid_cards(
    view: &SeatView,
    rules: &Rules,
    unseen: CardCounts,
    need: &[usize],
    void: &[[bool; 5]],
    later: &[Vec<Card>],
) -> Vec<Vec<Card>> {
    let n = view.players;
    let layout = rules.layout();
    let mut known: Vec<Vec<Card>> = vec![Vec::new(); n + 1];
    let mut pool = unseen;
    for (i, b) in view.bids.iter().enumerate() {
        if b.seat == view.seat || b.seat >= n || view.bids[i + 1..].iter().any(|x| x.seat == b.seat && x.card == b.card) {
            continue;
        }
        let played = later[b.seat].iter().filter(|&&c| c == b.card).count();
        let left = (b.count as usize).saturating_sub(played);
        for _ in 0..left {
            if known[b.seat].len() < need[b.seat] && !void[b.seat][layout.effective_suit(b.card).index()] && pool.remove(b.card, 1) {
                known[b.seat].push(b.card);
            }
        }
    }
    known
}
