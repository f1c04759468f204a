//! The relays a room's messages go through, as the player keeps them in Settings: one per
//! line, `KIND URL`, stored as that text under [`RELAYS_KEY`]. Two kinds, so that one dead
//! network of relays does not stop a table: `mqtt` (an MQTT broker's WebSocket endpoint)
//! and `torrent` (a WebTorrent tracker). Until a list is saved, [`DEFAULT_RELAYS`] is used;
//! an empty list means no relays (invites and answer codes passed by hand only).

use std::fmt;

/// Saved under its own key, as the text the player typed.
pub const RELAYS_KEY: &str = "tuolaji.relays.v1";

/// Public relays of both kinds, three of each, run by different people: MQTT brokers
/// open to anyone over secure WebSockets, and the WebTorrent trackers browsers use to
/// find peers. They see a hash of the room and sealed messages, never a card, a name or
/// an address (docs/room.md).
pub const DEFAULT_RELAYS: &str = "\
mqtt wss://broker.emqx.io:8084/mqtt
mqtt wss://broker.hivemq.com:8884/mqtt
mqtt wss://test.mosquitto.org:8081/mqtt
torrent wss://tracker.openwebtorrent.com
torrent wss://tracker.webtorrent.dev
torrent wss://tracker.files.fm:7073/announce";

/// The most relays a list may name (each is a WebSocket the page keeps open).
pub const MAX_RELAYS: usize = 12;
/// The longest URL a line may hold.
pub const MAX_RELAY_URL: usize = 200;

/// A kind of relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelayKind {
    /// An MQTT 3.1.1 broker over WebSockets (`net::room::mqtt`).
    Mqtt,
    /// A WebTorrent tracker (`net::room::tracker`).
    Torrent,
}

impl RelayKind {
    pub const ALL: [RelayKind; 2] = [RelayKind::Mqtt, RelayKind::Torrent];

    /// The word a settings line starts with.
    pub fn word(self) -> &'static str {
        match self {
            RelayKind::Mqtt => "mqtt",
            RelayKind::Torrent => "torrent",
        }
    }
}

/// One relay of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relay {
    pub kind: RelayKind,
    pub url: String,
}

/// Why the relay list was refused (`line` is 1-based).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RelayListError {
    /// The line does not start with a kind this app knows.
    Kind { line: usize, word: String },
    /// A kind with no URL after it.
    NoUrl { line: usize },
    /// The URL is not a WebSocket address (`wss://…`, or `ws://…` on one's own network).
    Url { line: usize, url: String },
    /// More than a kind and a URL on the line.
    Extra { line: usize },
    /// More relays than a page keeps open.
    TooMany { line: usize },
}

impl RelayListError {
    pub fn line(&self) -> usize {
        match self {
            RelayListError::Kind { line, .. }
            | RelayListError::NoUrl { line }
            | RelayListError::Url { line, .. }
            | RelayListError::Extra { line }
            | RelayListError::TooMany { line } => *line,
        }
    }
}

impl fmt::Display for RelayListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayListError::Kind { line, word } => write!(f, "line {line}: \"{word}\" is not a kind of relay; start the line with mqtt or torrent"),
            RelayListError::NoUrl { line } => write!(f, "line {line}: the relay's address is missing after its kind (e.g. mqtt wss://broker.example.org/mqtt)"),
            RelayListError::Url { line, url } => write!(f, "line {line}: \"{url}\" must be a WebSocket address starting with wss:// (or ws://)"),
            RelayListError::Extra { line } => write!(f, "line {line}: write the kind and the address, nothing more"),
            RelayListError::TooMany { line } => write!(f, "line {line}: at most {MAX_RELAYS} relays"),
        }
    }
}

impl std::error::Error for RelayListError {}

/// The list in use: the saved text, or [`DEFAULT_RELAYS`] when none was ever saved.
pub fn relays_text(saved: Option<String>) -> String {
    saved.unwrap_or_else(|| DEFAULT_RELAYS.to_string())
}

/// Parses the settings box: one relay per line, `KIND URL`; blank lines and lines starting
/// with `#` are skipped; the same relay twice counts once.
pub fn parse_relays(text: &str) -> Result<Vec<Relay>, RelayListError> {
    let mut out: Vec<Relay> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut words = raw.split_whitespace();
        let word = words.next().unwrap_or_default();
        let kind = RelayKind::ALL
            .into_iter()
            .find(|k| k.word().eq_ignore_ascii_case(word))
            .ok_or_else(|| RelayListError::Kind { line, word: word.chars().take(40).collect() })?;
        let url = words.next().ok_or(RelayListError::NoUrl { line })?;
        if words.next().is_some() {
            return Err(RelayListError::Extra { line });
        }
        if !is_websocket_url(url) {
            return Err(RelayListError::Url { line, url: url.chars().take(80).collect() });
        }
        let relay = Relay { kind, url: url.to_string() };
        if out.contains(&relay) {
            continue;
        }
        if out.len() == MAX_RELAYS {
            return Err(RelayListError::TooMany { line });
        }
        out.push(relay);
    }
    Ok(out)
}

/// `wss://host…` or `ws://host…`, of printable ASCII without spaces or quotes.
fn is_websocket_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("wss://").or_else(|| lower.strip_prefix("ws://")) else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    url.len() <= MAX_RELAY_URL
        && !host.is_empty()
        && !host.starts_with(':')
        && url.bytes().all(|c| c.is_ascii_graphic() && !matches!(c, b'"' | b'\'' | b'<' | b'>' | b'\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_two_kinds_of_three_relays() {
        let relays = parse_relays(DEFAULT_RELAYS).unwrap();
        for kind in RelayKind::ALL {
            assert_eq!(relays.iter().filter(|r| r.kind == kind).count(), 3, "{kind:?}");
        }
        assert!(relays.iter().all(|r| r.url.starts_with("wss://")));
        assert_eq!(relays_text(None), DEFAULT_RELAYS);
        assert_eq!(relays_text(Some(String::new())), "");
        assert_eq!(parse_relays(""), Ok(vec![]));
    }

    #[test]
    fn lines_are_read_with_comments_blanks_and_duplicates_skipped() {
        let text = "# mine\n\n  MQTT   ws://127.0.0.1:1883/mqtt \ntorrent ws://localhost:8000\nmqtt ws://127.0.0.1:1883/mqtt";
        assert_eq!(
            parse_relays(text).unwrap(),
            vec![
                Relay { kind: RelayKind::Mqtt, url: "ws://127.0.0.1:1883/mqtt".into() },
                Relay { kind: RelayKind::Torrent, url: "ws://localhost:8000".into() },
            ]
        );
    }

    #[test]
    fn each_mistake_names_its_line() {
        let cases: [(&str, RelayListError); 7] = [
            ("nostr wss://relay.example", RelayListError::Kind { line: 1, word: "nostr".into() }),
            ("mqtt wss://a.example\nmqtt", RelayListError::NoUrl { line: 2 }),
            ("\ntorrent https://a.example", RelayListError::Url { line: 2, url: "https://a.example".into() }),
            ("mqtt wss://", RelayListError::Url { line: 1, url: "wss://".into() }),
            ("mqtt wss://:80/x", RelayListError::Url { line: 1, url: "wss://:80/x".into() }),
            ("mqtt wss://a.example extra", RelayListError::Extra { line: 1 }),
            ("wss://a.example", RelayListError::Kind { line: 1, word: "wss://a.example".into() }),
        ];
        for (text, want) in cases {
            let got = parse_relays(text).unwrap_err();
            assert_eq!(got, want, "{text}");
            assert!(got.to_string().starts_with(&format!("line {}:", want.line())));
        }
        let many: String = (0..=MAX_RELAYS).map(|i| format!("mqtt wss://r{i}.example/mqtt\n")).collect();
        assert_eq!(parse_relays(&many), Err(RelayListError::TooMany { line: MAX_RELAYS + 1 }));
        let long = format!("mqtt wss://{}.example", "a".repeat(MAX_RELAY_URL));
        assert!(matches!(parse_relays(&long), Err(RelayListError::Url { line: 1, .. })));
    }
}
