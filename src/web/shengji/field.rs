//! "How did the field do?" on a Shengji result card: the hand just finished is played
//! again in the bot worker with a bot in your seat — the Normal bot and four Experts
//! (`shengji::think::FIELD`) — and the same bots around it, and your result is ranked
//! among theirs. The same seed and bots give the same field on every device, so two
//! friends who played the deal compare with the same robots, as at an online bridge
//! club's instant tournament.

use crate::i18n::Text;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::{Game, Seat, ShengjiResult};
use crate::shengji::think::{FieldAnswer, FieldJob, FieldPlayer, Job, Standing, FIELD};
use crate::table::think::{self, Answer, Kind};
use crate::web::shengji::review::signed_levels;
use crate::web::shell::Shell;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Where the field stands.
#[derive(Clone, Debug, PartialEq)]
enum Progress {
    NotAsked,
    /// The results so far, in `FIELD` order.
    Playing(Vec<ShengjiResult>),
    Done(Vec<ShengjiResult>),
    /// The worker could not play (no Worker here, or it refused).
    Unavailable,
}

/// The field comparison for `seat`'s result on `game`'s finished hand, the table's bots at `levels`.
#[component]
pub fn FieldComparison(game: Game, seat: Seat, levels: Vec<Difficulty>, mine: ShengjiResult) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let progress = RwSignal::new(Progress::NotAsked);
    let jobs: Vec<Vec<u8>> = FIELD
        .iter()
        .map(|&p| think::job::<Game, _>(Kind::Other, &Job::Field(FieldJob::new(&game, seat, &levels, p))))
        .collect();
    let jobs = StoredValue::new(jobs);
    let play = move |_| {
        progress.set(Progress::Playing(Vec::new()));
        spawn_local(async move {
            let mut found = Vec::new();
            for job in jobs.get_value() {
                let answer = match crate::web::worker::ask(&job).await {
                    Some(a) => think::answer::<Game, FieldAnswer>(Kind::Other, &a.bytes),
                    None => Answer::Refused,
                };
                match answer {
                    Answer::Done(a) => found.push(a.result),
                    Answer::Refused => {
                        progress.try_set(Progress::Unavailable);
                        return;
                    }
                }
                progress.try_set(Progress::Playing(found.clone()));
            }
            progress.try_set(Progress::Done(found));
        });
    };
    let name = move |p: FieldPlayer| match p {
        FieldPlayer::Normal => shell.t(Text::FieldNormalBot).to_string(),
        FieldPlayer::Expert(n) => format!("{} {}", shell.t(Text::FieldExpertBot), n + 1),
    };
    let side = move |r: &ShengjiResult| shell.t(if r.landlord_side { Text::Defenders } else { Text::Attackers });
    let row = move |who: String, r: ShengjiResult, is_me: bool| view! {
        <tr class:me=is_me data-testid="field-row" data-mine=is_me.to_string()>
            <td>{who}</td><td>{side(&r)}</td><td>{r.attacker_points}</td><td>{signed_levels(r.level_swing())}</td>
        </tr>
    };
    view! {
        <div class="field-compare" data-testid="field">
            <h4>{move || shell.t(Text::FieldTitle)}</h4>
            {move || match progress.get() {
                Progress::NotAsked => view! {
                    <p class="result-hint">{shell.t(Text::FieldExplained)}</p>
                    <button type="button" class="button" data-testid="field-play" on:click=play>{shell.t(Text::FieldPlay)}</button>
                }.into_any(),
                Progress::Unavailable => view! {
                    <p class="notice" data-testid="field-unavailable">{shell.t(Text::FieldUnavailable)}</p>
                }.into_any(),
                Progress::Playing(found) | Progress::Done(found) => {
                    let done = found.len() == FIELD.len();
                    let standing = Standing::of(&mine, &found);
                    // Your row among the field's, better results first (yours first among equals).
                    let mut rows: Vec<(String, ShengjiResult, bool)> =
                        found.iter().zip(FIELD).map(|(r, p)| (name(p), *r, false)).collect();
                    rows.insert(standing.better.min(rows.len()), (shell.t(Text::FieldYou).to_string(), mine, true));
                    let place = match shell.lang() {
                        crate::i18n::Lang::En => format!("You placed {} of {}", standing.place(), standing.of_total()),
                        crate::i18n::Lang::Zh => format!("你在{}人中排第{}", standing.of_total(), standing.place()),
                    };
                    view! {
                        {done.then(|| view! { <p class="field-place" data-testid="field-place"
                            data-place=standing.place().to_string()><b>{place}</b></p> })}
                        <table class="compare" data-testid="field-table">
                            <thead><tr>
                                <th>{shell.t(Text::Player)}</th><th>{shell.t(Text::Side)}</th>
                                <th>{shell.t(Text::AttackerPoints)}</th><th>{shell.t(Text::LevelChanges)}</th>
                            </tr></thead>
                            <tbody>{rows.into_iter().map(|(w, r, me)| row(w, r, me)).collect_view()}</tbody>
                        </table>
                        {(!done).then(|| view! { <p class="hint-pending" data-testid="field-playing">{shell.t(Text::FieldPlaying)}</p> })}
                    }.into_any()
                }
            }}
        </div>
    }
}
