//! Work computed off the frame: a board's hint runs a solver or a search, which must not
//! hold the frame that opens it. The tab paints first ("…"), the answer arrives a task
//! later ([`deferred`]) or from the page's bot worker ([`asked`]), and only for the view
//! it was asked about (a move meanwhile asks again).

use leptos::prelude::*;

/// `compute(view)` while `wanted()` holds: `None` from each change of `view` until its
/// answer is ready, in a task after the frame.
pub fn deferred<V, A>(view: Signal<V>, wanted: impl Fn() -> bool + 'static, compute: impl Fn(&V) -> A + Copy + 'static) -> ReadSignal<Option<A>>
where
    V: Clone + PartialEq + Send + Sync + 'static,
    A: Send + Sync + 'static,
{
    answer_each(view, wanted, move |asked, answer| {
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            if still(view, &asked) {
                answer.try_set(Some(compute(&asked)));
            }
        });
    })
}

/// `job(view)` asked of the page's bot worker, its answer read by `read`: `None` from each
/// change of `view` until the answer comes (and while a worker cannot answer).
pub fn asked<V, A>(view: Signal<V>, job: fn(&V) -> Vec<u8>, read: fn(&[u8]) -> Option<A>) -> ReadSignal<Option<A>>
where
    V: Clone + PartialEq + Send + Sync + 'static,
    A: Send + Sync + 'static,
{
    asked_while(view, || true, job, read)
}

/// [`asked`], only while `wanted()` holds (a hint tab that is open).
pub fn asked_while<V, A>(
    view: Signal<V>,
    wanted: impl Fn() -> bool + 'static,
    job: fn(&V) -> Vec<u8>,
    read: fn(&[u8]) -> Option<A>,
) -> ReadSignal<Option<A>>
where
    V: Clone + PartialEq + Send + Sync + 'static,
    A: Send + Sync + 'static,
{
    answer_each(view, wanted, move |asked, answer| {
        let bytes = job(&asked);
        leptos::task::spawn_local(async move {
            let reply = crate::web::worker::ask(&bytes).await;
            if still(view, &asked) {
                answer.try_set(reply.and_then(|r| read(&r.bytes)));
            }
        });
    })
}

/// The answer to each view while `wanted()` holds: cleared when the view changes, then
/// `start(view, answer)` begins the work that fills it.
fn answer_each<V, A>(view: Signal<V>, wanted: impl Fn() -> bool + 'static, start: impl Fn(V, RwSignal<Option<A>>) + 'static) -> ReadSignal<Option<A>>
where
    V: Clone + PartialEq + Send + Sync + 'static,
    A: Send + Sync + 'static,
{
    let answer = RwSignal::new(None::<A>);
    Effect::new(move |_| {
        let asked = view.get();
        answer.set(None);
        if wanted() {
            start(asked, answer);
        }
    });
    answer.read_only()
}

/// Whether the board still shows the view an answer was asked for.
fn still<V: PartialEq + Send + Sync + 'static>(view: Signal<V>, asked: &V) -> bool {
    view.try_with_untracked(|now| now == asked).unwrap_or(false)
}
