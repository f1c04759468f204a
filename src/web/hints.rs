//! The hint tab for a trick being followed: the lead's formats strongest first in
//! plain words, each with the first way your hand can form it or "you can't",
//! the forced row highlighted, a tap selecting its cards. Rows are computed
//! lazily, one per browser task (yielding between rows), and only for the rows
//! shown: the first page, then the forced row and what follows it, with the
//! formats in between (which the hand cannot form) summed up in one line;
//! "Show more" asks for the next page.

use crate::cards::Card;
use crate::i18n::Text;
use crate::shengji::{Format, Hints, Skipped};
use crate::ui_model::phrase::describe_format;
use crate::ui_model::select::{selection_of, short_suit_play};
use crate::web::shell::Shell;
use crate::web::cards::CardFace;
use crate::web::hand::FollowContext;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;

/// Rows shown at first (and added by each "Show more").
const PAGE: usize = 6;

#[derive(Clone, Debug, PartialEq)]
struct Row {
    index: usize,
    format: Format,
    cards: Option<Vec<Card>>,
    /// Formats left out just before this row: a count, or too many to count.
    gap: Option<Option<usize>>,
}

/// The rows on screen: the first page, then (when the forced row lies
/// further down) the forced row and the rows after it; the rows between
/// are formats the hand cannot form and are summed up in one line.
fn shown_rows(total: usize, forced: Option<usize>, extra: usize) -> Vec<usize> {
    match forced {
        Some(f) if f >= PAGE => (0..PAGE).chain(f..(f + PAGE + extra).min(total)).collect(),
        _ => (0..(PAGE + extra).min(total)).collect(),
    }
}

/// The hint tab's "What would Expert play?" row: the cards and why, when there is one.
pub type ExpertRow = Option<(Vec<Card>, String)>;

#[component]
pub fn HintTab(
    #[prop(into)] follow: Signal<Option<FollowContext>>,
    #[prop(into)] hand: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    #[prop(into, optional)] locked: Signal<bool>,
    /// The Expert's play for this turn and its reason, once found (`web::table::advice`).
    #[prop(into, optional)] expert: Option<Signal<ExpertRow>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let hints: StoredValue<Option<Rc<Hints>>, LocalStorage> = StoredValue::new_local(None);
    let rows = RwSignal::new(Vec::<Row>::new());
    let total = RwSignal::new(0usize);
    let forced = RwSignal::new(None::<usize>);
    let cut = RwSignal::new(false);
    let short = RwSignal::new(None::<Vec<Card>>);
    let extra = RwSignal::new(0usize);
    let epoch = RwSignal::new(0u64);
    let wanted = Memo::new(move |_| shown_rows(total.get(), forced.get(), extra.get()));

    // A new trick or hand: start over.
    Effect::new(move |_| {
        let h = hand.get();
        let built = follow.with(|f| {
            f.as_ref().map(|f| (Hints::new(&f.rules, &f.lead, &h), short_suit_play(&f.rules, &f.lead, &h)))
        });
        let (len, f) = built.as_ref().map_or((0, None), |(x, _)| (x.len(), x.forced()));
        cut.set(built.as_ref().is_some_and(|(x, _)| x.cut_after()));
        short.set(built.as_ref().and_then(|(_, s)| s.clone()));
        hints.set_value(built.map(|(x, _)| Rc::new(x)));
        rows.set(Vec::new());
        total.set(len);
        forced.set(f);
        extra.set(0);
        epoch.update(|e| *e += 1);
    });

    // Fill the rows on screen, one per task, yielding to the browser in between.
    Effect::new(move |_| {
        let my_epoch = epoch.get();
        let want = wanted.get();
        spawn_local(async move {
            loop {
                // Let input and painting go first.
                TimeoutFuture::new(0).await;
                if epoch.get_untracked() != my_epoch {
                    return;
                }
                let k = rows.with_untracked(|r| r.len());
                let Some(&i) = want.get(k) else { return };
                let Some(h) = hints.get_value() else { return };
                let gap = match (h.skipped_before(i), k.checked_sub(1).map(|p| want[p])) {
                    (Skipped::Many, _) => Some(None),
                    (Skipped::None, Some(prev)) if i > prev + 1 => Some(Some(i - prev - 1)),
                    _ => None,
                };
                let row = Row { index: i, format: h.format(i), cards: h.first_match(i).map(|m| m.to_vec()), gap };
                rows.update(|r| {
                    if r.len() == k {
                        r.push(row)
                    }
                });
            }
        });
    });

    let pick = move |cards: &[Card]| {
        if !locked.get_untracked() {
            selected.set(hand.with_untracked(|h| selection_of(h, cards)));
        }
    };

    let row_views = move || {
        let f = forced.get();
        rows.get()
            .into_iter()
            .map(|row| {
                let is_forced = f == Some(row.index);
                let cards = row.cards.clone();
                let format = row.format.clone();
                let text = move || describe_format(&format, shell.lang());
                let matched = cards.is_some();
                let gap = row.gap.map(|n| {
                    let count = n.map(|n| format!(" ({n})")).unwrap_or_default();
                    view! { <li class="hint-gap" data-testid="hint-gap">{move || shell.t(Text::SkippedFormats)}{count}</li> }
                });
                view! {
                    {gap}
                    <li class="hint-row" class:forced=is_forced class:none=!matched>
                        <button type="button" class="hint-button" data-testid="hint-row"
                            data-forced=if is_forced { "true" } else { "false" }
                            disabled=!matched
                            on:click=move |_| { if let Some(c) = &cards { pick(c) } }>
                            <span class="hint-text">
                                {text}
                                {is_forced.then(|| view! { <span class="hint-tag">{move || shell.t(Text::Forced)}</span> })}
                            </span>
                            <span class="hint-cards">
                                {match row.cards {
                                    Some(cs) => cs.into_iter().map(|c| view! { <CardFace card=c small=true/> }).collect_view().into_any(),
                                    None => view! { <span class="hint-cant">{move || shell.t(Text::YouCant)}</span> }.into_any(),
                                }}
                            </span>
                        </button>
                    </li>
                }
            })
            .collect_view()
    };

    view! {
        <section class="hints" data-testid="hints" aria-labelledby="hints-title">
            <h3 id="hints-title">{move || shell.t(Text::Hints)}</h3>
            <p class="hint-intro">{move || shell.t(Text::HintIntro)}</p>
            {move || short.get().map(|cards| {
                let chosen = cards.clone();
                view! {
                    <button type="button" class="hint-button short forced" data-testid="hint-row" data-forced="true"
                        on:click=move |_| pick(&chosen)>
                        <span class="hint-text">{move || shell.t(Text::ShortInSuit)}</span>
                        <span class="hint-cards">
                            {cards.into_iter().map(|c| view! { <CardFace card=c small=true/> }).collect_view()}
                        </span>
                    </button>
                }
            })}
            {move || expert.and_then(|e| e.get()).map(|(cards, why)| {
                let chosen = cards.clone();
                view! {
                    <button type="button" class="hint-button expert" data-testid="expert-hint"
                        on:click=move |_| pick(&chosen)>
                        <span class="hint-text">{move || shell.t(Text::ExpertWouldPlay)} " " <span class="muted">{why.clone()}</span></span>
                        <span class="hint-cards">
                            {cards.into_iter().map(|c| view! { <CardFace card=c small=true/> }).collect_view()}
                        </span>
                    </button>
                }
            })}
            <ol class="hint-list">{row_views}</ol>
            {move || (rows.with(|r| r.len()) < wanted.with(|w| w.len()))
                .then(|| view! { <p class="hint-pending" aria-hidden="true">{move || shell.t(Text::Computing)}</p> })}
            {move || wanted.with(|w| w.last().is_some_and(|&l| l + 1 < total.get())).then(|| view! {
                <button type="button" class="button subtle" data-testid="hints-more"
                    on:click=move |_| extra.update(|s| *s += PAGE)>
                    {move || shell.t(Text::ShowMore)}
                </button>
            })}
            {move || (cut.get() && rows.with(|r| r.len()) == wanted.with(|w| w.len()))
                .then(|| view! { <p class="hint-gap" data-testid="hints-cut">{move || shell.t(Text::MoreFormats)}</p> })}
        </section>
    }
}
