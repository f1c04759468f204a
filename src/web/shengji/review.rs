//! The end of a hand, drawn: the trick-by-trick review (who led, every play, the
//! winner, the points) shared by every table, and the local table's result card
//! (your score, a share link carrying your result, friends' results side by side,
//! the replay link).

use crate::i18n::{Lang, Text};
use crate::record::duplicate::{DuplicateResult, SeedResults, Source};
use crate::shengji::game::{Game, Seat, TrickRecord};
use crate::ui_model::phrase::throw_failed;
use crate::web::shell::Shell;
use crate::web::cards::CardFace;
use leptos::prelude::*;

/// "Hand 2" / "第2局": a counted noun in the player's language.
pub fn numbered(shell: Shell, noun: Text, n: impl std::fmt::Display) -> String {
    match shell.lang() {
        Lang::En => format!("{} {n}", shell.t(noun)),
        Lang::Zh => format!("第{n}{}", shell.t(noun)),
    }
}

/// Levels gained (+2), lost (−1) or neither (±0), as the result tables show them.
pub fn signed_levels(n: i32) -> String {
    match n {
        0 => "±0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

/// One finished trick: its number, who led, every play (lead first), the winner and
/// its points. Shared by the end-of-hand review and the replay screen.
#[component]
pub fn TrickRow(
    /// 1-based trick number.
    number: usize,
    trick: TrickRecord,
    names: Vec<String>,
    /// Seats on the landlord's side: points they win do not count for the attackers.
    #[prop(optional)]
    landlord_team: Vec<Seat>,
    /// Your seat, when the names call it "You" ("You win", not "You wins").
    me: Option<Seat>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = shell.prefs.with_untracked(|p| p.lang());
    let name = |s: Seat| names.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1));
    let winner = trick.winner;
    let stoppers: Vec<String> = trick.stopped_by.iter().map(|&s| name(s)).collect();
    let scoring = trick.points > 0 && !landlord_team.is_empty() && !landlord_team.contains(&winner);
    view! {
        <li class="review-trick" data-testid="review-trick" data-winner=winner.to_string() data-points=trick.points.to_string()>
            <div class="review-head">
                <b>{numbered(shell, Text::TrickNumber, number)}</b>
                <span>{shell.t(Text::LedBy)} " " {name(trick.leader)}</span>
                <span class="review-winner">{name(winner)} " " {shell.t(if me == Some(winner) { Text::Win } else { Text::Wins })}</span>
                {(trick.points > 0).then(|| view! {
                    <span class="review-points" class:scoring=scoring>{trick.points} " " {shell.t(Text::Pts)}</span>
                })}
            </div>
            <div class="review-plays">
                {trick.plays.iter().map(|(seat, cards)| view! {
                    <div class="review-play" class:winner=*seat == winner data-seat=seat.to_string()>
                        <span class="review-name">{name(*seat)}</span>
                        <span class="review-cards">{cards.iter().map(|&c| view! { <CardFace card=c/> }).collect_view()}</span>
                    </div>
                }).collect_view()}
            </div>
            {trick.failed_throw.as_ref().map(|f| view! {
                <p class="review-note">{throw_failed(&name(trick.leader), f, &stoppers, lang)}</p>
            })}
        </li>
    }
}

/// The trick-by-trick review of a hand, in a collapsible section.
#[component]
pub fn TrickReview(
    tricks: Vec<TrickRecord>,
    names: Vec<String>,
    #[prop(optional)] landlord_team: Vec<Seat>,
    /// Your seat, when the names call it "You".
    #[prop(optional)]
    me: Option<Seat>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let count = tricks.len();
    view! {
        <details class="review" data-testid="review" open>
            <summary>{shell.t(Text::Review)} " (" {count} ")"</summary>
            <ol class="review-list">
                {tricks.into_iter().enumerate().map(|(i, t)| view! {
                    <TrickRow number=i + 1 trick=t names=names.clone() landlord_team=landlord_team.clone() me=me/>
                }).collect_view()}
            </ol>
        </details>
    }
}

/// A read-only link with a Copy button (when the browser refuses to copy, the
/// text can still be selected and copied by hand).
#[component]
pub fn LinkBox(url: String, #[prop(into)] testid: String) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let copied = RwSignal::new(false);
    let copy_url = url.clone();
    view! {
        <div class="link-row">
            <input type="text" readonly value=url data-testid=testid.clone()
                on:focus=|ev| {
                    if let Some(input) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok()) {
                        input.select();
                    }
                }/>
            <button type="button" class="button" data-testid=format!("copy-{testid}")
                on:click=move |_| crate::web::table::share::copy_text(&copy_url, move |ok| copied.set(ok))>
                {move || if copied.get() { shell.t(Text::Copied) } else { shell.t(Text::Copy) }}
            </button>
        </div>
    }
}

/// The local table's result card: your score on this deal, the results of friends
/// who played the same deal (side by side, best first), a link that carries your
/// result and the replay link.
#[component]
pub fn ResultCard(
    mine: DuplicateResult<Game>,
    /// Friends' results on this deal (read from their links).
    friends: Vec<DuplicateResult<Game>>,
    /// The share link with your result (first hands only).
    share_url: Option<String>,
    /// `#/replay/<code>` of the table's record.
    replay_hash: String,
    replay_url: String,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let mut all = SeedResults::new(&mine.seed);
    all.merge(Source::Mine, mine.clone());
    for f in friends {
        all.merge(Source::Link, f);
    }
    let rows: Vec<(bool, DuplicateResult<Game>)> = all
        .ranked(mine.fingerprint, mine.hand)
        .into_iter()
        .map(|s| (s.source == Source::Mine, s.result.clone()))
        .collect();
    let side = move |r: &DuplicateResult<Game>| shell.t(if r.landlord_side { Text::Defenders } else { Text::Attackers });
    let swing = |r: &DuplicateResult<Game>| signed_levels(r.level_swing());
    let who = move |mine: bool, r: &DuplicateResult<Game>| {
        if mine {
            shell.t(Text::You).to_string()
        } else {
            let seat = format!("{} {}", shell.t(Text::SeatLabel), r.seat + 1);
            match &r.name {
                Some(n) => format!("{n} · {seat}"),
                None => format!("{} · {seat}", shell.t(Text::Friend)),
            }
        }
    };
    let outcome = if mine.won { Text::YourSideWon } else { Text::YourSideLost };
    view! {
        <div class="result-card" class:won=mine.won class:lost=!mine.won data-testid="result-card"
            data-won=mine.won.to_string() data-points=mine.attacker_points.to_string()>
            <h4>{shell.t(Text::YourResult)}</h4>
            <div class="result-score">
                <span class="result-outcome" data-testid="result-outcome">{shell.t(outcome)} " " <b>{swing(&mine)}</b></span>
                <span>{shell.t(if mine.landlord_side { Text::YouDefended } else { Text::YouAttacked })}</span>
                <span>{shell.t(Text::AttackerPoints)} ": " <b>{mine.attacker_points}</b></span>
            </div>
            {(rows.len() > 1).then(|| view! {
                <table class="compare" data-testid="compare">
                    <caption>{shell.t(Text::CompareTitle)}</caption>
                    <thead><tr>
                        <th>{shell.t(Text::Player)}</th><th>{shell.t(Text::Side)}</th>
                        <th>{shell.t(Text::AttackerPoints)}</th><th>{shell.t(Text::LevelChanges)}</th>
                    </tr></thead>
                    <tbody>
                        {rows.iter().map(|(is_me, r)| view! {
                            <tr class:me=*is_me data-testid="compare-row" data-mine=is_me.to_string()>
                                <td>{who(*is_me, r)}</td><td>{side(r)}</td>
                                <td data-testid="compare-points">{r.attacker_points}</td><td>{swing(r)}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            })}
            {match share_url {
                Some(url) => view! {
                    <p class="result-hint">{shell.t(Text::ShareResult)}</p>
                    <LinkBox url=url testid="share-link"/>
                }.into_any(),
                None => view! { <p class="result-hint">{shell.t(Text::ResultLinkFirstHand)}</p> }.into_any(),
            }}
            <p class="result-hint">{shell.t(Text::ReplayLink)}</p>
            <LinkBox url=replay_url testid="replay-link"/>
            <a class="button" href=shell.link(&replay_hash) data-testid="watch-replay">{shell.t(Text::WatchReplay)}</a>
        </div>
    }
}
