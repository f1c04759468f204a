//! Bots at a peer table: each seat's level, chosen in the lobby and saved with the table,
//! and bots that think in the bot worker — the page takes each job ([`Host::bot_job`]) and
//! hands the answer back ([`Host::bot_answer`]), and the table plays exactly as when the
//! jobs are answered in place; a late, refused or missing answer changes nothing.

use super::*;
use crate::table::think::{self, work};

/// A table whose bots' jobs go out the way a page sends them to the worker.
fn page_table(guests: usize) -> Table {
    Table::with_config(guests, HostConfig { stand_in_after: 1000, fair_timeout: 5000, flood: UNLIMITED, ..HostConfig::default() })
}

impl Table {
    /// Guests play and every bot job is answered as the worker would, until nobody can move.
    fn play_with_worker(&mut self, cap: usize) -> usize {
        let mut jobs = 0;
        loop {
            self.play_until_stuck(cap);
            let Some((ticket, job)) = self.host.bot_job() else { break };
            assert!(self.host.bot_job().is_none(), "a job is handed out once");
            let out = self.host.bot_answer(ticket, Some(&work::<Game>(&job)), self.now);
            self.deliver(out);
            jobs += 1;
        }
        jobs
    }

}

#[test]
fn bots_thinking_in_the_worker_play_the_table_their_jobs_answered_in_place_play() {
    // A table of bots only, so no person's timing orders the simultaneous bids.
    let here = started_table(0);
    assert_eq!(here.phase(), Some(PhaseName::Finished));
    let mut page = page_table(0);
    page.start();
    let jobs = page.play_with_worker(1000);
    assert!(jobs > 100, "every bot decision went out as a job ({jobs})");
    assert_eq!(page.host.game().unwrap().record(), here.host.game().unwrap().record());
    // With a guest, the hand ends and the guest verifies the deal.
    let mut page = page_table(1);
    page.start();
    page.play_with_worker(1000);
    assert_eq!(page.phase(), Some(PhaseName::Finished), "log: {:?}", page.host.log());
    assert_eq!(page.guests[0].verified, vec![Ok(())]);
}

#[test]
fn a_late_refused_or_missing_answer_changes_nothing_and_the_turn_waits() {
    let mut t = page_table(1);
    t.start();
    t.play_until_stuck(1);
    let (ticket, job) = t.host.bot_job().expect("the guest drew: a bot's turn");
    let before = t.host.game().unwrap().record();
    let logged = t.host.log_total();
    // A worker of another build refuses; a page without a worker has no answer.
    for answer in [Some(think::refused()), None] {
        assert!(t.host.bot_answer(ticket, answer.as_deref(), t.now).is_empty());
        assert_eq!(t.host.game().unwrap().record(), before);
    }
    assert_eq!(t.host.log_total(), logged + 2);
    assert!(matches!(t.host.log()[t.host.log().len() - 1].what, Logged::BotUnanswered { .. }));
    // The job is out already: the table waits for its answer, which still counts.
    assert!(t.host.bot_job().is_none());
    let good = work::<Game>(&job);
    let out = t.host.bot_answer(ticket, Some(&good), t.now);
    t.deliver(out);
    assert_eq!(t.host.game().unwrap().actions().len(), before.actions.len() + 1);
    // The same answer again is for a turn that has passed.
    assert!(t.host.bot_answer(ticket, Some(&good), t.now).is_empty());
}

#[test]
fn each_seat_keeps_the_bot_level_the_lobby_chose_through_moves_saves_and_restores() {
    let mut t = page_table(1);
    let out = t.host.set_bot_level(2, Difficulty::Expert).unwrap();
    t.deliver(out);
    let out = t.host.set_bot_level(3, Difficulty::Random).unwrap();
    t.deliver(out);
    assert_eq!(t.host.bot_levels(), [Difficulty::Heuristic, Difficulty::Heuristic, Difficulty::Expert, Difficulty::Random]);
    assert_eq!(t.guests[0].client.lobby.as_ref().map(|l| l.levels.clone()), Some(t.host.bot_levels().to_vec()), "guests see the levels");
    assert_eq!(t.host.set_bot_level(9, Difficulty::Expert).unwrap_err(), LobbyError::NoSuchSeat { seat: 9, players: 4 });
    // A bot keeps its level where it is moved.
    let out = t.host.move_player(2, 1).unwrap();
    t.deliver(out);
    assert_eq!(t.host.bot_levels()[1], Difficulty::Expert);
    // Saved and restored: the levels come back (seats of the default level save as before).
    let out = t.host.fill_with_bots();
    t.deliver(out);
    let snap = t.host.snapshot();
    assert_eq!(snap.seats[1], SavedSeat::BotAt(Difficulty::Expert));
    assert_eq!(snap.seats[2], SavedSeat::Bot);
    let text = crate::net::protocol::to_stored_text(&snap);
    let back: HostSnapshot<Game> = crate::net::protocol::from_stored_text(&text).unwrap();
    let restored = super::Host::restore(back, [9; 32], HostConfig::default(), t.now).unwrap();
    assert_eq!(restored.bot_levels(), t.host.bot_levels());
    // Once the game has started the levels stay.
    let out = t.host.start(t.now).unwrap();
    t.deliver(out);
    assert_eq!(t.host.set_bot_level(1, Difficulty::Random).unwrap_err(), LobbyError::Started);
}

#[test]
fn an_expert_bot_at_a_peer_table_thinks_in_the_worker_and_the_hand_ends() {
    let mut t = page_table(1);
    let out = t.host.set_bot_level(1, Difficulty::Expert).unwrap();
    t.deliver(out);
    t.start();
    t.play_with_worker(1000);
    assert_eq!(t.phase(), Some(PhaseName::Finished), "log: {:?}", t.host.log());
    assert_eq!(t.guests[0].verified, vec![Ok(())]);
}
