//! The host page's room (docs/room.md): one link that seats everyone. The page's room
//! worker (`web::room`) keeps the relays; here, each guest that knocks gets a new
//! connection whose offer goes back through the worker, each answer is accepted on its
//! connection, and an offer nobody answered is closed. A connection from the room is like
//! any other: the guest's hello seats it (its seat back, the next free seat, or watching).
//! One that goes down is restarted through the room (`restart_connection`, asked for by
//! the guest or on the host's own notice) and closed if it is not back in time.
//! The room's code and key are kept beside the table's save, so a reloaded page reopens
//! the same room and guests knock their way back.

use super::invites::new_connection;
use super::*;
use crate::codec::{base64url_decode, base64url_encode};
use crate::net::room::message::PeerId;
use crate::i18n::Phrased;
use crate::net::room::peer::{FromRoom, ToRoom};
use crate::net::room::relays::{relays_text, RELAYS_KEY};
use crate::net::room::restart::{DISCONNECTED_GRACE_MS, RESTART_WITHIN_MS};
use crate::ui_model::room_words::{no_relay_answered, relays_up, room_link_intro};
use crate::web::room::client::RoomClient;

/// What the lobby shows of the room.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct RoomShown {
    /// The room link's code, once the room is made.
    pub code: Option<String>,
    pub relays: Option<(u8, u8)>,
    pub failed: Option<Phrased>,
    /// The relay list is empty: invites only, by the player's choice.
    pub off: bool,
    /// No relay answered within [`FALL_BACK_MS`] of opening.
    pub stuck: bool,
    /// The host asked for the seats' own invites.
    pub by_hand: bool,
    /// Why a guest's last connection most likely failed, until one opens.
    pub advice: Option<crate::net::ice_report::FailCause>,
}

impl RoomShown {
    /// Whether the seats' own invites show: when the room cannot seat anyone (no relays,
    /// none answering, a failure) or the host asks for them; otherwise the one link does.
    pub fn invites(&self) -> bool {
        self.off || self.stuck || self.by_hand || self.failed.is_some()
    }
}

/// How long the lobby waits for a relay to answer before it shows the seats' invites.
const FALL_BACK_MS: u32 = 10_000;

/// Where the room's code and the host's key are kept, beside the table's save.
pub(super) fn room_key<G: PeerTable>() -> String {
    format!("{}.room", G::HOST_KEY)
}

/// The kept room: its code and the host's private key, as `code key` (base64url).
fn kept<G: PeerTable>() -> Option<(String, Vec<u8>)> {
    let text = storage::get_raw(&room_key::<G>()).ok().flatten()?;
    let (code, key) = text.split_once(' ')?;
    Some((code.to_string(), base64url_decode(key).ok()?))
}

fn relays() -> String {
    relays_text(storage::get_raw(RELAYS_KEY).ok().flatten())
}

fn tell(sess: &Shared, call: ToRoom) {
    if let Some(room) = &sess.borrow().room {
        room.send(&call);
    }
}

/// Opens the page's room (the kept one, or a new one).
pub(super) fn open_room<G: PeerTable>(sess: &Shared, ui: Ui<G>) {
    let shown = ui.room;
    let weak = Rc::downgrade(sess);
    let hear = move |said: FromRoom| {
        let Some(sess) = weak.upgrade() else { return };
        match said {
            FromRoom::Made { code, key } => {
                let _ = storage::set_raw(&room_key::<G>(), &format!("{code} {}", base64url_encode(&key)));
                shown.update(|s| s.code = Some(code.clone()));
                tell(&sess, ToRoom::Host { code, key, relays: relays() });
            }
            FromRoom::Knock { guest } => offer_connection(&sess, ui, guest),
            FromRoom::Answer { conn, code, .. } | FromRoom::RestartAnswer { conn, code } => {
                let conn = ConnId::from(conn);
                let peer = sess.borrow().peers.get(&conn).cloned();
                if let Some(peer) = peer {
                    let mut s = sess.borrow_mut();
                    if !s.room_conns.contains(&conn) {
                        s.room_conns.push(conn);
                    }
                    drop(s);
                    spawn_local(async move {
                        if let Err(e) = peer.accept::<G>(&code).await {
                            web_sys::console::warn_1(&format!("room: a guest's answer was refused: {e:?}").into());
                        }
                    });
                }
            }
            FromRoom::GiveUp { conns } => {
                for conn in conns.into_iter().map(ConnId::from) {
                    if sess.borrow_mut().peers.remove(&conn).is_some() {
                        call(&sess, ui, HostCall::Disconnect { conn, now: now_ms() });
                    }
                }
            }
            FromRoom::Relays { up, of } => shown.update(|s| s.relays = Some((up, of))),
            // The kept key does not fit its room: a new room, and a new link to share.
            FromRoom::KeyRefused => {
                let _ = storage::remove(&room_key::<G>());
                shown.set(RoomShown::default());
                tell(&sess, ToRoom::Make);
            }
            FromRoom::Failed(why) => shown.update(|s| s.failed = Some(why)),
            FromRoom::Off => shown.update(|s| s.off = true),
            FromRoom::RestartAsked { conn } => restart_connection(&sess, ui, ConnId::from(conn)),
            FromRoom::Offer { .. } | FromRoom::Restart { .. } | FromRoom::RestartFailed => {}
        }
    };
    let Some(client) = RoomClient::start(hear) else {
        // No room worker here: the seats' invites are the way in.
        shown.update(|s| s.stuck = true);
        return;
    };
    spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(FALL_BACK_MS).await;
        shown.try_update(|s| s.stuck = s.relays.is_none_or(|(up, _)| up == 0));
    });
    match kept::<G>() {
        Some((code, key)) => {
            shown.update(|s| s.code = Some(code.clone()));
            client.send(&ToRoom::Host { code, key, relays: relays() });
        }
        None => client.send(&ToRoom::Make),
    }
    sess.borrow_mut().room = Some(client);
}

/// A guest knocked: a new connection, its offer sent back through the room.
fn offer_connection<G: PeerTable>(sess: &Shared, ui: Ui<G>, guest: PeerId) {
    let (conn, Ok(peer)) = new_connection(sess, ui) else { return };
    let weak = Rc::downgrade(sess);
    spawn_local(async move {
        let offer = peer.offer::<G>().await;
        drop(peer);
        // Connections count from 1 per page: a room's u32 holds them.
        if let (Ok(code), Some(sess), Ok(conn)) = (offer, weak.upgrade(), u32::try_from(conn)) {
            tell(&sess, ToRoom::Offer { guest, conn, code });
        }
    });
}

/// Restarts ICE on open connection `conn` (once at a time): a new offer through the room,
/// answered through it (`FromRoom::RestartAnswer`). Not back within `RESTART_WITHIN_MS`,
/// the connection is closed and its guest dropped (its hello on the next connection, the
/// guest knocking again, takes the seat back).
pub(super) fn restart_connection<G: PeerTable>(sess: &Shared, ui: Ui<G>, conn: ConnId) {
    let peer = {
        let mut s = sess.borrow_mut();
        if s.restarting.contains(&conn) || !s.room_conns.contains(&conn) {
            return;
        }
        let peer = s.peers.get(&conn).cloned();
        if peer.is_some() {
            s.restarting.push(conn);
        }
        peer
    };
    let Some(peer) = peer else { return };
    let weak = Rc::downgrade(sess);
    spawn_local(async move {
        match (peer.restart_offer::<G>().await, u32::try_from(conn)) {
            (Ok(code), Ok(c)) => {
                if let Some(s) = weak.upgrade() {
                    tell(&s, ToRoom::RestartOffer { conn: c, code });
                }
            }
            (Err(e), _) => web_sys::console::warn_1(&format!("room: no ICE restart offer: {e:?}").into()),
            _ => {}
        }
        gloo_timers::future::TimeoutFuture::new(RESTART_WITHIN_MS as u32).await;
        let Some(sess) = weak.upgrade() else { return };
        sess.borrow_mut().restarting.retain(|c| *c != conn);
        let same = sess.borrow().peers.get(&conn).is_some_and(|p| Rc::ptr_eq(p, &peer));
        if same && !peer.is_up() {
            sess.borrow_mut().peers.remove(&conn);
            call(&sess, ui, HostCall::Disconnect { conn, now: now_ms() });
        }
    });
}

/// A room connection that is `disconnected`: restarted unless it comes back within
/// `DISCONNECTED_GRACE_MS` by itself.
pub(super) fn restart_if_still_down<G: PeerTable>(sess: &Shared, ui: Ui<G>, conn: ConnId) {
    let weak = Rc::downgrade(sess);
    spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(DISCONNECTED_GRACE_MS as u32).await;
        let Some(sess) = weak.upgrade() else { return };
        let down = sess.borrow().peers.get(&conn).is_some_and(|p| !p.is_up());
        if down {
            restart_connection(&sess, ui, conn);
        }
    });
}

/// Tells the room whether the table wants guests: a free seat before the start, or a
/// guest away (trackers are announced to only then).
pub(super) fn findable<G: PeerTable>(sess: &Shared, ui: Ui<G>) {
    let wanted = ui.lobby.with_untracked(|l| l.open_seats().next().is_some());
    let mut s = sess.borrow_mut();
    if s.room_findable != Some(wanted) {
        s.room_findable = Some(wanted);
        if let Some(room) = &s.room {
            room.send(&ToRoom::Findable(wanted));
        }
    }
}

/// The lobby's room box: the link to share, how many relays it reaches, or why there is
/// no room (the seats' own invites below still work).
pub(super) fn room_box<G: PeerTable>(shown: RwSignal<RoomShown>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || {
        let s = shown.get();
        let by_hand = (!s.invites()).then(|| view! {
            <button type="button" class="button subtle small" data-testid="invites-by-hand"
                on:click=move |_| shown.update(|s| s.by_hand = true)>
                {shell.t(Text::InvitesByHand)}
            </button>
        });
        let RoomShown { code, relays, failed, off, stuck, advice, .. } = s;
        let advice = advice.map(|c| crate::web::peer::advice_line(c, shell));
        // No relay answered: say so once, above the invites that take over.
        let failed = failed.map(|why| why.get(shell.lang()).to_string()).or_else(|| (stuck && !off).then(|| no_relay_answered(shell.lang()).to_string()));
        let code = code.filter(|_| !off);
        let failed = failed.map(|why| view! { <p class="notice bad" role="alert" data-testid="room-error">{why}</p> });
        let link = code.map(|code| {
            let route = Route::Join { game: G::NAME.to_string(), code: code.clone(), watch: false };
            let link = format!("{}{}", G::HOST_PAGE.url_of(G::GUEST_PAGE), route.to_hash());
            view! {
                <p class="muted">{room_link_intro(shell.lang())}</p>
                <InvitePassOn code=code link=link testid="room-code" link_testid="room-link"/>
                <p class="muted room-status">
                    {relays.map(|(up, of)| view! { <span data-testid="relays-up">{relays_up(up, of, shell.lang())}</span> " " })}
                    {by_hand}
                </p>
            }
        });
        // Nothing to show (invites only, or the room not made yet): no box, no gap.
        (failed.is_some() || link.is_some() || advice.is_some()).then(|| view! { <div class="peer-room" data-testid="room">{failed}{advice}{link}</div> })
    }
}
