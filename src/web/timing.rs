//! The timing page (`#/timing`): runs `ui_model::timing` in this browser with
//! `performance.now()` as the clock, one position per browser task (the page
//! stays responsive and shows progress), and shows median, p90, p99 and worst
//! for each measure next to the targets, with the user agent. The Experts' decisions
//! are timed where they think: Shengji's in the bot worker, rummy's and mahjong's in their
//! games' table workers (named by the page's meta tags).

use crate::i18n::Text;
use crate::ui_model::timing::experts::{TimedGame, WorkerTable};
use crate::ui_model::timing::{format_ms, ExchangeTable, ExpertTable, Measure, Run, Stats, MIN_SAMPLE_MS};
use crate::web::shell::{BackHome, Shell};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const DEFAULT_POSITIONS: usize = 200;
const MAX_POSITIONS: usize = 5000;

fn label(m: Measure) -> Text {
    match m {
        Measure::FirstHintRow => Text::TimingFirstHint,
        Measure::HintList => Text::TimingHintList,
        Measure::Legality => Text::TimingLegality,
        Measure::BotMove2Decks => Text::TimingBot2,
        Measure::BotMove4Decks => Text::TimingBot4,
        Measure::ExpertMove => Text::TimingExpert,
        Measure::ExpertExchange => Text::TimingExpertExchange,
        Measure::ExpertBid => Text::TimingExpertBid,
        Measure::ExpertRummy => Text::TimingExpertRummy,
        Measure::ExpertMahjong => Text::TimingExpertMahjong,
    }
}

fn user_agent() -> String {
    web_sys::window().and_then(|w| w.navigator().user_agent().ok()).unwrap_or_default()
}

/// Times `n` decisions that `G`'s Expert searched at a [`WorkerTable`], each asked of and
/// timed by `G`'s table worker, into `measure`. `Err(None)`: the page was left meanwhile.
async fn time_in_worker<G: TimedGame>(
    measure: Measure,
    n: usize,
    run: &mut Run,
    results: RwSignal<Vec<(Measure, Option<Stats>)>>,
    alive: &AtomicBool,
    shell: Shell,
) -> Result<(), Option<String>> {
    let mut table = WorkerTable::<G>::new()?;
    // The first searched decisions are not counted: a worker builds its lookup tables on
    // its first (mahjong's, about a second).
    let mut warm_up = crate::ui_model::timing::WARM_UP;
    while run.samples(measure).len() < n {
        let job = table.job()?;
        let answer =
            crate::web::worker::ask_at(G::WORKER, &job).await.ok_or_else(|| Some(shell.t(Text::NoBotWorker).to_string()))?;
        if !alive.load(Ordering::Relaxed) {
            return Err(None);
        }
        if !table.answered(&answer.bytes)? {
            continue;
        }
        if warm_up > 0 {
            warm_up -= 1;
        } else {
            run.record(measure, answer.millis);
            results.set(Measure::ALL.iter().map(|&m| (m, run.stats(m))).collect());
        }
    }
    Ok(())
}

/// The positions box: a whole number from 1 to the maximum, else the default.
fn parse_positions(text: &str) -> usize {
    text.trim().parse::<usize>().ok().filter(|&n| n >= 1).map_or(DEFAULT_POSITIONS, |n| n.min(MAX_POSITIONS))
}

#[component]
pub fn TimingPage() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let positions = RwSignal::new(DEFAULT_POSITIONS.to_string());
    let running = RwSignal::new(false);
    let progress = RwSignal::new(None::<(usize, usize)>);
    let results = RwSignal::new(Vec::<(Measure, Option<Stats>)>::new());
    let error = RwSignal::new(None::<String>);
    let alive = Arc::new(AtomicBool::new(true));
    {
        let alive = alive.clone();
        on_cleanup(move || alive.store(false, Ordering::Relaxed));
    }

    let start = move |_| {
        if running.get_untracked() {
            return;
        }
        let n = parse_positions(&positions.get_untracked());
        positions.set(n.to_string());
        let Some(perf) = web_sys::window().and_then(|w| w.performance()) else {
            error.set(Some("performance.now() is not available".into()));
            return;
        };
        let mut run = match Run::new(n, MIN_SAMPLE_MS) {
            Ok(r) => r,
            Err(e) => {
                error.set(Some(e));
                return;
            }
        };
        error.set(None);
        results.set(Vec::new());
        progress.set(Some((0, n)));
        running.set(true);
        let alive = alive.clone();
        spawn_local(async move {
            let mut clock = move || perf.now();
            while !run.is_finished() {
                // Let input and painting go first.
                TimeoutFuture::new(0).await;
                if !alive.load(Ordering::Relaxed) {
                    return;
                }
                if let Err(e) = run.step(&mut clock) {
                    error.set(Some(e));
                    break;
                }
                progress.set(Some((run.done(), run.total())));
                results.set(Measure::ALL.iter().map(|&m| (m, run.stats(m))).collect());
            }
            // The Expert's decisions, each timed by the bot worker on its own thread: its
            // plays and bids, then its exchanges. `Err(None)`: the page was left meanwhile.
            let ask = |job: Vec<u8>| {
                let alive = alive.clone();
                async move {
                    let answer = crate::web::worker::ask(&job).await.ok_or_else(|| Some(shell.t(Text::NoBotWorker).to_string()))?;
                    if alive.load(Ordering::Relaxed) { Ok(answer) } else { Err(None) }
                }
            };
            let experts = async {
                let mut table = ExpertTable::new()?;
                while [Measure::ExpertMove, Measure::ExpertBid].iter().any(|&m| run.samples(m).len() < n) {
                    let (job, measure) = table.job()?;
                    let answer = ask(job).await?;
                    table.answered(&answer.bytes)?;
                    if let Some(m) = measure {
                        run.record(m, answer.millis);
                        results.set(Measure::ALL.iter().map(|&m| (m, run.stats(m))).collect());
                    }
                }
                let mut table = ExchangeTable::new()?;
                while run.samples(Measure::ExpertExchange).len() < n {
                    let answer = ask(table.job()?).await?;
                    table.answered(&answer.bytes)?;
                    run.record(Measure::ExpertExchange, answer.millis);
                    results.set(Measure::ALL.iter().map(|&m| (m, run.stats(m))).collect());
                }
                // Rummy's and mahjong's Experts, each in its game's table worker.
                time_in_worker::<crate::rummy::game::Game>(Measure::ExpertRummy, n, &mut run, results, &alive, shell).await?;
                // Its table's moves read the engine's win-check tables.
                crate::web::mahjong::build_tables_in_slices().await;
                time_in_worker::<crate::mahjong::game::Game>(Measure::ExpertMahjong, n, &mut run, results, &alive, shell).await?;
                Ok::<(), Option<String>>(())
            };
            match experts.await {
                Err(None) => return,
                Err(Some(e)) => error.set(Some(e)),
                Ok(()) => {}
            }
            running.set(false);
        });
    };

    view! {
        <section class="screen page timing" data-testid="timing">
            <h2>{move || shell.t(Text::Timing)}</h2>
            <p>{move || shell.t(Text::TimingIntro)}</p>
            <div class="timing-controls">
                <label class="field">
                    <span>{move || shell.t(Text::TimingPositions)}</span>
                    <input type="number" inputmode="numeric" min="1" max=MAX_POSITIONS.to_string()
                        data-testid="timing-n"
                        prop:value=move || positions.get()
                        disabled=move || running.get()
                        on:change=move |ev| positions.set(event_target_value(&ev))/>
                </label>
                <button type="button" class="button primary" data-testid="timing-run"
                    disabled=move || running.get() on:click=start>
                    {move || if running.get() { shell.t(Text::TimingRunning) } else { shell.t(Text::TimingRun) }}
                </button>
            </div>
            <p class="timing-progress" data-testid="timing-progress" role="status" aria-live="polite"
                data-done=move || if progress.get().is_some() && !running.get() { "yes" } else { "no" }>
                {move || match progress.get() {
                    Some((done, total)) => format!("{done} / {total}"),
                    None => shell.t(Text::TimingNotRun).to_string(),
                }}
            </p>
            {move || error.get().map(|e| view! {
                <p class="notice" role="alert" data-testid="timing-error">{shell.t(Text::TimingFailed)}{e}</p>
            })}
            {results_table(results, shell)}
            <p class="timing-note">{move || shell.t(Text::TimingMethod)}</p>
            <p class="timing-note" data-testid="timing-ua">{move || shell.t(Text::TimingBrowser)} ": " <code>{user_agent()}</code></p>
            <BackHome/>
        </section>
    }
}

/// The results so far: median, p90, p99 and worst of each measure, with its target.
fn results_table(results: RwSignal<Vec<(Measure, Option<Stats>)>>, shell: Shell) -> impl IntoView {
    let rows = move || {
        let got = results.get();
        Measure::ALL
            .iter()
            .map(|&m| {
                let stats = got.iter().find(|(x, _)| *x == m).and_then(|(_, s)| *s);
                let target = m.target_ms();
                let met = match stats.and_then(|s| m.met(&s)) {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "",
                };
                let cell = move |v: Option<f64>, key: &'static str| {
                    view! { <td data-stat=key>{v.map(format_ms).unwrap_or_else(|| "—".into())}</td> }
                };
                view! {
                    <tr data-testid="timing-row" data-measure=m.key() data-met=met>
                        <th scope="row">
                            {shell.t(label(m))}
                            <small class="timing-target">
                                {match target {
                                    Some(t) => format!("{} {} ms", shell.t(Text::TimingTarget), t),
                                    None if m.on_expert_target() => shell.t(Text::TimingExpertTarget).to_string(),
                                    None => shell.t(Text::TimingNoTarget).to_string(),
                                }}
                            </small>
                        </th>
                        {cell(stats.map(|s| s.median), "median")}
                        {cell(stats.map(|s| s.p90), "p90")}
                        {cell(stats.map(|s| s.p99), "p99")}
                        {cell(stats.map(|s| s.worst), "worst")}
                    </tr>
                }
            })
            .collect_view()
    };

    view! {
        <div class="timing-scroll">
            <table class="timing-table" data-testid="timing-table">
                <thead>
                    <tr>
                        <th scope="col">{move || shell.t(Text::TimingMeasure)}</th>
                        <th scope="col">{move || shell.t(Text::TimingMedian)}</th>
                        <th scope="col">"p90"</th>
                        <th scope="col">"p99"</th>
                        <th scope="col">{move || shell.t(Text::TimingWorst)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
