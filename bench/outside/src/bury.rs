//! Step 2 of a hand: the bury, made by the landlord's side's bot in its own engine and
//! mirrored into the other (theirs: cards moved between hand and kitty, then finalised).

use std::time::Instant;

use shengji_core::game_state::exchange_phase::ExchangePhase;
use shengji_core::game_state::play_phase::PlayPhase;
use shengji_core::game_state::GameState;
use shengji_core::interactive::Action as TAction;
use tuolaji::cards::Card as OCard;
use tuolaji::shengji::bot::Bot;
use tuolaji::shengji::game::{Action as OAction, Game, PhaseName};

use crate::cards::{counts, o_cards, pid, show, t_card};
use crate::check::{ms, Ctx, HandId};
use crate::theirs::their_action;

/// Buries in both engines and starts their play; `ours_bots` are our seats' bots.
pub fn bury(
    cx: &mut Ctx,
    h: &HandId,
    game: &mut Game,
    mut tx: ExchangePhase,
    landlord: usize,
    ours_bots: &mut [Bot],
) -> Result<PlayPhase, String> {
    let t_landlord = pid(landlord);
    let buried: Vec<OCard>;
    if h.is_ours(landlord) {
        let t0 = Instant::now();
        let (action, _) = ours_bots[landlord].suggest_explained(&game.view(landlord));
        cx.our_ms.push(ms(t0));
        let OAction::Bury(cards) = action.clone() else {
            return Err(format!("our landlord did {action:?}"));
        };
        buried = cards;
    } else {
        // Their bury is a run of one-card moves: timed as one decision, as ours.
        let t0 = Instant::now();
        loop {
            let a = their_action(GameState::Exchange(tx.clone()), t_landlord, cx.theirs, cx.budget_ms);
            match a {
                Some(TAction::MoveCardToKitty(c)) => tx.move_card_to_kitty(t_landlord, c).map_err(|e| e.to_string())?,
                Some(TAction::MoveCardToHand(c)) => tx.move_card_to_hand(t_landlord, c).map_err(|e| e.to_string())?,
                Some(TAction::PutDownKitty) => tx.finalize(t_landlord).map_err(|e| e.to_string())?,
                Some(TAction::BeginPlay) => break,
                other => return Err(format!("their landlord did {other:?}")),
            }
        }
        cx.their_ms.push(ms(t0));
        buried = o_cards(tx.visible_kitty().ok_or("their kitty is hidden")?);
    }
    let ev = game.apply(landlord, &OAction::Bury(buried.clone()));
    if let Err(e) = ev {
        cx.disagree("bury", h, format!("their bury {} refused by ours: {e}", show(&buried)));
        return Err("bury refused".into());
    }
    if h.is_ours(landlord) {
        // Mirror: the kitty becomes `buried`.
        let mut want = counts(&buried);
        let kitty_now = o_cards(tx.visible_kitty().ok_or("their kitty is hidden")?);
        for c in kitty_now {
            match want.get_mut(&c) {
                Some(n) if *n > 0 => *n -= 1,
                _ => tx
                    .move_card_to_hand(t_landlord, t_card(c))
                    .map_err(|e| format!("their kitty: {e}"))?,
            }
        }
        for (c, n) in want {
            for _ in 0..n {
                if let Err(e) = tx.move_card_to_kitty(t_landlord, t_card(c)) {
                    cx.disagree("bury", h, format!("our bury {} refused by theirs: {e}", show(&buried)));
                    return Err("bury refused".into());
                }
            }
        }
    }
    if !tx.finalized() {
        let _ = tx.finalize(t_landlord);
    }
    let tp: PlayPhase = tx
        .advance(t_landlord)
        .map_err(|e| format!("their start of play: {e}"))?;
    // Ours may have a further exchange step (none with these settings); play starts.
    if game.phase() != PhaseName::Play {
        return Err(format!("ours is in {} after the bury", game.phase()));
    }
    Ok(tp)
}
