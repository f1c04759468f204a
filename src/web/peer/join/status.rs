//! The guest's status line: where the connection is (the answer code to send back, connecting,
//! knocking through the relays with how many answer, reconnecting after a drop, a host gone,
//! a failure), then once open
//! what the table is doing (dealing, the deal's verdict, watching or waiting for a seat, the
//! seat taken) — one line in plain words for every state.

use super::{Shown, Stage};
use crate::i18n::Text;
use crate::ui_model::connect_words::connect_error;
use crate::ui_model::room_words::relays_up;
use crate::web::peer::{AnswerPassOn, PeerTable};
use crate::web::shell::Shell;
use crate::worker::session::VerdictShown;
use leptos::prelude::*;

/// The line for the page's stage and what the worker last said (`None`: nothing to say, as
/// before the name or while the board shows the table).
pub(super) fn status_line<G: PeerTable>(stage: RwSignal<Stage>, shown: Shown<G>, relays: RwSignal<Option<(u8, u8)>>, has_view: Memo<bool>) -> Option<AnyView> {
    let shell = expect_context::<Shell>();
    let Shown { lobby, seat, verdict, dealing, watching, waiting, .. } = shown;
    let line = |t: String| view! { <p class="status-line" data-testid="peer-status">{t}</p> }.into_any();
    match stage.get() {
        Stage::Name => None,
        Stage::Answer(code) => Some(view! {
            <div class="answer" data-testid="answer">
                <h3>{shell.t(Text::AnswerCode)}</h3>
                <p class="status-line" data-testid="peer-status">{shell.t(Text::SendAnswer)}</p>
                <AnswerPassOn code=code testid="answer-code"/>
            </div>
        }.into_any()),
        Stage::Connecting(_) => Some(line(shell.t(Text::Connecting).into())),
        Stage::Reconnecting => Some(line(shell.t(Text::Reconnecting).into())),
        Stage::HostGone => Some(view! { <p class="notice bad" role="alert" data-testid="host-gone">{shell.t(Text::HostGone)}</p> }.into_any()),
        Stage::Failed => Some(view! { <p class="notice bad" role="alert" data-testid="connect-failed">{shell.t(Text::GuestFailed)}</p> }.into_any()),
        Stage::Error(e) => Some(view! { <p class="notice bad" role="alert" data-testid="join-error">{shell.t(Text::BadInvite)} " " {connect_error(&e, shell.lang())}</p> }.into_any()),
        Stage::Seeking => Some(view! {
            <p class="status-line" data-testid="peer-status">{shell.t(Text::Connecting)}
                {move || relays.get().map(|(up, of)| view! { " " <span class="muted" data-testid="relays-up">{relays_up(up, of, shell.lang())}</span> })}
            </p>
        }.into_any()),
        Stage::RoomFailed(why) => Some(view! { <p class="notice bad" role="alert" data-testid="room-error">{why.get(shell.lang()).to_string()}</p> }.into_any()),
        Stage::Open => {
            if dealing.get() {
                return Some(line(shell.t(Text::Dealing).into()));
            }
            if let Some(v) = verdict.get() {
                return Some(verdict_view(&v, shell));
            }
            if has_view.get() {
                return None;
            }
            match seat.get() {
                None if waiting.get() => Some(line(shell.t(Text::WaitingForSeat).into())),
                None if watching.get() && lobby.with(|l| l.is_some()) => Some(line(shell.t(Text::WatchingWait).into())),
                None => Some(line(shell.t(Text::SayingHello).into())),
                Some(s) => Some(line(format!("{} {}. {}", shell.t(Text::YouSitAt), s + 1, shell.t(Text::WaitingForStart)))),
            }
        }
    }
}

/// "Deal verified" or the loud warning, with the hand's seed (its duplicate link).
pub fn verdict_view(v: &VerdictShown, shell: Shell) -> AnyView {
    let seed = v.seed.clone();
    match &v.problem {
        None => view! {
            <p class="status-line good" data-testid="deal-verified" data-hand=v.hand.to_string()>
                "✓ " {shell.t(Text::DealVerified)}
                <br/><span class="muted">{shell.t(Text::HandSeed)} ": "</span> <code data-testid="hand-seed">{seed}</code>
            </p>
        }
        .into_any(),
        Some(problem) => view! {
            <p class="notice bad" role="alert" data-testid="deal-not-verified">
                "⚠ " <b>{shell.t(Text::DealNotVerified)}</b> " " {problem.get(shell.lang()).to_string()}
            </p>
        }
        .into_any(),
    }
}

