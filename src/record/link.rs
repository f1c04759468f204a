//! Share links: a game's seed, settings and the sharer's seat as the query
//! pairs of `#/play/<game>?seed=…`, only non-default settings under the game's
//! short keys (`table::Codec`), an optional duplicate result (`r=`), and a
//! defensive parser whose errors name the parameter and what is allowed.

use super::duplicate::DuplicateResult;
use crate::dup::{TableSeed, DERIVATION_VERSION};
use crate::routes::Route;
use crate::table::{Codec, Seat};
use std::fmt;

pub use crate::table::link_params::{flag, invalid, number, LinkError};

/// A derivation version that a link leaves out: links without `v` mean this one, forever.
pub const IMPLICIT_DERIVATION: u32 = 1;

/// The keys every game's link may carry besides its settings.
pub const TABLE_KEYS: [&str; 4] = ["seed", "v", "seat", "r"];

/// What a share link says: the deal (seed + settings) and the seat of the person
/// who shared it. `seat` is 0-based like the engine; links write it 1-based
/// (`seat=1` is seat 0), as the UI numbers seats.
pub struct Link<G: Codec> {
    /// Canonical (lowercase) seed text, valid for [`TableSeed::parse`].
    pub seed: String,
    /// Normalised: settings equal to their default are `None` / default.
    pub settings: G::Settings,
    pub seat: Seat,
    /// A duplicate result carried by the link (`r=`), if the sharer finished the hand.
    pub result: Option<DuplicateResult<G>>,
}

impl<G: Codec> Clone for Link<G> {
    fn clone(&self) -> Self {
        Link { seed: self.seed.clone(), settings: self.settings.clone(), seat: self.seat, result: self.result.clone() }
    }
}

impl<G: Codec> PartialEq for Link<G> {
    fn eq(&self, o: &Self) -> bool {
        self.seed == o.seed && self.settings == o.settings && self.seat == o.seat && self.result == o.result
    }
}

impl<G: Codec> fmt::Debug for Link<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Link")
            .field("game", &G::NAME)
            .field("seed", &self.seed)
            .field("settings", &self.settings)
            .field("seat", &self.seat)
            .field("result", &self.result)
            .finish()
    }
}

/// The canonical settings text (`p=6&d=3`, empty for the defaults): what
/// replay codes carry and duplicate results fingerprint.
pub fn settings_text<G: Codec>(settings: &G::Settings) -> String {
    G::settings_pairs(settings).iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

/// The settings as a link would give them back (defaults left implicit), or
/// as they are when they make no table.
pub fn normalized<G: Codec>(settings: &G::Settings) -> G::Settings {
    let pairs = G::settings_pairs(settings);
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str());
    G::settings_from_pairs(&get).unwrap_or_else(|_| settings.clone())
}

impl<G: Codec> Link<G> {
    /// A link for a validated seed; the settings are normalised.
    pub fn new(seed: &TableSeed, settings: &G::Settings, seat: Seat) -> Link<G> {
        Link { seed: seed.as_str().to_string(), settings: normalized::<G>(settings), seat, result: None }
    }

    /// The link of a table's current deal, for `seat`.
    pub fn from_game(game: &G, seat: Seat) -> Link<G> {
        Link::new(game.hand_seed(), game.settings(), seat)
    }

    /// The same link carrying a result (`r=`), for the end-of-hand card.
    pub fn with_result(mut self, result: DuplicateResult<G>) -> Link<G> {
        self.result = Some(result);
        self
    }

    /// The query pairs, only what differs from the defaults.
    pub fn to_query(&self) -> Vec<(String, String)> {
        let mut q = vec![("seed".to_string(), self.seed.clone())];
        if DERIVATION_VERSION != IMPLICIT_DERIVATION {
            q.push(("v".into(), DERIVATION_VERSION.to_string()));
        }
        q.extend(G::settings_pairs(&self.settings).into_iter().map(|(k, v)| (k.to_string(), v)));
        if self.seat != 0 {
            q.push(("seat".into(), (self.seat + 1).to_string()));
        }
        if let Some(r) = &self.result {
            q.push(("r".into(), r.encode()));
        }
        q
    }

    /// The whole hash, `#/play/<game>?seed=…`.
    pub fn to_hash(&self) -> String {
        Route::Play { game: G::NAME.to_string(), query: self.to_query() }.to_hash()
    }

    /// Parses a hash such as `#/play/shengji?seed=abc&p=6`.
    pub fn parse_hash(hash: &str) -> Result<Link<G>, LinkError> {
        match Route::parse(hash) {
            Route::Play { game, query } if game == G::NAME => Link::from_query(&query),
            _ => Err(LinkError::Invalid {
                param: "path",
                value: hash.to_string(),
                allowed: format!("a share link starts with #/play/{}?seed=", G::NAME),
            }),
        }
    }

    /// Parses the query pairs of a `Route::Play` (already percent-decoded).
    pub fn from_query(query: &[(String, String)]) -> Result<Link<G>, LinkError> {
        let mut seen: Vec<&str> = Vec::new();
        for (k, _) in query {
            let known = TABLE_KEYS.iter().chain(G::SETTINGS_KEYS.iter()).find(|x| **x == k.as_str());
            let Some(&key) = known else {
                return Err(LinkError::Unknown { param: k.clone() });
            };
            if seen.contains(&key) {
                return Err(LinkError::Repeated { param: key.to_string() });
            }
            seen.push(key);
        }
        let get = |key: &str| query.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        if let Some(v) = get("v") {
            let allowed = format!("the deal derivation version, a plain number (this version deals with {DERIVATION_VERSION})");
            let n = number_u32(v).ok_or_else(|| invalid("v", v, &allowed))?;
            if n != DERIVATION_VERSION {
                return Err(LinkError::Version { found: v.to_string() });
            }
        } else if DERIVATION_VERSION != IMPLICIT_DERIVATION {
            return Err(LinkError::Version { found: format!("absent, meaning {IMPLICIT_DERIVATION}") });
        }
        let seed_text = get("seed").ok_or(LinkError::MissingSeed)?;
        let seed = TableSeed::parse(seed_text).map_err(|e| LinkError::Invalid {
            param: "seed",
            value: seed_text.to_string(),
            allowed: e.to_string(),
        })?;
        if seed_text != seed_text.trim() {
            return Err(LinkError::Invalid { param: "seed", value: seed_text.into(), allowed: "a seed has no spaces".into() });
        }
        // The game reads its settings, and its validator is the one judge of them.
        let settings = G::settings_from_pairs(&get)?;
        let players = G::seats(&settings).map_err(|e| LinkError::Settings { param: "p", reason: e.to_string() })?;
        let seat = match get("seat") {
            Some(v) => {
                let allowed = format!("a seat from 1 to {players}");
                match number(v, "seat", &allowed)? as usize {
                    n @ 1.. if n <= players => n - 1,
                    _ => return Err(invalid("seat", v, &allowed)),
                }
            }
            None => 0,
        };
        let mut link = Link { seed: seed.as_str().to_string(), settings, seat, result: None };
        if let Some(v) = get("r") {
            let r = DuplicateResult::<G>::decode(v).map_err(|e| invalid("r", v, &e.to_string()))?;
            if !r.is_for(&link) {
                return Err(invalid("r", v, "the result is for another deal than this link's seed and settings"));
            }
            link.result = Some(r);
        }
        Ok(link)
    }

    /// The table seed (validated when the link was made or parsed).
    pub fn table_seed(&self) -> TableSeed {
        TableSeed::parse(&self.seed).unwrap_or_else(|_| TableSeed::named("invalid"))
    }
}

fn number_u32(v: &str) -> Option<u32> {
    let canonical = !v.is_empty() && v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit()) && !(v.len() > 1 && v.starts_with('0'));
    canonical.then(|| v.parse().ok()).flatten()
}
