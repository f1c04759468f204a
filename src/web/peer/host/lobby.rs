//! The host's lobby before the start: the table's settings (the game's own fields, the
//! bots' pace, how long a dropped guest's seat waits before a bot stands in) and the
//! start (fill the empty seats with bots, start the game).

use super::link::Ui;
use crate::i18n::Text;
use crate::ui_model::table::Pace;
use crate::web::peer::PeerTable;
use crate::web::shell::{PaceSelect, Shell};
use crate::worker::session::{HostCall, LobbyOp};
use leptos::prelude::*;

/// The settings as the lobby last said, each change a lobby operation.
pub(super) fn settings_panel<G: PeerTable>(
    ui: Ui<G>,
    pace: RwSignal<Pace>,
    set_pace: Callback<Pace>,
    lobby_op: Callback<LobbyOp<G>>,
    host_call: Callback<HostCall<G>>,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let settings = ui.lobby.with(|l| l.settings.clone());
    let change = Callback::new(move |settings: G::Settings| lobby_op.run(LobbyOp::Settings(settings)));
    let stand_in = ui.stand_in_after.get_untracked() / 1000;
    view! {
        <div class="peer-settings">
            {G::settings_fields(settings, change, "peer-", shell)}
            <PaceSelect pace=pace set=set_pace/>
            <label class="field">
                <span>{shell.t(Text::StandInAfter)}</span>
                <input type="number" min="1" max="600" data-testid="stand-in-after" prop:value=stand_in.to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u64>() {
                            host_call.run(HostCall::StandInAfter(n.clamp(1, 600) * 1000));
                        }
                    }/>
            </label>
        </div>
    }
}

/// Fill the empty seats with bots; start the game.
pub(super) fn start_buttons<G: PeerTable>(lobby_op: Callback<LobbyOp<G>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    view! {
        <h3>{shell.t(Text::StepStart)}</h3>
        <div class="hand-actions">
            <button type="button" class="button" data-testid="fill-bots" on:click=move |_| lobby_op.run(LobbyOp::FillWithBots)>
                {shell.t(Text::FillBots)}
            </button>
            <button type="button" class="button primary" data-testid="start-game" on:click=move |_| lobby_op.run(LobbyOp::Start)>
                {shell.t(Text::StartGame)}
            </button>
        </div>
    }
}
