//! A page's side of its room worker (`<meta name="room-worker">`, src/room_worker.rs): it
//! starts the worker when a room is first needed, sends [`ToRoom`] calls (held until the
//! worker says it is ready) and hands every [`FromRoom`] to the page's callback. Dropping
//! the client ends the worker, and with it the room's sockets.

use crate::net::room::peer::{FromRoom, ToRoom};
use js_sys::Uint8Array;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

#[derive(Default)]
struct Queue {
    ready: bool,
    held: Vec<Vec<u8>>,
}

/// A page's room worker.
pub struct RoomClient {
    worker: Worker,
    queue: Rc<RefCell<Queue>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl RoomClient {
    /// Starts the worker; `hear` gets everything it says. `None` where this page names no
    /// room worker or the browser cannot start it.
    pub fn start(hear: impl Fn(FromRoom) + 'static) -> Option<RoomClient> {
        let doc = web_sys::window()?.document()?;
        let address = doc.query_selector("meta[name=room-worker]").ok()??.get_attribute("content")?;
        let worker = Worker::new(&address).ok()?;
        let queue = Rc::new(RefCell::new(Queue::default()));
        let on_message = {
            let queue = queue.clone();
            let worker = worker.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let data = e.data();
                if data.as_string().as_deref() == Some("ready") {
                    let held = {
                        let mut q = queue.borrow_mut();
                        q.ready = true;
                        std::mem::take(&mut q.held)
                    };
                    for bytes in held {
                        let _ = worker.post_message(&Uint8Array::from(bytes.as_slice()));
                    }
                    return;
                }
                let Ok(bytes) = data.dyn_into::<Uint8Array>() else { return };
                if let Ok(said) = postcard::from_bytes::<FromRoom>(&bytes.to_vec()) {
                    hear(said);
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(RoomClient { worker, queue, _on_message: on_message })
    }

    pub fn send(&self, call: &ToRoom) {
        let Ok(bytes) = postcard::to_allocvec(call) else { return };
        let mut q = self.queue.borrow_mut();
        if q.ready {
            let _ = self.worker.post_message(&Uint8Array::from(bytes.as_slice()));
        } else {
            q.held.push(bytes);
        }
    }
}

impl Drop for RoomClient {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.terminate();
    }
}
