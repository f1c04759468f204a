//! The end of a hand: who won, on what and for how much (fan items and points), every
//! seat's net points and running total, the settlement at exhaustion (ready hands,
//! flower pigs), every payment, every hand shown; and on the first hand, friends'
//! results on the same walls and the link that deals them to a friend.

use super::tiles::TileFace;
use crate::i18n::Lang;
use crate::mahjong::game::codec::MahjongResult;
use crate::mahjong::game::{Game, HandResult, SeatView, WinRecord};
use crate::record::duplicate::DuplicateResult;
use crate::ui_model::mahjong::words::{fan_item, hand_summary, label, pay_reason, tile_short, Label};
use crate::web::shell::Shell;
use crate::web::table::share;
use leptos::prelude::*;

fn win_line(w: &WinRecord, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    // "Plain win" only when nothing else scores.
    let items: Vec<String> = w
        .items
        .iter()
        .filter(|&&(item, _)| item != crate::mahjong::FanItem::PlainWin || w.items.len() == 1)
        .map(|&(item, n)| if n > 1 { format!("{} ×{n}", fan_item(item, lang)) } else { fan_item(item, lang).to_string() })
        .collect();
    let how = match (w.from, w.tile, lang) {
        (Some(f), Some(t), Lang::En) => format!("on {} from {}", tile_short(t, lang), name(f)),
        (Some(f), Some(t), Lang::Zh) => format!("胡{}打的{}", name(f), tile_short(t, lang)),
        (None, Some(t), Lang::En) => format!("self-drawn {}", tile_short(t, lang)),
        (None, Some(t), Lang::Zh) => format!("自摸{}", tile_short(t, lang)),
        (_, None, Lang::En) => "on the deal".to_string(),
        (_, None, Lang::Zh) => "天胡".to_string(),
    };
    let paid = match (w.from, lang) {
        (Some(f), Lang::En) => format!("{} pays {}", name(f), w.points),
        (Some(f), Lang::Zh) => format!("{}付 {}", name(f), w.points),
        (None, Lang::En) => format!("{} from each player still in", w.points),
        (None, Lang::Zh) => format!("在局的其他每家付 {}", w.points),
    };
    match lang {
        Lang::En => format!("{} won {how}: {} fan ({}); {paid}", name(w.seat), w.fan, items.join(", ")),
        Lang::Zh => format!("{}{how}：{} 番（{}）；{paid}", name(w.seat), w.fan, items.join("、")),
    }
}

fn result_line(r: &DuplicateResult<Game>, who: String, lang: Lang) -> String {
    let MahjongResult { won, fan, score } = r.result;
    match lang {
        Lang::En => format!(
            "{who} (seat {}): {score:+}{}",
            r.seat + 1,
            if won > 0 { format!(", won {fan} fan") } else { String::new() }
        ),
        Lang::Zh => format!("{who}（{}号位）：{score:+}{}", r.seat + 1, if won > 0 { format!("，胡 {fan} 番") } else { String::new() }),
    }
}

#[component]
pub(super) fn HandResultCard(result: HandResult, view: SeatView, names: Signal<Vec<String>>, deal_hash: String) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = shell.lang();
    let me = view.seat;
    let name = move |s: usize| names.with_untracked(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)));
    let won = result.wins.iter().any(|w| w.seat == me);
    let summary = if won { label(Label::YouWon, lang).to_string() } else { hand_summary(&result, &name, lang) };
    let wins = result.wins.iter().map(|w| {
        view! {
            <li class="mj-win" data-testid="win-line" data-seat=w.seat.to_string() data-fan=w.fan.to_string()>
                <p>{win_line(w, &name, lang)}</p>
                <span class="mj-shown">
                    {w.hand.iter().map(|&t| view! { <TileFace tile=t small=true/> }).collect_view()}
                    {w.sets.iter().map(|s| {
                        let n = if s.meld.kind == crate::mahjong::MeldKind::Pung { 3 } else { 4 };
                        view! { <span class="mj-set">{(0..n).map(|_| view! { <TileFace tile=s.meld.tile small=true/> }).collect_view()}</span> }
                    }).collect_view()}
                </span>
            </li>
        }
    }).collect_view();
    let rows = (0..view.players).map(|s| {
        let flag = match (result.ready.get(s), result.pigs.get(s), lang) {
            (_, Some(true), _) => label_pig(lang),
            (Some(true), _, Lang::En) => "ready",
            (Some(true), _, Lang::Zh) => "听牌",
            _ => "",
        };
        view! {
            <li class="mj-result-row" data-testid="result-row" data-seat=s.to_string() data-score=result.scores[s].to_string()>
                <b>{name(s)}</b>
                <span class="muted">{flag}</span>
                <span>{format!("{:+}", result.scores[s])}</span>
                <span class="muted">{label(Label::Totals, lang)} " " {format!("{:+}", view.totals[s])}</span>
                <span class="mj-shown">{result.hands[s].iter().map(|&t| view! { <TileFace tile=t small=true/> }).collect_view()}</span>
            </li>
        }
    }).collect_view();
    let payments = result.payments.iter().map(|p| {
        let line = match lang {
            Lang::En => format!("{} → {}: {} ({})", name(p.from), name(p.to), p.points, pay_reason(p.reason, lang)),
            Lang::Zh => format!("{} → {}：{}（{}）", name(p.from), name(p.to), p.points, pay_reason(p.reason, lang)),
        };
        view! { <li>{line}</li> }
    }).collect_view();
    // The first hand's link carries your result; friends who played it show beside it.
    let first = view.hand_number == 0 && !deal_hash.is_empty();
    let mine = first.then(|| share::first_hand_result::<Game>(&deal_hash, me)).flatten();
    let friends = mine.as_ref().map(share::friends_results).unwrap_or_default();
    let compare = mine.clone().filter(|_| !friends.is_empty()).map(|m| view! {
        <div class="mj-compare" data-testid="compare">
            <b>{label(Label::SameDeal, lang)}</b>
            <p data-testid="compare-row" data-mine="true">{result_line(&m, name(m.seat), lang)}</p>
            {friends.iter().map(|r| {
                let who = r.name.clone().unwrap_or_else(|| label(Label::Friend, lang).to_string());
                view! { <p data-testid="compare-row" data-mine="false" data-score=r.result.score.to_string()>{result_line(r, who, lang)}</p> }
            }).collect_view()}
        </div>
    });
    let share_link = first.then(|| view! {
        <share::ShareLink url={share::share_url::<Game>(&deal_hash, mine.as_ref())} button=label(Label::Share, lang) copied_text=label(Label::Copied, lang)/>
    });
    view! {
        <div class="mj-result" data-testid="hand-result" data-exhausted=result.exhausted.to_string()>
            <p class="status-line"><b>{summary}</b></p>
            <ol class="mj-wins">{wins}</ol>
            <ol class="mj-results">{rows}</ol>
            <details class="mj-payments"><summary>{match lang { Lang::En => "Payments", Lang::Zh => "结算明细" }}</summary><ol>{payments}</ol></details>
            {compare}
            {share_link}
        </div>
    }
}

fn label_pig(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "flower pig",
        Lang::Zh => "花猪",
    }
}
