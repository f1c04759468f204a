//! Shengji's replay (`#/replay/<code>`, on its own page, `shengji/replay/`): the shared replay screen
//! (`web::table::replay_steps`) stopping, hand by hand, at the draw with its bids, the
//! exchange (the kitty, what was buried, the friends called), then trick by trick with
//! every hand shrinking, each trick's plays and winner and the points so far.

use crate::cards::Card;
use crate::i18n::{Lang, Text};
use crate::ui_model::shengji::{Prelude, Replay, ReplayStep};
use crate::shengji::game::{Game, HandResult, Seat};
use crate::ui_model::phrase::{cards_label, nth_label, trump_label};
use crate::web::shell::Shell;
use crate::web::cards::CardFace;
use crate::web::shengji::review::{numbered, TrickRow};
use crate::web::table::replay_steps::{replay_screen, ReplayParts};
use crate::table::Record;
use leptos::prelude::*;

/// Where the replay stops in a hand.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stop {
    /// Every hand as drawn, and the bids.
    Drawn(u64),
    /// The kitty, the bury and the friends called: the hands as the first trick is led.
    Exchange(u64),
    /// After the trick at this position (`Replay::seek`).
    Trick(u64, usize),
}

/// The record read once: its tricks and preludes, and the stops.
struct Stepped {
    replay: Replay,
    stops: Vec<Stop>,
}

fn prepare(record: Record<Game>, lang: Lang) -> Result<Stepped, String> {
    let replay = Replay::new(record).map_err(|e| crate::ui_model::code_words::replay_error(&e, lang))?;
    let mut stops = Vec::new();
    for hand in replay.hands() {
        let (start, end) = replay.hand_positions(hand);
        stops.extend([Stop::Drawn(hand), Stop::Exchange(hand)]);
        stops.extend((start + 1..=end).map(|p| Stop::Trick(hand, p)));
    }
    if stops.is_empty() {
        return Err(match lang {
            Lang::En => "it holds no trick to show".into(),
            Lang::Zh => "其中没有可显示的墩".into(),
        });
    }
    Ok(Stepped { replay, stops })
}

fn hands_of(s: &Stepped) -> Vec<u64> {
    s.stops.iter().map(|&(Stop::Drawn(h) | Stop::Exchange(h) | Stop::Trick(h, _))| h).collect()
}

/// The frame at a stop: the game there, the trick just played, how the hand began.
fn frame_at(s: &Stepped, stop: Stop, shell: Shell) -> Option<Frame> {
    let r = &s.replay;
    match stop {
        Stop::Drawn(hand) | Stop::Exchange(hand) => {
            let game = r.game_before_hand(hand)?.ok()?;
            let mut f = frame_of(&game, None, shell);
            if let Some(prelude) = r.prelude(hand) {
                let drawn = matches!(stop, Stop::Drawn(_));
                if drawn {
                    f.hands = prelude.drawn.clone();
                }
                f.prelude = Some((prelude.clone(), drawn));
            }
            Some(f)
        }
        Stop::Trick(_, p) => {
            let mut at = r.clone();
            at.seek(p);
            let game = at.game().ok()?;
            Some(frame_of(&game, r.steps().get(p - 1), shell))
        }
    }
}

/// The replay screen for `code`.
pub fn shengji_replay(code: String) -> AnyView {
    replay_screen::<Game, Stepped>(
        code,
        ReplayParts {
            testid: "replay",
            class: "wide table",
            title: |lang| lang.t(Text::ReplayTitle),
            prepare,
            stops: hands_of,
            frame: |s, at, _, shell| {
                let Some(&stop) = s.stops.get(at) else { return ().into_any() };
                frame_at(s, stop, shell).map(|f| draw(s, stop, f, shell)).into_any()
            },
            seats: |_| 0,
        },
    )
}

/// Everything that changes with the stop, drawn at once (one view type keeps the wasm
/// small; a step redraws the whole frame, which is cheap).
fn draw(s: &Stepped, stop: Stop, f: Frame, shell: Shell) -> AnyView {
    let (hand, p) = match stop {
        Stop::Drawn(h) | Stop::Exchange(h) => (h as usize, s.replay.hand_positions(h).0),
        Stop::Trick(h, p) => (h as usize, p),
    };
    let (start, end) = s.replay.hand_positions(hand as u64);
    let seed = s.replay.record().seed.clone();
    let players = f.hands.len();
    let seat_name = move |s: Seat| format!("{} {}", shell.t(Text::SeatLabel), s + 1);
    let names: Vec<String> = (0..players).map(seat_name).collect();
    let stage = match &f.prelude {
        Some((_, true)) => "draw",
        Some((_, false)) => "exchange",
        None if p <= start => "exchange",
        None => "trick",
    };
    let where_ = if stage == "draw" {
        shell.t(Text::ReplayDrawStage).to_string()
    } else if p <= start {
        shell.t(Text::BeforeFirstTrick).to_string()
    } else {
        format!("{} / {}", numbered(shell, Text::TrickNumber, p - start), end - start)
    };
    let chips = [
        ("", format!("{}: {}", shell.t(Text::Seed), seed)),
        ("replay-hand-number", numbered(shell, Text::HandNumber, hand + 1)),
        ("trump", format!("{}: {}", shell.t(Text::TrumpLabel), f.trump)),
        ("", format!("{}: {}", shell.t(Text::Landlord), f.landlord.map(seat_name).unwrap_or_else(|| "—".into()))),
        ("replay-points", format!("{}: {}", shell.t(Text::AttackersSoFar), f.attacker_points)),
    ];
    let plays: Vec<(Seat, Vec<Card>)> = f.step.as_ref().map(|s| s.trick.plays.clone()).unwrap_or_default();
    let winner = f.step.as_ref().map(|s| s.trick.winner);
    let result = f.result.as_ref().map(|r| {
        let changes = r.levels.iter().filter(|(_, a, b)| a != b)
            .map(|(s, a, b)| format!("{} {a}→{b}", seat_name(*s))).collect::<Vec<_>>().join(" · ");
        format!(
            "{}: {} ({} + {} {}) · {}: {changes}",
            shell.t(Text::AttackerPoints), r.attacker_points, r.attacker_trick_points,
            shell.t(Text::KittyBonus), r.kitty_bonus, shell.t(Text::LevelChanges)
        )
    });
    let seats = f.hands.iter().enumerate().map(|(s, hand)| {
        let played = plays.iter().find(|(p, _)| *p == s).map(|(_, c)| c.clone()).unwrap_or_default();
        let tag = if f.landlord == Some(s) {
            Some(("tag landlord", shell.t(Text::Landlord)))
        } else if f.landlord_team.contains(&s) {
            Some(("tag team", shell.t(Text::LandlordTeam)))
        } else {
            None
        };
        let points = f.step.as_ref().map(|st| st.totals[s]).filter(|p| *p > 0).map(|p| format!(" · {p} {}", shell.t(Text::Pts))).unwrap_or_default();
        let info = format!("{} {} · {} {}{points}", shell.t(Text::Level), f.levels.get(s).cloned().unwrap_or_default(), hand.len(), shell.t(Text::CardsLeft));
        view! {
            <div class="seat" data-testid="seat" data-seat=s.to_string()>
                <div class="seat-head"><b>{seat_name(s)}</b>{tag.map(|(class, text)| view! { <span class=class>{text}</span> })}</div>
                <div class="seat-info">{info}</div>
                <div class="seat-play" class:winning=winner == Some(s) data-testid="seat-play">
                    {played.into_iter().map(|c| view! { <CardFace card=c/> }).collect_view()}
                </div>
                <div class="replay-hand" data-testid="replay-hand" data-seat=s.to_string()>
                    {hand.iter().map(|&c| view! { <CardFace card=c/> }).collect_view()}
                </div>
            </div>
        }
    }).collect_view();
    view! {
        <div class="table-meta">
            {chips.into_iter().map(|(id, text)| view! { <span class="chip" data-testid=id>{text}</span> }).collect_view()}
        </div>
        <p class="replay-position" data-testid="replay-position" data-position=(p - start).to_string() data-stage=stage>{where_}</p>
        {f.prelude.map(|(prelude, drawn)| prelude_panel(shell, &prelude, drawn, &seat_name))}
        <div class="seats felt replay-seats" data-testid="seats">{seats}</div>
        {f.step.map(|step| view! {
            <ol class="review-list replay-trick" data-testid="replay-trick">
                <TrickRow number=step.trick_number trick=step.trick names=names.clone() landlord_team=f.landlord_team.clone() me=None/>
            </ol>
        })}
        {result.map(|r| view! { <p class="phase-panel replay-result" data-testid="replay-result"><b>{shell.t(Text::HandOver)}</b> " · " {r}</p> })}
    }
    .into_any()
}

/// What the screen shows at one position.
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    hands: Vec<Vec<Card>>,
    trump: String,
    landlord: Option<Seat>,
    levels: Vec<String>,
    /// The trick just played (none before the first trick).
    step: Option<ReplayStep>,
    attacker_points: u32,
    landlord_team: Vec<Seat>,
    result: Option<HandResult>,
    /// Before the first trick: how the hand began (`drawn` says which of its two stages).
    prelude: Option<(Prelude, bool)>,
}

fn frame_of(game: &Game, step: Option<&ReplayStep>, shell: Shell) -> Frame {
    let lang = shell.prefs.with_untracked(|p| p.lang());
    let players = game.players();
    let view0 = game.view(0);
    Frame {
        hands: (0..players).map(|s| game.view(s).hand).collect(),
        trump: match game.trump() {
            Some(t) => trump_label(t, lang),
            None => shell.t(Text::NoTrumpYet).to_string(),
        },
        landlord: game.current_landlord(),
        levels: game.levels().iter().map(|r| r.to_string()).collect(),
        step: step.cloned(),
        attacker_points: step.map(|s| s.attacker_points).unwrap_or(view0.attacker_points),
        landlord_team: step.map(|s| s.landlord_team.clone()).unwrap_or(view0.landlord_team),
        result: step.and_then(|s| s.result.clone()),
        prelude: None,
    }
}

/// The draw's bids (who, with what, after how many cards), or the exchange: the kitty
/// taken up, the cards buried and the friends called.
fn prelude_panel(shell: Shell, p: &Prelude, drawn: bool, seat_name: &dyn Fn(Seat) -> String) -> AnyView {
    let lang = shell.prefs.with_untracked(|p| p.lang());
    let lines: Vec<(&'static str, String)> = if drawn {
        let mut lines: Vec<_> = p.bids.iter().map(|(b, held)| {
            ("replay-bid", format!("{}: {} · {}", seat_name(b.seat), cards_label(&vec![b.card; b.count as usize], lang), numbered_cards(shell, *held)))
        }).collect();
        if p.revealed {
            lines.push(("", shell.t(Text::NobodyBidKittyTurned).to_string()));
        }
        lines
    } else {
        let mut lines = vec![
            ("", format!("{} ({}): {}", shell.t(Text::Kitty), seat_name(p.landlord), cards_label(&p.kitty, lang))),
            ("replay-buried", format!("{}: {}", shell.t(Text::ReplayBuried), cards_label(&p.buried, lang))),
        ];
        if !p.friends.is_empty() {
            let calls = p.friends.iter().map(|f| format!("{} {}", nth_label(f.nth, lang), crate::ui_model::phrase::card_label(f.card, lang))).collect::<Vec<_>>().join(" · ");
            lines.push(("", format!("{}: {calls}", shell.t(Text::CallFriends))));
        }
        lines
    };
    view! {
        <ul class="phase-panel replay-prelude" data-testid="replay-prelude">
            {lines.into_iter().map(|(id, text)| view! { <li data-testid=id>{text}</li> }).collect_view()}
        </ul>
    }
    .into_any()
}

/// "12 cards drawn" / "已摸12张".
fn numbered_cards(shell: Shell, n: usize) -> String {
    match shell.prefs.with_untracked(|p| p.lang()) {
        crate::i18n::Lang::En => format!("{n} {}", if n == 1 { "card drawn" } else { "cards drawn" }),
        crate::i18n::Lang::Zh => format!("已摸{n}张"),
    }
}

