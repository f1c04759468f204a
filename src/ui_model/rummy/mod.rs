//! The rummy table's model for the screen, pure and tested natively: the
//! player's arrangement of the hand (`arrange`), the table's words in English
//! and Chinese (`words`), and the hint — the best discard by the solver's
//! 14-card solve, whether the top discard helps, and whether the hand can be
//! declared — each with its reason.

pub mod arrange;
pub mod reasons;
pub mod rules;
pub mod words;

use crate::i18n::Lang;
use crate::rummy::game::{PhaseName, SeatView, Stage};
use crate::rummy::{discard_options, solve, Arrangement, RummyCard, Standing};
use arrange::HandGroups;
use words::{card, WhyInvalid};

/// What the hint tab says for the seat to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Before drawing: the count now, and what taking the top discard would make it.
    Draw { count: u32, top: Option<TopDiscard> },
    /// After drawing: the best card to discard and the count that leaves; `declare`
    /// when discarding it leaves a valid declaration.
    Discard { card: RummyCard, count: u32, declare: bool },
}

/// Whether the top discard helps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopDiscard {
    pub card: RummyCard,
    /// The count after taking it and discarding the best card.
    pub after: u32,
}

/// The hint for `v`'s seat, when it is that seat's turn to draw or discard.
pub fn advise(v: &SeatView) -> Option<Advice> {
    if v.phase != PhaseName::Play || v.turn != v.seat {
        return None;
    }
    match v.stage {
        Stage::Draw => {
            let now = solve(&v.hand, v.wild, &v.rules).ok()?;
            let top = v.top().filter(|_| v.top_takeable).and_then(|card| {
                let mut with = v.hand.clone();
                with.push(card);
                // The taken card may not go straight back.
                let best = discard_options(&with, v.wild, &v.rules).ok()?.into_iter().find(|d| d.discard != card)?;
                Some(TopDiscard { card, after: best.arrangement.points })
            });
            Some(Advice::Draw { count: now.points, top })
        }
        Stage::Discard { taken } => {
            let best = discard_options(&v.hand, v.wild, &v.rules).ok()?.into_iter().find(|d| Some(d.discard) != taken)?;
            Some(Advice::Discard { card: best.discard, count: best.arrangement.points, declare: best.arrangement.valid })
        }
    }
}

/// The hint as a sentence.
pub fn advice_text(a: &Advice, lang: Lang) -> String {
    match (a, lang) {
        (Advice::Draw { count, top: Some(t) }, Lang::En) if t.after < *count => format!(
            "Take the {}: your count goes from {count} to {} once you discard.",
            card(t.card, lang),
            t.after
        ),
        (Advice::Draw { count, top: Some(t) }, Lang::Zh) if t.after < *count => {
            format!("拿走{}：打出一张后，点数从 {count} 降到 {}。", card(t.card, lang), t.after)
        }
        (Advice::Draw { count, top: Some(t) }, Lang::En) => {
            format!("The {} does not lower your count ({count}): draw from the stock.", card(t.card, lang))
        }
        (Advice::Draw { count, top: Some(t) }, Lang::Zh) => format!("{}不能降低你的点数（{count}）：从牌堆摸。", card(t.card, lang)),
        (Advice::Draw { count, top: None }, Lang::En) => format!("Draw from the stock (your count is {count})."),
        (Advice::Draw { count, top: None }, Lang::Zh) => format!("从牌堆摸（你的点数是 {count}）。"),
        (Advice::Discard { card: c, declare: true, .. }, Lang::En) => {
            format!("Declare! Put the {} aside as your finishing card: the rest is a valid hand.", card(*c, lang))
        }
        (Advice::Discard { card: c, declare: true, .. }, Lang::Zh) => format!("可以宣告！把{}作为最后打出的牌：其余的牌成了。", card(*c, lang)),
        (Advice::Discard { card: c, count, .. }, Lang::En) => format!("Discard the {}: it leaves a count of {count}.", card(*c, lang)),
        (Advice::Discard { card: c, count, .. }, Lang::Zh) => format!("打出{}：剩下的点数是 {count}。", card(*c, lang)),
    }
}

/// Why `a` is not a valid declaration (`None` when it is).
pub fn why_invalid(a: &Arrangement) -> Option<WhyInvalid> {
    if a.valid {
        return None;
    }
    Some(match a.standing {
        Standing::NoPure => WhyInvalid::NoPure,
        Standing::PureOnly => WhyInvalid::NoSecond,
        Standing::Sequences => WhyInvalid::Loose(a.loose.len()),
    })
}

/// The declaration the player's groups make with the card at `finish` put aside,
/// scored: what the Declare button checks before anything is lost.
pub fn declaration(groups: &HandGroups, finish: arrange::Place, v: &SeatView) -> (Vec<Vec<RummyCard>>, Arrangement) {
    let kept = groups.without(finish);
    let a = crate::rummy::score_groups(&kept, &[], v.wild, &v.rules);
    (kept, a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::rummy::game::{Action, Game, Settings};

    #[test]
    fn the_hint_follows_the_turn_and_never_suggests_the_taken_card() {
        let mut g = Game::new(Settings::default(), TableSeed::parse("hint").unwrap()).unwrap();
        let first = g.view(0).turn;
        let v = g.view(first);
        let Some(Advice::Draw { count, top }) = advise(&v) else { panic!("{:?}", advise(&v)) };
        assert!(count > 0);
        assert!(advise(&g.view(1 - first)).is_none(), "not the other seat's turn");
        // Take the top discard: the hint never says to throw it straight back.
        if let Some(t) = top.filter(|_| v.top_takeable) {
            g.apply(first, &Action::TakeDiscard).unwrap();
            match advise(&g.view(first)) {
                Some(Advice::Discard { card, .. }) => assert_ne!(card, t.card),
                other => panic!("{other:?}"),
            }
        }
        let text = advice_text(&advise(&g.view(first)).unwrap(), Lang::En);
        assert!(!text.is_empty());
    }
}
