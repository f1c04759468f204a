//! WebRTC glue (wasm only): one peer connection with one pre-negotiated, ordered, reliable
//! data channel (`negotiated: true, id: 0`), non-trickle signalling through `net::signal`
//! codes (made and read in the page's worker), and state changes and incoming text reported
//! as events; an ICE restart renegotiates the same connection (`restart_offer`, and
//! `answer`/`accept` again) and keeps its channel. It only moves bytes.

use crate::net::connect::{BrowserStep, ConnectError};
use crate::net::ice_report::{failure_cause, Candidate, FailCause, Gathered};
use crate::net::signal::SdpKind;
use crate::web::peer::session;
use crate::worker::session::PeerSession;
use crate::ui_model::prefs::IceServer;
use gloo_timers::future::TimeoutFuture;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState, RtcDataChannelType, RtcIceGatheringState,
    RtcIceServer, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// What happened on a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerEvent {
    Connecting,
    /// The data channel is open: messages can flow.
    Open,
    /// A text message, at most `max_message` bytes (larger ones become `TooLarge`).
    Message(Vec<u8>),
    TooLarge(usize),
    /// The other side went away (closed its page or its connection).
    Closed,
    /// ICE lost its path (a network change, a NAT mapping gone): it may come back by
    /// itself; if not, an ICE restart brings it back on the same channel.
    Disconnected,
    /// ICE and DTLS are up (first, or again after [`PeerEvent::Disconnected`] or a restart).
    Up,
    /// ICE or DTLS failed: no route between the two browsers; the likely cause from what
    /// both sides gathered (`net::ice_report`).
    Failed(FailCause),
    /// Still not connected [`STUCK_MS`] after both descriptions were set, and the
    /// candidates already explain why: said early (ICE itself gives up later) while the
    /// connection keeps trying.
    Stuck(FailCause),
}

/// How long checks may run before a connection the candidates explain is called stuck.
const STUCK_MS: u32 = 5000;

/// How long to wait for ICE gathering before encoding what was found: a reachable STUN
/// server answers within a few hundred milliseconds; an unreachable one (a network that
/// blocks it, or none outside) must not hold the code back, so what was found by then is used.
const GATHER_TIMEOUT_MS: u32 = 2500;
/// How long a renegotiation's gathering is given to begin (see `local_code`).
const REGATHER_START_MS: u32 = 400;

type Handler = Rc<dyn Fn(PeerEvent)>;
/// The JavaScript callbacks, kept alive as long as the connection.
type Callbacks = RefCell<Vec<Closure<dyn FnMut(JsValue)>>>;

/// A peer connection and its channel. Dropping it closes both and detaches every callback.
pub struct Peer {
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
    closures: Callbacks,
    /// The error codes of the ICE servers' failed requests (`icecandidateerror`).
    server_errors: Rc<RefCell<Vec<u16>>>,
    /// How many STUN and TURN servers this connection was given.
    servers: (usize, usize),
    on_event: Handler,
}

/// How many of `ice`'s URLs are STUN and how many TURN servers.
pub fn server_counts(ice: &[IceServer]) -> (usize, usize) {
    let urls = || ice.iter().flat_map(|s| s.urls.iter());
    (urls().filter(|u| u.starts_with("stun")).count(), urls().filter(|u| u.starts_with("turn")).count())
}

/// Listens for `icecandidateerror` on `pc`, keeping each error's code in `into`.
pub fn keep_server_errors(pc: &RtcPeerConnection, into: Rc<RefCell<Vec<u16>>>) -> Closure<dyn FnMut(JsValue)> {
    let c = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let code = js_sys::Reflect::get(&e, &"errorCode".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
        into.borrow_mut().push(code as u16);
    });
    let _ = pc.add_event_listener_with_callback("icecandidateerror", c.as_ref().unchecked_ref());
    c
}

/// The browser refused `step`: why, with its own message.
fn js_err(step: BrowserStep, e: JsValue) -> ConnectError {
    let detail = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_default();
    ConnectError::Browser { step, detail }
}

/// A connection's configuration: its STUN and TURN servers (shared with the connection test,
/// `nettest.rs`, which gathers against the same ones).
pub(crate) fn configuration(ice: &[IceServer]) -> RtcConfiguration {
    let config = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    for s in ice {
        let server = RtcIceServer::new();
        server.set_urls(&s.urls.iter().map(|u| JsValue::from_str(u)).collect::<js_sys::Array>());
        if let Some(u) = &s.username {
            server.set_username(u);
        }
        if let Some(c) = &s.credential {
            server.set_credential(c);
        }
        servers.push(&server);
    }
    config.set_ice_servers(&servers);
    config
}

impl Peer {
    /// A new connection using `ice` servers (none: same network only). `max_message` is the
    /// largest incoming message accepted (see `net::protocol`).
    pub fn new(ice: &[IceServer], max_message: usize, on_event: Handler) -> Result<Rc<Peer>, ConnectError> {
        let pc = RtcPeerConnection::new_with_configuration(&configuration(ice)).map_err(|e| js_err(BrowserStep::CreateConnection, e))?;
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        init.set_ordered(true);
        let dc = pc.create_data_channel_with_data_channel_dict("tuolaji", &init);
        // Messages are binary (see `net::protocol`): receive them as ArrayBuffers, not Blobs.
        dc.set_binary_type(RtcDataChannelType::Arraybuffer);
        let server_errors = Rc::new(RefCell::new(Vec::new()));
        let errors = keep_server_errors(&pc, server_errors.clone());
        let peer = Rc::new(Peer { pc, dc, closures: RefCell::new(vec![errors]), server_errors, servers: server_counts(ice), on_event: on_event.clone() });

        let state_pc = peer.pc.clone();
        let (errors, servers) = (peer.server_errors.clone(), peer.servers);
        let h = on_event.clone();
        peer.attach(|f| peer.pc.set_onconnectionstatechange(Some(f)), move |_| match state_pc.connection_state() {
            RtcPeerConnectionState::Connecting => h(PeerEvent::Connecting),
            RtcPeerConnectionState::Connected => h(PeerEvent::Up),
            RtcPeerConnectionState::Failed => h(PeerEvent::Failed(cause_of(&state_pc, &errors.borrow(), servers))),
            RtcPeerConnectionState::Disconnected => h(PeerEvent::Disconnected),
            RtcPeerConnectionState::Closed => h(PeerEvent::Closed),
            _ => {}
        });
        let h = on_event.clone();
        peer.attach(|f| peer.dc.set_onopen(Some(f)), move |_| h(PeerEvent::Open));
        let h = on_event.clone();
        peer.attach(|f| peer.dc.set_onclose(Some(f)), move |_| h(PeerEvent::Closed));
        let h = on_event;
        peer.attach(|f| peer.dc.set_onmessage(Some(f)), move |e| {
            let Some(data) = e.dyn_ref::<MessageEvent>().map(|m| m.data()) else { return };
            if let Some(text) = data.dyn_ref::<js_sys::JsString>() {
                // UTF-16 length is a lower bound of the UTF-8 length: refuse before copying.
                let units = text.length() as usize;
                if units > max_message {
                    h(PeerEvent::TooLarge(units));
                    return;
                }
                h(PeerEvent::Message(String::from(text).into_bytes()));
            } else if let Some(buf) = data.dyn_ref::<js_sys::ArrayBuffer>() {
                let len = buf.byte_length() as usize;
                if len > max_message {
                    h(PeerEvent::TooLarge(len));
                    return;
                }
                h(PeerEvent::Message(js_sys::Uint8Array::new(buf).to_vec()));
            }
        });
        Ok(peer)
    }

    fn attach(&self, set: impl FnOnce(&js_sys::Function), f: impl FnMut(JsValue) + 'static) {
        let c = Closure::<dyn FnMut(JsValue)>::new(f);
        set(c.as_ref().unchecked_ref());
        self.closures.borrow_mut().push(c);
    }

    /// The local description as a code, once gathered. `again`: a renegotiation (an ICE
    /// restart), whose gathering may not have begun yet — the last one's `complete` must
    /// not pass for it (up to [`REGATHER_START_MS`] is given for it to begin).
    async fn local_code<G: PeerSession>(&self, kind: SdpKind, again: bool) -> Result<String, ConnectError> {
        let mut waited = 0;
        while again && self.pc.ice_gathering_state() == RtcIceGatheringState::Complete && waited < REGATHER_START_MS {
            TimeoutFuture::new(20).await;
            waited += 20;
        }
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_TIMEOUT_MS {
            TimeoutFuture::new(50).await;
            waited += 50;
        }
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or(ConnectError::Browser { step: BrowserStep::NoLocalDescription, detail: String::new() })?;
        session::encode::<G>(kind, sdp).await
    }

    /// The host's side: an offer, as a code for the invite.
    pub async fn offer<G: PeerSession>(&self) -> Result<String, ConnectError> {
        self.make_offer::<G>(false).await
    }

    /// The host's side of an ICE restart: a new offer on this connection, with new ICE
    /// credentials (so new candidates are gathered and checked), as a code. The channel
    /// and everything on it stay.
    pub async fn restart_offer<G: PeerSession>(&self) -> Result<String, ConnectError> {
        // `restartIce()` (every browser since 2020; not in web-sys's generated list here).
        let restart = js_sys::Reflect::get(&self.pc, &"restartIce".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let Some(restart) = restart else {
            return Err(ConnectError::Browser { step: BrowserStep::CreateOffer, detail: "no restartIce".into() });
        };
        restart.call0(&self.pc).map_err(|e| js_err(BrowserStep::CreateOffer, e))?;
        self.make_offer::<G>(true).await
    }

    async fn make_offer<G: PeerSession>(&self, again: bool) -> Result<String, ConnectError> {
        let offer = JsFuture::from(self.pc.create_offer()).await.map_err(|e| js_err(BrowserStep::CreateOffer, e))?;
        let sdp = js_sys::Reflect::get(&offer, &JsValue::from_str("sdp")).ok().and_then(|v| v.as_string()).unwrap_or_default();
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&sdp);
        JsFuture::from(self.pc.set_local_description(&desc)).await.map_err(|e| js_err(BrowserStep::UseOffer, e))?;
        self.local_code::<G>(SdpKind::Offer, again).await
    }

    /// The guest's side: applies the host's offer code (its first, or an ICE restart's on
    /// this connection) and returns the answer code.
    pub async fn answer<G: PeerSession>(&self, offer_code: &str) -> Result<String, ConnectError> {
        // Gathered before: this is a restart's renegotiation.
        let again = self.pc.ice_gathering_state() == RtcIceGatheringState::Complete;
        let (kind, sdp) = session::decode::<G>(offer_code.to_string()).await?;
        if kind != SdpKind::Offer {
            return Err(ConnectError::AnswerNotInvitation);
        }
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&sdp);
        JsFuture::from(self.pc.set_remote_description(&desc)).await.map_err(|e| js_err(BrowserStep::UseInvitation, e))?;
        let answer = JsFuture::from(self.pc.create_answer()).await.map_err(|e| js_err(BrowserStep::CreateAnswer, e))?;
        let sdp = js_sys::Reflect::get(&answer, &JsValue::from_str("sdp")).ok().and_then(|v| v.as_string()).unwrap_or_default();
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(&sdp);
        JsFuture::from(self.pc.set_local_description(&desc)).await.map_err(|e| js_err(BrowserStep::UseAnswer, e))?;
        let code = self.local_code::<G>(SdpKind::Answer, again).await;
        self.watch_for_stuck();
        code
    }

    /// The host's side: applies the guest's answer code.
    pub async fn accept<G: PeerSession>(&self, answer_code: &str) -> Result<(), ConnectError> {
        let (kind, sdp) = session::decode::<G>(answer_code.to_string()).await?;
        if kind != SdpKind::Answer {
            return Err(ConnectError::InvitationNotAnswer);
        }
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(&sdp);
        JsFuture::from(self.pc.set_remote_description(&desc))
            .await
            .map_err(|e| js_err(BrowserStep::AnswerDoesNotFit, e))?;
        self.watch_for_stuck();
        Ok(())
    }

    /// After [`STUCK_MS`], a connection still not up whose candidates explain it says so.
    fn watch_for_stuck(&self) {
        let (pc, errors, servers, h) = (self.pc.clone(), self.server_errors.clone(), self.servers, self.on_event.clone());
        wasm_bindgen_futures::spawn_local(async move {
            TimeoutFuture::new(STUCK_MS).await;
            let waiting = matches!(pc.connection_state(), RtcPeerConnectionState::New | RtcPeerConnectionState::Connecting);
            if waiting {
                let cause = cause_of(&pc, &errors.borrow(), servers);
                if cause != FailCause::Unknown {
                    h(PeerEvent::Stuck(cause));
                }
            }
        });
    }

    /// Whether ICE and DTLS are up now.
    pub fn is_up(&self) -> bool {
        self.pc.connection_state() == RtcPeerConnectionState::Connected
    }

    pub fn is_open(&self) -> bool {
        self.dc.ready_state() == RtcDataChannelState::Open
    }

    /// Sends a binary message; false when the channel is not open.
    pub fn send(&self, bytes: &[u8]) -> bool {
        self.is_open() && self.dc.send_with_u8_array(bytes).is_ok()
    }
}

/// Why `pc` most likely failed, from the candidates in both descriptions.
fn cause_of(pc: &RtcPeerConnection, errors: &[u16], (stun, turn): (usize, usize)) -> FailCause {
    let sdp = |d: Option<web_sys::RtcSessionDescription>| d.map(|d| d.sdp()).unwrap_or_default();
    let local = Gathered { candidates: Candidate::all_in_sdp(&sdp(pc.local_description())), stun_servers: stun, turn_servers: turn, server_errors: errors.to_vec() };
    failure_cause(&local, &Candidate::all_in_sdp(&sdp(pc.remote_description())))
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.pc.set_onconnectionstatechange(None);
        self.dc.set_onopen(None);
        self.dc.set_onclose(None);
        self.dc.set_onmessage(None);
        self.dc.close();
        self.pc.close();
    }
}
