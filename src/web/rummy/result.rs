//! The end of a rummy deal: who won, what each seat paid and the running totals, the
//! arrangements laid down, and on the first deal friends' results on the same cards
//! and the link that deals them to a friend.

use super::hand::RummyCardFace;
use super::seats::total;
use crate::i18n::Lang;
use crate::record::duplicate::DuplicateResult;
use crate::rummy::game::{DealResult, Game, SeatView};
use crate::ui_model::rummy::words::{self, label, Label};
use crate::web::shell::Shell;
use crate::web::table::share;
use leptos::prelude::*;

/// Friends' results on the same deal, beside yours (from the links they sent).
fn friends_results(mine: &DuplicateResult<Game>, name: &dyn Fn(usize) -> String, lang: Lang) -> Option<AnyView> {
    let friends = share::friends_results(mine);
    if friends.is_empty() {
        return None;
    }
    let line = |r: &DuplicateResult<Game>, who: String| match lang {
        Lang::En => format!("{who} (seat {}): {}", r.seat + 1, if r.result.declared { "declared".to_string() } else { format!("paid {}", r.result.points) }),
        Lang::Zh => format!("{who}（{}号位）：{}", r.seat + 1, if r.result.declared { "宣告成功".to_string() } else { format!("付 {} 分", r.result.points) }),
    };
    let you = line(mine, name(mine.seat));
    Some(view! {
        <div class="rummy-compare" data-testid="compare">
            <b>{label(Label::SameDeal, lang)}</b>
            <p data-testid="compare-row" data-mine="true">{you}</p>
            {friends.iter().map(|r| {
                let who = r.name.clone().unwrap_or_else(|| label(Label::Friend, lang).to_string());
                view! { <p data-testid="compare-row" data-mine="false" data-points=r.result.points.to_string()>{line(r, who)}</p> }
            }).collect_view()}
        </div>
    }.into_any())
}

/// The end of a deal: who won, what each seat paid and the running totals, the
/// arrangements laid down, and the link that deals the same cards to a friend.
#[component]
pub(super) fn DealResultCard(result: DealResult, view: SeatView, me: usize, deal_hash: Option<String>, names: Signal<Vec<String>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = shell.lang();
    let name = move |s: usize| names.with_untracked(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)));
    let summary = words::deal_summary(&result, &name, lang);
    let rows = (0..view.players).map(|s| {
        let shown = result.arrangements.get(s).cloned().flatten();
        let status = words::seat_status(&result.status[s], lang);
        view! {
            <li class="rummy-result-row" data-testid="result-row" data-seat=s.to_string() data-points=result.points[s].to_string()>
                <div class="rummy-result-head">
                    <b>{name(s)}</b>
                    <span class="muted">{status}</span>
                    <span>{if result.points[s] == 0 { "0".to_string() } else { format!("−{}", result.points[s]) }}</span>
                    <span class="rummy-total">{label(Label::Totals, lang)} " " {total(&view, s)}</span>
                </div>
                {shown.map(|a| view! {
                    <div class="rummy-shown">
                        {a.groups.into_iter().map(|g| view! {
                            <span class="rummy-shown-group">{g.cards.into_iter().map(|c| view! { <RummyCardFace card=c wild=view.wild small=true/> }).collect_view()}</span>
                        }).collect_view()}
                        {(!a.loose.is_empty()).then(|| view! {
                            <span class="rummy-shown-group loose">{a.loose.into_iter().map(|c| view! { <RummyCardFace card=c wild=view.wild small=true/> }).collect_view()}</span>
                        })}
                    </div>
                })}
            </li>
        }
    }).collect_view();
    // The first deal's link, with your result: a friend who opens it is dealt the same
    // cards and sees both results when their deal ends. Friends' results sit here too.
    // A peer table's deals are not shared as links (`deal_hash` is `None`).
    let deal_hash = deal_hash.filter(|_| result.deal == 0);
    let mine = deal_hash.as_ref().and_then(|h| share::first_hand_result::<Game>(h, me));
    let friends = mine.as_ref().map(|m| friends_results(m, &name, lang)).unwrap_or_default();
    let share = deal_hash.map(|h| {
        view! { <share::ShareLink url={share::share_url::<Game>(&h, mine.as_ref())} button=label(Label::Share, lang) copied_text=label(Label::Copied, lang)/> }
    });
    view! {
        <div class="rummy-result" data-testid="deal-result" data-winner=result.winner.map(|w| w.to_string()).unwrap_or_default()>
            <p class="status-line"><b>{if result.winner == Some(me) { label(Label::YouWin, lang).to_string() } else { summary }}</b></p>
            <ol class="rummy-results">{rows}</ol>
            {friends}
            {share}
        </div>
    }
}
