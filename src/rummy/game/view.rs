//! What one seat may see, built as a whitelist: its own hand; the wild card;
//! the stock's size; the discard pile with who threw each card, and every card
//! taken from it; each seat's card count and standing; the declarer's, wrong
//! declarers' and shown arrangements as they are laid down; totals and results.
//! Never another seat's hidden cards, a dropped hand or the stock's order.
//! Serialisable, so the same view feeds the UI, the bots and remote peers.

use super::{DealResult, Game, PhaseName, PileCard, Seat, SeatStatus, Stage, Variant};
use crate::cards::Rank;
use crate::rummy::{Arrangement, Rules, RummyCard};
use serde::{Deserialize, Serialize};

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub players: usize,
    pub variant: Variant,
    /// Pool rummy: the limit at which a seat is out.
    pub pool: Option<u32>,
    /// Points rummy: deals in a game.
    pub deals_in_game: Option<u16>,
    /// The table-wide deal number and game number (0-based), and the deal's index in its game.
    pub deal_number: u64,
    pub game_number: u64,
    pub deal_in_game: u32,
    pub phase: PhaseName,
    /// The solver's rules for this table (pack, cap, counting).
    pub rules: Rules,
    pub first_drop: u32,
    pub middle_drop: u32,
    /// The card turned up and the wild rank it gives.
    pub wild_card: RummyCard,
    pub wild: Option<Rank>,
    /// This seat's cards in the order held (a drawn card last); empty for a spectator.
    pub hand: Vec<RummyCard>,
    pub hand_sizes: Vec<usize>,
    pub status: Vec<SeatStatus>,
    /// Whether each seat has drawn in this deal (its drop would be a middle drop).
    pub drawn: Vec<bool>,
    pub stock: usize,
    /// The discard pile, bottom first.
    pub pile: Vec<PileCard>,
    /// Whether the top discard may be taken (it is not a dead joker).
    pub top_takeable: bool,
    /// Cards taken from the discard pile this deal, in order.
    pub picked: Vec<(Seat, RummyCard)>,
    pub first: Seat,
    pub turn: Seat,
    pub stage: Stage,
    pub turns: u32,
    pub rebuilds: u32,
    pub max_rebuilds: u32,
    pub to_act: Vec<Seat>,
    /// What dropping would cost this seat now, when it may drop.
    pub drop_cost: Option<u32>,
    pub declarer: Option<Seat>,
    /// Arrangements laid down so far (declarer, wrong declarations, shows).
    pub arrangements: Vec<Option<Arrangement>>,
    /// The game's running totals: points paid and (points rummy) net winnings.
    pub totals: Vec<u32>,
    pub net: Vec<i64>,
    pub out: Vec<bool>,
    pub games_won: Vec<u32>,
    pub result: Option<DealResult>,
}

impl Game {
    /// What `seat` may see. A seat out of range is a spectator: no hand.
    pub fn view(&self, seat: Seat) -> SeatView {
        let n = self.players();
        let d = &self.deal;
        let s = &self.settings;
        SeatView {
            seat,
            players: n,
            variant: s.variant,
            pool: s.pool,
            deals_in_game: s.deals,
            deal_number: self.ledger.hand(),
            game_number: self.game_no,
            deal_in_game: self.deal_in_game,
            phase: d.phase,
            rules: s.rules.clone(),
            first_drop: s.first_drop,
            middle_drop: s.middle_drop,
            wild_card: d.wild_card,
            wild: d.wild,
            hand: self.hand(seat).to_vec(),
            hand_sizes: d.hands.iter().map(Vec::len).collect(),
            status: d.status.clone(),
            drawn: d.drawn.clone(),
            stock: d.stock.len(),
            pile: d.pile.clone(),
            top_takeable: self.top_takeable().is_ok(),
            picked: d.picked.clone(),
            first: d.first,
            turn: d.turn,
            stage: d.stage,
            turns: d.turns,
            rebuilds: d.rebuilds,
            max_rebuilds: s.restocks,
            to_act: self.to_act(),
            drop_cost: if seat < n { self.drop_cost(seat) } else { None },
            declarer: d.declarer.map(|(s, _)| s),
            arrangements: d.shown.clone(),
            totals: self.totals.clone(),
            net: self.net.clone(),
            out: (0..n).map(|x| self.is_out(x)).collect(),
            games_won: self.games_won.clone(),
            result: d.result.clone(),
        }
    }
}

impl SeatView {
    /// The top card of the discard pile.
    pub fn top(&self) -> Option<RummyCard> {
        self.pile.last().map(|p| p.card)
    }

    /// Is it this seat's turn to play (draw or discard)?
    pub fn my_turn(&self) -> bool {
        self.phase == PhaseName::Play && self.turn == self.seat
    }
}
