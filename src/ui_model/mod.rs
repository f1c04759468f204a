//! Pure pieces of the browser UI, kept outside `web/` so they compile and test
//! natively: hand layout maths, plain-word phrases (English and Chinese), the
//! follow-practice position generator and the display preferences.

pub mod code_words;
pub mod connect_words;
pub mod room_words;
pub mod layout;
pub mod mahjong;
pub mod messages;
pub mod peer_messages;
pub mod peer_messages_ice;
pub mod phrase;
pub mod practice;
pub mod rules;
pub mod rummy;
pub mod prefs;
pub mod select;
pub mod shengji;
pub mod table;
pub mod timing;
