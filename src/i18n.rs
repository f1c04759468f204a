//! UI text in English and Chinese. Every visible string of the app shell goes
//! through [`Lang::t`], so a missing translation is a compile error, not a blank; the
//! strings themselves, both languages side by side, are in `i18n/text.rs`.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

/// A sentence already phrased in every language (a bot's reason, phrased in the bot
/// worker so a page needs neither the reason's type nor its phrasing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phrased {
    pub en: String,
    pub zh: String,
}

impl Phrased {
    /// Phrases `f`'s sentence in every language.
    pub fn with(f: impl Fn(Lang) -> String) -> Phrased {
        Phrased { en: f(Lang::En), zh: f(Lang::Zh) }
    }
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}

impl Lang {
    /// From a BCP 47 tag such as `navigator.language` (`zh-CN`, `en-GB`); Chinese for
    /// any `zh`, English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The `lang` attribute for the document.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    pub fn t(self, text: Text) -> &'static str {
        match self {
            Lang::En => text.en,
            Lang::Zh => text.zh,
        }
    }
}

mod text;
pub use text::Text;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_browser_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("ZH-hant"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
        assert_eq!(Lang::from_tag(""), Lang::En);
    }

    #[test]
    fn both_languages_differ() {
        assert_ne!(Lang::En.t(Text::Resume), Lang::Zh.t(Text::Resume));
    }
}
