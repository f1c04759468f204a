//! The rummy hand on screen: the player's groups side by side (wrapping on a
//! phone), each labelled with what it is (pure sequence, sequence, set, loose),
//! cards tapped to select them. It renders a `HandGroups` and a selection; the
//! table owns both and changes them in its event handlers.

use crate::cards::{Card, Rank};
use crate::rummy::RummyCard;
use crate::ui_model::rummy::arrange::{GroupKind, HandGroups, Place};
use crate::ui_model::rummy::words::{card as card_words, group_kind};
use crate::web::shell::Shell;
use crate::web::cards::{colour_class, CardSvg};
use leptos::prelude::*;

/// A rummy card face: the shared card drawing (a printed joker as the joker),
/// `data-card` in the shared notation (`JK` for the printed joker), a badge on wild cards.
#[component]
pub fn RummyCardFace(card: RummyCard, wild: Option<Rank>, #[prop(optional)] small: bool) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let face = match card {
        RummyCard::Suited(c) => c,
        RummyCard::Joker => Card::BigJoker,
    };
    let is_wild = card.is_wild(wild) && !card.is_printed_joker();
    let class = format!("card {}{}{}", colour_class(face), if small { " mini" } else { "" }, if is_wild { " wild" } else { "" });
    view! {
        <span class=class data-card=card.to_string() role="img" aria-label=move || card_words(card, shell.lang())>
            <CardSvg card=face plain_joker=card.is_printed_joker()/>
        </span>
    }
}

/// The hand in groups. `on_tap` gets the place of a tapped card.
#[component]
pub fn GroupedHand(
    groups: Signal<HandGroups>,
    selected: Signal<Vec<Place>>,
    wild: Signal<Option<Rank>>,
    on_tap: Callback<Place>,
    /// Cards may be tapped (false while watching the others).
    enabled: Signal<bool>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! {
        <div class="rummy-hand" data-testid="hand">
            {move || {
                let wild = wild.get();
                let sel = selected.get();
                let lang = shell.lang();
                groups.with(|hg| {
                    hg.groups().iter().enumerate().map(|(g, cards)| {
                        let kind = hg.kind(g, wild);
                        let (kind_key, meld) = match kind {
                            GroupKind::Meld(m) => (format!("{m:?}"), true),
                            GroupKind::Loose => ("Loose".to_string(), false),
                        };
                        let points: u32 = if meld { 0 } else { cards.iter().map(|c| c.points(wild)).sum() };
                        let label = if meld { group_kind(kind, lang).to_string() } else { format!("{} · {points}", group_kind(kind, lang)) };
                        view! {
                            <div class="rummy-group" class:meld=meld data-testid="hand-group" data-kind=kind_key>
                                <span class="rummy-group-label">{label}</span>
                                <div class="rummy-group-cards">
                                    {cards.iter().enumerate().map(|(i, &c)| {
                                        let place = (g, i);
                                        let is_sel = sel.contains(&place);
                                        view! {
                                            <button type="button" class="hand-card rummy-card" class:selected=is_sel
                                                aria-pressed=if is_sel { "true" } else { "false" }
                                                disabled=move || !enabled.get()
                                                on:click=move |_| on_tap.run(place)>
                                                <RummyCardFace card=c wild=wild/>
                                            </button>
                                        }
                                    }).collect_view()}
                                </div>
                            </div>
                        }
                    }).collect_view()
                })
            }}
        </div>
    }
}
