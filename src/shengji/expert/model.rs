//! The other seats modelled as sound players: a sampled deal is likelier when
//! the heuristic, holding the hand the deal gives a seat, would have made the
//! plays that seat made. A seat that led a low card from a suit had no sure
//! winner anywhere and that suit was its shortest; a seat that gave a ten to
//! its partner's trick had no king there; a seat that could not win played its
//! cheapest. Voids and the legality of past follows (`knowledge.rs`) are hard
//! constraints; this is a soft one (people and the Expert itself do not always
//! play as the heuristic would), so the sampler keeps the deal that disagrees
//! with the fewest plays among a few drawn (`sampling.rs`).
//!
//! Each past play is replayed on the inputs its seat had then: its hand (the
//! sampled hand plus what it played from that trick on), the cards it had not
//! seen (for a lead), the trick so far and who it took for a partner (friends
//! revealed by then, in Finding Friends). The heuristic's follow draws a few
//! random picks; the replay gives it a fixed stream, so a check is a pure
//! function of the deal.
//!
//! Off by default (`Effort::model_replays` 0): it was worth some ten points of hands
//! at 4 × 2 on its tuning seed when given two to three times the decision's time, but
//! not on a fresh seed, even once replays got cheap (docs/game.md, "A model of the other
//! seats' play" and "A cheaper heuristic"); `tuolaji arena --expert-model-replays 110`
//! measures it.

use super::knowledge::trick_plays;
use crate::cards::{Card, CardCounts};
use crate::shengji::bot::{Difficulty, PlayCore, TrickState};
use crate::shengji::game::friends::count_copies;
use crate::shengji::game::{Action, FriendSlot, Seat, SeatView};
use crate::shengji::lead::Lead;
use crate::shengji::rules::Rules;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// A play another seat made, with what that seat saw when it made it.
pub(super) struct PastPlay {
    pub seat: Seat,
    pub play: Vec<Card>,
    /// What the seat played from that trick on (this play included).
    pub later: Vec<Card>,
    /// The trick's plays before this one (empty for a lead) and the lead read.
    pub before: Vec<(Seat, Vec<Card>)>,
    pub lead: Option<Lead>,
    /// Cards played in the tricks before this one.
    pub seen: CardCounts,
    /// The landlord's side as the table showed it then (in Finding Friends, the
    /// landlord and the friends revealed so far).
    pub team: Vec<bool>,
}

/// The newest past plays replayed: older ones tell less about the hands now and
/// cost more to replay (bigger hands).
pub(super) const WINDOW: usize = 24;

/// What the replays need besides the plays.
pub(super) struct Model {
    pub plays: Vec<PastPlay>,
    pub decks: usize,
    pub players: usize,
    pub landlord: Seat,
    /// The kitty is the deal's last slot (another seat buried it).
    pub kitty_hidden: bool,
}

impl Model {
    /// Every play of the other seats in `view` with what each saw then, newest first.
    pub fn from_view(view: &SeatView, rules: &Rules) -> Model {
        let tricks = trick_plays(view);
        let n = view.players;
        let landlord = view.landlord.unwrap_or(0);
        let tractor = view.friends_to_call == 0;
        let mut team: Vec<bool> = (0..n).map(|s| if tractor { view.on_landlord_team(s) } else { s == landlord }).collect();
        let mut slots: Vec<FriendSlot> =
            view.friends.iter().map(|f| FriendSlot { friend: f.friend, seen: 0, revealed: None }).collect();
        let mut seen = CardCounts::new();
        let mut plays = Vec::new();
        for (t, (plays_t, format)) in tricks.iter().enumerate() {
            let lead = plays_t.first().and_then(|(_, cards)| match format {
                Some(f) => Lead::with_format(rules, cards, f).ok(),
                None => Lead::parse(rules, cards).ok(),
            });
            for (i, (seat, p)) in plays_t.iter().enumerate() {
                if *seat != view.seat && (i == 0 || lead.is_some()) {
                    let mut play = p.clone();
                    crate::small_sort::sort(&mut play);
                    plays.push((t, PastPlay {
                        seat: *seat,
                        play,
                        later: Vec::new(),
                        before: plays_t[..i].to_vec(),
                        lead: if i == 0 { None } else { lead.clone() },
                        seen,
                        team: team.clone(),
                    }));
                }
                count_copies(&mut slots, &mut team, landlord, view.friend_limits.join_once, *seat, p, |_| {});
            }
            for (_, p) in plays_t.iter() {
                seen.add_all(&CardCounts::from_cards(p));
            }
        }
        // What each seat played from each trick on, built backwards.
        let mut later: Vec<Vec<Card>> = vec![Vec::new(); n];
        let mut later_at: Vec<Vec<Vec<Card>>> = vec![Vec::new(); tricks.len()];
        for (t, (plays_t, _)) in tricks.iter().enumerate().rev() {
            for (seat, p) in plays_t.iter() {
                later[*seat].extend_from_slice(p);
            }
            later_at[t] = later.clone();
        }
        let mut plays: Vec<PastPlay> = plays
            .into_iter()
            .map(|(t, mut p): (usize, PastPlay)| {
                p.later = later_at[t][p.seat].clone();
                p
            })
            .collect();
        plays.reverse();
        Model { plays, decks: view.decks, players: n, landlord, kitty_hidden: view.landlord != Some(view.seat) }
    }

    /// How many of the newest past plays (at most [`WINDOW`]) the heuristic would not
    /// have made holding the hands of `deal`, counting stopped at `cap`, and how many
    /// plays were replayed to tell.
    pub fn mismatches(&self, rules: &Rules, deal: &[Vec<Card>], cap: usize) -> (usize, usize) {
        let mut rng = ChaCha20Rng::seed_from_u64(0);
        let mut count = 0;
        let mut replayed = 0;
        for p in self.plays.iter().take(WINDOW) {
            if count >= cap {
                break;
            }
            replayed += 1;
            let mut hand = deal[p.seat].clone();
            hand.extend_from_slice(&p.later);
            let mut core = PlayCore { rng: &mut rng, difficulty: Difficulty::Heuristic };
            let action = match &p.lead {
                None => core.lead(
                    &hand,
                    || {
                        let mut c = CardCounts::full_decks(self.decks);
                        c.remove_all(&p.seen);
                        c.remove_all(&CardCounts::from_cards(&hand));
                        if p.seat == self.landlord && self.kitty_hidden {
                            c.remove_all(&CardCounts::from_cards(&deal[self.players]));
                        }
                        c
                    },
                    rules,
                ),
                Some(lead) => {
                    let same_side = |s: Seat| p.team[s] == p.team[p.seat];
                    let trick = TrickState { plays: &p.before, players: self.players };
                    core.follow(&hand, &trick, &same_side, rules, lead)
                }
            }
            .0;
            let same = match action {
                Action::Play(mut cards) => {
                    crate::small_sort::sort(&mut cards);
                    cards == p.play
                }
                _ => false,
            };
            count += !same as usize;
        }
        (count, replayed)
    }
}
