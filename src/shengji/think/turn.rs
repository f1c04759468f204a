//! A seat's turn in the play, worked out in the bot worker so that the pages that only draw
//! a table (the host's and the guest's) never link the matcher: whether the selected cards
//! follow the lead ([`Check::Follow`]), how a selection being led reads ([`Check::Lead`]),
//! and, as a turn to follow begins, the play the hand leaves no choice about or the forced
//! play to select first ([`Check::Start`]). Pure: the worker only moves the bytes.

use crate::cards::Card;
use crate::shengji::{Follower, Format, IllegalPlay, Lead, Rules};
use serde::{Deserialize, Serialize};

/// The trick being followed: the lead's cards and the reading its leader chose
/// (`None`: the lead's own parse).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Led {
    pub cards: Vec<Card>,
    pub format: Option<Format>,
}

impl Led {
    /// The lead as its leader read it; `None` when it does not read so.
    pub fn read(&self, rules: &Rules) -> Option<Lead> {
        match &self.format {
            Some(f) => Lead::with_format(rules, &self.cards, f).ok(),
            None => Lead::parse(rules, &self.cards).ok(),
        }
    }
}

/// A question about a turn (one [`super::Job::Turn`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Check {
    /// Whether `play` follows `led` from `hand` (the hand still holding it).
    Follow { rules: Rules, led: Led, hand: Vec<Card>, play: Vec<Card> },
    /// How `play`, led, reads: every reading, the chosen parse first.
    Lead { rules: Rules, play: Vec<Card> },
    /// A turn to follow begins: the only play, or else the forced play (its weakest cards).
    Start { rules: Rules, led: Led, hand: Vec<Card> },
}

/// The worker's answer to a [`Check`] of the same kind; `None` for a lead that does not read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Checked {
    Follow(Result<(), IllegalPlay>),
    Lead(Vec<Format>),
    Start { only: Option<Vec<Card>>, forced: Option<Vec<Card>> },
}

/// Answers `check` (see [`Check`]).
pub fn check(check: &Check) -> Option<Checked> {
    Some(match check {
        Check::Follow { rules, led, hand, play } => {
            let lead = led.read(rules)?;
            Checked::Follow(Follower::new(rules, &lead, hand).check(play))
        }
        Check::Lead { rules, play } => Checked::Lead(Lead::parses(rules, play).ok()?.into_iter().map(|l| l.format).collect()),
        Check::Start { rules, led, hand } => {
            let lead = led.read(rules)?;
            let follower = Follower::new(rules, &lead, hand);
            match follower.only_play() {
                Some(only) => Checked::Start { only: Some(only), forced: None },
                None => Checked::Start { only: None, forced: follower.forced_plays(1).into_iter().next() },
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::game::Game;
    use crate::shengji::think::Job;
    use crate::shengji::{check_play, Trump};
    use crate::table::think::{self, Answer, Kind};

    fn rules() -> Rules {
        Rules::new("4S".parse::<Trump>().unwrap(), 2).unwrap()
    }
    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s, None).unwrap()
    }
    fn led(s: &str) -> Led {
        Led { cards: cards(s), format: None }
    }

    #[test]
    fn a_follow_is_checked_as_check_play_checks_it() {
        let r = rules();
        let lead = Lead::parse(&r, &cards("KH KH")).unwrap();
        let hand = cards("3H 3H 5H 9C");
        for play in ["3H 3H", "3H 5H", "5H 9C", "3H"] {
            let play = cards(play);
            let asked = Check::Follow { rules: r.clone(), led: led("KH KH"), hand: hand.clone(), play: play.clone() };
            assert_eq!(check(&asked), Some(Checked::Follow(check_play(&r, &lead, &hand, &play))));
        }
        // The pair must be followed by the pair: refused, with the reason.
        let asked = Check::Follow { rules: r, led: led("KH KH"), hand, play: cards("3H 5H") };
        assert!(matches!(check(&asked), Some(Checked::Follow(Err(IllegalPlay::MustMatch { .. })))));
    }

    #[test]
    fn a_turn_starts_with_the_only_play_or_the_forced_one() {
        let r = rules();
        // Exactly as many hearts as the lead: those are the play.
        let only = Check::Start { rules: r.clone(), led: led("KH KH"), hand: cards("3H 5H 9C AC") };
        assert_eq!(check(&only), Some(Checked::Start { only: Some(cards("3H 5H")), forced: None }));
        // A pair of hearts among more: the pair is forced, and selected first.
        let forced = Check::Start { rules: r, led: led("KH KH"), hand: cards("3H 3H 5H 9C") };
        assert_eq!(check(&forced), Some(Checked::Start { only: None, forced: Some(cards("3H 3H")) }));
    }

    #[test]
    fn a_lead_lists_its_readings_and_an_unreadable_lead_is_no_answer() {
        // Three decks: 2-2-3-3-3 is a 2233 tractor and a 3, or a triple and a pair.
        let r = Rules::new("AS".parse::<Trump>().unwrap(), 3).unwrap();
        let asked = Check::Lead { rules: r.clone(), play: cards("2H 2H 3H 3H 3H") };
        let readings = ["{[2, 2], [1]}", "{[3], [2]}"].map(|f| f.parse::<Format>().unwrap()).to_vec();
        assert_eq!(check(&asked), Some(Checked::Lead(readings)));
        // A lead of two suits at once does not read: there is nothing to follow.
        assert_eq!(check(&Check::Start { rules: r, led: led("KH 9C"), hand: cards("3H") }), None);
    }

    #[test]
    fn the_worker_answers_a_turn_as_the_function_does() {
        let asked = Check::Start { rules: rules(), led: led("KH KH"), hand: cards("3H 3H 5H 9C") };
        let bytes = think::work::<Game>(&think::job::<Game, _>(Kind::Other, &Job::Turn(asked.clone())));
        assert_eq!(think::answer::<Game, Checked>(Kind::Other, &bytes), Answer::Done(check(&asked).unwrap()));
    }
}
