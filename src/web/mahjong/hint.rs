//! The hint tab: every discard open to you now, strongest first, with the shanten it
//! leaves, the tiles that would improve the hand and how many of each are unseen, and
//! when it leaves the hand ready, the waits with their live counts and the fan of a win
//! (`ui_model::mahjong::advice`); above them, when it is your move, what the Expert bot
//! would do and why ("what would Expert do?", `bot::expert_hint`). Both asked of the
//! mahjong table worker, which the page starts as its bot worker, and shown only for the
//! view they were asked about.

use super::tiles::TileFace;
use crate::mahjong::game::SeatView;
use crate::ui_model::mahjong::advice::sentence;
use crate::web::table::deferred::asked;
use crate::mahjong::game::Action;
use crate::ui_model::mahjong::words::{label, Label};
use crate::worker::mahjong::{advice_answer, advice_job, expert_answer, expert_job};
use crate::web::shell::Shell;
use leptos::prelude::*;

/// Rows shown: the strongest few (the rest are worse by the same measures).
const ROWS: usize = 5;

#[component]
pub(super) fn HintPanel(view: Signal<SeatView>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    // The rows are the table worker's work (`worker::mahjong`): the page carries no advice.
    let rows = asked(view, advice_job, advice_answer);
    let expert = asked(view, expert_job, expert_answer);
    let expert_line = move || {
        let hint = expert.get().filter(|_| view.with(|v| v.my_move))?;
        let tile = match hint.action {
            Action::Discard(t) | Action::Kong(t) => Some(t),
            _ => None,
        };
        let lang = shell.lang();
        Some(view! {
            <p class="mj-hint-row mj-hint-expert" data-testid="hint-expert">
                <strong>{label(Label::ExpertWould, lang)}</strong>
                {tile.map(|t| view! { <TileFace tile=t small=true/> })}
                <span>{hint.why.get(lang).to_string()}</span>
            </p>
        })
    };
    view! {
        <div class="mj-hint" data-testid="hint-panel" data-ready=move || rows.with(|r| if r.is_some() { "yes" } else { "no" })>
            {expert_line}
            {move || match rows.get() {
                None => view! { <p class="muted">"…"</p> }.into_any(),
                Some(list) => list.into_iter().take(ROWS).map(|a| {
                    let live: u32 = a.waits.iter().map(|&(_, n)| n as u32).sum();
                    view! {
                        <p class="mj-hint-row" data-testid="hint-row" data-discard=a.discard.to_string()
                            data-shanten=a.shanten.to_string() data-improving=a.improving_total.to_string() data-live=live.to_string()>
                            <TileFace tile=a.discard small=true/>
                            <span>{sentence(&a, shell.lang())}</span>
                        </p>
                    }
                }).collect_view().into_any(),
            }}
        </div>
    }
}
