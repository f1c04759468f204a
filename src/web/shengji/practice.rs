//! Follow practice (`#/practice?seed=…&decks=…`): a reproducible position from
//! `ui_model::practice`, your hand with the legality indicator and the hint tab;
//! play, see whether it was legal, deal the next one.

use crate::cards::Card;
use crate::i18n::Text;
use crate::routes::Route;
use crate::shengji::{check_play, IllegalPlay};
use crate::ui_model::messages::illegal_play;
use crate::ui_model::phrase::{describe_format, suit_name, trump_label};
use crate::ui_model::practice::{generate, parse_decks, MAX_DECKS, MIN_DECKS};
use crate::web::shell::{BackHome, Shell};
use crate::web::cards::CardFace;
use crate::shengji::think::turn::Led;
use crate::web::shengji::hand::{FollowContext, Hand};
use crate::web::after_paint::AfterPaint;
use crate::web::shengji::hints::HintTab;
use crate::web::shell::random_seed;
use leptos::prelude::*;

fn practice_hash(seed: &str, decks: usize) -> String {
    Route::Practice { query: vec![("seed".into(), seed.into()), ("decks".into(), decks.to_string())] }.to_hash()
}

fn go(hash: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(hash);
    }
}

#[component]
pub fn Practice(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let get = |k: &str| query.iter().find(|(q, _)| q == k).map(|(_, v)| v.clone());
    let seed = get("seed").unwrap_or_else(|| {
        let s = random_seed();
        // Make the link reproducible without adding a history entry.
        let decks = parse_decks(get("decks").as_deref()).unwrap_or(MIN_DECKS);
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&practice_hash(&s, decks)));
        }
        s
    });
    let position = parse_decks(get("decks").as_deref()).and_then(|d| generate(&seed, d));
    let position = match position {
        Ok(p) => p,
        Err(e) => {
            let msg = e.to_string();
            return view! {
                <section class="screen page" data-testid="practice-error">
                    <h2>{move || shell.t(Text::Practice)}</h2>
                    <p class="notice" role="alert">{move || shell.t(Text::BadPracticeLink)}{msg.clone()}</p>
                    <button type="button" class="button primary" data-testid="next"
                        on:click=move |_| go(&practice_hash(&random_seed(), MIN_DECKS))>
                        {move || shell.t(Text::NextPosition)}
                    </button>
                    <BackHome/>
                </section>
            }
            .into_any();
        }
    };

    crate::web::sound::your_turn(shell.prefs.get_untracked().sound);

    let decks = position.decks;
    let seed_text = position.seed.clone();
    let trump = position.rules.trump();
    let lead = position.lead.clone();
    let follow = Signal::stored(Some(FollowContext { rules: position.rules.clone(), led: Led { cards: lead.cards.clone(), format: Some(lead.format.clone()) } }));
    let hand = Signal::stored(position.hand.clone());
    let selected = RwSignal::new(vec![false; position.hand.len()]);
    let verdict = RwSignal::new(None::<Result<(), IllegalPlay>>);
    let locked = Signal::derive(move || verdict.with(|v| v.is_some()));
    let (rules, lead2, hand2) = (position.rules.clone(), lead.clone(), position.hand.clone());
    let on_play = Callback::new(move |play: Vec<Card>| {
        verdict.set(Some(check_play(&rules, &lead2, &hand2, &play)));
    });
    let lang = move || shell.lang();
    let lead_format = lead.format.clone();
    let lead_suit = lead.suit;
    let lead_cards = lead.cards.clone();

    view! {
        <section class="screen wide practice" data-testid="practice">
            <header class="practice-head">
                <h2>{move || shell.t(Text::Practice)}</h2>
                <p class="practice-intro">{move || shell.t(Text::PracticeIntro)}</p>
            </header>
            <div class="practice-meta">
                <span class="chip" data-testid="trump">{move || shell.t(Text::TrumpLabel)} ": " <b>{move || trump_label(trump, lang())}</b></span>
                <span class="chip">{move || shell.t(Text::Seed)} ": " <code data-testid="seed">{seed_text.clone()}</code></span>
                <label class="chip deck-pick">
                    {move || shell.t(Text::Decks)} ": "
                    <select data-testid="decks" prop:value=decks.to_string()
                        on:change={
                            let seed = seed_text.clone();
                            move |ev| {
                                if let Ok(d) = parse_decks(Some(&event_target_value(&ev))) {
                                    go(&practice_hash(&seed, d));
                                }
                            }
                        }>
                        {(MIN_DECKS..=MAX_DECKS).map(|d| view! { <option value=d.to_string() selected=d == decks>{d}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="lead-area felt">
                <p class="lead-title">
                    {move || shell.t(Text::TheLead)} ": "
                    <span data-testid="lead-format">{
                        let f = lead_format.clone();
                        move || format!("{} · {}", suit_name(lead_suit, lang()), describe_format(&f, lang()))
                    }</span>
                </p>
                <div class="lead-cards" data-testid="lead">
                    {lead_cards.iter().map(|&c| view! { <CardFace card=c/> }).collect_view()}
                </div>
            </div>
            <div class="play-area">
                <div class="hand-area">
                    <h3>{move || shell.t(Text::YourHand)}</h3>
                    <AfterPaint><Hand cards=hand selected=selected follow=follow on_play=on_play locked=locked/></AfterPaint>
                    {move || verdict.get().map(|v| {
                        let ok = v.is_ok();
                        let text = match &v {
                            Ok(()) => shell.t(Text::ResultLegal).to_string(),
                            Err(e) => format!("{}{}", shell.t(Text::ResultIllegal), illegal_play(e, lang())),
                        };
                        view! {
                            <div class="result" class:ok=ok class:bad=!ok data-testid="result"
                                data-legal=if ok { "yes" } else { "no" } role="status">
                                <p>{text}</p>
                                <div class="hand-actions">
                                    <button type="button" class="button primary" data-testid="next"
                                        on:click=move |_| go(&practice_hash(&random_seed(), decks))>
                                        {move || shell.t(Text::NextPosition)}
                                    </button>
                                    <button type="button" class="button" data-testid="retry"
                                        on:click=move |_| verdict.set(None)>
                                        {move || shell.t(Text::TryAgain)}
                                    </button>
                                </div>
                            </div>
                        }
                    })}
                </div>
                <AfterPaint>
                    <HintTab follow=follow hand=hand selected=selected locked=locked/>
                </AfterPaint>
            </div>
            <AfterPaint><BackHome/></AfterPaint>
        </section>
    }
    .into_any()
}
