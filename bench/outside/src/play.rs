//! Step 3 of a hand: the play. Every play is made by the acting seat's bot in its own
//! engine, checked legal in the other and applied to both; a throw's outcome (the cards
//! kept) and every trick's winner and points are compared. A play one engine refuses, or
//! a throw that keeps different cards, leaves theirs out of step: the hand goes on in ours
//! while only our bots are to move and is abandoned when theirs would have to.

use std::time::Instant;

use shengji_core::game_state::play_phase::PlayPhase;
use shengji_core::game_state::GameState;
use shengji_core::interactive::Action as TAction;
use shengji_core::message::MessageVariant;
use tuolaji::cards::Card as OCard;
use tuolaji::shengji::bot::Bot;
use tuolaji::shengji::game::{Action as OAction, Event, Game, PhaseName};

use crate::cards::{counts, o_cards, pid, show, t_cards};
use crate::check::{ms, Ctx, HandId};
use crate::theirs::their_action;

/// How the play ended for the cross-check.
pub struct Played {
    /// Their engine followed every move to the end.
    pub their_alive: bool,
    /// The last trick's points, ours and theirs (theirs counts the kitty in it).
    pub last_trick: Option<(u32, u32)>,
}

/// Plays the hand out in both engines.
pub fn play(
    cx: &mut Ctx,
    h: &HandId,
    game: &mut Game,
    tp: &mut PlayPhase,
    ours_bots: &mut [Bot],
) -> Result<Played, String> {
    let mut their_alive = true;
    let mut tricks = 0usize;
    let mut last_trick: Option<(u32, u32)> = None;
    while game.phase() == PhaseName::Play {
        let seat = game.to_act()[0];
        if their_alive {
            if let Some(n) = tp.trick().next_player() {
                if n.0 != seat {
                    cx.disagree(
                        "turn",
                        h,
                        format!("trick {tricks}: ours seat {seat} to play, theirs seat {}", n.0),
                    );
                    their_alive = false;
                }
            }
        }
        let cards: Vec<OCard>;
        let action: OAction;
        if h.is_ours(seat) {
            let t0 = Instant::now();
            let (a, _) = ours_bots[seat].suggest_explained(&game.view(seat));
            cx.our_ms.push(ms(t0));
            cards = match &a {
                OAction::Play(c) | OAction::LeadAs(c, _) => c.clone(),
                other => return Err(format!("our bot did {other:?} in play")),
            };
            action = a;
        } else {
            if !their_alive {
                return Err("their engine is out of step: hand abandoned".into());
            }
            let t0 = Instant::now();
            let a = their_action(GameState::Play(tp.clone()), pid(seat), cx.theirs, cx.budget_ms);
            cx.their_ms.push(ms(t0));
            cards = match a {
                Some(TAction::PlayCards(c)) => o_cards(&c),
                other => return Err(format!("their bot did {other:?} in play")),
            };
            action = OAction::Play(cards.clone());
        }
        let events = match game.apply(seat, &action) {
            Ok(ev) => ev,
            Err(e) => {
                cx.disagree(
                    "legal",
                    h,
                    format!(
                        "trick {tricks}: seat {seat} (theirs) plays {}: theirs allows, ours refuses: {e}",
                        show(&cards)
                    ),
                );
                return Err("their play refused by ours: hand abandoned".into());
            }
        };
        let mut our_kept = cards.clone();
        let mut our_trick: Option<(usize, u32)> = None;
        for e in &events {
            match e {
                Event::ThrowFailed { kept, .. } => our_kept = kept.clone(),
                Event::TrickWon { winner, points } => our_trick = Some((*winner, *points)),
                _ => {}
            }
        }
        if our_kept.len() != cards.len() {
            cx.tick("failed_throws");
        }
        if their_alive {
            cx.tick("plays");
            if let Err(e) = tp.can_play_cards(pid(seat), &t_cards(&cards)) {
                cx.disagree(
                    "legal",
                    h,
                    format!(
                        "trick {tricks}: seat {seat} (ours) plays {}: ours allows, theirs refuses: {e}",
                        show(&cards)
                    ),
                );
                their_alive = false;
            }
        }
        if their_alive {
            match tp.play_cards(pid(seat), &t_cards(&cards)) {
                Ok(msgs) => {
                    let mut their_kept = cards.clone();
                    for m in msgs {
                        if let MessageVariant::PlayedCards { cards: c } = m {
                            their_kept = o_cards(&c);
                        }
                    }
                    if counts(&their_kept) != counts(&our_kept) {
                        cx.disagree(
                            "throw",
                            h,
                            format!(
                                "trick {tricks}: seat {seat} leads {}: ours keeps {}, theirs keeps {}",
                                show(&cards),
                                show(&our_kept),
                                show(&their_kept)
                            ),
                        );
                        their_alive = false;
                    }
                }
                Err(e) => {
                    cx.disagree(
                        "legal",
                        h,
                        format!(
                            "trick {tricks}: seat {seat} plays {}: theirs refuses on play: {e}",
                            show(&cards)
                        ),
                    );
                    their_alive = false;
                }
            }
        }
        if their_alive && tp.trick().next_player().is_none() {
            let last = tp.hands().is_empty();
            let mut theirs_won = None;
            match tp.finish_trick() {
                Ok(msgs) => {
                    for m in msgs {
                        if let MessageVariant::TrickWon { winner, points } = m {
                            theirs_won = Some((winner.0, points as u32));
                        }
                    }
                }
                Err(e) => {
                    cx.disagree("trick", h, format!("trick {tricks}: theirs cannot finish it: {e}"));
                    their_alive = false;
                }
            }
            match (our_trick, theirs_won) {
                (Some((ow, op)), Some((tw, tpts))) => {
                    cx.tick("tricks");
                    // The last trick's points include the kitty's × its multiplier in
                    // theirs (whichever side takes it), not in ours: compared at the end.
                    if ow != tw || (!last && op != tpts) {
                        cx.disagree(
                            "trick",
                            h,
                            format!("trick {tricks}: ours seat {ow} wins {op}, theirs seat {tw} wins {tpts}"),
                        );
                    }
                    if last {
                        last_trick = Some((op, tpts));
                    }
                }
                (o, t) => {
                    if their_alive {
                        cx.disagree("trick", h, format!("trick {tricks}: ours {o:?}, theirs {t:?}"));
                    }
                }
            }
            tricks += 1;
        }
    }
    Ok(Played {
        their_alive,
        last_trick,
    })
}
