//! The hint tab's rows, worked out in the bot worker (a page draws them, it never links
//! the search): the lead's formats strongest first, each with the first way the hand forms
//! it, the forced row, and — when the forced row lies further down — the formats in
//! between summed up as a gap. A page asks for the first page of rows and then, on "Show
//! more", for a page more ([`HintJob::extra`]).

use crate::cards::Card;
use super::turn::Led;
use crate::shengji::{short_suit_play, Format, Hints, Rules, Skipped};
use serde::{Deserialize, Serialize};

/// Rows shown at first, and added by each "Show more".
pub const PAGE: usize = 6;

/// The rows of a trick being followed that a hint tab shows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HintJob {
    pub rules: Rules,
    /// The lead, as its leader read it.
    pub led: Led,
    pub hand: Vec<Card>,
    /// Rows asked beyond the first page (a multiple of [`PAGE`]).
    pub extra: usize,
}

/// One row: a format of the lead and the first cards of the hand that form it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HintRow {
    /// Its place in the whole list (0: the lead's own format).
    pub index: usize,
    pub format: Format,
    /// `None`: the hand cannot form it.
    pub cards: Option<Vec<Card>>,
    /// Formats left out just before this row: a count, or too many to count.
    pub gap: Option<Option<usize>>,
}

/// What the hint tab shows for a [`HintJob`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HintAnswer {
    /// Rows in the whole list.
    pub total: usize,
    /// The row the rules force.
    pub forced: Option<usize>,
    /// The list stops before single cards (a lead too long to list in full).
    pub cut: bool,
    /// The hand is short in the led suit: all of it, then the weakest other cards.
    pub short: Option<Vec<Card>>,
    pub rows: Vec<HintRow>,
}

/// The rows on screen: the first page, then (when the forced row lies further down) the
/// forced row and the rows after it; the rows between are formats the hand cannot form and
/// are summed up in one line.
pub fn shown_rows(total: usize, forced: Option<usize>, extra: usize) -> Vec<usize> {
    match forced {
        Some(f) if f >= PAGE => (0..PAGE).chain(f..(f + PAGE + extra).min(total)).collect(),
        _ => (0..(PAGE + extra).min(total)).collect(),
    }
}

/// The hint tab's rows for `job`; `None` when its lead does not read as its format.
pub fn hint_rows(job: &HintJob) -> Option<HintAnswer> {
    let lead = job.led.read(&job.rules)?;
    let hints = Hints::new(&job.rules, &lead, &job.hand);
    let total = hints.len();
    let forced = hints.forced();
    let wanted = shown_rows(total, forced, job.extra);
    let rows = wanted
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let gap = match (hints.skipped_before(i), k.checked_sub(1).map(|p| wanted[p])) {
                (Skipped::Many, _) => Some(None),
                (Skipped::None, Some(prev)) if i > prev + 1 => Some(Some(i - prev - 1)),
                _ => None,
            };
            HintRow { index: i, format: hints.format(i), cards: hints.first_match(i).map(|m| m.to_vec()), gap }
        })
        .collect();
    Some(HintAnswer { total, forced, cut: hints.cut_after(), short: short_suit_play(&job.rules, &lead, &job.hand), rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::{Lead, Trump};

    fn job(trump: &str, decks: usize, lead: &str, hand: &str, extra: usize) -> HintJob {
        let rules = Rules::new(trump.parse::<Trump>().unwrap(), decks).unwrap();
        let lead = Lead::parse(&rules, &parse_cards(lead, None).unwrap()).unwrap();
        HintJob { rules, led: Led { cards: lead.cards.clone(), format: Some(lead.format.clone()) }, hand: parse_cards(hand, None).unwrap(), extra }
    }

    #[test]
    fn the_rows_are_the_hint_lists_rows_with_their_first_matches() {
        let j = job("4S", 2, "KH KH QH QH", "3H 3H 5H 6H 6H 8H 9C", 0);
        let a = hint_rows(&j).unwrap();
        let lead = j.led.read(&j.rules).unwrap();
        let hints = Hints::new(&j.rules, &lead, &j.hand);
        assert_eq!(a.total, hints.len());
        assert_eq!(a.forced, hints.forced());
        assert_eq!(a.rows.len(), hints.len().min(PAGE));
        for row in &a.rows {
            assert_eq!(row.format, hints.format(row.index));
            assert_eq!(row.cards.as_deref(), hints.first_match(row.index));
        }
        // The tractor cannot be followed with a tractor, but two pairs can.
        assert_eq!(a.rows[0].cards, None);
        assert!(a.rows.iter().any(|r| r.cards.as_ref().is_some_and(|c| c.len() == 4)));
        assert_eq!(a.short, None);
    }

    #[test]
    fn a_short_hand_gets_its_whole_suit_and_the_weakest_others() {
        let a = hint_rows(&job("4S", 2, "KH KH QH QH", "3H 5C 7D AS", 0)).unwrap();
        assert_eq!(a.short, Some(parse_cards("3H 5C 7D AS", None).unwrap()));
    }

    #[test]
    fn shown_rows_jump_to_the_forced_row_and_show_more_adds_a_page() {
        assert_eq!(shown_rows(4, Some(2), 0), vec![0, 1, 2, 3]);
        assert_eq!(shown_rows(20, Some(9), 0), vec![0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14]);
        assert_eq!(shown_rows(20, None, PAGE), (0..12).collect::<Vec<_>>());
        assert_eq!(shown_rows(20, Some(9), PAGE).len(), 6 + 11);
    }

    #[test]
    fn the_bot_worker_answers_a_hint_job_with_the_rows() {
        use crate::shengji::game::Game;
        use crate::shengji::think::Job;
        use crate::table::think::{self, Answer, Kind};
        let j = job("NT4", 3, "5H 5H 5H 6H 6H 6H", "3H 3H 3H 7H 7H 9H 9H 2C", 0);
        let bytes = think::work::<Game>(&think::job::<Game, _>(Kind::Other, &Job::Hints(j.clone())));
        assert_eq!(think::answer::<Game, HintAnswer>(Kind::Other, &bytes), Answer::Done(hint_rows(&j).unwrap()));
    }

    #[test]
    fn a_lead_that_does_not_read_as_its_format_gets_no_rows() {
        let mut j = job("4S", 2, "KH KH QH QH", "3H", 0);
        j.led.format = Some(Lead::parse(&j.rules, &parse_cards("KH", None).unwrap()).unwrap().format);
        assert_eq!(hint_rows(&j), None);
    }
}
