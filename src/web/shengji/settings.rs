//! Shengji's settings as fields (`SettingsForm`) for the new-game screen and the peer
//! lobby: players, mode and decks on top, and every other rule of `Settings` under
//! "House rules", each with what it changes. A new player count resets the decks to the
//! default and makes an odd table Finding Friends (fixed partners need an even one);
//! choices that depend on the table (the kitty's sizes, the friends called, a tractor's
//! group size) are the ones `Settings::validate` accepts for it.

use crate::cards::Rank;
use crate::i18n::Text;
use crate::net::shengji::{MAX_PLAYERS, MIN_PLAYERS};
use crate::shengji::format::TractorRules;
use crate::shengji::game::settings::{default_kitty, kitty_fits, MAX_TRACTOR_LENGTH};
use crate::shengji::game::{KittyMultiplier, Mode, Settings, ThrowPenaltySetting};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation, MAX_DECKS};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{check_field, default_then, field_id, house_rules, noted, number_choices, players_field, select_field, setter, SettingsForm};
use leptos::prelude::*;

/// Shengji's settings fields: players, mode and decks, then the house rules.
impl SettingsForm for crate::shengji::game::Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let players = s.players;
        let decks = s.decks;
        let friends = s.mode == Mode::Friends;
        let with = setter(s.clone(), change);
        let deck_choices = default_then(shell, Settings::default_decks(players), 1..=(2 * players).min(MAX_DECKS));
        view! {
            {players_field(shell, ids, players, MIN_PLAYERS as u8..=MAX_PLAYERS as u8, move |n| with(&|s| { s.players = n; s.decks = None; s.kitty = None; s.friends = None; fit_tractor(s); if n % 2 == 1 { s.mode = Mode::Friends; } }))}
            {select_field(field_id(ids, "mode"), shell.t(Text::Mode), if friends { "friends" } else { "tractor" }.to_string(),
                vec![("tractor".into(), shell.t(Text::ModeTractor).into()), ("friends".into(), shell.t(Text::ModeFriends).into())],
                move |v| {
                    let m = if v == "friends" { Mode::Friends } else { Mode::Tractor };
                    with(&|s| s.mode = m);
                })}
            {select_field(field_id(ids, "decks"), shell.t(Text::Decks), decks.map(|d| d.to_string()).unwrap_or_default(), deck_choices,
                move |v| {
                    let d = v.parse::<u8>().ok();
                    with(&|s| { s.decks = d; s.kitty = None; fit_tractor(s); });
                })}
            {house_rules(ids, shell, "shengji", house_rule_fields(&s, with, ids, shell))}
        }
        .into_any()
    }
}

/// A tractor's group no larger than the table's decks allow, after the players or the
/// decks changed.
fn fit_tractor(s: &mut Settings) {
    s.tractor.min_tuple = s.tractor.min_tuple.min(s.largest_tractor_tuple());
}

/// The house rules' fields for `s`; `with` changes the settings.
fn house_rule_fields(s: &Settings, with: impl Fn(&dyn Fn(&mut Settings)) + Copy + 'static, ids: &'static str, shell: Shell) -> AnyView {
    let t = move |text: Text| shell.t(text).to_string();
    let players = s.players as usize;
    let cards = 54 * s.decks_or_default() as usize;
    // An index into `options` as a select's value, and back.
    fn pick_of<T: Copy + 'static>(options: &'static [T], set: impl Fn(T) + 'static) -> impl Fn(String) + 'static {
        move |v: String| {
            if let Some(&o) = v.parse::<usize>().ok().and_then(|i| options.get(i)) {
                set(o)
            }
        }
    }
    fn index_of<T: PartialEq>(options: &[T], value: &T) -> String {
        options.iter().position(|o| o == value).unwrap_or(0).to_string()
    }
    let labelled = |texts: &[Text]| texts.iter().enumerate().map(|(i, &x)| (i.to_string(), t(x))).collect::<Vec<_>>();

    let kitty_choices = default_then(shell, default_kitty(cards, players).unwrap_or(0), (1..cards).filter(|&k| kitty_fits(k, cards, players)));
    let friend_choices = default_then(shell, Settings::default_friends(s.players), 1..=s.players.saturating_sub(2));
    let friends_mode = s.mode == Mode::Friends;
    const DRAW: [DrawPolicy; 5] = DrawPolicy::ALL;
    const THROW: [ThrowEvaluation; 3] = ThrowEvaluation::ALL;
    const PENALTY: [ThrowPenaltySetting; 2] = [ThrowPenaltySetting::None, ThrowPenaltySetting::TenPerThrow];
    const MULTIPLIER: [KittyMultiplier; 2] = [KittyMultiplier::TwiceLargestUnit, KittyMultiplier::PowerOfTwo];
    let tractor = s.tractor;
    // One list of fields, not a typed view of a dozen children: one copy of the list's code.
    let mut fields = vec![noted(&t(Text::KittySizeNote), select_field(field_id(ids, "kitty"), &t(Text::KittySize), s.kitty.map(|k| k.to_string()).unwrap_or_default(), kitty_choices,
        move |v| { let k = v.parse::<u8>().ok(); with(&|s| s.kitty = k); }))];
    if friends_mode {
        fields.push(noted(&t(Text::FriendsCalledNote), select_field(field_id(ids, "friends"), &t(Text::FriendsCalled), s.friends.map(|f| f.to_string()).unwrap_or_default(), friend_choices,
            move |v| { let f = v.parse::<u8>().ok(); with(&|s| s.friends = f); })));
        fields.push(check_field(field_id(ids, "friend-trump"), &t(Text::FriendTrumps), s.friend_trump_allowed, move |on| with(&|s| s.friend_trump_allowed = on)));
    }
    fields.extend([
        noted(&t(Text::StartingLevelNote), select_field(field_id(ids, "starting-level"), &t(Text::StartingLevel), index_of(&Rank::ALL, &s.starting_level),
            Rank::ALL.iter().enumerate().map(|(i, r)| (i.to_string(), r.notation().to_string())).collect(),
            pick_of(&Rank::ALL, move |r| with(&|s| s.starting_level = r)))),
        check_field(field_id(ids, "reinforce"), &t(Text::Reinforce), s.reinforce, move |on| with(&|s| s.reinforce = on)),
        check_field(field_id(ids, "take-back"), &t(Text::TakeBackSetting), s.take_back, move |on| with(&|s| s.take_back = on)),
        noted(&t(Text::FollowRuleNote), select_field(field_id(ids, "draw-policy"), &t(Text::FollowRule), index_of(&DRAW, &s.draw_policy),
            labelled(&[Text::FollowEvery, Text::FollowLonger, Text::FollowTractors, Text::FollowBoth, Text::FollowSuit]),
            pick_of(&DRAW, move |d| with(&|s| s.draw_policy = d)))),
        select_field(field_id(ids, "tractor-tuple"), &t(Text::TractorTuple), tractor.min_tuple.to_string(), number_choices(2..=s.largest_tractor_tuple()),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.tractor = TractorRules { min_tuple: n, ..s.tractor }) }),
        noted(&t(Text::TractorNote), select_field(field_id(ids, "tractor-length"), &t(Text::TractorLength), tractor.min_length.to_string(), number_choices(2..=MAX_TRACTOR_LENGTH),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.tractor = TractorRules { min_length: n, ..s.tractor }) })),
        select_field(field_id(ids, "throw-evaluation"), &t(Text::ThrowJudged), index_of(&THROW, &s.throw_evaluation),
            labelled(&[Text::ThrowEveryUnit, Text::ThrowHighest, Text::ThrowLongest]),
            pick_of(&THROW, move |e| with(&|s| s.throw_evaluation = e))),
        select_field(field_id(ids, "throw-penalty"), &t(Text::ThrowPenalty), index_of(&PENALTY, &s.throw_penalty),
            labelled(&[Text::ThrowPenaltyNone, Text::ThrowPenaltyTen]),
            pick_of(&PENALTY, move |p| with(&|s| s.throw_penalty = p))),
        select_field(field_id(ids, "kitty-multiplier"), &t(Text::KittyMultiplier), index_of(&MULTIPLIER, &s.kitty_multiplier),
            labelled(&[Text::KittyTwice, Text::KittyPower]),
            pick_of(&MULTIPLIER, move |m| with(&|s| s.kitty_multiplier = m))),
    ]);
    fields.into_any()
}
