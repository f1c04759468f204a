//! Fewer taps at a Shengji board (`board.rs`; a preference, on by default): where the hand
//! leaves no choice (its last cards, or exactly as many of the led suit as the lead) the
//! play is made for you a moment later; where several plays are legal the forced shape (its
//! weakest cards) is selected to start with. Off: the play with no choice is only selected
//! (one tap on Play). Which play is forced is asked of the bot worker.

use crate::cards::Card;
use crate::shengji::game::{Action, SeatView};
use crate::shengji::think::turn::{Check, Checked};
use crate::ui_model::select::selection_of;
use crate::web::shell::Shell;
use crate::web::shengji::hand::{ask_turn, FollowContext};
use leptos::prelude::*;

/// With fewer taps, how long a play the hand leaves no choice about waits before it is made
/// (long enough to see it selected, and to tap a card to keep the turn).
const FORCED_PLAY_DELAY_MS: u32 = 450;

/// Selects the forced play of your turn and, with fewer taps, makes the play with no choice
/// for you (`leading`: you lead the trick). Returns whether a play made for you is on its way.
pub(super) fn fewer_taps(
    view: Signal<SeatView>,
    act: Callback<Action>,
    hand: Memo<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    follow: Signal<Option<FollowContext>>,
    leading: Memo<bool>,
) -> RwSignal<bool> {
    let shell = expect_context::<Shell>();
    let fewer_taps = Memo::new(move |_| shell.prefs.with(|p| p.fewer_taps));
    // A play made for you is on its way (shown on the table as `data-auto-play`).
    let auto_pending = RwSignal::new(false);
    // Makes `play` (selected as `chosen`) a moment from now, unless the turn or the selection
    // changed or the play was made meanwhile: a tap on Play clears `auto_pending` (board.rs),
    // since at a peer table the turn moves on only once the host's view arrives, and a
    // second play would be refused.
    let play_for_you = move |chosen: Vec<bool>, play: Vec<Card>| {
        let asked = view.get_untracked();
        auto_pending.set(true);
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(FORCED_PLAY_DELAY_MS).await;
            let same = view.try_with_untracked(|v| *v == asked).unwrap_or(false);
            let untouched = selected.try_with_untracked(|s| *s == chosen).unwrap_or(false);
            let still_pending = auto_pending.try_get_untracked().unwrap_or(false);
            auto_pending.try_set(false);
            if same && untouched && still_pending {
                act.run(Action::Play(play));
            }
        });
    };
    // The worker says which (`shengji::think::turn`); its answer counts while the turn is
    // the same and nothing has been selected meanwhile.
    Effect::new(move |_| {
        let Some(f) = follow.get() else { return };
        let h = hand.get();
        if selected.with_untracked(|s| s.iter().any(|&x| x)) {
            return;
        }
        let fewer = fewer_taps.get_untracked();
        let asked = view.get_untracked();
        leptos::task::spawn_local(async move {
            let Some(Checked::Start { only, forced }) = ask_turn(Check::Start { rules: f.rules, led: f.led, hand: h.clone() }).await else {
                return;
            };
            let same = view.try_with_untracked(|v| *v == asked).unwrap_or(false);
            let untouched = selected.try_with_untracked(|s| !s.iter().any(|&x| x)).unwrap_or(false);
            if !same || !untouched {
                return;
            }
            // What to select to start with, and the play to make for you (if any).
            let start = match (only, forced) {
                (Some(play), _) => Some((selection_of(&h, &play), fewer.then_some(play))),
                (None, Some(play)) if fewer => Some((selection_of(&h, &play), None)),
                _ => None,
            };
            let Some((chosen, auto)) = start else { return };
            selected.set(chosen.clone());
            if let Some(play) = auto {
                play_for_you(chosen, play);
            }
        });
    });
    // Leading your last card: the only play there is.
    Effect::new(move |_| {
        if !leading.get() || !fewer_taps.get_untracked() {
            return;
        }
        let Some(last) = hand.with(|h| (h.len() == 1).then(|| h.clone())) else { return };
        selected.set(vec![true]);
        play_for_you(vec![true], last);
    });
    auto_pending
}
