//! Display preferences (theme, language, four-colour suits, card size, auto-draw
//! speed, a sound on your turn) and how they are read back from storage: any
//! unreadable or partial value falls back to the defaults, never an error.

use crate::i18n::Lang;
use crate::json::{self, Value};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardSize {
    Small,
    #[default]
    Medium,
    Large,
}

impl CardSize {
    /// Preferred card width in CSS pixels on a phone.
    pub fn width_px(self) -> f64 {
        match self {
            CardSize::Small => 46.0,
            CardSize::Medium => 56.0,
            CardSize::Large => 68.0,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            CardSize::Small => "small",
            CardSize::Medium => "medium",
            CardSize::Large => "large",
        }
    }

    pub fn from_key(k: &str) -> CardSize {
        match k {
            "small" => CardSize::Small,
            "large" => CardSize::Large,
            _ => CardSize::Medium,
        }
    }
}

/// How fast cards arrive one at a time while drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl DrawSpeed {
    /// Pause between two drawn cards.
    pub fn millis(self) -> u32 {
        match self {
            DrawSpeed::Slow => 400,
            DrawSpeed::Normal => 180,
            DrawSpeed::Fast => 60,
            DrawSpeed::Instant => 0,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            DrawSpeed::Slow => "slow",
            DrawSpeed::Normal => "normal",
            DrawSpeed::Fast => "fast",
            DrawSpeed::Instant => "instant",
        }
    }

    pub fn from_key(k: &str) -> DrawSpeed {
        match k {
            "slow" => DrawSpeed::Slow,
            "fast" => DrawSpeed::Fast,
            "instant" => DrawSpeed::Instant,
            _ => DrawSpeed::Normal,
        }
    }
}

/// Display preferences, saved as JSON under the versioned key `tuolaji.prefs.v1`.
/// New fields carry `#[serde(default)]`, so older saved preferences still load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub theme: Theme,
    /// `None` follows the browser's language.
    pub lang: Option<Lang>,
    /// ♠ black, ♥ red, ♦ blue, ♣ green.
    pub four_colour: bool,
    pub card_size: CardSize,
    pub draw_speed: DrawSpeed,
    /// A short tone when it becomes your turn.
    pub sound: bool,
    /// Fewer taps (on by default): a play the hand leaves no choice about is made for you,
    /// and when several plays are legal the forced shape is selected to start with.
    pub fewer_taps: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            theme: Theme::default(),
            lang: None,
            four_colour: false,
            card_size: CardSize::default(),
            draw_speed: DrawSpeed::default(),
            sound: false,
            fewer_taps: true,
        }
    }
}

/// The names an enum's values are saved under (serde's: the variant's name).
macro_rules! saved_names {
    ($t:ty: $($v:ident),+) => {
        impl $t {
            fn saved_name(self) -> &'static str {
                match self { $(<$t>::$v => stringify!($v)),+ }
            }
            fn from_saved_name(name: &str) -> Option<$t> {
                match name { $(stringify!($v) => Some(<$t>::$v),)+ _ => None }
            }
        }
    };
}
saved_names!(Theme: System, Light, Dark);
saved_names!(CardSize: Small, Medium, Large);
saved_names!(DrawSpeed: Slow, Normal, Fast, Instant);
saved_names!(Lang: En, Zh);

impl Prefs {
    /// Reads saved preferences; anything unreadable gives the defaults, and an
    /// unreadable field alone falls back without losing the others. (By hand,
    /// `json`: serde_json would cost every page several KB of wasm.)
    pub fn from_json(text: &str) -> Prefs {
        let mut p = Prefs::default();
        for (key, v) in json::object(text).unwrap_or_default() {
            match (key, v) {
                ("theme", Value::Str(s)) => p.theme = Theme::from_saved_name(s).unwrap_or(p.theme),
                ("lang", Value::Null) => p.lang = None,
                ("lang", Value::Str(s)) => p.lang = Lang::from_saved_name(s).or(p.lang),
                ("four_colour", Value::Bool(b)) => p.four_colour = b,
                ("card_size", Value::Str(s)) => p.card_size = CardSize::from_saved_name(s).unwrap_or(p.card_size),
                ("draw_speed", Value::Str(s)) => p.draw_speed = DrawSpeed::from_saved_name(s).unwrap_or(p.draw_speed),
                ("sound", Value::Bool(b)) => p.sound = b,
                ("fewer_taps", Value::Bool(b)) => p.fewer_taps = b,
                _ => {}
            }
        }
        p
    }

    /// The preferences as saved: the same JSON serde writes for this struct.
    pub fn to_json(&self) -> String {
        json::write_object(&[
            ("theme", Value::Str(self.theme.saved_name())),
            ("lang", self.lang.map_or(Value::Null, |l| Value::Str(l.saved_name()))),
            ("four_colour", Value::Bool(self.four_colour)),
            ("card_size", Value::Str(self.card_size.saved_name())),
            ("draw_speed", Value::Str(self.draw_speed.saved_name())),
            ("sound", Value::Bool(self.sound)),
            ("fewer_taps", Value::Bool(self.fewer_taps)),
        ])
    }
}

/// One STUN or TURN server for peer play (`RTCIceServer`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IceServer {
    pub urls: Vec<String>,
    pub username: Option<String>,
    pub credential: Option<String>,
}

/// Why the ICE server list was refused (`line` is 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IceError {
    Scheme { line: usize, url: String },
    NoHost { line: usize },
    TurnNeedsLogin { line: usize },
    TooMany { line: usize },
}

impl IceError {
    /// The mistake in the player's language.
    pub fn phrase(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, IceError::Scheme { line, url }) => format!("第{line}行：“{url}”必须以 stun:、stuns:、turn: 或 turns: 开头"),
            (Lang::Zh, IceError::NoHost { line }) => format!("第{line}行：缺少服务器的主机名（例如 stun:stun.example.org:3478）"),
            (Lang::Zh, IceError::TurnNeedsLogin { line }) => format!("第{line}行：TURN 服务器的 URL 后面需要用户名和密码，用空格分隔"),
            (Lang::Zh, IceError::TooMany { line }) => format!("第{line}行：只写 URL，可选再写用户名和密码，不要多写"),
        }
    }
}

impl std::fmt::Display for IceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IceError::Scheme { line, url } => write!(f, "line {line}: \"{url}\" must start with stun:, stuns:, turn: or turns:"),
            IceError::NoHost { line } => write!(f, "line {line}: the server's host name is missing (e.g. stun:stun.example.org:3478)"),
            IceError::TurnNeedsLogin { line } => write!(f, "line {line}: a TURN server needs a username and a password after the URL, separated by spaces"),
            IceError::TooMany { line } => write!(f, "line {line}: write the URL, then optionally a username and a password — nothing more"),
        }
    }
}

impl std::error::Error for IceError {}

/// Saved under its own key (`tuolaji.ice.v1`), as the text the player typed.
pub const ICE_KEY: &str = "tuolaji.ice.v1";

/// The STUN servers peer play uses until the player saves a list of their own in Settings:
/// two well-known public ones, so that browsers behind ordinary home routers find their
/// public address and can connect across networks. A STUN server sees that address (as any
/// web server would), never a card or a message.
pub const DEFAULT_ICE: &str = "stun:stun.l.google.com:19302\nstun:stun.cloudflare.com:3478";

/// The server list in use: the saved text, or [`DEFAULT_ICE`] when none was ever saved
/// (an empty saved list means the same network only).
pub fn ice_text(saved: Option<String>) -> String {
    saved.unwrap_or_else(|| DEFAULT_ICE.to_string())
}

/// Parses the settings box: one server per line, `URL [username password]`; blank lines and
/// lines starting with `#` are skipped. An empty box means no servers (same network only).
pub fn parse_ice_servers(text: &str) -> Result<Vec<IceServer>, IceError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = raw.split_whitespace().collect();
        let url = parts[0];
        let lower = url.to_ascii_lowercase();
        let Some((scheme, rest)) = lower.split_once(':') else {
            return Err(IceError::Scheme { line, url: url.to_string() });
        };
        if !matches!(scheme, "stun" | "stuns" | "turn" | "turns") {
            return Err(IceError::Scheme { line, url: url.to_string() });
        }
        let host = rest.split(['?', ':']).next().unwrap_or("");
        if host.is_empty() || host.starts_with('/') {
            return Err(IceError::NoHost { line });
        }
        let (username, credential) = match parts.len() {
            1 => (None, None),
            3 => (Some(parts[1].to_string()), Some(parts[2].to_string())),
            2 if scheme.starts_with("turn") => return Err(IceError::TurnNeedsLogin { line }),
            _ => return Err(IceError::TooMany { line }),
        };
        if scheme.starts_with("turn") && username.is_none() {
            return Err(IceError::TurnNeedsLogin { line });
        }
        out.push(IceServer { urls: vec![url.to_string()], username, credential });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_json() {
        let p = Prefs {
            theme: Theme::Dark,
            lang: Some(Lang::Zh),
            four_colour: true,
            card_size: CardSize::Large,
            draw_speed: DrawSpeed::Fast,
            sound: true,
            fewer_taps: false,
        };
        assert_eq!(Prefs::from_json(&serde_json::to_string(&p).unwrap()), p);
        // Written as serde would write it, so every page (and older versions) reads it.
        assert_eq!(p.to_json(), serde_json::to_string(&p).unwrap());
        assert_eq!(Prefs::default().to_json(), serde_json::to_string(&Prefs::default()).unwrap());
        assert_eq!(Prefs::from_json(&p.to_json()), p);
    }

    #[test]
    fn older_saves_without_new_fields_still_load() {
        let p = Prefs::from_json(r#"{"theme":"Dark","lang":"Zh"}"#);
        assert_eq!(p.theme, Theme::Dark);
        assert_eq!(p.lang, Some(Lang::Zh));
        assert!(!p.four_colour);
        assert_eq!(p.card_size, CardSize::Medium);
    }

    #[test]
    fn garbage_gives_defaults_and_one_bad_field_keeps_the_rest() {
        assert_eq!(Prefs::from_json("not json"), Prefs::default());
        assert_eq!(Prefs::from_json("[1,2]"), Prefs::default());
        let p = Prefs::from_json(r#"{"theme":"Dark","card_size":"Huge","four_colour":true}"#);
        assert_eq!(p.theme, Theme::Dark);
        assert!(p.four_colour);
        assert_eq!(p.card_size, CardSize::Medium);
        // Preferences saved before "fewer taps" existed get it on, as new players do.
        assert!(p.fewer_taps && Prefs::default().fewer_taps);
        assert!(!Prefs::from_json(r#"{"fewer_taps":false}"#).fewer_taps);
    }

    #[test]
    fn keys_round_trip() {
        for s in [CardSize::Small, CardSize::Medium, CardSize::Large] {
            assert_eq!(CardSize::from_key(s.key()), s);
        }
        for d in [DrawSpeed::Slow, DrawSpeed::Normal, DrawSpeed::Fast, DrawSpeed::Instant] {
            assert_eq!(DrawSpeed::from_key(d.key()), d);
        }
    }

    #[test]
    fn the_default_stun_servers_are_used_until_a_list_is_saved() {
        let defaults = parse_ice_servers(&ice_text(None)).unwrap();
        assert_eq!(defaults.len(), 2);
        assert!(defaults.iter().all(|s| s.urls[0].starts_with("stun:") && s.username.is_none()));
        assert_eq!(parse_ice_servers(&ice_text(Some(String::new()))), Ok(vec![]), "an emptied list stays empty");
    }

    #[test]
    fn ice_servers_parse_and_explain_mistakes() {
        assert_eq!(parse_ice_servers("  \n# none\n"), Ok(vec![]));
        let s = parse_ice_servers("stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=udp ana s3cret").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0], IceServer { urls: vec!["stun:stun.example.org:3478".into()], username: None, credential: None });
        assert_eq!(s[1].username.as_deref(), Some("ana"));
        assert_eq!(s[1].credential.as_deref(), Some("s3cret"));
        assert_eq!(parse_ice_servers("http://x.org"), Err(IceError::Scheme { line: 1, url: "http://x.org".into() }));
        assert_eq!(parse_ice_servers("\nstun:"), Err(IceError::NoHost { line: 2 }));
        assert_eq!(parse_ice_servers("turn:t.org"), Err(IceError::TurnNeedsLogin { line: 1 }));
        assert_eq!(parse_ice_servers("turn:t.org ana"), Err(IceError::TurnNeedsLogin { line: 1 }));
        assert_eq!(parse_ice_servers("stun:s.org a b c"), Err(IceError::TooMany { line: 1 }));
        assert!(IceError::TurnNeedsLogin { line: 3 }.to_string().contains("line 3"));
    }
}
