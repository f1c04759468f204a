//! The guest's view of the lobby before the first hand: who sits where (its own seat
//! unmarked, a guest away marked offline, each bot with its level), as the host last said,
//! and the table's rules — the host's settings form, house rules included, read-only.

use super::{seat_names, seat_state, PeerTable};
use crate::i18n::Text;
use crate::net::protocol::{LobbyState, SeatInfo};
use crate::web::shell::Shell;
use leptos::prelude::*;

/// The table's players, redrawn as the lobby or this page's seat changes; nothing before the
/// host's first lobby.
pub fn guest_lobby<G: PeerTable>(lobby: RwSignal<Option<LobbyState<G>>>, seat: RwSignal<Option<usize>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || {
        let l = lobby.get()?;
        let me = seat.get();
        let names = seat_names(&l, me, shell);
        Some(view! {
            <h3>{shell.t(Text::TablePlayers)}</h3>
            <ol class="peer-seats" data-testid="guest-lobby">
                {l.seats.iter().enumerate().map(|(s, info)| view! {
                    <li class="peer-seat" data-testid="lobby-seat" data-seat=s.to_string()>
                        <div class="peer-seat-head">
                            <span class="seat-no">{s + 1}</span>
                            <b>{names[s].clone()}</b>
                            <span class="muted">{if Some(s) == me { String::new() } else { seat_state(info, shell) }}</span>
                            {(*info == SeatInfo::Bot).then(|| l.levels.get(s).and_then(|&v| super::game::level_name::<G>(v)))
                                .flatten().map(|t| view! { <span class="muted" data-testid="bot-level">{shell.t(t)}</span> })}
                        </div>
                    </li>
                }).collect_view()}
            </ol>
            // The same fields the host chose with, disabled: one place says what each rule means.
            <h3>{shell.t(Text::TableRules)}</h3>
            <fieldset class="peer-settings guest-settings" disabled data-testid="guest-settings">
                {G::settings_fields(l.settings.clone(), Callback::new(|_| {}), "guest-", shell)}
            </fieldset>
        })
    }
}
