//! The hint tab for a trick being followed: the lead's formats strongest first in
//! plain words, each with the first way your hand can form it or "you can't",
//! the forced row highlighted, a tap selecting its cards. Rows are computed
//! lazily, one per browser task (yielding between rows), and only for the rows
//! shown; "Show more" asks for the next page.

use crate::cards::Card;
use crate::i18n::Text;
use crate::shengji::{Format, Hints};
use crate::ui_model::phrase::describe_format;
use crate::ui_model::select::{selection_of, short_suit_play};
use crate::web::app::Shell;
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
    format: Format,
    cards: Option<Vec<Card>>,
}

#[component]
pub fn HintTab(
    #[prop(into)] follow: Signal<Option<FollowContext>>,
    #[prop(into)] hand: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    #[prop(into, optional)] locked: Signal<bool>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let hints: StoredValue<Option<Rc<Hints>>, LocalStorage> = StoredValue::new_local(None);
    let rows = RwSignal::new(Vec::<Row>::new());
    let total = RwSignal::new(0usize);
    let forced = RwSignal::new(None::<usize>);
    let short = RwSignal::new(None::<Vec<Card>>);
    let shown = RwSignal::new(PAGE);
    let epoch = RwSignal::new(0u64);

    // A new trick or hand: start over.
    Effect::new(move |_| {
        let h = hand.get();
        let built = follow.with(|f| {
            f.as_ref().map(|f| (Hints::new(&f.rules, &f.lead, &h), short_suit_play(&f.rules, &f.lead, &h)))
        });
        let (len, f) = built.as_ref().map_or((0, None), |(x, _)| (x.len(), x.forced()));
        short.set(built.as_ref().and_then(|(_, s)| s.clone()));
        hints.set_value(built.map(|(x, _)| Rc::new(x)));
        rows.set(Vec::new());
        total.set(len);
        forced.set(f);
        // The forced row is always on screen.
        shown.set(PAGE.max(f.map_or(0, |i| i + 1)));
        epoch.update(|e| *e += 1);
    });

    // Fill the rows on screen, one per task, yielding to the browser in between.
    Effect::new(move |_| {
        let my_epoch = epoch.get();
        let want = shown.get().min(total.get());
        spawn_local(async move {
            loop {
                // Let input and painting go first.
                TimeoutFuture::new(0).await;
                if epoch.get_untracked() != my_epoch {
                    return;
                }
                let i = rows.with_untracked(|r| r.len());
                if i >= want {
                    return;
                }
                let Some(h) = hints.get_value() else { return };
                let row = Row { format: h.format(i).clone(), cards: h.first_match(i).map(|m| m.to_vec()) };
                rows.update(|r| {
                    if r.len() == i {
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
            .enumerate()
            .map(|(i, row)| {
                let is_forced = f == Some(i);
                let cards = row.cards.clone();
                let format = row.format.clone();
                let text = move || describe_format(&format, shell.prefs.with(|p| p.lang()));
                let matched = cards.is_some();
                view! {
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
            <ol class="hint-list">{row_views}</ol>
            {move || (rows.with(|r| r.len()) < shown.get().min(total.get()))
                .then(|| view! { <p class="hint-pending" aria-hidden="true">{move || shell.t(Text::Computing)}</p> })}
            {move || (shown.get() < total.get()).then(|| view! {
                <button type="button" class="button subtle" data-testid="hints-more"
                    on:click=move |_| shown.update(|s| *s += PAGE)>
                    {move || shell.t(Text::ShowMore)}
                </button>
            })}
        </section>
    }
}
