//! Display preferences (theme, language, four-colour suits, card size, auto-draw
//! speed, a sound on your turn) and how they are read back from storage: any
//! unreadable or partial value falls back to the defaults, never an error.

use crate::i18n::Lang;
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Prefs {
    /// Reads saved preferences; anything unreadable gives the defaults, and an
    /// unreadable field alone falls back without losing the others.
    pub fn from_json(text: &str) -> Prefs {
        if let Ok(p) = serde_json::from_str::<Prefs>(text) {
            return p;
        }
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text) else {
            return Prefs::default();
        };
        let mut p = Prefs::default();
        let field = |k: &str| map.get(k).cloned().unwrap_or(serde_json::Value::Null);
        macro_rules! take {
            ($name:ident) => {
                if let Ok(v) = serde_json::from_value(field(stringify!($name))) {
                    p.$name = v;
                }
            };
        }
        take!(theme);
        take!(lang);
        take!(four_colour);
        take!(card_size);
        take!(draw_speed);
        take!(sound);
        p
    }
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
        };
        assert_eq!(Prefs::from_json(&serde_json::to_string(&p).unwrap()), p);
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
}
