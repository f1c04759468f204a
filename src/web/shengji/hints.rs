//! The hint tab for a trick being followed: the lead's formats strongest first in
//! plain words, each with the first way your hand can form it or "you can't",
//! the forced row highlighted, a tap selecting its cards. The rows are worked out in
//! the bot worker (`shengji::think::hint_rows`; the page never links the search): the
//! first page, then the forced row and what follows it, with the formats in between
//! (which the hand cannot form) summed up in one line; "Show more" asks for a page more.

use crate::cards::Card;
use crate::i18n::Text;
use crate::shengji::game::Game;
use crate::shengji::think::{HintAnswer, HintJob, Job, HINT_PAGE};
use crate::table::think::{self, Answer, Kind};
use crate::ui_model::phrase::describe_format;
use crate::ui_model::select::selection_of;
use crate::web::shell::Shell;
use crate::web::cards::CardFace;
use crate::web::shengji::hand::FollowContext;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The hint tab's "What would Expert play?" row: the cards and why, when there is one.
pub type ExpertRow = Option<(Vec<Card>, String)>;

#[component]
pub fn HintTab(
    #[prop(into)] follow: Signal<Option<FollowContext>>,
    #[prop(into)] hand: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    #[prop(into, optional)] locked: Signal<bool>,
    /// The Expert's play for this turn and its reason, once found (`web::shengji::advice`).
    #[prop(into, optional)] expert: Option<Signal<ExpertRow>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    // The rows shown, as the worker answered; a question under way; rows asked beyond the
    // first page; which trick and hand the answers are for (a stale answer is dropped).
    let answer = RwSignal::new(HintAnswer::default());
    let pending = RwSignal::new(false);
    let extra = RwSignal::new(0usize);
    let epoch = StoredValue::new(0u64);

    // The question for the worker: this trick and hand, `more` rows past the first page.
    let question = move |more: usize| {
        follow.with_untracked(|f| {
            let job = f.as_ref().map(|f| HintJob { rules: f.rules.clone(), led: f.led.clone(), hand: hand.get_untracked(), extra: more })?;
            Some(think::job::<Game, _>(Kind::Other, &Job::Hints(job)))
        })
    };
    // Sends a question; its answer is shown unless the trick or hand changed meanwhile.
    let send = move |bytes: Vec<u8>| {
        let asked = epoch.get_value();
        pending.set(true);
        spawn_local(async move {
            let got = match crate::web::worker::ask(&bytes).await {
                Some(a) => think::answer::<Game, HintAnswer>(Kind::Other, &a.bytes),
                None => Answer::Refused,
            };
            if epoch.try_get_value() != Some(asked) {
                return;
            }
            pending.try_set(false);
            if let Answer::Done(a) = got {
                answer.try_set(a);
            }
        });
    };

    // A new trick or hand: start over. A view with the same trick and hand (at a peer table
    // one arrives after anyone's move or chat line) keeps the rows shown.
    let shown_for = StoredValue::new(None::<Vec<u8>>);
    Effect::new(move |_| {
        follow.track();
        hand.track();
        let now = question(0);
        if now.is_some() && shown_for.get_value() == now {
            return;
        }
        shown_for.set_value(now.clone());
        epoch.update_value(|e| *e += 1);
        answer.set(HintAnswer::default());
        pending.set(false);
        extra.set(0);
        if let Some(bytes) = now {
            send(bytes);
        }
    });

    let pick = move |cards: &[Card]| select_cards(cards, hand, selected, locked);

    // More rows than shown: "Show more" asks for the next page.
    let more = move || answer.with(|a| a.rows.last().is_some_and(|r| r.index + 1 < a.total));

    view! {
        <section class="hints" data-testid="hints" aria-labelledby="hints-title">
            <h3 id="hints-title">{move || shell.t(Text::Hints)}</h3>
            <p class="hint-intro">{move || shell.t(Text::HintIntro)}</p>
            {move || answer.with(|a| a.short.clone()).map(|cards| {
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
            <ol class="hint-list">{hint_rows(answer, hand, selected, locked)}</ol>
            {move || pending.get().then(|| view! { <p class="hint-pending" aria-hidden="true">{move || shell.t(Text::Computing)}</p> })}
            {move || (more() && !pending.get()).then(|| view! {
                <button type="button" class="button subtle" data-testid="hints-more"
                    on:click=move |_| {
                        extra.update(|s| *s += HINT_PAGE);
                        epoch.update_value(|e| *e += 1);
                        if let Some(bytes) = question(extra.get_untracked()) {
                            send(bytes);
                        }
                    }>
                    {move || shell.t(Text::ShowMore)}
                </button>
            })}
            {move || (answer.with(|a| a.cut) && !pending.get())
                .then(|| view! { <p class="hint-gap" data-testid="hints-cut">{move || shell.t(Text::MoreFormats)}</p> })}
        </section>
    }
}

/// Selects `cards` in the hand (a row's, or a shortcut's), unless the hand is locked.
fn select_cards(cards: &[Card], hand: Signal<Vec<Card>>, selected: RwSignal<Vec<bool>>, locked: Signal<bool>) {
    if !locked.get_untracked() {
        selected.set(hand.with_untracked(|h| selection_of(h, cards)));
    }
}

/// The rows of the hint tab as the worker answered: each format in plain words with the
/// first way the hand can form it or "you can't", the forced row marked, the formats
/// skipped before a row summed up in one line.
fn hint_rows(answer: RwSignal<HintAnswer>, hand: Signal<Vec<Card>>, selected: RwSignal<Vec<bool>>, locked: Signal<bool>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let pick = move |cards: &[Card]| select_cards(cards, hand, selected, locked);
    move || {
        let a = answer.get();
        a.rows
            .into_iter()
            .map(|row| {
                let is_forced = a.forced == Some(row.index);
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
    }
}
