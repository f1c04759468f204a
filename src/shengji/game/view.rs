//! What one seat may see: its own hand, public bids, tricks, points, levels
//! and results, and the kitty only when the rules show it to that seat.
//! Serialisable, so the same view feeds the UI, the bots and remote peers.

use super::{Bid, BidRules, FriendLimits, Shown, FriendSlot, Game, HandResult, KittyMultiplier, Ladder, Phase, PhaseName, Seat, TrickRecord};
use crate::cards::{Card, Rank};
use crate::shengji::format::Format;
use crate::shengji::rules::{PlayPolicies, RulesConfig};
use crate::shengji::trump::Trump;
use serde::{Deserialize, Serialize};

/// The trick in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickView {
    pub leader: Seat,
    /// Plays so far, the lead first.
    pub plays: Vec<(Seat, Vec<Card>)>,
    /// The lead's format once led (after a failed throw: the kept unit's).
    pub format: Option<Format>,
    /// A failed throw's original cards.
    pub failed_throw: Option<Vec<Card>>,
    /// Who would win if the trick ended now.
    pub winning: Option<Seat>,
    /// Who could beat a failed throw, where the table shows it.
    #[serde(default)]
    pub stopped_by: Vec<Seat>,
}

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub players: usize,
    pub decks: usize,
    pub kitty_size: usize,
    pub hand_number: u64,
    pub phase: PhaseName,
    pub levels: Vec<Rank>,
    pub trump_rank: Rank,
    pub trump: Option<Trump>,
    /// The full rules context once trump is known (policies included).
    pub rules: Option<RulesConfig>,
    /// The play's house rules (tractors, the draw policy, throws, bombs), known from the deal.
    #[serde(default)]
    pub policies: PlayPolicies,
    pub landlord: Option<Seat>,
    pub bids: Vec<Bid>,
    /// This seat's cards, sorted for display.
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// Cards still to be drawn.
    pub deck_left: usize,
    pub to_act: Vec<Seat>,
    pub valid_bids: Vec<(Card, u8)>,
    /// 炒地皮: the seat that may steal the kitty now (its `valid_bids` are the steals).
    pub steal_turn: Option<Seat>,
    /// During the draw: this seat may take back its top bid (a table rule, once a hand).
    pub can_take_back_bid: bool,
    /// The table's rules for bids.
    pub bidding: BidRules,
    /// What the table shows (the screen hides past tricks or the landlord's side's points).
    pub shown: Shown,
    pub can_take_back: bool,
    /// Whether this table allows take-backs at all (the button keeps its place when it does).
    #[serde(default)]
    pub take_backs: bool,
    /// The kitty: to the landlord during the exchange and after burying; to all once the hand ends.
    pub kitty: Option<Vec<Card>>,
    /// The kitty turned over because nobody bid (public).
    pub revealed_kitty: Option<Vec<Card>>,
    pub buried: bool,
    /// Finding Friends: how many friends the landlord calls.
    pub friends_to_call: usize,
    /// Cards that may not be called as friends, and joining twice.
    pub friend_limits: FriendLimits,
    /// How the kitty's points multiply when the attackers win the last trick.
    pub kitty_multiplier: KittyMultiplier,
    /// Whether a friend may be called by a trump card (a table setting; off by default).
    pub friend_trump_allowed: bool,
    pub friends: Vec<FriendSlot>,
    /// Seats known to be on the landlord's side.
    pub landlord_team: Vec<Seat>,
    pub trick: Option<TrickView>,
    pub tricks: Vec<TrickRecord>,
    /// Points captured per seat.
    pub points: Vec<u32>,
    /// Points captured by seats not known to be on the landlord's side.
    pub attacker_points: u32,
    /// Points captured by seats known to be on the landlord's side.
    pub landlord_points: u32,
    /// The attackers' next score at which the hand's verdict changes.
    pub next_threshold: u32,
    /// The table's ladder (its house rules for levels, scaled to its decks).
    pub ladder: Ladder,
    pub result: Option<HandResult>,
    pub games_won: Vec<u32>,
}

impl Game {
    /// What `seat` may see. Seats out of range get an empty hand.
    pub fn view(&self, seat: Seat) -> SeatView {
        let n = self.players();
        let decks = self.settings.decks;
        let mut v = SeatView {
            seat,
            players: n,
            decks,
            kitty_size: self.settings.kitty,
            hand_number: self.ledger.hand(),
            phase: self.phase(),
            levels: self.levels.clone(),
            trump_rank: self.trump_rank(),
            trump: self.trump(),
            rules: self.rules().map(|r| r.config()),
            policies: self.settings.play_policies(),
            landlord: self.current_landlord(),
            bids: self.bids().to_vec(),
            hand: if seat < n { self.hand(seat) } else { Vec::new() },
            hand_sizes: vec![0; n],
            deck_left: 0,
            to_act: self.to_act(),
            valid_bids: self.valid_bids(seat),
            steal_turn: self.steal_turn(),
            can_take_back_bid: self.check_take_back_bid(seat).is_ok(),
            bidding: self.settings.settings.bidding,
            shown: self.settings.settings.shown,
            can_take_back: self.can_take_back(seat).is_ok(),
            take_backs: self.settings.settings.take_back,
            kitty: None,
            revealed_kitty: None,
            buried: false,
            friends_to_call: self.settings.friends,
            friend_trump_allowed: self.settings.settings.friend_trump_allowed,
            kitty_multiplier: self.settings.settings.kitty_multiplier,
            friend_limits: self.settings.settings.friend_limits,
            friends: Vec::new(),
            landlord_team: Vec::new(),
            trick: None,
            tricks: self.tricks().to_vec(),
            points: self.points(),
            attacker_points: 0,
            landlord_points: 0,
            next_threshold: 0,
            ladder: Ladder::new(&self.settings.settings.levels, decks),
            result: self.result().cloned(),
            games_won: self.games_won.clone(),
        };
        match &self.phase {
            Phase::Draw(d) => {
                v.hand_sizes = d.hands.iter().map(|h| h.len()).collect();
                v.deck_left = d.deck.len() - d.next;
                v.landlord_team = self.landlord.map(|l| self.tractor_team(l)).unwrap_or_default();
            }
            Phase::Exchange(e) => {
                v.hand_sizes = e.hands.iter().map(|h| h.len()).collect();
                v.revealed_kitty = e.revealed.clone();
                v.buried = e.buried.is_some();
                if seat == e.landlord {
                    v.kitty = Some(e.buried.clone().unwrap_or_else(|| e.kitty.clone()));
                }
                v.landlord_team = self.tractor_team(e.landlord);
            }
            Phase::Play(p) => {
                v.hand_sizes = p.hands.iter().map(|h| h.len()).collect();
                v.revealed_kitty = p.revealed.clone();
                v.buried = true;
                if seat == p.landlord {
                    v.kitty = Some(p.buried.clone());
                }
                v.friends = p.friends.clone();
                v.landlord_team = (0..n).filter(|&x| p.team[x]).collect();
                let winning = p.trick.lead.as_ref().and_then(|lead| {
                    let follows: Vec<Vec<Card>> = p.trick.plays[1..].iter().map(|(_, c)| c.clone()).collect();
                    crate::shengji::trick::trick_winner(&p.rules, lead, &follows)
                        .ok()
                        .map(|o| p.trick.plays[o.winner].0)
                });
                v.trick = Some(TrickView {
                    leader: p.trick.leader,
                    plays: p.trick.plays.clone(),
                    format: p.trick.lead.as_ref().map(|l| l.format.clone()),
                    failed_throw: p.trick.failed_throw.clone(),
                    stopped_by: p.trick.stopped_by.clone(),
                    winning,
                });
            }
            Phase::Finished(f) => {
                // The buried cards to all, or to the landlord alone (`Shown::kitty_at_end`).
                let shown = self.settings.settings.shown.kitty_at_end || seat == f.result.landlord;
                v.kitty = shown.then(|| f.buried.clone());
                v.buried = true;
                v.friends = f.friends.clone();
                v.landlord_team = f.result.landlord_team.clone();
            }
        }
        v.attacker_points = (0..n).filter(|x| !v.landlord_team.contains(x)).map(|x| v.points[x]).sum();
        v.landlord_points = v.landlord_team.iter().filter_map(|&x| v.points.get(x)).sum();
        v.next_threshold = v.ladder.next_threshold(v.attacker_points);
        v
    }

    fn tractor_team(&self, landlord: Seat) -> Vec<Seat> {
        match self.settings.mode {
            super::Mode::Tractor => (0..self.players()).filter(|x| x % 2 == landlord % 2).collect(),
            super::Mode::Friends => vec![landlord],
        }
    }
}

impl SeatView {
    /// Is `seat` known to be on the landlord's side?
    pub fn on_landlord_team(&self, seat: Seat) -> bool {
        self.landlord_team.contains(&seat)
    }

    /// May the screen show the points `seat` has taken? Not a landlord's side's during the
    /// hand where the table hides them (`Shown::landlord_points`).
    pub fn shows_points_of(&self, seat: Seat) -> bool {
        self.shown.landlord_points || !self.on_landlord_team(seat) || self.phase == PhaseName::Finished
    }
}
