//! The phase panels of a Shengji board (`board.rs`): the draw with its bids, the landlord's
//! bury and friend calls, and the hand's result. Each reads the seat's view and sends the
//! seat's actions; the board shows the one its phase calls for.

use crate::cards::{Card, CardCounts};
use crate::i18n::Text;
use crate::shengji::game::{friend_callable, Action, Friend, LevelNote, Seat, SeatView};
use crate::ui_model::phrase::{card_label, cards_label, nth_label};
use crate::ui_model::select::selected_cards;
use crate::web::shell::Shell;
use crate::web::shengji::review::TrickReview;
use leptos::prelude::*;

/// What every panel reads and sends: the seat's view, the seat, the seats' names, its moves.
#[derive(Clone, Copy)]
pub(super) struct Seen {
    pub view: Signal<SeatView>,
    pub me: Seat,
    pub names: Signal<Vec<String>>,
    pub act: Callback<Action>,
}

impl Seen {
    /// A seat's name as the table shows it.
    pub fn name(&self, s: Seat) -> String {
        self.names.with(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)))
    }

    /// The bids so far, each with its seat's name: "Bot 4: 2♠ · You: …".
    fn bids_line(&self, v: &SeatView, shell: Shell) -> String {
        v.bids.iter().map(|b| format!("{}: {}", self.name(b.seat), cards_label(&vec![b.card; b.count as usize], shell.lang()))).collect::<Vec<_>>().join(" · ")
    }

    /// A button for each bid this seat may make now (in the draw, or to steal the kitty), each
    /// `label` and its cards.
    fn bid_buttons(&self, v: &SeatView, testid: &'static str, label: Text, shell: Shell) -> impl IntoView {
        let act = self.act;
        v.valid_bids.iter().map(|&(card, n)| view! {
            <button type="button" class="button" data-testid=testid
                on:click=move |_| { act.run(Action::Bid(card, n)); }>
                {shell.t(label)} " " {cards_label(&vec![card; n as usize], shell.lang())}
            </button>
        }).collect_view()
    }
}

/// The draw: cards left or waiting for bids, the bids so far, your bids and Pass.
pub(super) fn draw_panel(seen: Seen) -> AnyView {
    let Seen { view, me, act, .. } = seen;
    let shell = expect_context::<Shell>();
    let v = view.get();
    let bids = seen.bids_line(&v, shell);
    let may_pass = v.deck_left == 0 && v.to_act.contains(&me);
    let may_take_back = v.can_take_back_bid;
    view! {
        <div class="phase-panel" data-testid="draw-panel">
            {if v.deck_left > 0 {
                view! { <p>{shell.t(Text::Drawing)} " " <span data-testid="deck-left">{v.deck_left}</span></p> }.into_any()
            } else {
                view! { <p data-testid="deck-left" data-left="0">{shell.t(Text::WaitingForBids)}</p> }.into_any()
            }}
            {(!bids.is_empty()).then(|| view! { <p data-testid="bids">{shell.t(Text::Bids)} ": " {bids.clone()}</p> })}
            <div class="hand-actions">
                {seen.bid_buttons(&v, "bid", Text::BidWith, shell)}
                {may_take_back.then(|| view! {
                    <button type="button" class="button" data-testid="take-back-bid" on:click=move |_| { act.run(Action::TakeBackBid); }>
                        {shell.t(Text::TakeBackBid)}
                    </button>
                })}
                {may_pass.then(|| view! {
                    <button type="button" class="button" data-testid="pass" on:click=move |_| { act.run(Action::Pass); }>
                        {shell.t(Text::NoBid)}
                    </button>
                })}
            </div>
        </div>
    }
    .into_any()
}

/// The exchange: the landlord buries (as many cards as the kitty), then calls its friends;
/// the others wait for the landlord.
pub(super) fn exchange_panel(
    seen: Seen,
    selected: RwSignal<Vec<bool>>,
    hand: Memo<Vec<Card>>,
    on_play: Callback<Vec<Card>>,
    friend_choice: RwSignal<Vec<(u8, Card)>>,
) -> AnyView {
    let Seen { view, me, act, .. } = seen;
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let name = move |s: Seat| seen.name(s);
    let v = view.get();
    let mine = v.landlord == Some(me);
    // 炒地皮: after a bury the seats in turn may overcall and take the kitty.
    if let Some(turn) = v.steal_turn {
        let bids = seen.bids_line(&v, shell);
        let landlord = v.landlord.map(&name).unwrap_or_default();
        return view! {
            <div class="phase-panel" data-testid="steal-panel" data-turn=turn.to_string()>
                <p>{shell.t(Text::StealBuried).replace("{landlord}", &landlord)}</p>
                {(!bids.is_empty()).then(|| view! { <p data-testid="bids">{shell.t(Text::Bids)} ": " {bids.clone()}</p> })}
                {if turn == me {
                    view! {
                        <p class="muted">{shell.t(Text::StealNote)}</p>
                        <div class="hand-actions">
                            {seen.bid_buttons(&v, "steal", Text::StealWith, shell)}
                            <button type="button" class="button" data-testid="pass" on:click=move |_| { act.run(Action::Pass); }>
                                {shell.t(Text::StealPass)}
                            </button>
                        </div>
                    }.into_any()
                } else {
                    view! { <p>{shell.t(Text::WaitingFor)} " " {name(turn)}</p> }.into_any()
                }}
            </div>
        }
        .into_any();
    }
    if !mine {
        let who = v.landlord.map(&name).unwrap_or_default();
        return view! { <p class="phase-panel">{shell.t(Text::WaitingFor)} " " {who}</p> }.into_any();
    }
    if !v.buried {
        let k = v.kitty_size;
        return view! {
            <div class="phase-panel" data-testid="bury-panel">
                <h3>{shell.t(Text::BuryTitle)}</h3>
                <p data-testid="bury-count">{move || format!("{} {} / {}", shell.t(Text::Selected), selected.with(|s| s.iter().filter(|x| **x).count()), k)}</p>
                <button type="button" class="button primary" data-testid="bury"
                    disabled=move || selected.with(|s| s.iter().filter(|x| **x).count()) != k
                    on:click=move |_| on_play.run(hand.with_untracked(|h| selected.with_untracked(|s| selected_cards(h, s))))>
                    {shell.t(Text::Bury)} " " {k}
                </button>
            </div>
        }
        .into_any();
    }
    let n = v.friends_to_call;
    if n > 0 && v.friends.is_empty() {
        // Distinct defaults: the first copy of each ace that is not trump, then kings,
        // then the second copies (friend cards may not be trump by default).
        let decks = v.decks as u8;
        if friend_choice.with_untracked(|f| f.len() != n) {
            let mut picks = Vec::new();
            for nth in 1..=decks {
                for rank in [crate::cards::Rank::Ace, crate::cards::Rank::King] {
                    for suit in [crate::cards::Suit::Hearts, crate::cards::Suit::Spades, crate::cards::Suit::Diamonds, crate::cards::Suit::Clubs] {
                        let c = Card::new(rank, suit);
                        if v.trump.is_none_or(|t| !t.is_trump(c)) {
                            picks.push((nth, c));
                        }
                    }
                }
            }
            picks.truncate(n);
            while picks.len() < n {
                picks.push((1, Card::BigJoker));
            }
            friend_choice.set(picks);
        }
        // Only cards that may be called at this table (trumps, the highest, point cards).
        let callable = |c: &Card| v.trump.is_none_or(|t| friend_callable(*c, t, v.friend_trump_allowed, v.friend_limits).is_ok());
        let all: Vec<Card> = CardCounts::full_decks(1).to_vec().into_iter().filter(callable).collect();
        return view! {
            <div class="phase-panel" data-testid="friends-panel">
                <h3>{shell.t(Text::CallFriends)}</h3>
                <p class="muted" data-testid="friend-explained">{shell.t(Text::FriendExplained)}</p>
                {(0..n).map(|i| {
                    let all = all.clone();
                    let all_for_value = all.clone();
                    view! {
                        <div class="friend-row">
                            <select data-testid="friend-nth"
                                prop:value=move || friend_choice.with(|f| f.get(i).map(|x| x.0.to_string()).unwrap_or_default())
                                on:change=move |ev| {
                                    if let Ok(x) = event_target_value(&ev).parse::<u8>() { friend_choice.update(|f| f[i].0 = x); }
                                }>
                                {(1..=decks).map(|x| view! { <option value=x.to_string()>{nth_label(x, lang())}</option> }).collect_view()}
                            </select>
                            <select data-testid="friend-card"
                                prop:value=move || friend_choice.with(|f| f.get(i).and_then(|x| all_for_value.iter().position(|c| *c == x.1)).map(|p| p.to_string()).unwrap_or_default())
                                on:change={
                                let all = all.clone();
                                move |ev| {
                                    if let Ok(x) = event_target_value(&ev).parse::<usize>() { friend_choice.update(|f| f[i].1 = all[x]); }
                                }
                            }>
                                {all.iter().enumerate().map(|(x, c)| view! {
                                    <option value=x.to_string()>{card_label(*c, lang())}</option>
                                }).collect_view()}
                            </select>
                        </div>
                    }
                }).collect_view()}
                <button type="button" class="button primary" data-testid="call-friends"
                    on:click=move |_| {
                        let f = friend_choice.get_untracked().into_iter().map(|(nth, card)| Friend { card, nth }).collect();
                        act.run(Action::DeclareFriends(f));
                    }>
                    {shell.t(Text::Call)}
                </button>
            </div>
        }
        .into_any();
    }
    ().into_any()
}

/// The hand's result: the points, the kitty, the levels moved, the game's winners, Next
/// hand, the trick-by-trick review (and, at a table against bots, the result card first).
pub(super) fn result_panel(seen: Seen, result_card: Option<ViewFn>, spectator: bool) -> AnyView {
    let Seen { view, me, act, names } = seen;
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let name = move |s: Seat| seen.name(s);
    let v = view.get();
    let Some(r) = v.result.clone() else { return ().into_any() };
    let changes = r.levels.iter().filter(|(_, a, b)| a != b)
        .map(|(s, a, b)| format!("{} {a}→{b}", name(*s))).collect::<Vec<_>>().join(" · ");
    let winners = r.game_winners.as_ref().map(|w| w.iter().map(|s| name(*s)).collect::<Vec<_>>().join(", "));
    // Where a house rule for levels moved them other than the ladder says.
    let notes = r.notes.iter().map(|n| match n {
        LevelNote::ShortHandedBonus => shell.t(Text::LevelBonus).to_string(),
        LevelNote::StoppedAt { seat, rank } => format!("{} {}", name(*seat), shell.t(Text::LevelStopped).replace("{rank}", rank.notation())),
        LevelNote::BackToTwo => shell.t(Text::LevelBackToTwo).to_string(),
    }).collect::<Vec<_>>();
    let names_now = names.get();
    view! {
        <div class="phase-panel result-panel" data-testid="hand-result">
            <h3>{shell.t(Text::HandOver)}</h3>
            {result_card.clone().map(|card| card.run())}
            <p>{shell.t(Text::AttackerPoints)} ": " <b data-testid="final-points">{r.attacker_points}</b>
               " (" {r.attacker_trick_points} " + " {shell.t(Text::KittyBonus)} " " {r.kitty_bonus} ")"</p>
            <p data-testid="result-kitty">{shell.t(Text::Kitty)} ": " {match &v.kitty {
                Some(kitty) => cards_label(kitty, lang()),
                // Kept by the landlord (`Shown::kitty_at_end`): only its points are known.
                None => format!("{} ({} {})", shell.t(Text::KittyHidden), r.kitty_points, shell.t(Text::Pts)),
            }}</p>
            <p data-testid="level-changes">{shell.t(Text::LevelChanges)} ": " {changes}</p>
            {notes.into_iter().map(|n| view! { <p class="level-note" data-testid="level-note">{n}</p> }).collect_view()}
            {winners.map(|w| view! { <p><b>{shell.t(Text::GameOver)} " " {w}</b></p> })}
            {(!spectator).then(|| view! {
                <button type="button" class="button primary" data-testid="next-hand"
                    on:click=move |_| { act.run(Action::NextHand); }>
                    {shell.t(Text::NextHand)}
                </button>
            })}
            <TrickReview tricks=v.tricks.clone() names=names_now landlord_team=r.landlord_team.clone() me=me/>
        </div>
    }
    .into_any()
}
