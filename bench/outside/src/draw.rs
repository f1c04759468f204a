//! Step 1 of a hand: the draw and the bids. Our heuristic bids for all four seats (the
//! same bids both ways round, so the landlord and trump are pinned per deal and neither
//! side's bidding counts); the draw is replayed into their engine draw by draw and bid by
//! bid, which must accept every bid and name the same landlord, trump and hands.

use shengji_core::game_state::exchange_phase::ExchangePhase;
use tuolaji::cards::Card as OCard;
use tuolaji::dup::TableSeed;
use tuolaji::shengji::bot::{bots_for, Difficulty};
use tuolaji::shengji::game::{Action as OAction, Game, PhaseName};

use crate::cards::{counts, pid, same_trump, t_card, t_hand};
use crate::check::{Ctx, HandId};
use crate::theirs::their_draw;

/// Draws and bids `game` to its exchange; their engine's exchange, on the same cards,
/// and the landlord's seat. A deal the engines see differently is an error (skipped).
pub fn draw_and_bid(
    cx: &mut Ctx,
    h: &HandId,
    game: &mut Game,
    seed: &TableSeed,
) -> Result<(ExchangePhase, usize), String> {
    let mut bidders = bots_for(seed, 4, &[Difficulty::Heuristic]);
    let mut drawn: Vec<OCard> = Vec::new();
    let mut script: Vec<(usize, OAction)> = Vec::new();
    while game.phase() == PhaseName::Draw {
        let seat = game.to_act()[0];
        let before = counts(&game.hand(seat));
        let (action, _) = bidders[seat].suggest_explained(&game.view(seat));
        game.apply(seat, &action)
            .map_err(|e| format!("our bidder refused: {e}"))?;
        if action == OAction::Draw {
            let after = counts(&game.hand(seat));
            let card = after
                .iter()
                .find(|(c, n)| before.get(c).copied().unwrap_or(0) < **n)
                .map(|(c, _)| *c)
                .unwrap();
            drawn.push(card);
        }
        script.push((seat, action));
    }
    let landlord = game.current_landlord().ok_or("no landlord after the draw")?;
    let trump = game.trump().ok_or("no trump after the draw")?;
    let mut rest = counts(&game.all_cards().to_vec());
    for c in &drawn {
        *rest.get_mut(c).unwrap() -= 1;
    }
    let kitty: Vec<OCard> = rest.iter().flat_map(|(&c, &n)| std::iter::repeat_n(c, n)).collect();
    let mut td = their_draw(&drawn, &kitty, &cx.control);
    for (seat, action) in &script {
        match action {
            OAction::Draw => td
                .draw_card(pid(*seat))
                .map_err(|e| format!("their draw refused: {e}"))?,
            OAction::Bid(card, n) => {
                cx.tick("bids");
                if !td.bid(pid(*seat), t_card(*card), *n as usize) {
                    cx.disagree(
                        "bid",
                        h,
                        format!("seat {seat} bid {card}×{n}: ours accepts, theirs refuses"),
                    );
                }
            }
            _ => {}
        }
    }
    if !td.bid_decided() {
        // Nobody bid: ours turned the kitty over. Pin trump in theirs with the same
        // card (their kitty rule differs: see docs/game.md).
        cx.disagree("no-bid", h, format!("no bid; ours names {trump:?} from the kitty"));
        return Err("no bid: deal skipped".into());
    }
    let t_landlord = td.next_player().map_err(|e| e.to_string())?;
    if t_landlord.0 != landlord {
        cx.disagree(
            "landlord",
            h,
            format!("ours seat {landlord}, theirs seat {}", t_landlord.0),
        );
        return Err("landlord differs: deal skipped".into());
    }
    let tx: ExchangePhase = td.advance(t_landlord).map_err(|e| e.to_string())?;
    if !same_trump(trump, tx.trump()) {
        cx.disagree("trump", h, format!("ours {trump:?}, theirs {:?}", tx.trump()));
        return Err("trump differs: deal skipped".into());
    }
    for s in 0..4 {
        let ours = counts(&if s == landlord {
            // ours has taken the kitty into hand
            let mut h = game.hand(s);
            for c in &kitty {
                let i = h.iter().position(|x| x == c).unwrap();
                h.swap_remove(i);
            }
            h
        } else {
            game.hand(s)
        });
        let theirs = counts(&t_hand(tx.hands().get(pid(s)).unwrap()));
        if ours != theirs {
            cx.disagree("hands", h, format!("seat {s}"));
            return Err("hands differ".into());
        }
    }
    Ok((tx, landlord))
}
