//! `#/rules`: how to play, in the player's language — a section per idea with
//! example cards; `?game=…&at=…` opens a game's rules at a section (the table
//! links its terms here: landlord, kitty, levels).

use crate::cards::Card;
use crate::i18n::Text;
use crate::ui_model::rules::{rules_hash, rules_of, GAMES};
use crate::web::shell::{BackHome, Shell};
use crate::web::cards::CardFace;
use leptos::prelude::*;

#[component]
pub fn RulesPage(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let get = |k: &str| query.iter().find(|(q, _)| q == k).map(|(_, v)| v.clone());
    let rules = get("game").and_then(|g| rules_of(&g)).unwrap_or(&GAMES[0]);
    let at = get("at");
    // Open at the section asked for (after it is on screen).
    if let Some(id) = at.clone() {
        request_animation_frame(move || {
            if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&format!("rules-{id}"))) {
                el.scroll_into_view();
            }
        });
    }
    let lang = move || shell.lang();
    let sections = rules
        .sections
        .iter()
        .map(|s| {
            let cards: Vec<Card> = s.cards.split_whitespace().filter_map(|c| c.parse().ok()).collect();
            let here = at.as_deref() == Some(s.id);
            view! {
                <section class="rules-section" class:here=here id=format!("rules-{}", s.id) data-testid="rules-section" data-section=s.id>
                    <h3><a href=rules_hash(rules.game, s.id)>{move || s.title(lang())}</a></h3>
                    {move || s.paragraphs(lang()).map(|p| view! { <p>{p}</p> }).collect_view()}
                    {(!cards.is_empty()).then(|| view! {
                        <div class="rules-cards">{cards.iter().map(|&c| view! { <CardFace card=c small=true/> }).collect_view()}</div>
                    })}
                </section>
            }
        })
        .collect_view();
    view! {
        <section class="screen page rules" data-testid="rules">
            <h2>{move || shell.t(Text::HowToPlay)} " · " {move || rules.name(lang())}</h2>
            <nav class="rules-games" data-testid="rules-games">
                {GAMES.iter().map(|g| view! {
                    <a class="chip" class:here=g.game == rules.game href=format!("#/rules?game={}", g.game)>{move || g.name(lang())}</a>
                }).collect_view()}
            </nav>
            <nav class="rules-toc" aria-label=move || shell.t(Text::HowToPlay)>
                {rules.sections.iter().map(|s| view! {
                    <a class="chip" href=rules_hash(rules.game, s.id)>{move || s.title(lang())}</a>
                }).collect_view()}
            </nav>
            {sections}
            <BackHome/>
        </section>
    }
}
