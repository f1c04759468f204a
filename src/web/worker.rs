//! The pages' side of their workers: the bot worker (src/bot_worker.rs, `<meta
//! name="bot-worker">`: Shengji's bots, hints and field comparison) and a peer page's table
//! worker (src/table_worker.rs, `<meta name="table-worker">`: the page's peer table). Each is
//! started on first use from the address in its meta tag; it takes jobs as bytes and
//! [`ask`] / [`ask_table`] await each answer. Jobs wait until the worker says it is ready.
//! The mahjong pages' bot worker is mahjong's table worker (its table thinks there too).
//! The timing page also names the rummy and mahjong table workers (`<meta
//! name="rummy-worker">`, `<meta name="mahjong-worker">`) to time their Experts: [`ask_at`].
//! Where a worker cannot run (no Worker, its file missing) every answer is `None`.

use js_sys::{Array, Function, Promise, Uint8Array};
use std::cell::RefCell;
use crate::web::after_paint::after_start;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

/// An answer's bytes and the worker's time on the job, in milliseconds.
pub struct Answered {
    pub bytes: Vec<u8>,
    pub millis: f64,
}

#[derive(Default)]
struct State {
    worker: Option<Worker>,
    /// The worker posted "ready".
    ready: bool,
    /// It failed to start or broke: every job is answered `None` from now on.
    broken: bool,
    /// Its start is on the way (`start_soon`).
    starting: bool,
    next_id: u32,
    /// Jobs posted before "ready".
    queued: Vec<Array>,
    /// Each job's id and promise resolver (a few at most: a Vec is smaller code than a map).
    waiting: Vec<(u32, Function)>,
}

thread_local! {
    /// Each worker the page has asked for, by its meta tag's name (two or three at most).
    static WORKERS: RefCell<Vec<(&'static str, State)>> = const { RefCell::new(Vec::new()) };
}

/// One of a page's workers: the name of the meta tag that gives its script.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Which(&'static str);

impl Which {
    const BOTS: Which = Which("bot-worker");
    const TABLE: Which = Which("table-worker");

    fn with<R>(self, f: impl FnOnce(&mut State) -> R) -> R {
        WORKERS.with_borrow_mut(|workers| {
            let at = match workers.iter().position(|(name, _)| *name == self.0) {
                Some(at) => at,
                None => {
                    workers.push((self.0, State::default()));
                    workers.len() - 1
                }
            };
            f(&mut workers[at].1)
        })
    }

    /// The worker's script, as the page names it.
    fn address(self) -> Option<String> {
        let doc = web_sys::window()?.document()?;
        doc.query_selector(&format!("meta[name={}]", self.0)).ok()??.get_attribute("content")
    }
}

/// Every job still waiting gets `None`.
fn break_down(which: Which) {
    let waiting: Vec<Function> = which.with(|s| {
        s.broken = true;
        s.queued.clear();
        s.waiting.drain(..).map(|(_, f)| f).collect()
    });
    for resolve in waiting {
        let _ = resolve.call1(&JsValue::NULL, &JsValue::NULL);
    }
}

fn start(which: Which) -> Option<Worker> {
    let worker = Worker::new(&which.address()?).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let data = e.data();
        if data.as_string().as_deref() == Some("ready") {
            let queued = which.with(|s| {
                s.ready = true;
                std::mem::take(&mut s.queued)
            });
            for job in queued {
                which.with(|s| s.worker.as_ref().map(|w| w.post_message(&job)));
            }
            return;
        }
        let message: Array = data.unchecked_into();
        let id = message.get(0).as_f64().unwrap_or(-1.0) as u32;
        let resolve = which.with(|s| {
            let at = s.waiting.iter().position(|(i, _)| *i == id)?;
            Some(s.waiting.swap_remove(at).1)
        });
        if let Some(resolve) = resolve {
            let _ = resolve.call1(&JsValue::NULL, &message);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_| break_down(which));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}

fn start_once(which: Which) {
    if which.with(|s| s.worker.is_none() && !s.broken) {
        let worker = start(which);
        which.with(|s| match worker {
            Some(w) => s.worker = Some(w),
            None => s.broken = true,
        });
    }
}

/// Starts the bot worker soon (a table with bots does, so its first question waits less).
pub fn warm_up() {
    start_soon(Which::BOTS);
}

/// Starts `which` in a task after the page's start (`after_paint::after_start`), once.
/// Starting a worker is a noticeable part of a phone's start, and no worker answers anything
/// a page's first screen waits for; the jobs asked meanwhile wait in `queued`, in order.
fn start_soon(which: Which) {
    if !which.with(|s| std::mem::replace(&mut s.starting, true)) {
        leptos::task::spawn_local(async move {
            after_start().await;
            start_once(which);
        });
    }
}

/// The bot worker's answer to `job` (`table::think`), or `None` where it cannot answer. A
/// peer page without a bot worker of its own asks its table worker, which also thinks for
/// its game (mahjong's: `worker::mahjong`).
pub async fn ask(job: &[u8]) -> Option<Answered> {
    thread_local! {
        // Read from the page once: a bot's every move asks.
        static THINKS_IN: Which = match (Which::BOTS.address(), Which::TABLE.address()) {
            (None, Some(_)) => Which::TABLE,
            _ => Which::BOTS,
        };
    }
    ask_in(THINKS_IN.with(|w| *w), job).await
}

/// The table worker's answer to `job` (`worker::serve`), or `None` where it cannot answer.
pub async fn ask_table(job: &[u8]) -> Option<Answered> {
    ask_in(Which::TABLE, job).await
}

/// The answer to `job` of the worker the page names in `<meta name="{meta}">`, or `None`
/// where it cannot answer (the timing page asks the rummy and mahjong table workers so).
pub async fn ask_at(meta: &'static str, job: &[u8]) -> Option<Answered> {
    ask_in(Which(meta), job).await
}

async fn ask_in(which: Which, job: &[u8]) -> Option<Answered> {
    start_soon(which);
    let message = Array::new();
    let mut id = 0;
    let promise = Promise::new(&mut |resolve, _reject| {
        which.with(|s| {
            if s.broken {
                let _ = resolve.call1(&JsValue::NULL, &JsValue::NULL);
                return;
            }
            id = s.next_id;
            s.next_id = s.next_id.wrapping_add(1);
            s.waiting.push((id, resolve));
        });
    });
    if which.with(|s| s.broken) {
        return None;
    }
    message.push(&JsValue::from_f64(id as f64));
    message.push(&Uint8Array::from(job));
    which.with(|s| match (&s.worker, s.ready) {
        (Some(w), true) => {
            let _ = w.post_message(&message);
        }
        _ => s.queued.push(message),
    });
    let reply = JsFuture::from(promise).await.ok()?;
    let reply: Array = reply.dyn_into().ok()?;
    let bytes = reply.get(1).dyn_into::<Uint8Array>().ok()?.to_vec();
    Some(Answered { bytes, millis: reply.get(2).as_f64().unwrap_or(0.0) })
}
