//! The top of a Shengji board (`board.rs`): the header (trump, landlord, friends, the
//! attackers' points), the announcements (the last trick, a friend revealed) and the
//! seats with their plays. Each reads the seat's view; only the announcements keep
//! state of their own.

use crate::cards::Card;
use crate::i18n::Text;
use crate::shengji::game::{PhaseName, Seat};
use crate::ui_model::phrase::{card_label, friend_revealed, nth_label, throw_failed, trump_label};
use crate::ui_model::rules::rules_hash;
use crate::web::cards::CardFace;
use crate::web::shell::Shell;
use crate::web::shengji::phases::Seen;
use leptos::prelude::*;

/// The header: trump, landlord, the friends called and the attackers' points.
pub(super) fn header(seen: Seen) -> impl IntoView {
    let Seen { view, .. } = seen;
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let name = move |s: Seat| seen.name(s);
    move || {
        let v = view.get();
        let trump = match v.trump {
            Some(t) => trump_label(t, lang()),
            None => format!("{} · {}", v.trump_rank, shell.t(Text::NoTrumpYet)),
        };
        let landlord = v.landlord.map(&name).unwrap_or_else(|| "—".into());
        // Finding Friends: the calls, and who turned out to be each friend.
        let friends = v.friends.iter().map(|f| {
            let who = f.revealed.map(|s| format!(" ({})", name(s))).unwrap_or_default();
            format!("{} {}{who}", nth_label(f.friend.nth, lang()), card_label(f.friend.card, lang()))
        }).collect::<Vec<_>>().join(" · ");
        view! {
            <div class="table-meta">
                <span class="chip" data-testid="trump">{shell.t(Text::TrumpLabel)} ": " <b>{trump}</b></span>
                <span class="chip" data-testid="landlord"><a class="term" href=shell.link(&rules_hash("shengji", "landlord"))>{shell.t(Text::Landlord)}</a> ": " <b>{landlord}</b></span>
                {(!friends.is_empty()).then(|| view! { <span class="chip" data-testid="friends">{shell.t(Text::Friend)} ": " <b>{friends.clone()}</b></span> })}
                <span class="chip" data-testid="attacker-points">
                    {shell.t(Text::AttackerPoints)} ": " <b>{v.attacker_points}</b>
                    " (" <a class="term" href=shell.link(&rules_hash("shengji", "levels"))>{shell.t(Text::NextThreshold)}</a> " " {v.next_threshold} ")"
                </span>
            </div>
        }
    }
}

/// The announcements above the seats: the last trick's line (a button that shows that
/// trick on the table) and a friend revealed. Returns whether the last trick is shown, and
/// the two lines.
pub(super) fn announcements(seen: Seen) -> (RwSignal<bool>, impl IntoView) {
    let Seen { view, .. } = seen;
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let name = move |s: Seat| seen.name(s);
    // The last trick on demand: tapping the announcement shows it in place of the trick
    // being played, until tapped again or the next trick is complete.
    let show_last = RwSignal::new(false);
    let tricks_done = Memo::new(move |_| view.with(|v| v.tricks.len()));
    Effect::new(move |_| {
        tricks_done.track();
        show_last.set(false);
    });
    // A friend revealed: who, by which call, and the points that leave the attackers' count,
    // shown until the trick after the reveal is complete. Friends revealed before this board
    // opened (a resumed game) are not announced again.
    let revealed_seen = StoredValue::new(view.with_untracked(|v| v.friends.iter().filter_map(|f| f.revealed).collect::<Vec<_>>()));
    let reveal_note = RwSignal::new(None::<(String, Seat, usize)>);
    Effect::new(move |_| {
        let v = view.get();
        let seen = revealed_seen.get_value();
        let fresh = v.friends.iter().find(|f| f.revealed.is_some_and(|s| !seen.contains(&s)));
        if let Some((f, seat)) = fresh.and_then(|f| f.revealed.map(|s| (f, s))) {
            let points = v.points.get(seat).copied().unwrap_or(0);
            reveal_note.set(Some((friend_revealed(&name(seat), f.friend, points, lang()), seat, v.tricks.len())));
        }
        revealed_seen.set_value(v.friends.iter().filter_map(|f| f.revealed).collect());
    });
    let reveal_line = move || {
        let (text, seat, at) = reveal_note.get()?;
        (tricks_done.get() <= at + 1).then(|| view! {
            <p class="status-line friend-revealed" role="status" data-testid="friend-revealed" data-seat=seat.to_string()>{text}</p>
        })
    };
    // A failed throw in the trick being played: who threw, and who could beat it where
    // the table shows that.
    let throw_line = move || {
        let v = view.get();
        let t = v.trick.as_ref()?;
        let attempted = t.failed_throw.as_ref()?;
        let stoppers: Vec<String> = t.stopped_by.iter().map(|&s| name(s)).collect();
        let text = throw_failed(&name(t.leader), attempted, &stoppers, lang());
        Some(view! { <p class="status-line" role="status" data-testid="throw-failed">{text}</p> })
    };
    let last_trick_line = move || {
        let v = view.get();
        if v.phase != PhaseName::Play {
            return None;
        }
        let t = v.tricks.last()?;
        let n = v.tricks.len();
        // The landlord's side's points stay off screen where the table hides them.
        let points = if v.shows_points_of(t.winner) { t.points } else { 0 };
        let text = match lang() {
            crate::i18n::Lang::En => format!(
                "Trick {n}: {} won{}",
                name(t.winner),
                if points > 0 { format!(" {points} points") } else { String::new() }
            ),
            crate::i18n::Lang::Zh => format!(
                "第{n}轮：{}赢{}",
                name(t.winner),
                if points > 0 { format!("，得{points}分") } else { String::new() }
            ),
        };
        // Played from memory: the trick just won shows until the next lead, never on demand.
        if !v.shown.past_tricks {
            return Some(view! {
                <p class="last-trick-line" data-testid="last-trick" data-winner=t.winner.to_string()><span aria-live="polite">{text}</span></p>
            }.into_any());
        }
        Some(view! {
            <button type="button" class="last-trick-line" data-testid="last-trick" data-winner=t.winner.to_string()
                data-points=t.points.to_string() aria-pressed=move || show_last.get().to_string()
                on:click=move |_| show_last.update(|x| *x = !*x)>
                <span aria-live="polite">{text}</span>
                <span class="muted">{move || shell.t(if show_last.get() { Text::BackToTrick } else { Text::ShowLastTrick })}</span>
            </button>
        }.into_any())
    };
    (show_last, (last_trick_line, throw_line, reveal_line))
}

/// The seats: each one's name and tags, level, cards left, points, whether it is to act
/// (and its bot thinking), and the cards it played; the last trick, dimmed, while
/// `show_last` or between tricks.
pub(super) fn seat_strip(seen: Seen, show_last: RwSignal<bool>, thinking: Signal<Option<Seat>>) -> impl IntoView {
    let Seen { view, me, .. } = seen;
    let shell = expect_context::<Shell>();
    let name = move |s: Seat| seen.name(s);
    let seats = move || {
        let v = view.get();
        let current: Vec<(Seat, Vec<Card>)> = v.trick.as_ref().map(|t| t.plays.clone()).unwrap_or_default();
        // Between tricks (or on demand), the last trick is on the table, dimmed, its winner marked.
        let last = v.tricks.last();
        let (plays, old) = if current.is_empty() || (show_last.get() && last.is_some()) {
            (last.map(|t| t.plays.clone()).unwrap_or_default(), true)
        } else {
            (current, false)
        };
        let last_winner = if old { last.map(|t| t.winner) } else { None };
        (0..v.players)
            .map(|s| {
                let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
                let acting = v.to_act.first() == Some(&s) && v.phase != PhaseName::Finished;
                let landlord = v.landlord == Some(s);
                let team = v.landlord_team.contains(&s) && !landlord;
                let winning = if old { last_winner == Some(s) } else { v.trick.as_ref().and_then(|t| t.winning) == Some(s) };
                view! {
                    <div class="seat" class:me=s == me class:acting=acting data-testid="seat" data-seat=s.to_string()>
                        <div class="seat-head">
                            <b>{name(s)}</b>
                            {landlord.then(|| view! { <span class="tag landlord" title=shell.t(Text::Landlord)>{shell.t(Text::Landlord)}</span> })}
                            {team.then(|| view! { <span class="tag team">{shell.t(Text::LandlordTeam)}</span> })}
                        </div>
                        <div class="seat-info">
                            {shell.t(Text::Level)} " " {v.levels[s].to_string()} " · "
                            {v.hand_sizes[s]} " " {shell.t(if v.hand_sizes[s] == 1 { Text::CardLeft } else { Text::CardsLeft })}
                            {(v.points[s] > 0 && v.shows_points_of(s)).then(|| format!(" · {} {}", v.points[s], shell.t(Text::Pts)))}
                            {acting.then(|| view! { <span class="acting-dot">" · " {shell.t(Text::ToAct)}</span> })}
                            {move || (acting && thinking.get() == Some(s)).then(|| view! {
                                <span class="thinking" data-testid="thinking">{shell.t(Text::IsThinking)}</span>
                            })}
                        </div>
                        <div class="seat-play" class:old=old class:winning=winning data-testid="seat-play">
                            {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                        </div>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <div class="seats felt strip" data-testid="seats"
            data-showing=move || if show_last.get() { "last" } else { "current" }>{seats}</div>
    }
}
