//! Playouts: the rest of a hand played by heuristic bots on one sampled deal.
//! A lean copy of the play phase (hands, the trick under way, points, the
//! landlord's team and friend calls) rather than a [`Game`](crate::shengji::game::Game):
//! no record, no take-back copy, no views, so a playout costs little more than
//! the heuristic's own decisions. The heuristic runs on the same inputs its
//! view would give it ([`PlayCore`]), throws are judged against the sampled
//! hands, friends are revealed by the game's own rule and the hand is scored
//! as the game scores it (the kitty bonus with the default multiplier; throw
//! penalties are not counted: the view does not carry those settings).

use crate::cards::{Card, CardCounts};
use crate::shengji::bot::{Difficulty, PlayCore, TrickState};
use crate::shengji::game::friends::count_copies;
use crate::shengji::game::scoring::{self, Ladder, LadderResult};
use crate::shengji::game::{Action, FriendSlot, KittyMultiplier, Seat, SeatView};
use crate::shengji::lead::Lead;
use crate::shengji::rules::Rules;
use crate::shengji::trick::{check_throw, trick_winner_of};
use rand_chacha::ChaCha20Rng;

/// The play phase of one sampled deal.
#[derive(Clone)]
pub(super) struct Playout {
    players: usize,
    decks: usize,
    ladder: Ladder,
    kitty_multiplier: KittyMultiplier,
    join_once: bool,
    landlord: Seat,
    hands: Vec<Vec<Card>>,
    buried: Vec<Card>,
    team: Vec<bool>,
    friends: Vec<FriendSlot>,
    points: Vec<u32>,
    leader: Seat,
    plays: Vec<(Seat, Vec<Card>)>,
    lead: Option<Lead>,
    /// Every card played this hand.
    played: CardCounts,
    /// The last trick's winner and the largest unit of its lead, once the hand is over.
    last: Option<(Seat, usize)>,
}

/// How a hand ended, from one seat's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Outcome {
    /// The seat ended on the winning side (the landlord's side holding, or the attackers taking over).
    pub won: bool,
    /// Levels the seat's side gained (negative: the other side's gain).
    pub levels: i32,
    /// Attacker points on the ladder, counted for the seat's side (positive when
    /// it attacks, negative when it defends).
    pub points: i32,
    /// Attacker points less the ladder's takeover, counted for the seat's side (positive
    /// when its side beat the other's mark: attackers past it, defenders below it).
    pub past_takeover: i32,
}

impl Playout {
    /// The hand as `view` shows it with the hidden cards of `deal` (a hand per
    /// seat, then the kitty when the seat did not bury it).
    pub fn new(view: &SeatView, rules: &Rules, deal: &[Vec<Card>]) -> Playout {
        let n = view.players;
        let landlord = view.landlord.unwrap_or(0);
        let mut hands: Vec<Vec<Card>> = deal[..n].to_vec();
        hands[view.seat] = view.hand.clone();
        let buried = if view.seat == landlord { view.kitty.clone().unwrap_or_default() } else { deal[n].clone() };
        let mut played = CardCounts::new();
        for t in &view.tricks {
            for (_, p) in &t.plays {
                played.add_all(&CardCounts::from_cards(p));
            }
        }
        let (leader, plays, lead) = match &view.trick {
            Some(t) => {
                for (_, p) in &t.plays {
                    played.add_all(&CardCounts::from_cards(p));
                }
                let lead = t.plays.first().and_then(|(_, cards)| match &t.format {
                    Some(f) => Lead::with_format(rules, cards, f).ok(),
                    None => Lead::parse(rules, cards).ok(),
                });
                (t.leader, t.plays.clone(), lead)
            }
            None => (landlord, Vec::new(), None),
        };
        Playout {
            team: (0..n).map(|s| view.on_landlord_team(s)).collect(),
            friends: view.friends.clone(),
            points: view.points.clone(),
            leader,
            plays,
            lead,
            played,
            ..Playout::dealt(view, landlord, hands, buried, &[])
        }
    }

    /// This hand (made by [`Playout::new`] from the landlord's view in the exchange) as
    /// the play would start: the landlord holding `hand` after burying `buried`, with
    /// `friends` called (none in Tractor).
    pub fn at_play_start(mut self, hand: Vec<Card>, buried: Vec<Card>, friends: &[crate::shengji::game::Friend]) -> Playout {
        self.hands[self.landlord] = hand;
        self.buried = buried;
        self.friends = slots(friends);
        self
    }

    /// A hand at the first lead of its play, from the table `view` shows (its size, ladder
    /// and kitty rules) and a simulated draw and exchange: the landlord, every hand, the
    /// buried cards and the friends called (none in Tractor, where the landlord's side is
    /// its partnership).
    pub fn dealt(view: &SeatView, landlord: Seat, hands: Vec<Vec<Card>>, buried: Vec<Card>, friends: &[crate::shengji::game::Friend]) -> Playout {
        let n = view.players;
        let tractor = view.friends_to_call == 0;
        Playout {
            players: n,
            decks: view.decks,
            ladder: view.ladder,
            kitty_multiplier: view.kitty_multiplier,
            join_once: view.friend_limits.join_once,
            landlord,
            hands,
            buried,
            team: (0..n).map(|s| if tractor { s % 2 == landlord % 2 } else { s == landlord }).collect(),
            friends: slots(friends),
            points: vec![0; n],
            leader: landlord,
            plays: Vec::new(),
            lead: None,
            played: CardCounts::new(),
            last: None,
        }
    }

    pub fn next_seat(&self) -> Seat {
        (self.leader + self.plays.len()) % self.players
    }

    fn over(&self) -> bool {
        self.last.is_some()
    }

    /// Plays `cards` for the seat to play (a lead is judged as a throw against the other hands).
    pub fn play(&mut self, rules: &Rules, cards: &[Card]) {
        let seat = self.next_seat();
        let n = self.players;
        let mut played = cards.to_vec();
        if self.plays.is_empty() {
            let Ok(mut lead) = Lead::parse(rules, cards) else {
                // Not a lead (cannot happen with the bots' plays): end the hand here.
                self.last = Some((seat, 1));
                return;
            };
            if lead.is_throw() {
                let others: Vec<Vec<Card>> = (1..n).map(|i| self.hands[(seat + i) % n].clone()).collect();
                if let Err(fail) = check_throw(rules, &lead, &others) {
                    lead = fail.kept;
                    played = lead.cards.clone();
                }
            }
            self.lead = Some(lead);
        }
        let hand = &mut self.hands[seat];
        for &c in &played {
            if let Some(i) = hand.iter().position(|&h| h == c) {
                hand.swap_remove(i);
            }
        }
        for &c in &played {
            self.played.add(c, 1);
        }
        count_copies(&mut self.friends, &mut self.team, self.landlord, self.join_once, seat, &played, |_| {});
        self.plays.push((seat, played));
        if self.plays.len() < n {
            return;
        }
        let Some(lead) = self.lead.take() else { return };
        let winner = match trick_winner_of(rules, &lead, &self.plays) {
            Ok(o) => {
                let w = self.plays[o.winner].0;
                self.points[w] += o.points;
                w
            }
            Err(_) => self.plays[0].0,
        };
        self.plays.clear();
        self.leader = winner;
        if self.hands.iter().all(|h| h.is_empty()) {
            let largest = lead.units.iter().map(|u| u.cards.len()).max().unwrap_or(1);
            self.last = Some((winner, largest));
        }
    }

    /// The heuristic's move for the seat to play, drawing from `rng`.
    pub fn heuristic_move(&self, rules: &Rules, rng: &mut ChaCha20Rng) -> Vec<Card> {
        let seat = self.next_seat();
        let hand = &self.hands[seat];
        let mut core = PlayCore { rng, difficulty: Difficulty::Heuristic };
        let action = match &self.lead {
            None => core.lead(
                hand,
                || {
                    let mut c = CardCounts::full_decks(self.decks);
                    c.remove_all(&self.played);
                    c.remove_all(&CardCounts::from_cards(hand));
                    if seat == self.landlord {
                        c.remove_all(&CardCounts::from_cards(&self.buried));
                    }
                    c
                },
                rules,
            ),
            Some(lead) => {
                let team = &self.team;
                let same_side = |s: Seat| team[s] == team[seat];
                let trick = TrickState { plays: &self.plays, players: self.players };
                core.follow(hand, &trick, &same_side, rules, lead)
            }
        };
        match action.0 {
            Action::Play(cards) if !cards.is_empty() => cards,
            // The heuristic always plays; keep the count right if it ever does not.
            _ => hand.iter().copied().take(self.lead.as_ref().map_or(1, |l| l.len())).collect(),
        }
    }

    /// Heuristic bots play the hand to its end.
    pub fn finish(&mut self, rules: &Rules, rng: &mut ChaCha20Rng) {
        // A hand has at most 54 × 16 cards: a bound that never binds in a real hand.
        for _ in 0..4096 {
            if self.over() {
                return;
            }
            let cards = self.heuristic_move(rules, rng);
            self.play(rules, &cards);
        }
    }

    /// The result for `seat` once the hand is over.
    pub fn outcome(&self, seat: Seat) -> Outcome {
        let (last_winner, largest) = self.last.unwrap_or((self.landlord, 1));
        let attackers = (0..self.players).filter(|&s| !self.team[s]);
        let trick_points: u32 = attackers.map(|s| self.points[s]).sum();
        let kitty_points: u32 = self.buried.iter().map(|c| c.points()).sum();
        let bonus = if self.team[last_winner] {
            0
        } else {
            kitty_points * scoring::kitty_multiplier(self.kitty_multiplier, largest)
        };
        let ap = trick_points + bonus;
        let LadderResult { landlord_wins, levels } = self.ladder.result(ap);
        let defending = self.team[seat];
        let won = defending == landlord_wins;
        Outcome {
            won,
            levels: if won { levels as i32 } else { -(levels as i32) },
            points: if defending { -(ap as i32) } else { ap as i32 },
            past_takeover: {
                let past = ap as i32 - self.ladder.takeover() as i32;
                if defending { -past } else { past }
            },
        }
    }
}

/// Friend calls as the play starts them: no copy seen, nobody revealed.
fn slots(friends: &[crate::shengji::game::Friend]) -> Vec<FriendSlot> {
    friends.iter().map(|&friend| FriendSlot { friend, seen: 0, revealed: None }).collect()
}
