//! Sichuan mahjong at a peer table (`#/friends/mahjong` hosts one, `#/join/mahjong/<code>`
//! joins it, both on mahjong's page with friends, `friends/mahjong/`): its answers to the peer pages' [`PeerTable`] — the
//! lobby's settings (exchange three, the fan cap) and the same board as the table against
//! bots, fed by the host's views. Claim windows need nothing more: each seat answers its
//! own, and the host resolves the window when the last has answered.

use super::board::{Board, BoardState};
use crate::mahjong::game::settings::MAX_FAN;
use crate::mahjong::game::{Action, Game, SeatView, Settings};
use crate::ui_model::mahjong::words::{label, Label};
use crate::web::peer::game::setter;
use crate::web::peer::PeerTable;
use crate::web::shell::{Page, Shell};
use leptos::prelude::*;

impl PeerTable for Game {
    const HOST_PAGE: Page = Page::MahjongFriends;
    const GUEST_PAGE: Page = Page::MahjongFriends;
    const HOST_KEY: &'static str = "tuolaji.peer.host.v2.mahjong";
    /// The shanten-only bot is a yardstick for measuring, not a level to offer.
    const BOT_LEVELS: &'static [(crate::mahjong::game::bot::Difficulty, crate::i18n::Text)] = &[
        (crate::mahjong::game::bot::Difficulty::Random, crate::i18n::Text::LevelEasy),
        (crate::mahjong::game::bot::Difficulty::Advice, crate::i18n::Text::LevelNormal),
    ];

    fn settings_form(s: Settings, change: Callback<Settings>, shell: Shell) -> AnyView {
        let lang = shell.lang();
        let with = setter(s, change);
        view! {
            <label class="field check">
                <input type="checkbox" data-testid="peer-exchange" prop:checked=s.exchange
                    on:change=move |ev| { let on = event_target_checked(&ev); with(&|s| s.exchange = on) }/>
                <span>{label(Label::ExchangeSetting, lang)}</span>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid="peer-wildcards" prop:checked=s.wildcards
                    on:change=move |ev| { let on = event_target_checked(&ev); with(&|s| s.wildcards = on) }/>
                <span>{label(Label::WildcardsSetting, lang)}</span>
            </label>
            <label class="field">
                <span>{label(Label::FanCap, lang)}</span>
                <select data-testid="peer-fan-cap" prop:value=s.max_fan.to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                            with(&|s| s.max_fan = n);
                        }
                    }>
                    {MAX_FAN.map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    }

    fn board(
        view: Signal<SeatView>,
        names: Signal<Vec<String>>,
        act: Callback<Action>,
        error: Signal<Option<String>>,
        below: Option<ViewFn>,
        // Rummy's and mahjong's bots answer at once, on the host's page: none is ever seen thinking.
        _bots: Signal<Vec<bool>>,
    ) -> AnyView {
        // The host saves the table; a guest has nothing to save; peer hands have no share link.
        let state = BoardState {
            view,
            names,
            refusal: error,
            save_status: None,
            resumed: RwSignal::new(false),
            deal_hash: StoredValue::new(String::new()),
            friend_waiting: false,
            replay_hash: Memo::new(|_| None),
            read_only: false,
        };
        match below {
            Some(b) => view! { <Board state=state act=act below=b/> }.into_any(),
            None => view! { <Board state=state act=act/> }.into_any(),
        }
    }
}
