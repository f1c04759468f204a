//! The host page's invites: one open invite for every seat a guest could take (and the
//! spectators'), each a WebRTC offer whose code is the link's; the box where a guest's
//! answer is pasted or scanned; and what the connections' events do to them.

use super::*;
use crate::net::connect::ConnectError;
use crate::net::protocol::MAX_GUEST_MESSAGE_BYTES;
use crate::ui_model::connect_words::connect_error;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum InviteStatus {
    Preparing,
    Ready(String),
    Connecting(String),
    Failed,
    Error(ConnectError),
}

/// One open invite for every seat a guest could take (`LobbyState::open_seats`), while
/// the seats' invites are shown (the room link cannot seat anyone, or the host asked for
/// them: `RoomShown::invites`). Invites for seats that filled up are dropped. Nothing
/// before the worker has opened the table (a saved table's seats are not known yet).
pub(super) fn ensure_invites<G: PeerTable>(sess: &Shared, ui: Ui<G>) {
    if !ui.open.get_untracked() || !ui.room.with_untracked(|r| r.invites()) {
        return;
    }
    let wanted: Vec<Seat> = ui.lobby.with_untracked(|lobby| lobby.open_seats().collect());
    // (The spectator invite is the host's to open and stays until used.)
    let stale: Vec<(Seat, ConnId)> =
        sess.borrow().invites.iter().filter(|(s, _)| **s != WATCH && !wanted.contains(s)).map(|(s, c)| (*s, *c)).collect();
    for (seat, conn) in stale {
        drop_invite(sess, ui, seat, conn);
    }
    for seat in wanted {
        if !sess.borrow().invites.contains_key(&seat) {
            create_invite(sess, ui, seat);
        }
    }
}

/// An invite no longer wanted: its connection closes (it never said hello: nothing to tell anyone).
fn drop_invite<G: PeerTable>(sess: &Shared, ui: Ui<G>, seat: Seat, conn: ConnId) {
    {
        let mut s = sess.borrow_mut();
        s.invites.remove(&seat);
        s.peers.remove(&conn);
    }
    ui.invites.update(|m| {
        m.remove(&seat);
    });
    call(sess, ui, HostCall::Disconnect { conn, now: now_ms() });
}

/// A new connection for a guest (an invite's or a room's): numbered, its events handled,
/// and announced to the table worker. `Err` where this browser has no WebRTC.
pub(super) fn new_connection<G: PeerTable>(sess: &Shared, ui: Ui<G>) -> (ConnId, Result<Rc<Peer>, ConnectError>) {
    let conn = {
        let mut s = sess.borrow_mut();
        s.next_conn += 1;
        s.next_conn
    };
    let weak = Rc::downgrade(sess);
    let handler = Rc::new(move |ev: PeerEvent| on_peer_event(&weak, ui, conn, ev));
    let peer = Peer::new(&super::super::ice_servers(), MAX_GUEST_MESSAGE_BYTES, handler);
    if let Ok(peer) = &peer {
        sess.borrow_mut().peers.insert(conn, peer.clone());
        call(sess, ui, HostCall::Connect(conn));
    }
    (conn, peer)
}

pub(super) fn create_invite<G: PeerTable>(sess: &Shared, ui: Ui<G>, seat: Seat) {
    let (conn, peer) = new_connection(sess, ui);
    match peer {
        Ok(peer) => {
            sess.borrow_mut().invites.insert(seat, conn);
            ui.invites.update(|m| {
                m.insert(seat, InviteStatus::Preparing);
            });
            let weak = Rc::downgrade(sess);
            spawn_local(async move {
                let result = peer.offer::<G>().await;
                drop(peer);
                // The invite may have been dropped meanwhile.
                let current = weak.upgrade().is_some_and(|s| s.borrow().invites.get(&seat) == Some(&conn));
                if !current {
                    return;
                }
                let status = match result {
                    Ok(code) => InviteStatus::Ready(code),
                    Err(e) => InviteStatus::Error(e),
                };
                ui.invites.try_update(|m| {
                    m.insert(seat, status);
                });
            });
        }
        Err(e) => {
            // No WebRTC here: say so on the seat instead of retrying forever.
            sess.borrow_mut().invites.insert(seat, conn);
            ui.invites.update(|m| {
                m.insert(seat, InviteStatus::Error(e));
            });
        }
    }
}

fn invite_seat(s: &Session, conn: ConnId) -> Option<Seat> {
    s.invites.iter().find(|(_, c)| **c == conn).map(|(seat, _)| *seat)
}

fn on_peer_event<G: PeerTable>(weak: &Weak<RefCell<Session>>, ui: Ui<G>, conn: ConnId, ev: PeerEvent) {
    let Some(sess) = weak.upgrade() else { return };
    match ev {
        PeerEvent::Connecting | PeerEvent::Open => {
            if matches!(ev, PeerEvent::Open) {
                ui.room.update(|r| r.advice = None);
            }
            let seat = invite_seat(&sess.borrow(), conn);
            if let Some(seat) = seat {
                ui.invites.update(|m| {
                    if let Some(InviteStatus::Ready(code)) = m.get(&seat).cloned() {
                        m.insert(seat, InviteStatus::Connecting(code));
                    }
                });
            }
        }
        PeerEvent::Message(bytes) => {
            let invited = invite_seat(&sess.borrow(), conn);
            let weak = weak.clone();
            spawn_local(async move {
                let of_invite = invited.map(|seat| (seat != WATCH).then_some(seat));
                let reply = session::host::<G>(HostCall::Received { conn, bytes, now: now_ms(), invited: of_invite }).await;
                // A player or a spectator now: no longer an invite (the host may open another).
                if let (Some(seat), Some(_arrival), Some(sess)) = (invited, reply.as_ref().and_then(|r| r.arrival), weak.upgrade()) {
                    sess.borrow_mut().invites.remove(&seat);
                    ui.invites.try_update(|m| {
                        m.remove(&seat);
                    });
                }
                apply(&weak, ui, reply);
            });
        }
        PeerEvent::TooLarge(len) => call(&sess, ui, HostCall::Oversized { conn, len }),
        PeerEvent::Stuck(cause) => ui.room.update(|r| r.advice = Some(cause)),
        PeerEvent::Up => sess.borrow_mut().restarting.retain(|c| *c != conn),
        // A room's connection that was open and went down: restarted through the room
        // (after a grace, for one that may come back by itself); it closes if not back.
        PeerEvent::Disconnected if sess.borrow().room_conns.contains(&conn) => super::room::restart_if_still_down(&sess, ui, conn),
        PeerEvent::Failed(_) if sess.borrow().room_conns.contains(&conn) && sess.borrow().peers.get(&conn).is_some_and(|p| p.is_open()) => {
            super::room::restart_connection(&sess, ui, conn)
        }
        PeerEvent::Closed | PeerEvent::Disconnected | PeerEvent::Failed(_) => {
            if let PeerEvent::Failed(cause) = ev {
                ui.room.update(|r| r.advice = Some(cause));
            }
            let invited = invite_seat(&sess.borrow(), conn);
            if let Some(seat) = invited {
                ui.invites.update(|m| {
                    m.insert(seat, InviteStatus::Failed);
                });
                return;
            }
            let known = sess.borrow_mut().peers.remove(&conn).is_some();
            if known {
                call(&sess, ui, HostCall::Disconnect { conn, now: now_ms() });
            }
        }
    }
}

/// Drops a failed invite and makes a fresh one.
fn renew_invite<G: PeerTable>(sess: &Shared, ui: Ui<G>, seat: Seat) {
    let conn = sess.borrow().invites.get(&seat).copied();
    if let Some(conn) = conn {
        drop_invite(sess, ui, seat, conn);
    }
    create_invite(sess, ui, seat);
}

/// One seat's invite: its link, code and QR, and the box for the guest's answer.
pub(super) fn invite_box<G: PeerTable>(seat: Seat, status: InviteStatus, sess: StoredValue<Shared, LocalStorage>, ui: Ui<G>) -> AnyView {
    let shell = expect_context::<Shell>();
    let answer = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ConnectError>);
    let connect = move || {
        let code = answer.get_untracked();
        let Some(sess) = sess.try_get_value() else { return };
        let peer = {
            let s = sess.borrow();
            s.invites.get(&seat).and_then(|c| s.peers.get(c).cloned())
        };
        let Some(peer) = peer else { return };
        error.set(None);
        spawn_local(async move {
            if let Err(e) = peer.accept::<G>(&code).await {
                error.try_set(Some(e));
            }
        });
    };
    let body = match status {
        InviteStatus::Preparing => view! { <p class="muted">{shell.t(Text::PreparingInvite)}</p> }.into_any(),
        InviteStatus::Error(e) => view! { <p class="notice bad" data-testid="invite-error">{move || connect_error(&e, shell.lang())}</p> }.into_any(),
        InviteStatus::Failed => view! {
            <p class="notice bad" role="alert" data-testid="invite-failed">{shell.t(Text::InviteFailed)}</p>
            <button type="button" class="button" data-testid="new-invite"
                on:click=move |_| { if let Some(s) = sess.try_get_value() { renew_invite(&s, ui, seat) } }>
                {shell.t(Text::NewInvite)}
            </button>
        }
        .into_any(),
        InviteStatus::Ready(code) | InviteStatus::Connecting(code) => {
            let invite = Route::Join { game: G::NAME.to_string(), code: code.clone(), watch: seat == WATCH };
            let link = format!("{}{}", G::HOST_PAGE.url_of(G::GUEST_PAGE), invite.to_hash());
            let (scan_button, scan_box) = crate::web::peer::scan::scan_answer(Callback::new(move |code: String| {
                answer.set(code);
                connect();
            }))
            .unzip();
            view! {
                <InvitePassOn code=code link=link testid="invite-code"/>
                <div class="answer-row">
                    <input type="text" data-testid="answer-input" autocomplete="off" spellcheck="false"
                        placeholder=shell.t(Text::PasteAnswer) aria-label=shell.t(Text::PasteAnswer)
                        prop:value=move || answer.get()
                        on:input=move |ev| answer.set(event_target_value(&ev))
                        on:keydown=move |ev| if ev.key() == "Enter" { connect() }/>
                    {scan_button}
                    <button type="button" class="button primary" data-testid="answer-connect" on:click=move |_| connect()>
                        {shell.t(Text::Connect)}
                    </button>
                </div>
                {scan_box}
                {move || error.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="invite-error">{connect_error(&e, shell.lang())}</p> })}
            }
            .into_any()
        }
    };
    view! {
        <div class="invite" data-testid="invite" data-seat=seat.to_string()>
            {body}
        </div>
    }
    .into_any()
}

