//! The connection test of Settings (issue 35), browser side only: a throwaway
//! RTCPeerConnection with the saved STUN/TURN servers gathers its candidates (at most
//! 5 s) and hands their lines and the servers' error codes to `net::ice_report`, which
//! says what kind of network this is; `ui_model::peer_messages_ice` words it.

use crate::net::ice_report::{Candidate, Gathered};
use crate::ui_model::prefs::IceServer;
use crate::web::peer::rtc::{configuration, keep_server_errors, server_counts};
use gloo_timers::future::TimeoutFuture;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen_futures::JsFuture;
use web_sys::{RtcIceGatheringState, RtcPeerConnection, RtcSdpType, RtcSessionDescriptionInit};

/// How long the test waits for the servers.
const GATHER_MS: u32 = 5000;

/// What gathering against `ice` found; `None` where this browser has no WebRTC.
pub async fn gather(ice: &[IceServer]) -> Option<Gathered> {
    let pc = RtcPeerConnection::new_with_configuration(&configuration(ice)).ok()?;
    let errors = Rc::new(RefCell::new(Vec::new()));
    let _listening = keep_server_errors(&pc, errors.clone());
    let _dc = pc.create_data_channel("test");
    let offer = JsFuture::from(pc.create_offer()).await.ok()?;
    let sdp = js_sys::Reflect::get(&offer, &"sdp".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
    desc.set_sdp(&sdp);
    JsFuture::from(pc.set_local_description(&desc)).await.ok()?;
    let mut waited = 0;
    while pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_MS {
        TimeoutFuture::new(100).await;
        waited += 100;
    }
    let sdp = pc.local_description().map(|d| d.sdp()).unwrap_or_default();
    pc.close();
    let (stun_servers, turn_servers) = server_counts(ice);
    let server_errors = errors.borrow().clone();
    Some(Gathered { candidates: Candidate::all_in_sdp(&sdp), stun_servers, turn_servers, server_errors })
}
