//! Hash routes for static hosting: the part after `#` names the screen, so a reload
//! (or a shared link) lands on the same screen under any sub-path, with no server.
//!
//! Pure parsing and formatting, tested natively; the browser layer listens to
//! `hashchange` and renders the matching screen.

use std::fmt::Write;

/// The game whose peer routes keep their first, shorter form (`#/friends`, `#/join/<code>`).
const SHENGJI: &str = "shengji";

/// One screen of the app, as named by the URL hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `#/` or no hash.
    Home,
    /// `#/new`: set up a game against bots.
    NewGame,
    /// `#/play/<game>?<query>`: a table, e.g. `#/play/shengji?seed=K7QX2M`.
    Play { game: String, query: Vec<(String, String)> },
    /// `#/friends`: host a Shengji table for friends; `#/friends/<game>` another game's.
    Friends { game: String },
    /// `#/join/<code>`: a friend's invitation to a Shengji table; `#/join/<game>/<code>`
    /// to another game's. `#/watch/<code>` and `#/watch/<game>/<code>` (`watch`): an
    /// invitation to watch the table without a seat, public information only.
    Join { game: String, code: String, watch: bool },
    /// `#/replay/<record>`: step through a finished hand.
    Replay { record: String },
    /// `#/settings`.
    Settings,
    /// `#/practice?seed=…&decks=…`: follow practice on a reproducible position.
    Practice { query: Vec<(String, String)> },
    /// `#/timing`: engine speed measured in this browser.
    Timing,
    /// `#/rules?game=shengji&at=kitty`: how to play, opened at a section.
    Rules { query: Vec<(String, String)> },
    /// Anything else; keeps the path so the screen can show it.
    NotFound { path: String },
}

impl Route {
    /// Parses `location.hash` (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let raw = hash.strip_prefix('#').unwrap_or(hash);
        let raw = raw.strip_prefix('/').unwrap_or(raw);
        let (path, query) = match raw.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (raw, None),
        };
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let not_found = || Route::NotFound { path: format!("/{raw}") };
        match segments.as_slice() {
            [] if query.is_none() => Route::Home,
            ["new"] => Route::NewGame,
            ["friends"] => Route::Friends { game: SHENGJI.into() },
            ["friends", game] => Route::Friends { game: percent_decode(game) },
            ["settings"] => Route::Settings,
            ["timing"] => Route::Timing,
            ["rules"] => Route::Rules { query: query.map(parse_query).unwrap_or_default() },
            ["practice"] => Route::Practice { query: query.map(parse_query).unwrap_or_default() },
            ["play", game] => Route::Play {
                game: percent_decode(game),
                query: query.map(parse_query).unwrap_or_default(),
            },
            [verb @ ("join" | "watch"), code] => Route::Join { game: SHENGJI.into(), code: percent_decode(code), watch: *verb == "watch" },
            [verb @ ("join" | "watch"), game, code] => {
                Route::Join { game: percent_decode(game), code: percent_decode(code), watch: *verb == "watch" }
            }
            ["replay", record] => Route::Replay { record: percent_decode(record) },
            _ => not_found(),
        }
    }

    /// The hash that leads here, starting with `#/`.
    pub fn to_hash(&self) -> String {
        match self {
            Route::Home => "#/".to_string(),
            Route::NewGame => "#/new".to_string(),
            Route::Friends { game } if game == SHENGJI => "#/friends".to_string(),
            Route::Friends { game } => format!("#/friends/{}", percent_encode(game)),
            Route::Settings => "#/settings".to_string(),
            Route::Timing => "#/timing".to_string(),
            Route::Rules { query } if query.is_empty() => "#/rules".to_string(),
            Route::Rules { query } => format!("#/rules?{}", format_query(query)),
            Route::Practice { query } if query.is_empty() => "#/practice".to_string(),
            Route::Practice { query } => format!("#/practice?{}", format_query(query)),
            Route::Play { game, query } => {
                let mut s = format!("#/play/{}", percent_encode(game));
                if !query.is_empty() {
                    s.push('?');
                    s.push_str(&format_query(query));
                }
                s
            }
            Route::Join { game, code, watch } => {
                let verb = if *watch { "watch" } else { "join" };
                if game == SHENGJI {
                    format!("#/{verb}/{}", percent_encode(code))
                } else {
                    format!("#/{verb}/{}/{}", percent_encode(game), percent_encode(code))
                }
            }
            Route::Replay { record } => format!("#/replay/{}", percent_encode(record)),
            Route::NotFound { path } => format!("#{path}"),
        }
    }

    /// The value of a query parameter of a `Play` or `Practice` route.
    pub fn query_value(&self, key: &str) -> Option<&str> {
        match self {
            Route::Play { query, .. } | Route::Practice { query } | Route::Rules { query } => {
                query.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
            }
            _ => None,
        }
    }
}

/// `a=1&b=two` → pairs, percent-decoded; `+` is a space as in forms.
pub fn parse_query(q: &str) -> Vec<(String, String)> {
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(&k.replace('+', " ")), percent_decode(&v.replace('+', " ")))
        })
        .collect()
}

pub fn format_query(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Decodes `%XX` escapes; a malformed escape is kept as written (never an error:
/// the screen that reads the value validates it and explains what is wrong).
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes everything but unreserved characters (RFC 3986) so values survive in a hash.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_screen() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        assert_eq!(Route::parse("#/new"), Route::NewGame);
        assert_eq!(Route::parse("#/friends/"), Route::Friends { game: "shengji".into() });
        assert_eq!(Route::parse("#/friends/rummy"), Route::Friends { game: "rummy".into() });
        assert_eq!(Route::parse("#/settings"), Route::Settings);
        assert_eq!(Route::parse("#/timing"), Route::Timing);
        let rules = Route::parse("#/rules?game=shengji&at=kitty");
        assert_eq!(rules.query_value("at"), Some("kitty"));
        assert_eq!(Route::parse(&rules.to_hash()), rules);
        assert_eq!(Route::parse("#/rules"), Route::Rules { query: vec![] });
        assert_eq!(Route::parse("#/join/AbC-12_x"), Route::Join { game: "shengji".into(), code: "AbC-12_x".into(), watch: false });
        assert_eq!(Route::parse("#/join/rummy/AbC-12_x"), Route::Join { game: "rummy".into(), code: "AbC-12_x".into(), watch: false });
        assert_eq!(Route::parse("#/watch/AbC"), Route::Join { game: "shengji".into(), code: "AbC".into(), watch: true });
        assert_eq!(Route::parse("#/watch/mahjong/AbC"), Route::Join { game: "mahjong".into(), code: "AbC".into(), watch: true });
        assert_eq!(Route::parse("#/replay/eJzz"), Route::Replay { record: "eJzz".into() });
        let play = Route::parse("#/play/shengji?seed=K7QX2M&seat=2");
        assert_eq!(play.query_value("seed"), Some("K7QX2M"));
        assert_eq!(play.query_value("seat"), Some("2"));
        assert_eq!(play.query_value("decks"), None);
    }

    #[test]
    fn practice_carries_seed_and_decks() {
        assert_eq!(Route::parse("#/practice"), Route::Practice { query: vec![] });
        let r = Route::parse("#/practice?seed=ab12cd&decks=3");
        assert_eq!(r.query_value("seed"), Some("ab12cd"));
        assert_eq!(r.query_value("decks"), Some("3"));
        assert_eq!(r.to_hash(), "#/practice?seed=ab12cd&decks=3");
        assert_eq!(Route::Practice { query: vec![] }.to_hash(), "#/practice");
        assert_eq!(Route::parse("#/practice/x"), Route::NotFound { path: "/practice/x".into() });
    }

    #[test]
    fn unknown_paths_are_not_found_with_their_path() {
        assert_eq!(Route::parse("#/nope/x"), Route::NotFound { path: "/nope/x".into() });
        assert_eq!(Route::parse("#/play"), Route::NotFound { path: "/play".into() });
        assert_eq!(Route::parse("#?x=1"), Route::NotFound { path: "/?x=1".into() });
    }

    #[test]
    fn hashes_round_trip() {
        let routes = [
            Route::Home,
            Route::NewGame,
            Route::Friends { game: "shengji".into() },
            Route::Friends { game: "rummy".into() },
            Route::Settings,
            Route::Timing,
            Route::Practice { query: vec![] },
            Route::Practice { query: vec![("seed".into(), "Zz9".into()), ("decks".into(), "4".into())] },
            Route::Join { game: "shengji".into(), code: "a b/c%".into(), watch: false },
            Route::Join { game: "rummy".into(), code: "Ab_-9".into(), watch: false },
            Route::Join { game: "shengji".into(), code: "w1".into(), watch: true },
            Route::Join { game: "mahjong".into(), code: "w2".into(), watch: true },
            Route::Replay { record: "xyz".into() },
            Route::Play {
                game: "shengji".into(),
                query: vec![("seed".into(), "A1".into()), ("name".into(), "李 & 王".into())],
            },
        ];
        for r in routes {
            assert_eq!(Route::parse(&r.to_hash()), r, "{}", r.to_hash());
        }
    }

    #[test]
    fn malformed_escapes_are_kept_not_fatal() {
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%E4%B8%AD"), "中");
    }
}
