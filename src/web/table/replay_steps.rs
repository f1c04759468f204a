//! `#/replay/<code>` for every game (the code's game tag sends it to that game's page): a
//! table's record stepped forward and back — with the buttons, which stay at the bottom
//! of a phone's screen, or the arrow keys — through the stops its game chooses, hand by
//! hand (a picker when the record holds several): every move for rummy and mahjong, the
//! draw, the exchange and each trick for Shengji. The game reads the record once into
//! what its stops are drawn from and draws each stop ([`ReplayParts`]). A code that does
//! not read gets a clear message and a way home.

use crate::i18n::{Lang, Text};
use crate::record::replay_code::decode;
use crate::table::{replay, Codec, Record, Seat};
use crate::ui_model::code_words::code_error;
use crate::web::shell::{BackHome, Shell};
use leptos::prelude::*;

/// What a game gives the replay screen; `P` is the record as its stops are drawn from it.
pub struct ReplayParts<G: Codec, P> {
    /// The section's `data-testid` and class ("rummy-replay", "rummy-table").
    pub testid: &'static str,
    pub class: &'static str,
    pub title: fn(Lang) -> &'static str,
    /// Reads the record once; why not, phrased, if there is nothing to show.
    pub prepare: fn(Record<G>, Lang) -> Result<P, String>,
    /// The hand of each stop, in order ([`every_move`]: one stop before the first move and
    /// one after each).
    pub stops: fn(&P) -> Vec<u64>,
    /// Stop `at` drawn, from the chair of `seat` where the game offers the choice.
    pub frame: fn(&P, usize, Seat, Shell) -> AnyView,
    /// The seats a reader may sit in (0: no choice, the frame shows every seat).
    pub seats: fn(&P) -> usize,
}

/// The table after the first `moves` moves of `record`.
pub fn at_step<G: Codec>(record: &Record<G>, moves: usize) -> Option<G> {
    let prefix = Record { settings: record.settings.clone(), seed: record.seed.clone(), actions: record.actions[..moves.min(record.actions.len())].to_vec() };
    replay(&prefix).ok()
}

/// A stop before the first move and after each move, all in one hand.
pub fn every_move<G: Codec>(record: &Record<G>) -> Vec<u64> {
    vec![0; record.actions.len() + 1]
}

/// The seats of the record's table.
pub fn seats_of<G: Codec>(record: &Record<G>) -> usize {
    at_step(record, 0).map(|g| g.players()).unwrap_or(0)
}

/// "Seat 2" / "2号位".
pub fn seat_label(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Seat {}", seat + 1),
        Lang::Zh => format!("{}号位", seat + 1),
    }
}

/// Arrow keys step a replay (Left back, Right forward, Home to the start, End to the end)
/// while the screen is shown, except while typing in a field.
fn step_with_keys(back: impl Fn() + 'static, forward: impl Fn() + 'static, first: impl Fn() + 'static, last: impl Fn() + 'static) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if typing || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => back(),
            "ArrowRight" => forward(),
            "Home" => first(),
            "End" => last(),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || keys.remove());
}

fn bad_replay(shell: Shell, title: fn(Lang) -> &'static str, message: String) -> AnyView {
    view! {
        <section class="screen page" data-testid="replay-error">
            <h2>{move || title(shell.lang())}</h2>
            <p class="notice" role="alert" data-testid="replay-error-message">{move || shell.t(Text::BadReplayLink)}{message.clone()}</p>
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The replay screen of `code` for game `G` (see the module's header).
pub fn replay_screen<G: Codec + 'static, P: 'static>(code: String, parts: ReplayParts<G, P>) -> AnyView {
    let shell = expect_context::<Shell>();
    let prepared = decode::<G>(&code).map_err(|e| code_error(&e, shell.lang())).and_then(|r| (parts.prepare)(r, shell.lang()));
    let prepared = match prepared {
        Ok(p) => p,
        Err(why) => return bad_replay(shell, parts.title, why),
    };
    let hand_of = (parts.stops)(&prepared);
    let mut hands = hand_of.clone();
    hands.dedup();
    let Some(&last_hand) = hands.last() else {
        return bad_replay(shell, parts.title, String::new());
    };
    let players = (parts.seats)(&prepared);
    let (title, frame) = (parts.title, parts.frame);
    let prepared = StoredValue::new_local(prepared);
    let hand_of = StoredValue::new(hand_of);
    // The hand shown, and the stop within that hand's bounds.
    let hand = RwSignal::new(last_hand);
    let bounds = move || {
        let h = hand.get();
        hand_of.with_value(|v| (v.iter().position(|&x| x == h).unwrap_or(0), v.iter().rposition(|&x| x == h).unwrap_or(0)))
    };
    let at = RwSignal::new(untrack(bounds).0);
    let seat = RwSignal::new(0usize);
    let go = move |to: usize| {
        let (start, end) = untrack(bounds);
        at.set(to.clamp(start, end));
    };
    let back = move || go(at.get_untracked().saturating_sub(1));
    let forward = move || go(at.get_untracked() + 1);
    let first = move || go(0);
    let last = move || go(usize::MAX);
    step_with_keys(back, forward, first, last);

    // First, Back, Forward, Last: one button type for all four.
    let buttons = [
        ("replay-first", "« ", Text::ReplayFirst, ""),
        ("replay-back", "◀ ", Text::ReplayBack, ""),
        ("replay-forward", "", Text::ReplayForward, " ▶"),
        ("replay-last", "", Text::ReplayLast, " »"),
    ];
    let controls = buttons
        .into_iter()
        .enumerate()
        .map(|(i, (id, before, text, after))| {
            let disabled = move || {
                let (start, end) = bounds();
                if i < 2 { at.get() <= start } else { at.get() >= end }
            };
            let click = move |_| match i {
                0 => first(),
                1 => back(),
                2 => forward(),
                _ => last(),
            };
            view! {
                <button type="button" class="button" class:primary=i == 2 data-testid=id disabled=disabled on:click=click>
                    {before} {move || shell.t(text)} {after}
                </button>
            }
        })
        .collect_view();
    let hand_picker = (hands.len() > 1).then(|| {
        view! {
            <div class="replay-hands" data-testid="replay-hands">
                {hands.iter().map(|&h| view! {
                    <button type="button" class="button" class:primary=move || hand.get() == h
                        on:click=move |_| { hand.set(h); at.set(untrack(bounds).0); }>
                        {move || match shell.lang() {
                            Lang::En => format!("{} {}", shell.t(Text::HandNumber), h + 1),
                            Lang::Zh => format!("第{}{}", h + 1, shell.t(Text::HandNumber)),
                        }}
                    </button>
                }).collect_view()}
            </div>
        }
    });
    let seat_choice = (players > 0).then(|| {
        view! {
            <div class="replay-tools">
                <select class="replay-seat" data-testid="replay-seat-choice" prop:value=move || seat.get().to_string()
                    on:change=move |ev| {
                        if let Ok(s) = event_target_value(&ev).parse::<usize>() {
                            seat.set(s);
                        }
                    }>
                    {(0..players).map(|s| view! { <option value=s.to_string()>{move || seat_label(s, shell.lang())}</option> }).collect_view()}
                </select>
            </div>
        }
    });
    view! {
        <section class=format!("screen replay {}", parts.class) data-testid=parts.testid>
            <h2>{move || title(shell.lang())}</h2>
            {hand_picker}
            <div class="replay-controls">{controls}</div>
            <p class="replay-keys">{move || shell.t(Text::ReplayKeys)}</p>
            {seat_choice}
            {move || {
                let (i, s) = (at.get(), seat.get());
                prepared.with_value(|p| frame(p, i, s, shell))
            }}
            <BackHome/>
        </section>
    }
    .into_any()
}

/// A stop of [`every_move`]: the move in words (`start` before the first) and the board
/// as `seat` saw it after the move.
pub fn move_frame<G: Codec>(
    record: &Record<G>,
    at: usize,
    seat: Seat,
    shell: Shell,
    start: fn(Lang) -> &'static str,
    describe: fn(&G, Seat, &G::Action, Lang) -> String,
    board: fn(G::View) -> AnyView,
) -> AnyView {
    let lang = shell.lang();
    let total = record.actions.len();
    let line = match at.checked_sub(1).and_then(|i| record.actions.get(i)) {
        None => start(lang).to_string(),
        Some((who, action)) => at_step(record, at - 1).map(|before| describe(&before, *who, action, lang)).unwrap_or_default(),
    };
    view! {
        <p class="status-line" role="status" data-testid="replay-move" data-step=at.to_string()>{format!("{at} / {total} · ")}{line}</p>
        {at_step(record, at).map(|g| board(g.view(seat)))}
    }
    .into_any()
}
