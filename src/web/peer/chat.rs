//! Table talk at a peer table: the last lines of chat with who said them, a row of quick
//! reactions and a line to type. It renders what the page's `GuestClient` kept and hands
//! a line to `send`; the host bounds length and rate (`net::host::chat`).

use crate::i18n::Text;
use crate::net::protocol::MAX_CHAT_CHARS;
use crate::table::Seat;
use crate::web::shell::Shell;
use leptos::prelude::*;

/// Quick reactions, one tap each.
const REACTIONS: [&str; 5] = ["👍", "😄", "😮", "👏", "🙏"];
/// Lines shown (the newest last).
const SHOWN: usize = 3;

/// `read_only`: a spectator's, who reads the table talk but may not speak (the host refuses it).
#[component]
pub fn TableTalk(
    lines: Signal<Vec<(Seat, String)>>,
    names: Signal<Vec<String>>,
    send: Callback<String>,
    #[prop(optional)] read_only: bool,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let typed = RwSignal::new(String::new());
    let say = move || {
        let text = typed.get_untracked();
        if !text.trim().is_empty() {
            send.run(text);
            typed.set(String::new());
        }
    };
    view! {
        <section class="table-talk" data-testid="chat" aria-label=move || shell.t(Text::ChatTitle)>
            <ol class="chat-lines" aria-live="polite">
                {move || lines.with(|l| {
                    l.iter().skip(l.len().saturating_sub(SHOWN)).map(|(seat, text)| {
                        let who = names.with(|n| n.get(*seat).cloned().unwrap_or_else(|| format!("{}", seat + 1)));
                        view! { <li data-testid="chat-line" data-seat=seat.to_string()><b>{who}</b> ": " {text.clone()}</li> }
                    }).collect_view()
                })}
            </ol>
            <div class="chat-row" class:hidden=read_only>
                {REACTIONS.into_iter().map(|r| view! {
                    <button type="button" class="button small reaction" data-testid="reaction" on:click=move |_| send.run(r.to_string())>{r}</button>
                }).collect_view()}
            </div>
            <div class="chat-row" class:hidden=read_only>
                <input type="text" data-testid="chat-input" maxlength=MAX_CHAT_CHARS.to_string() autocomplete="off"
                    placeholder=move || shell.t(Text::ChatPlaceholder) aria-label=move || shell.t(Text::ChatPlaceholder)
                    prop:value=move || typed.get()
                    on:input=move |ev| typed.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { say() }/>
                <button type="button" class="button small" data-testid="chat-send" on:click=move |_| say()>{move || shell.t(Text::ChatSend)}</button>
            </div>
        </section>
    }
}
