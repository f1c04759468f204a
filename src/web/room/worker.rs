//! The room worker (src/room_worker.rs, built into dist/room/): a Web Worker that keeps a
//! page's room — one WebSocket per relay of the Settings list, reopened with backoff when
//! it drops; every message sealed and opened, offers signed and checked (`crypto`); what
//! each message means decided by `net::room::peer`, each relay's framing by
//! `net::room::relay_link`. The page sends [`ToRoom`] and hears [`FromRoom`] (postcard
//! bytes; `client` is its side); it keeps the WebRTC connections, which a worker cannot.
//! Posts `"ready"` first, as the other workers do.

use super::crypto::{self, Seal};
use crate::i18n::Phrased;
use crate::net::room::inbox::Refusal;
use crate::ui_model::room_words::room_failure;
use crate::net::room::link::RoomCode;
use crate::net::room::message::{offer_signed_bytes, restart_signed_bytes, Body, PeerId, RoomMessage};
use crate::net::room::peer::{FromRoom, RoomFailure, RoomPeer, Step, Tick, ToRoom};
use crate::net::room::relay_link::{Frame, RelayLink, Via};
use crate::net::room::relays::{parse_relays, Relay, RelayKind};
use crate::net::Millis;
use js_sys::{ArrayBuffer, Uint8Array};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use web_sys::{BinaryType, CryptoKey, DedicatedWorkerGlobalScope, MessageEvent, WebSocket};

/// How often the worker looks at its clock (knocks, offers running out, keep-alives).
const TICK_MS: i32 = 250;
/// Reopening a relay that dropped waits this long, doubled after each failure, up to
/// [`RETRY_MAX_MS`].
const RETRY_FIRST_MS: Millis = 2_000;
const RETRY_MAX_MS: Millis = 60_000;
/// Lines of relay trouble logged a minute at most.
const LOG_PER_MINUTE: u32 = 10;

/// One relay of the list and its current socket.
struct Slot {
    relay: Relay,
    socket: Option<WebSocket>,
    /// The socket's link, once it opened.
    link: Option<RelayLink>,
    /// Counts sockets, so that a closed socket's late events are ignored.
    generation: u32,
    failures: u32,
    retry_at: Millis,
}

struct Room {
    code: RoomCode,
    peer: RoomPeer,
    seal: Seal,
    /// The host's signing key, or a guest's check of the host's signature.
    key: CryptoKey,
    slots: Vec<Slot>,
    findable: bool,
    /// Relays up when last told to the page.
    told_up: Option<u8>,
}

#[derive(Default)]
struct Worker {
    room: Option<Room>,
    logged: (Millis, u32),
}

type Shared = Rc<RefCell<Worker>>;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn now() -> Millis {
    js_sys::Date::now() as Millis
}

fn tell(said: &FromRoom) {
    if let Ok(bytes) = postcard::to_allocvec(said) {
        let _ = scope().post_message(&Uint8Array::from(bytes.as_slice()));
    }
}

/// A relay's trouble, for whoever debugs a room (a few lines a minute).
fn log(w: &mut Worker, line: impl FnOnce() -> String) {
    let t = now();
    if t.saturating_sub(w.logged.0) > 60_000 {
        w.logged = (t, 0);
    }
    if w.logged.1 < LOG_PER_MINUTE {
        w.logged.1 += 1;
        web_sys::console::warn_1(&format!("room: {}", line()).into());
    }
}

/// The room worker's whole life: answers the page's calls and keeps the room.
pub fn serve() {
    console_error_panic_hook::set_once();
    let shared: Shared = Rc::default();
    let on_message = {
        let shared = shared.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let bytes = Uint8Array::new(&e.data()).to_vec();
            match postcard::from_bytes::<ToRoom>(&bytes) {
                Ok(call) => spawn_local(handle(shared.clone(), call)),
                Err(_) => log(&mut shared.borrow_mut(), || "refused a call that does not read".into()),
            }
        })
    };
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_tick = {
        let shared = shared.clone();
        Closure::<dyn FnMut()>::new(move || tick(&shared))
    };
    let _ = scope().set_interval_with_callback_and_timeout_and_arguments_0(on_tick.as_ref().unchecked_ref(), TICK_MS);
    on_tick.forget();
    let _ = scope().post_message(&JsValue::from_str("ready"));
}

async fn handle(shared: Shared, call: ToRoom) {
    match call {
        ToRoom::Make => make().await,
        ToRoom::Host { code, key, relays } => open(&shared, code, Some(key), relays).await,
        ToRoom::Guest { code, relays } => open(&shared, code, None, relays).await,
        ToRoom::Offer { guest, conn, code } => offer(&shared, guest, conn, code).await,
        ToRoom::Answer { host, conn, code } => to_host(&shared, host, Body::Answer { conn, code }).await,
        ToRoom::RestartAnswer { host, conn, code } => to_host(&shared, host, Body::RestartAnswer { conn, code }).await,
        ToRoom::RestartOffer { conn, code } => restart_offer(&shared, conn, code).await,
        ToRoom::Restarting => {
            with_room(&shared, |r| {
                if r.peer.restarting(now()) {
                    // The ask must get out from this device's network now (see `Lost`).
                    fresh_sockets(r);
                }
            });
        }
        ToRoom::Findable(on) => {
            with_room(&shared, |r| r.findable = on);
        }
        ToRoom::Connected | ToRoom::Lost => {
            let open = call == ToRoom::Connected;
            with_room(&shared, |r| {
                r.peer.connection(open, now());
                if !open {
                    fresh_sockets(r);
                }
            });
        }
    }
}

/// A lost connection may mean this device changed networks: a socket opened on the old
/// one can look open for minutes while nothing gets through (seen in the NAT lab). Knock,
/// or ask for a restart, on fresh sockets, opened now.
fn fresh_sockets(r: &mut Room) {
    for slot in &mut r.slots {
        if let Some(socket) = slot.socket.take() {
            shut(&socket);
        }
        slot.link = None;
        slot.retry_at = now();
    }
}

/// A guest's message to the host, sealed and sent.
async fn to_host(shared: &Shared, host: PeerId, body: Body) {
    let Some((me, seal)) = with_room(shared, |r| (r.peer.me(), r.seal.clone())) else { return };
    let m = RoomMessage { from: me, to: Some(host), nonce: crypto::random(), body };
    if let Some(sealed) = seal.seal(&m.encode()).await {
        send_to_one(shared, host, &sealed);
    }
}

/// The host's ICE restart offer on open connection `conn`: signed, sealed, remembered (to
/// resend when the guest asks again) and sent to the guest that holds it.
async fn restart_offer(shared: &Shared, conn: u32, code: String) {
    let t = now();
    let Some(Some((guest, me, seal, key, signed))) = with_room(shared, |r| {
        let guest = r.peer.restart_offering(conn, t)?;
        Some((guest, r.peer.me(), r.seal.clone(), r.key.clone(), restart_signed_bytes(&r.code, r.peer.me(), guest, conn, &code)))
    }) else {
        return;
    };
    let Some(signature) = crypto::sign(&key, &signed).await else { return };
    let m = RoomMessage { from: me, to: Some(guest), nonce: crypto::random(), body: Body::Restart { conn, code, signature } };
    let Some(sealed) = seal.seal(&m.encode()).await else { return };
    with_room(shared, |r| r.peer.restart_offered(conn, sealed.clone()));
    send_to_one(shared, guest, &sealed);
}

fn with_room<R>(shared: &Shared, f: impl FnOnce(&mut Room) -> R) -> Option<R> {
    shared.borrow_mut().room.as_mut().map(f)
}

/// A new room for a host: random id and secret, a new key pair.
async fn make() {
    let Some((point, pkcs8)) = crypto::make_host_key().await else {
        tell(&FromRoom::Failed(Phrased::with(|lang| room_failure(&RoomFailure::NoCrypto, lang))));
        return;
    };
    let code = RoomCode { room: crypto::random(), secret: crypto::random(), host_key: point };
    tell(&FromRoom::Made { code: code.encode(), key: pkcs8 });
}

async fn open(shared: &Shared, code: String, host_key: Option<Vec<u8>>, relays: String) {
    let host = host_key.is_some();
    let fail = |why: RoomFailure| {
        tell(&match why {
            RoomFailure::Key => FromRoom::KeyRefused,
            RoomFailure::NoRelays if host => FromRoom::Off,
            why => FromRoom::Failed(Phrased::with(|lang| room_failure(&why, lang))),
        })
    };
    let room = match RoomCode::decode(&code) {
        Ok(r) => r,
        Err(e) => return fail(RoomFailure::Code(e)),
    };
    let relays = match parse_relays(&relays) {
        Ok(list) if list.is_empty() => return fail(RoomFailure::NoRelays),
        Ok(list) => list,
        Err(e) => return fail(RoomFailure::Relays(e)),
    };
    let (Some(seal), Some(verifier)) = (Seal::of(&room).await, crypto::host_verifier(&room.host_key).await) else {
        return fail(RoomFailure::NoCrypto);
    };
    let me = PeerId(crypto::random());
    let (peer, key) = match host_key {
        Some(pkcs8) => match crypto::host_signer(&pkcs8, &verifier).await {
            Some(signer) => (RoomPeer::host(me), signer),
            None => return fail(RoomFailure::Key),
        },
        None => (RoomPeer::guest(me, now()), verifier),
    };
    let slots = relays.into_iter().map(|relay| Slot { relay, socket: None, link: None, generation: 0, failures: 0, retry_at: 0 }).collect();
    let mut w = shared.borrow_mut();
    // A page opens one room; opening another closes the first's sockets.
    if let Some(old) = w.room.take() {
        for slot in old.slots {
            close(slot);
        }
    }
    w.room = Some(Room { code: room, peer, seal, key, slots, findable: true, told_up: None });
    drop(w);
    tick(shared);
}

/// The host's offer: signed, sealed, remembered (to resend) and sent to the guest.
async fn offer(shared: &Shared, guest: PeerId, conn: u32, code: String) {
    let Some((me, seal, key, signed)) =
        with_room(shared, |r| (r.peer.me(), r.seal.clone(), r.key.clone(), offer_signed_bytes(&r.code, r.peer.me(), guest, conn, &code)))
    else {
        return;
    };
    let Some(signature) = crypto::sign(&key, &signed).await else { return };
    let m = RoomMessage { from: me, to: Some(guest), nonce: crypto::random(), body: Body::Offer { conn, code, signature } };
    let Some(sealed) = seal.seal(&m.encode()).await else { return };
    with_room(shared, |r| r.peer.offered(guest, conn, sealed.clone()));
    send_to_one(shared, guest, &sealed);
}

fn send(socket: &WebSocket, frames: Vec<Frame>) {
    for frame in frames {
        let _ = match frame {
            Frame::Bytes(b) => socket.send_with_u8_array(&b),
            Frame::Text(t) => socket.send_with_str(&t),
        };
    }
}

fn send_to_one(shared: &Shared, to: PeerId, sealed: &str) {
    let t = now();
    with_room(shared, |r| {
        for slot in &mut r.slots {
            if let (Some(socket), Some(link)) = (&slot.socket, &mut slot.link) {
                send(socket, link.to_one(to, sealed, t));
            }
        }
    });
}

/// A room given up: each socket says goodbye and closes.
fn close(slot: Slot) {
    if let (Some(socket), Some(link)) = (&slot.socket, &slot.link) {
        send(socket, link.closing());
    }
    if let Some(socket) = slot.socket {
        shut(&socket);
    }
}

/// Closes a socket whose events are no longer wanted.
fn shut(socket: &WebSocket) {
    socket.set_onopen(None);
    socket.set_onmessage(None);
    socket.set_onclose(None);
    let _ = socket.close();
}

/// What time asks for: sockets to (re)open, knocks, offers given up, keep-alives, and the
/// page told how many relays are up.
fn tick(shared: &Shared) {
    let t = now();
    let mut knock = None;
    let mut ask = None;
    let mut said = Vec::new();
    {
        let mut w = shared.borrow_mut();
        let Some(r) = w.room.as_mut() else { return };
        let relay_up = r.slots.iter().any(|s| s.link.as_ref().is_some_and(|l| l.ready()));
        match r.peer.tick(t, relay_up, crypto::random) {
            Some(Tick::Knock(m)) => knock = Some((m, r.seal.clone())),
            Some(Tick::Ask(m)) => ask = Some((m, r.seal.clone())),
            Some(Tick::GiveUp(conns)) => said.push(FromRoom::GiveUp { conns }),
            Some(Tick::RestartFailed) => said.push(FromRoom::RestartFailed),
            None => {}
        }
        let findable = r.findable || r.peer.seeking();
        for (i, slot) in r.slots.iter_mut().enumerate() {
            match (&slot.socket, &mut slot.link) {
                (None, _) if t >= slot.retry_at => connect(shared, slot, i),
                (Some(socket), Some(link)) => send(socket, link.due(t, findable)),
                _ => {}
            }
        }
        let up = r.slots.iter().filter(|s| s.link.as_ref().is_some_and(|l| l.ready())).count() as u8;
        if r.told_up != Some(up) {
            r.told_up = Some(up);
            said.push(FromRoom::Relays { up, of: r.slots.len() as u8 });
        }
    }
    for s in &said {
        tell(s);
    }
    // A restart's ask goes to the host alone.
    if let Some((m, seal, host)) = ask.and_then(|(m, seal)| m.to.map(|host| (m, seal, host))) {
        let shared = shared.clone();
        spawn_local(async move {
            if let Some(sealed) = seal.seal(&m.encode()).await {
                send_to_one(&shared, host, &sealed);
            }
        });
    }
    if let Some((m, seal)) = knock {
        let shared = shared.clone();
        spawn_local(async move {
            let Some(sealed) = seal.seal(&m.encode()).await else { return };
            let t = now();
            with_room(&shared, |r| {
                for slot in &mut r.slots {
                    if let (Some(socket), Some(link)) = (&slot.socket, &mut slot.link) {
                        if link.ready() {
                            send(socket, link.to_all(&sealed, t));
                        }
                    }
                }
            });
        });
    }
}

/// Opens slot `i`'s socket (its events find the slot again by index and generation).
fn connect(shared: &Shared, slot: &mut Slot, i: usize) {
    slot.generation = slot.generation.wrapping_add(1);
    let generation = slot.generation;
    let socket = match slot.relay.kind {
        RelayKind::Mqtt => WebSocket::new_with_str(&slot.relay.url, "mqtt"),
        RelayKind::Torrent => WebSocket::new(&slot.relay.url),
    };
    let Ok(socket) = socket else {
        slot.failures += 1;
        slot.retry_at = now() + backoff(slot.failures);
        return;
    };
    socket.set_binary_type(BinaryType::Arraybuffer);
    let on_open = {
        let shared = Rc::downgrade(shared);
        Closure::<dyn FnMut()>::new(move || {
            let Some(shared) = shared.upgrade() else { return };
            let room_seed: [u8; 15] = crypto::random();
            with_slot(&shared, i, generation, |code, slot| {
                let mut link = RelayLink::new(slot.relay.kind, code, room_seed);
                if let Some(socket) = &slot.socket {
                    send(socket, link.opened(now()));
                }
                slot.link = Some(link);
                slot.failures = 0;
            });
        })
    };
    let on_message = {
        let shared = Rc::downgrade(shared);
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(shared) = shared.upgrade() else { return };
            let data = e.data();
            let frame = match data.as_string() {
                Some(text) => Frame::Text(text),
                None => match data.dyn_into::<ArrayBuffer>() {
                    Ok(buffer) => Frame::Bytes(Uint8Array::new(&buffer).to_vec()),
                    Err(_) => return,
                },
            };
            heard(&shared, i, generation, frame);
        })
    };
    let on_close = {
        let shared = Rc::downgrade(shared);
        Closure::<dyn FnMut()>::new(move || {
            let Some(shared) = shared.upgrade() else { return };
            with_slot(&shared, i, generation, |_, slot| dropped(slot));
        })
    };
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    // A room's sockets live as long as the worker; a few closures per reconnect is the cost.
    on_open.forget();
    on_message.forget();
    on_close.forget();
    slot.socket = Some(socket);
    slot.link = None;
}

fn backoff(failures: u32) -> Millis {
    RETRY_FIRST_MS.saturating_mul(1 << failures.saturating_sub(1).min(5)).min(RETRY_MAX_MS)
}

/// The socket of a slot closed (or is closed here): it is opened again after a wait.
fn dropped(slot: &mut Slot) {
    if let Some(socket) = slot.socket.take() {
        shut(&socket);
    }
    slot.link = None;
    slot.failures += 1;
    slot.retry_at = now() + backoff(slot.failures);
}

/// Runs `f` on slot `i` if its socket is still generation `generation`.
fn with_slot(shared: &Shared, i: usize, generation: u32, f: impl FnOnce(&RoomCode, &mut Slot)) {
    with_room(shared, |r| {
        if let Some(slot) = r.slots.get_mut(i).filter(|s| s.generation == generation) {
            f(&r.code, slot);
        }
    });
}

/// A frame from slot `i`'s relay: each sealed text in it is opened and taken.
fn heard(shared: &Shared, i: usize, generation: u32, frame: Frame) {
    let mut texts = Vec::new();
    let mut trouble = None;
    with_slot(shared, i, generation, |_, slot| {
        let Some(link) = &mut slot.link else { return };
        let (heard, error) = link.heard(frame);
        texts = heard;
        if let Some(e) = error {
            trouble = Some(format!("{}: {e}", slot.relay.url));
            if e.ends_connection() {
                dropped(slot);
            }
        }
    });
    if let Some(line) = trouble {
        log(&mut shared.borrow_mut(), || line);
    }
    for h in texts {
        spawn_local(take(shared.clone(), i, generation, h.sealed, h.via));
    }
}

/// One sealed text: opened, read, an offer's signature checked, then taken by the peer.
async fn take(shared: Shared, i: usize, generation: u32, sealed: String, via: Via) {
    let Some((seal, key, code, is_host)) = with_room(&shared, |r| (r.seal.clone(), r.key.clone(), r.code.clone(), r.peer.is_host())) else { return };
    // Another room's text (or noise) does not open: nothing to log, relays carry others' too.
    let Some(plain) = seal.open(&sealed).await else { return };
    let m = match RoomMessage::decode(&plain) {
        Ok(m) => m,
        Err(e) => return log(&mut shared.borrow_mut(), || format!("refused {e}")),
    };
    let signed = match (&m.body, m.to, is_host) {
        (Body::Offer { conn, code: offer, signature }, Some(to), false) => {
            crypto::verify(&key, signature, &offer_signed_bytes(&code, m.from, to, *conn, offer)).await
        }
        (Body::Restart { conn, code: offer, signature }, Some(to), false) => {
            crypto::verify(&key, signature, &restart_signed_bytes(&code, m.from, to, *conn, offer)).await
        }
        _ => false,
    };
    let from = m.from;
    let step = {
        let mut w = shared.borrow_mut();
        let Some(r) = w.room.as_mut() else { return };
        let step = r.peer.take(m, signed, now());
        if step.is_ok() {
            // Replies to this page go back the way it came, on a tracker.
            if let Some(link) = r.slots.get_mut(i).filter(|s| s.generation == generation).and_then(|s| s.link.as_mut()) {
                link.learned(from, via);
            }
        }
        step
    };
    match step {
        Ok(Some(Step::Page(said))) => tell(&said),
        Ok(Some(Step::Resend { to, sealed })) => send_to_one(&shared, to, &sealed),
        Ok(None) => {}
        // The same message through every relay, our own echo, others' traffic: routine.
        Err(Refusal::Echo | Refusal::Duplicate | Refusal::NotForMe | Refusal::OtherSide | Refusal::Stale) => {}
        Err(refusal) => log(&mut shared.borrow_mut(), || refusal.to_string()),
    }
}
