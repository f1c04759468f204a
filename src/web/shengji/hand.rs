//! Your hand: cards in the engine's display order, overlapped to fit the screen
//! (two or three rows when needed, maths in `ui_model::layout`), tap to select,
//! a live legality indicator, and Play / Clear. Whether a selection follows the lead, and
//! how a selection being led reads, are asked of the bot worker (`shengji::think::turn`),
//! so a page that only draws a table does not link the matcher: the line counts the
//! selection until the answer comes (a millisecond or two), and a worker that cannot
//! answer leaves the judging to the table.

use crate::cards::Card;
use crate::shengji::game::Game;
use crate::shengji::think::turn::{Check, Checked, Led};
use crate::shengji::think::Job;
use crate::shengji::{Format, IllegalPlay, Rules};
use crate::table::think::{self, Answer, Kind};
use crate::ui_model::phrase::describe_format;
use crate::ui_model::layout::HandLayout;
use crate::ui_model::select::selected_cards;
use crate::ui_model::messages::illegal_play;
use crate::web::shell::Shell;
use crate::web::cards::{colour_class, CardSvg};
use crate::i18n::Text;
use leptos::prelude::*;

/// What the selection is checked against (a trick being followed).
#[derive(Clone, Debug)]
pub struct FollowContext {
    pub rules: Rules,
    pub led: Led,
}

/// Asks the bot worker about the turn; `None` when it cannot answer.
pub async fn ask_turn(asked: Check) -> Option<Checked> {
    let answer = crate::web::worker::ask(&think::job::<Game, _>(Kind::Other, &Job::Turn(asked))).await?;
    match think::answer::<Game, Checked>(Kind::Other, &answer.bytes) {
        Answer::Done(checked) => Some(checked),
        Answer::Refused => None,
    }
}

/// The legality line of a trick being followed.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    /// Nothing selected.
    Empty,
    /// The worker is checking the selection.
    Asking,
    Checked(Result<(), IllegalPlay>),
}

/// A first guess at the hand's width before it is on screen (then it is measured):
/// the window's width less the page's padding. (`innerWidth`, not the document's
/// `clientWidth`: reading that lays out the half-built page, ~60 ms of a phone's start.)
fn estimated_width() -> f64 {
    let w = web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64()).unwrap_or(360.0);
    (w - 32.0).clamp(200.0, 960.0)
}

/// The take-back button of the action bar: whether it may be pressed now, and what it does.
pub use crate::web::table::bot_table::TakeBack;

#[component]
pub fn Hand(
    /// The cards, already in display order.
    #[prop(into)]
    cards: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    /// The trick being followed; `None` hides the legality indicator.
    #[prop(into)]
    follow: Signal<Option<FollowContext>>,
    /// Called with the selected cards when Play is pressed.
    on_play: Callback<Vec<Card>>,
    /// Disables Play (e.g. after the play was judged).
    #[prop(into, optional)]
    locked: Signal<bool>,
    /// When leading: the rules, so a selection that reads more than one way
    /// (three or more decks) offers its readings.
    #[prop(into, optional)]
    leading: Signal<Option<Rules>>,
    /// Where the reading the player picked goes (`None`: the chosen parse).
    #[prop(optional)]
    reading: Option<RwSignal<Option<Format>>>,
    /// The take-back button, at a table that allows take-backs.
    #[prop(optional, into)]
    take_back: Signal<Option<TakeBack>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let (panel, layout) = hand_layout(cards, follow);

    let toggle = move |i: usize| {
        if locked.get_untracked() {
            return;
        }
        selected.update(|s| {
            if let Some(x) = s.get_mut(i) {
                *x = !*x;
            }
        });
    };

    let chosen = move || picked(cards, selected);
    let verdict = verdict(cards, selected, follow);
    let refused = move || verdict.with(|v| matches!(v, Some(Verdict::Checked(Err(_)))));

    // A double tap on a card plays the selection with that card in it, when Play would.
    let play_now = move |i: usize| {
        if locked.get_untracked() {
            return;
        }
        selected.update(|s| {
            if let Some(x) = s.get_mut(i) {
                *x = true;
            }
        });
        let play = chosen();
        if !untrack(refused) && !play.is_empty() {
            on_play.run(play);
        }
    };

    let reading_chips = readings(cards, selected, leading, reading);

    let card_views = move || {
        cards
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, card)| {
                let style = move || {
                    let l = layout.get();
                    let (x, y) = l.position(i);
                    let up = if selected.with(|s| s.get(i).copied().unwrap_or(false)) { l.raise() } else { 0.0 };
                    format!("left:{}px;top:{}px;width:{}px;height:{}px;z-index:{i}", tenths(x), tenths(y - up), tenths(l.card_w), tenths(l.card_h))
                };
                view! {
                    <button
                        type="button"
                        class=format!("card hand-card {}", colour_class(card))
                        class:selected=move || selected.with(|s| s.get(i).copied().unwrap_or(false))
                        class:trump=move || follow.with(|f| f.as_ref().is_some_and(|f| f.rules.trump().is_trump(card)))
                        data-card=card.notation()
                        aria-label=card.label()
                        aria-pressed=move || if selected.with(|s| s.get(i).copied().unwrap_or(false)) { "true" } else { "false" }
                        style=style
                        on:click=move |_| toggle(i)
                        on:dblclick=move |_| play_now(i)
                    >
                        <CardSvg card=card/>
                    </button>
                }
            })
            .collect_view()
    };

    view! {
        <div class="hand-panel" node_ref=panel>
            <div class="hand" data-testid="hand"
                style=move || { let l = layout.get(); format!("height:{}px;width:{}px", tenths(l.height), tenths(l.width)) }>
                {card_views}
            </div>
            {legality_line(verdict, cards, selected, follow)}
            {reading_chips}
            <div class="hand-actions">
                <button type="button" class="button primary" data-testid="play"
                    // A follow the rules refuse cannot be played: the line above says why.
                    disabled=move || locked.get() || chosen().is_empty() || refused()
                    on:click=move |_| on_play.run(chosen())>
                    {move || shell.t(Text::PlayCards)}
                </button>
                <button type="button" class="button" data-testid="clear"
                    disabled=move || locked.get()
                    on:click=move |_| selected.update(|s| s.iter_mut().for_each(|x| *x = false))>
                    {move || shell.t(Text::Clear)}
                </button>
                {move || take_back.get().map(|t| view! {
                    <button type="button" class="button" data-testid="take-back"
                        disabled=move || !t.available.get()
                        on:click=move |_| t.run.run(())>
                        {move || shell.t(Text::TakeBack)}
                    </button>
                })}
            </div>
        </div>
    }
}

/// The selected cards.
fn picked(cards: Signal<Vec<Card>>, selected: RwSignal<Vec<bool>>) -> Vec<Card> {
    cards.with(|h| selected.with(|s| selected_cards(h, s)))
}

/// Where the hand's panel is (`NodeRef`) and its cards' layout in the width it has.
fn hand_layout(cards: Signal<Vec<Card>>, follow: Signal<Option<FollowContext>>) -> (NodeRef<leptos::html::Div>, Memo<HandLayout>) {
    let shell = expect_context::<Shell>();
    let (avail, set_avail) = signal(estimated_width());
    let panel = NodeRef::<leptos::html::Div>::new();
    let measure = move |el: &web_sys::HtmlDivElement| {
        let w = el.client_width() as f64;
        if w > 0.0 {
            set_avail.set(w);
        }
    };
    // Measured in the next animation frame, never as the hand mounts: reading `clientWidth`
    // then lays out the half-built page inside the start's task (20–35 ms of a phone's, 4×
    // that under the load benchmark's slowdown), while in a frame callback the layout is the
    // one the browser was about to do anyway, and the width is set before the first paint.
    // The hint tab takes a column beside the hand on wide screens while it is shown: the
    // hand's width changes with it, so it is measured again whenever the trick changes.
    Effect::new(move |_| {
        follow.track();
        request_animation_frame(move || {
            // The screen may be gone by the next frame (a reload, another route).
            if let Some(Some(el)) = panel.try_get_untracked() {
                measure(&el);
            }
        });
    });
    let listener = window_event_listener(leptos::ev::resize, move |_| {
        if let Some(el) = panel.get_untracked() {
            measure(&el);
        }
    });
    on_cleanup(move || listener.remove());

    let layout = Memo::new(move |_| {
        let w = avail.get();
        let base = shell.prefs.with(|p| p.card_size.width_px());
        // Larger screens get larger cards, shrunk back towards the chosen size (never below
        // it) to keep the hand on one row.
        let n = cards.with(|c| c.len());
        let card_w = if w >= 640.0 {
            // (A pixel to spare: at exactly the limit, rounding could still wrap the last card.)
            let one_row = (w - 2.0) / (1.0 + n.saturating_sub(1) as f64 * crate::ui_model::layout::MIN_STEP);
            (base * 1.35).min(one_row).max(base)
        } else {
            base
        };
        HandLayout::new(n, w, card_w)
    });
    (panel, layout)
}

/// The selection's verdict (`None`: no trick is being followed), asked of the worker
/// whenever the selection or the trick changes.
fn verdict(cards: Signal<Vec<Card>>, selected: RwSignal<Vec<bool>>, follow: Signal<Option<FollowContext>>) -> RwSignal<Option<Verdict>> {
    let chosen = move || picked(cards, selected);
    // The question the verdict answers: an answer to an older selection is dropped.
    let verdict = RwSignal::new(None::<Verdict>);
    let verdict_for = StoredValue::new(0u64);
    Effect::new(move |_| {
        let play = chosen();
        let follow = follow.get();
        let ticket = verdict_for.get_value() + 1;
        verdict_for.set_value(ticket);
        let Some(f) = follow else { return verdict.set(None) };
        if play.is_empty() {
            return verdict.set(Some(Verdict::Empty));
        }
        verdict.set(Some(Verdict::Asking));
        let asked = Check::Follow { rules: f.rules, led: f.led, hand: cards.get_untracked(), play };
        leptos::task::spawn_local(async move {
            let got = ask_turn(asked).await;
            if verdict_for.try_get_value() == Some(ticket) {
                if let Some(Checked::Follow(result)) = got {
                    verdict.try_set(Some(Verdict::Checked(result)));
                }
            }
        });
    });
    verdict
}

/// The legality line under the hand: nothing selected, the selection counted while the
/// worker checks it, legal, or why not.
fn legality_line(
    verdict: RwSignal<Option<Verdict>>,
    cards: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    follow: Signal<Option<FollowContext>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let chosen = move || picked(cards, selected);
    move || verdict.get().map(|v| {
        let of = follow.with(|f| f.as_ref().map_or(0, |f| f.led.cards.len()));
        let (legal, text) = match v {
            Verdict::Empty => ("empty", format!("{} 0 / {of}", shell.t(Text::Selected))),
            Verdict::Asking => ("pending", format!("{} {} / {of}", shell.t(Text::Selected), chosen().len())),
            Verdict::Checked(Ok(())) => ("yes", shell.t(Text::LegalPlay).to_string()),
            Verdict::Checked(Err(e)) => ("no", format!("{}{}", shell.t(Text::NotAllowed), illegal_play(&e, shell.lang()))),
        };
        view! {
            <p class="legality" data-testid="legality" role="status" aria-live="polite"
                data-legal=legal class:ok=legal == "yes" class:bad=legal == "no">
                {text}
            </p>
        }
    })
}

/// An ambiguous lead's readings, the chosen parse first (as the worker says), as chips
/// that pick the reading into `reading`; none while following or with one reading.
fn readings(
    cards: Signal<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    leading: Signal<Option<Rules>>,
    reading: Option<RwSignal<Option<Format>>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let chosen = move || picked(cards, selected);
    let readings = RwSignal::new(None::<Vec<Format>>);
    let readings_for = StoredValue::new(0u64);
    Effect::new(move |_| {
        let play = chosen();
        let rules = leading.get();
        let ticket = readings_for.get_value() + 1;
        readings_for.set_value(ticket);
        readings.set(None);
        let Some(rules) = rules.filter(|_| play.len() > 1) else { return };
        leptos::task::spawn_local(async move {
            let got = ask_turn(Check::Lead { rules, play }).await;
            if readings_for.try_get_value() == Some(ticket) {
                if let Some(Checked::Lead(formats)) = got {
                    readings.try_set((formats.len() > 1).then_some(formats));
                }
            }
        });
    });
    if let Some(reading) = reading {
        // A new selection starts from the chosen parse.
        Effect::new(move |_| {
            readings.track();
            reading.set(None);
        });
    }
    move || {
        let (Some(formats), Some(reading)) = (readings.get(), reading) else { return None };
        let lang = shell.lang();
        let chips = formats
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                let pick = (i > 0).then(|| f.clone());
                let on = Memo::new({
                    let pick = pick.clone();
                    move |_| reading.with(|r| *r == pick)
                });
                let text = describe_format(&f, lang);
                view! {
                    <button type="button" class="chip reading" data-testid="reading"
                        aria-pressed=move || if on.get() { "true" } else { "false" }
                        class:selected=move || on.get() on:click=move |_| reading.set(pick.clone())>
                        {text}
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="readings" role="group" aria-label=shell.t(Text::ReadsAs)>
                <span class="readings-label">{shell.t(Text::ReadsAs)} ":"</span>
                {chips}
            </div>
        })
    }
}

/// A length to a tenth of a pixel, written without the float formatter (its code is
/// large in the wasm, and a page that needs it nowhere else should not carry it).
fn tenths(v: f64) -> String {
    let t = (v * 10.0).round() as i64;
    let sign = if t < 0 { "-" } else { "" };
    format!("{sign}{}.{}", t.abs() / 10, t.abs() % 10)
}
