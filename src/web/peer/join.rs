//! The guest's page (`#/join/<code>`, or `#/join/<game>/<code>` on the game's page): a name,
//! the answer code (with Copy and QR) to send back, then the live lobby, then the game's
//! board fed by the host's views, with a plain-words status line for every state and the
//! deal's verdict after each hand. Written once for every [`PeerTable`].

use super::rtc::{Peer, PeerEvent};
use super::PeerTable;
use super::chat::TableTalk;
use super::{bot_seats, entropy, ice_servers, load_memory, save_memory, seat_names, seat_state, AnswerPassOn, PeerMemory};
use crate::i18n::Text;
use crate::net::guest::{GuestClient, Verdict};
use crate::net::delta::{ViewDecoder, WireError};
use crate::net::protocol::{encode_guest, GuestMessage, LobbyState, Refused, MAX_HOST_MESSAGE_BYTES};
use crate::net::connect::ConnectError;
use crate::net::signal::{self, SdpKind};
use crate::ui_model::connect_words::connect_error;
use crate::ui_model::peer_messages::{not_verified, refused, PeerWords};
use crate::web::shell::{BackHome, Shell};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::rc::Rc;

/// Where the guest is, in the order it happens.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    Name,
    Answer(String),
    Connecting(String),
    Open,
    HostGone,
    Failed,
    Error(ConnectError),
}

/// "Deal verified" or the loud warning, with the hand's seed (its duplicate link).
pub fn verdict_view<G: PeerWords>(v: &Verdict<G>, shell: Shell) -> AnyView {
    let seed = v.seed.clone();
    match &v.result {
        Ok(()) => view! {
            <p class="status-line good" data-testid="deal-verified" data-hand=v.hand.to_string()>
                "✓ " {shell.t(Text::DealVerified)}
                <br/><span class="muted">{shell.t(Text::HandSeed)} ": "</span> <code data-testid="hand-seed">{seed}</code>
            </p>
        }
        .into_any(),
        Err(m) => view! {
            <p class="notice bad" role="alert" data-testid="deal-not-verified">
                "⚠ " <b>{shell.t(Text::DealNotVerified)}</b> " " {not_verified(m, shell.lang())}
            </p>
        }
        .into_any(),
    }
}

/// The guest's page for game `G` (see the module's header); `watch`: a spectator's, which
/// greets the host with `Watch`, takes no seat and shows the public view, read-only.
pub fn join_page<G: PeerTable>(code: String, watch: bool) -> AnyView {
    let shell = expect_context::<Shell>();
    // Check the invitation before anything else.
    match signal::decode(&code) {
        Err(e) => return bad_invite(shell, e.into()),
        Ok((SdpKind::Answer, _)) => return bad_invite(shell, ConnectError::AnswerNotInvitation),
        Ok(_) => {}
    }
    let code = StoredValue::new(code);
    let memory = load_memory();
    let name = RwSignal::new(memory.name.clone());
    let stage = RwSignal::new(Stage::Name);
    let view_sig = RwSignal::new(None::<G::View>);
    let lobby = RwSignal::new(None::<LobbyState<G>>);
    let seat = RwSignal::new(None::<usize>);
    let refusal = RwSignal::new(None::<Refused<G::Error>>);
    let verdict = RwSignal::new(None::<Verdict<G>>);
    let dealing = RwSignal::new(false);
    let chat = RwSignal::new(Vec::<(usize, String)>::new());
    // A returning guest resumes with what its page kept, so it can still check the hand it was in.
    let client = match (&memory.token, &memory.guest) {
        (Some(_), Some(kept)) => GuestClient::<G>::resume(&memory.name, kept, memory.token.clone()),
        _ => GuestClient::<G>::new(&memory.name, entropy(), memory.token.clone()),
    };
    let client = Rc::new(RefCell::new(client));
    let client = StoredValue::new_local(client);
    let peer = StoredValue::new_local(None::<Rc<Peer>>);
    // The wire's decoder: it keeps the last view, which the host's updates patch.
    let decoder = StoredValue::new_local(ViewDecoder::default());
    on_cleanup(move || {
        // Leaving the page closes the connection.
        let _ = peer.try_update_value(|p| p.take());
    });

    let refresh = move || {
        let Some(c) = client.try_get_value() else { return };
        let c = c.borrow();
        if view_sig.with_untracked(|v| v != &c.view) {
            view_sig.set(c.view.clone());
        }
        lobby.set(c.lobby.clone());
        seat.set(c.seat);
        refusal.set(c.rejected.clone());
        verdict.set(c.current_verdict().cloned());
        dealing.set(c.dealing);
        if chat.with_untracked(|l| l != &c.chat) {
            chat.set(c.chat.clone());
        }
        if c.token.is_some() {
            save_memory(&PeerMemory { name: c.name.clone(), token: c.token.clone(), guest: Some(c.memory()) });
        }
    };
    let send = move |msg: &GuestMessage<G>| {
        if let Some(Some(p)) = peer.try_get_value() {
            p.send(&encode_guest(msg));
        }
    };
    let on_event = move |ev: PeerEvent| match ev {
        PeerEvent::Connecting => {
            stage.update(|s| {
                if let Stage::Answer(code) = s.clone() {
                    *s = Stage::Connecting(code);
                }
            });
        }
        PeerEvent::Open => {
            stage.set(Stage::Open);
            if let Some(c) = client.try_get_value() {
                let greeting = if watch { c.borrow_mut().watch() } else { c.borrow().hello() };
                send(&greeting);
            }
        }
        PeerEvent::Message(bytes) => {
            let decoded = decoder.try_update_value(|d| d.decode::<G>(&bytes, MAX_HOST_MESSAGE_BYTES));
            let msg = match decoded {
                Some(Ok(m)) => m,
                Some(Err(e)) => {
                    // A bad message changes nothing; keep a trace for whoever debugs. A view
                    // update that does not fit the view kept here: ask for the whole view.
                    web_sys::console::warn_1(&format!("a message from the host was refused: {e}").into());
                    if matches!(e, WireError::Patch(_)) {
                        send(&GuestMessage::Resync);
                    }
                    return;
                }
                None => return,
            };
            let Some(c) = client.try_get_value() else { return };
            let replies = c.borrow_mut().on(msg);
            for r in &replies {
                send(r);
            }
            refresh();
        }
        PeerEvent::TooLarge(n) => {
            web_sys::console::warn_1(&format!("a message of about {n} bytes from the host was refused").into());
        }
        PeerEvent::Closed => {
            if matches!(stage.get_untracked(), Stage::Open) {
                stage.set(Stage::HostGone);
            }
        }
        PeerEvent::Failed => stage.set(Stage::Failed),
    };

    let join = move || {
        let n: String = name.get_untracked().trim().chars().take(32).collect();
        if let Some(c) = client.try_get_value() {
            c.borrow_mut().name = n.clone();
        }
        save_memory(&PeerMemory { name: n, ..load_memory() });
        let handler: Rc<dyn Fn(PeerEvent)> = Rc::new(on_event);
        match Peer::new(&ice_servers(), MAX_HOST_MESSAGE_BYTES, handler) {
            Ok(p) => {
                peer.set_value(Some(p.clone()));
                let code = code.get_value();
                stage.set(Stage::Connecting(String::new()));
                spawn_local(async move {
                    match p.answer(&code).await {
                        Ok(answer) => {
                            stage.try_update(|s| {
                                if matches!(s, Stage::Connecting(c) if c.is_empty()) {
                                    *s = Stage::Answer(answer);
                                }
                            });
                        }
                        Err(e) => {
                            stage.try_set(Stage::Error(e));
                        }
                    }
                });
            }
            Err(e) => stage.set(Stage::Error(e)),
        }
    };

    let act = move |action: G::Action| {
        if watch {
            // A spectator's board is read-only: nothing it taps is sent.
            return;
        }
        let Some(c) = client.try_get_value() else { return };
        let msg = c.borrow_mut().action(action);
        if let Some(m) = msg {
            send(&m);
        }
        refresh();
    };
    // This seat's automatic draw, at the settings' speed.
    spawn_local(async move {
        loop {
            let step = shell.prefs.with_untracked(|p| p.draw_speed.millis()).clamp(30, 400);
            TimeoutFuture::new(step).await;
            let Some(c) = client.try_get_value() else { break };
            let auto = c.borrow().auto_action().filter(|_| matches!(stage.try_get_untracked(), Some(Stage::Open)));
            if let Some(draw) = auto {
                act(draw);
            }
        }
    });

    let has_view = Memo::new(move |_| view_sig.with(|v| v.is_some()));
    let names = Signal::derive(move || lobby.with(|l| l.as_ref().map(|l| seat_names(l, seat.get(), shell)).unwrap_or_default()));
    let bots = Signal::derive(move || lobby.with(|l| l.as_ref().map(bot_seats).unwrap_or_default()));

    let status = move || {
        let line = |t: String| view! { <p class="status-line" data-testid="peer-status">{t}</p> }.into_any();
        match stage.get() {
            Stage::Name => None,
            Stage::Answer(code) => Some(view! {
                <div class="answer" data-testid="answer">
                    <h3>{shell.t(Text::AnswerCode)}</h3>
                    <p class="status-line" data-testid="peer-status">{shell.t(Text::SendAnswer)}</p>
                    <AnswerPassOn code=code testid="answer-code"/>
                </div>
            }.into_any()),
            Stage::Connecting(_) => Some(line(shell.t(Text::Connecting).into())),
            Stage::HostGone => Some(view! { <p class="notice bad" role="alert" data-testid="host-gone">{shell.t(Text::HostGone)}</p> }.into_any()),
            Stage::Failed => Some(view! { <p class="notice bad" role="alert" data-testid="connect-failed">{shell.t(Text::GuestFailed)}</p> }.into_any()),
            Stage::Error(e) => Some(view! { <p class="notice bad" role="alert" data-testid="join-error">{shell.t(Text::BadInvite)} " " {connect_error(&e, shell.lang())}</p> }.into_any()),
            Stage::Open => {
                if dealing.get() {
                    return Some(line(shell.t(Text::Dealing).into()));
                }
                if let Some(v) = verdict.get() {
                    return Some(verdict_view(&v, shell));
                }
                if has_view.get() {
                    return None;
                }
                match seat.get() {
                    None if watch && lobby.with(|l| l.is_some()) => Some(line(shell.t(Text::WatchingWait).into())),
                    None => Some(line(shell.t(Text::SayingHello).into())),
                    Some(s) => Some(line(format!("{} {}. {}", shell.t(Text::YouSitAt), s + 1, shell.t(Text::WaitingForStart)))),
                }
            }
        }
    };
    let refused_line = move || {
        (!has_view.get()).then(|| refusal.get()).flatten().map(|r| view! {
            <p class="notice bad" role="alert" data-testid="host-refused">{shell.t(Text::HostRefused)} " " {refused::<G>(&r, shell.lang())}</p>
        })
    };
    let lobby_list = move || {
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
                            {(*info == crate::net::protocol::SeatInfo::Bot).then(|| l.levels.get(s).and_then(|&v| super::game::level_name::<G>(v)))
                                .flatten().map(|t| view! { <span class="muted" data-testid="bot-level">{shell.t(t)}</span> })}
                        </div>
                    </li>
                }).collect_view()}
            </ol>
        })
    };

    view! {
        <section class="screen page peer-join" class:wide=move || has_view.get() data-testid="peer-join">
            {move || (!has_view.get()).then(|| view! { <h2>{shell.t(if watch { Text::WatchTitle } else { Text::JoinTitle })}</h2> })}
            {move || (watch && has_view.get()).then(|| view! { <p class="muted" data-testid="watching">{shell.t(Text::Watching)}</p> })}
            {move || (stage.get() == Stage::Name).then(|| view! {
                <form class="join-form" on:submit=move |ev| { ev.prevent_default(); join(); }>
                    <label class="field">
                        <span>{shell.t(Text::YourName)}</span>
                        <input type="text" maxlength="32" data-testid="guest-name" autocomplete="nickname"
                            prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
                    </label>
                    <button type="submit" class="button primary" data-testid="join-button">{shell.t(Text::JoinButton)}</button>
                </form>
            })}
            {move || (!has_view.get()).then(|| view! { {status} {refused_line} {lobby_list} })}
            {move || has_view.get().then(|| view_sig.get_untracked()).flatten().map(|first| {
                let v = Signal::derive(move || view_sig.get().unwrap_or_else(|| first.clone()));
                let error = Signal::derive(move || refusal.get().map(|r| refused::<G>(&r, shell.lang())));
                // The status goes first: a lost host or a failed deal check must be seen.
                let say = Callback::new(move |text: String| {
                    let msg = client.try_get_value().and_then(|c| c.borrow().say(&text));
                    if let Some(m) = msg {
                        send(&m);
                    }
                });
                view! {
                    <div class="peer-status">{status}</div>
                    {untrack(|| G::board(v, names, Callback::new(act), error, None, bots))}
                    <TableTalk lines=chat.into() names=names send=say read_only=watch/>
                }
            })}
            <BackHome/>
        </section>
    }
    .into_any()
}

fn bad_invite(shell: Shell, why: ConnectError) -> AnyView {
    view! {
        <section class="screen page peer-join" data-testid="peer-join">
            <h2>{shell.t(Text::JoinTitle)}</h2>
            <p class="notice bad" role="alert" data-testid="join-error">{move || shell.t(Text::BadInvite)} " " {move || connect_error(&why, shell.lang())}</p>
            <BackHome/>
        </section>
    }
    .into_any()
}
