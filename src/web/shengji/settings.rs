//! Shengji's settings as fields (`SettingsForm`) for the new-game screen and the peer
//! lobby: players, mode and decks on top, and every other rule of `Settings` under
//! "House rules", each with what it changes. A new player count resets the decks to the
//! default and makes an odd table Finding Friends (fixed partners need an even one);
//! choices that depend on the table (the kitty's sizes, the friends called, a tractor's
//! group size) are the ones `Settings::validate` accepts for it.

use crate::cards::Rank;
use crate::i18n::Text;
use crate::net::shengji::{MAX_PLAYERS, MIN_PLAYERS};
use crate::shengji::bomb::Bombs;
use crate::shengji::format::TractorRules;
use crate::shengji::game::settings::{default_kitty, kitty_fits, MAX_TRACTOR_LENGTH};
use crate::shengji::game::levels::{MOST_DEAD_ZONE, MOST_TAKEOVER_STEPS, STEPS_PER_DECK};
use crate::shengji::game::presets::Preset;
use crate::shengji::game::{
    FirstLandlord, JokerBids, KittyMultiplier, Mode, NoBidTrump, Overcall, RankSet, Settings, ThrowPenaltySetting,
};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation, MAX_DECKS};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{check_field, default_then, field_id, house_rules_named, noted, number_choices, players_field, select_field, setter, SettingsForm};
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
            // The rule sets in one tap above the folded details on the new-game screen; in a
            // lobby (two columns, short) at the top of the fold, which names the set in play.
            {ids.is_empty().then(|| preset_field(&s, with, ids, shell))}
            {house_rules_named(ids, shell, "shengji", (!ids.is_empty()).then(|| preset_name(&s, shell)),
                if ids.is_empty() { house_rule_fields(&s, with, ids, shell) } else { vec![preset_field(&s, with, ids, shell), house_rule_fields(&s, with, ids, shell)].into_any() })}
        }
        .into_any()
    }
}

/// The name of the rule set `s` plays, or "your own".
fn preset_name(s: &Settings, shell: Shell) -> String {
    let text = match Preset::of(s) {
        Some(Preset::Classic) => Text::PresetClassic,
        Some(Preset::OnlineSite) => Text::PresetSite,
        Some(Preset::Family) => Text::PresetFamily,
        None => Text::PresetOwn,
    };
    shell.t(text).to_string()
}

/// The rule sets (`game::presets`), one tap each; the one the table plays is pressed.
fn preset_field(s: &Settings, with: impl Fn(&dyn Fn(&mut Settings)) + Copy + 'static, ids: &'static str, shell: Shell) -> AnyView {
    let current = Preset::of(s);
    let presets = [
        (Preset::Classic, Text::PresetClassic, Text::PresetClassicNote, "preset-classic"),
        (Preset::OnlineSite, Text::PresetSite, Text::PresetSiteNote, "preset-site"),
        (Preset::Family, Text::PresetFamily, Text::PresetFamilyNote, "preset-family"),
    ];
    view! {
        <div class="field presets" role="group" aria-label=shell.t(Text::RuleSet) data-testid=field_id(ids, "presets")>
            <span>{shell.t(Text::RuleSet)}</span>
            <div class="preset-row">
                {presets.map(|(p, text, note, id)| view! {
                    <button type="button" class="chip preset" data-testid=field_id(ids, id) title=shell.t(note)
                        aria-pressed=if current == Some(p) { "true" } else { "false" }
                        on:click=move |_| with(&|s| { let next = p.apply(s); *s = next; })>
                        {shell.t(text)}
                    </button>
                }).collect_view()}
            </div>
            // What the pressed set plays, or that the table plays its own.
            <small class="field-note" data-testid=field_id(ids, "preset-note")>
                {shell.t(presets.iter().find(|x| Some(x.0) == current).map_or(Text::PresetCustom, |x| x.2))}
            </small>
        </div>
    }
    .into_any()
}

/// A tractor's group no larger than the table's decks allow, after the players or the
/// decks changed.
fn fit_tractor(s: &mut Settings) {
    s.tractor.min_tuple = s.tractor.min_tuple.min(s.largest_tractor_tuple());
}

/// A select over `options` takes an index as its value: the choice's, and back.
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

/// The options' labels, in the order of their indices.
fn labelled(shell: Shell, texts: &[Text]) -> Vec<(String, String)> {
    texts.iter().enumerate().map(|(i, &x)| (i.to_string(), shell.t(x).to_string())).collect()
}

/// The house rules' fields for `s`; `with` changes the settings.
fn house_rule_fields(s: &Settings, with: impl Fn(&dyn Fn(&mut Settings)) + Copy + 'static, ids: &'static str, shell: Shell) -> AnyView {
    let t = move |text: Text| shell.t(text).to_string();
    let players = s.players as usize;
    let cards = 54 * s.decks_or_default() as usize;

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
        let limits = s.friend_limits;
        fields.push(check_field(field_id(ids, "friend-no-highest"), &t(Text::FriendNoHighest), limits.no_highest, move |on| with(&|s| s.friend_limits.no_highest = on)));
        fields.push(check_field(field_id(ids, "friend-no-points"), &t(Text::FriendNoPoints), limits.no_points, move |on| with(&|s| s.friend_limits.no_points = on)));
        fields.push(check_field(field_id(ids, "friend-join-once"), &t(Text::FriendJoinOnce), limits.join_once, move |on| with(&|s| s.friend_limits.join_once = on)));
    }
    fields.extend([
        noted(&t(Text::StartingLevelNote), select_field(field_id(ids, "starting-level"), &t(Text::StartingLevel), index_of(&Rank::ALL, &s.starting_level),
            Rank::ALL.iter().enumerate().map(|(i, r)| (i.to_string(), r.notation().to_string())).collect(),
            pick_of(&Rank::ALL, move |r| with(&|s| { s.starting_level = r; s.levels.final_rank = s.levels.final_rank.max(r); })))),
        check_field(field_id(ids, "reinforce"), &t(Text::Reinforce), s.reinforce, move |on| with(&|s| s.reinforce = on)),
    ]);
    fields.extend(bid_fields(s, with, ids, shell));
    fields.extend([
        check_field(field_id(ids, "take-back"), &t(Text::TakeBackSetting), s.take_back, move |on| with(&|s| s.take_back = on)),
        noted(&t(Text::FollowRuleNote), select_field(field_id(ids, "draw-policy"), &t(Text::FollowRule), index_of(&DRAW, &s.draw_policy),
            labelled(shell, &[Text::FollowEvery, Text::FollowLonger, Text::FollowTractors, Text::FollowBoth, Text::FollowSuit]),
            pick_of(&DRAW, move |d| with(&|s| s.draw_policy = d)))),
        select_field(field_id(ids, "tractor-tuple"), &t(Text::TractorTuple), tractor.min_tuple.to_string(), number_choices(2..=s.largest_tractor_tuple()),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.tractor = TractorRules { min_tuple: n, ..s.tractor }) }),
        noted(&t(Text::TractorNote), select_field(field_id(ids, "tractor-length"), &t(Text::TractorLength), tractor.min_length.to_string(), number_choices(2..=MAX_TRACTOR_LENGTH),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.tractor = TractorRules { min_length: n, ..s.tractor }) })),
        select_field(field_id(ids, "throw-evaluation"), &t(Text::ThrowJudged), index_of(&THROW, &s.throw_evaluation),
            labelled(shell, &[Text::ThrowEveryUnit, Text::ThrowHighest, Text::ThrowLongest]),
            pick_of(&THROW, move |e| with(&|s| s.throw_evaluation = e))),
        select_field(field_id(ids, "throw-penalty"), &t(Text::ThrowPenalty), index_of(&PENALTY, &s.throw_penalty),
            labelled(shell, &[Text::ThrowPenaltyNone, Text::ThrowPenaltyTen]),
            pick_of(&PENALTY, move |p| with(&|s| s.throw_penalty = p))),
        noted(&t(Text::BombsNote), select_field(field_id(ids, "bombs"), &t(Text::BombsSetting), index_of(&Bombs::ALL, &s.bombs),
            labelled(shell, &[Text::BombsOff, Text::BombsAnySuit, Text::BombsFollowSuit]),
            pick_of(&Bombs::ALL, move |b| with(&|s| s.bombs = b)))),
        select_field(field_id(ids, "kitty-multiplier"), &t(Text::KittyMultiplier), index_of(&MULTIPLIER, &s.kitty_multiplier),
            labelled(shell, &[Text::KittyTwice, Text::KittyPower]),
            pick_of(&MULTIPLIER, move |m| with(&|s| s.kitty_multiplier = m))),
    ]);
    fields.extend(level_fields(s, with, ids, shell));
    let shown = s.shown;
    fields.extend([
        check_field(field_id(ids, "show-landlord-points"), &t(Text::ShowLandlordPoints), shown.landlord_points, move |on| with(&|s| s.shown.landlord_points = on)),
        check_field(field_id(ids, "show-past-tricks"), &t(Text::ShowPastTricks), shown.past_tricks, move |on| with(&|s| s.shown.past_tricks = on)),
        check_field(field_id(ids, "show-kitty"), &t(Text::ShowKitty), shown.kitty_at_end, move |on| with(&|s| s.shown.kitty_at_end = on)),
        check_field(field_id(ids, "show-throw-stopper"), &t(Text::ShowThrowStopper), shown.throw_stopper, move |on| with(&|s| s.shown.throw_stopper = on)),
    ]);
    fields.into_any()
}

/// The house rules for bidding (`shengji::game::bidding`): which bid overcalls, joker
/// bids, taking a bid back, the first landlord, trump from the kitty.
fn bid_fields(s: &Settings, with: impl Fn(&dyn Fn(&mut Settings)) + Copy + 'static, ids: &'static str, shell: Shell) -> Vec<AnyView> {
    let t = move |text: Text| shell.t(text).to_string();
    let b = s.bidding;
    vec![
        select_field(field_id(ids, "overcall"), &t(Text::Overcall), index_of(&Overcall::ALL, &b.overcall),
            labelled(shell, &[Text::OvercallJokerOrMore, Text::OvercallHigherSuit, Text::OvercallMoreOnly]),
            pick_of(&Overcall::ALL, move |o| with(&|s| s.bidding.overcall = o))),
        select_field(field_id(ids, "joker-bids"), &t(Text::JokerBids), index_of(&JokerBids::ALL, &b.joker_bids),
            labelled(shell, &[Text::JokerBidsOff, Text::JokerBidsPair, Text::JokerBidsAll, Text::JokerBidsFewerBig]),
            pick_of(&JokerBids::ALL, move |j| with(&|s| s.bidding.joker_bids = j))),
        check_field(field_id(ids, "take-back-bid"), &t(Text::TakeBackBidSetting), b.take_back, move |on| with(&|s| s.bidding.take_back = on)),
        check_field(field_id(ids, "steal-kitty"), &t(Text::StealKittySetting), b.steal, move |on| with(&|s| s.bidding.steal = on)),
        select_field(field_id(ids, "first-landlord"), &t(Text::FirstLandlord), index_of(&FirstLandlord::ALL, &b.first_landlord),
            labelled(shell, &[Text::FirstLandlordWinner, Text::FirstLandlordFirst]),
            pick_of(&FirstLandlord::ALL, move |f| with(&|s| s.bidding.first_landlord = f))),
        select_field(field_id(ids, "no-bid-trump"), &t(Text::NoBidTrump), index_of(&NoBidTrump::ALL, &b.no_bid),
            labelled(shell, &[Text::NoBidLevel, Text::NoBidFirst]),
            pick_of(&NoBidTrump::ALL, move |n| with(&|s| s.bidding.no_bid = n))),
    ]
}

/// The house rules for levels (`shengji::game::levels`): the ladder's step, takeover and
/// dead zone in this table's points, the short-handed bonus (Finding Friends), the ranks to
/// defend, the final rank, 打J.
fn level_fields(s: &Settings, with: impl Fn(&dyn Fn(&mut Settings)) + Copy + 'static, ids: &'static str, shell: Shell) -> Vec<AnyView> {
    let t = move |text: Text| shell.t(text).to_string();
    let l = s.levels.clone();
    let decks = s.decks_or_default() as u32;
    let step = l.step_per_deck as u32 * decks;
    let steps = |n: std::ops::RangeInclusive<u8>, points: &dyn Fn(u8) -> u32| -> Vec<(String, String)> {
        n.map(|k| (k.to_string(), format!("{k} ({})", points(k)))).collect()
    };
    // The ranks to defend: none, the point ranks, J, or whatever the link named.
    let mut defended: Vec<(String, String)> = vec![(String::new(), t(Text::DefendedNone)), ("5.10.K".into(), "5, 10, K".into()), ("J".into(), "J".into())];
    let current = l.defended.notation();
    if !defended.iter().any(|(v, _)| *v == current) {
        defended.push((current.clone(), l.defended.ranks().map(Rank::notation).collect::<Vec<_>>().join(", ")));
    }
    let finals: Vec<(String, String)> =
        Rank::ALL.iter().filter(|r| **r >= s.starting_level).map(|r| (r.notation().to_string(), r.notation().to_string())).collect();
    let mut fields = vec![
        noted(&t(Text::StepPointsNote), select_field(field_id(ids, "step-points"), &t(Text::StepPoints), l.step_per_deck.to_string(),
            STEPS_PER_DECK.iter().map(|&p| (p.to_string(), (p as u32 * decks).to_string())).collect(),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.levels.step_per_deck = n) })),
        select_field(field_id(ids, "takeover-steps"), &t(Text::TakeoverSteps), l.takeover_steps.to_string(), steps(1..=MOST_TAKEOVER_STEPS, &|k| k as u32 * step),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.levels.takeover_steps = n) }),
        noted(&t(Text::DeadZoneNote), select_field(field_id(ids, "dead-zone"), &t(Text::DeadZone), l.dead_zone.to_string(),
            steps(0..=MOST_DEAD_ZONE, &|k| (l.takeover_steps as u32 + k as u32) * step),
            move |v| if let Ok(n) = v.parse::<u8>() { with(&|s| s.levels.dead_zone = n) })),
    ];
    if s.mode == Mode::Friends {
        fields.push(check_field(field_id(ids, "short-handed-bonus"), &t(Text::ShortHandedBonus), l.short_handed_bonus, move |on| with(&|s| s.levels.short_handed_bonus = on)));
    }
    fields.extend([
        noted(&t(Text::DefendedNote), select_field(field_id(ids, "defended"), &t(Text::DefendedRanks), current, defended,
            move |v| if let Some(set) = RankSet::parse(&v) { with(&|s| s.levels.defended = set) })),
        noted(&t(Text::FinalRankNote), select_field(field_id(ids, "final-rank"), &t(Text::FinalRank), l.final_rank.notation().to_string(), finals,
            move |v| if let Some(r) = Rank::parse(&v) { with(&|s| s.levels.final_rank = r) })),
        check_field(field_id(ids, "back-to-two"), &t(Text::BackToTwo), l.back_to_two, move |on| with(&|s| s.levels.back_to_two = on)),
    ]);
    fields
}
