//! The rules page's text (`#/rules`): how to play each table, in English and
//! Chinese, as sections with an id the table links to where a term appears
//! (`#/rules?game=shengji&at=kitty`) and example cards to draw. Pure data,
//! checked natively (every section in both languages, no English words at a
//! Chinese table but card ranks).

use crate::i18n::Lang;

/// One section: a title, a few short paragraphs and example cards (notation).
#[derive(Clone, Copy, Debug)]
pub struct Section {
    /// The anchor tables link to (`landlord`, `kitty`, `levels`, …).
    pub id: &'static str,
    pub title: (&'static str, &'static str),
    pub paragraphs: &'static [(&'static str, &'static str)],
    /// Cards to show, e.g. "5H 5H 6H 6H" (empty for none).
    pub cards: &'static str,
}

impl Section {
    pub fn title(&self, lang: Lang) -> &'static str {
        pick(self.title, lang)
    }
    pub fn paragraphs(&self, lang: Lang) -> impl Iterator<Item = &'static str> + '_ {
        self.paragraphs.iter().map(move |&p| pick(p, lang))
    }
}

fn pick(text: (&'static str, &'static str), lang: Lang) -> &'static str {
    match lang {
        Lang::En => text.0,
        Lang::Zh => text.1,
    }
}

/// A game's rules: its name in the page's menu and its sections in reading order.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    pub game: &'static str,
    pub name: (&'static str, &'static str),
    pub sections: &'static [Section],
}

impl GameRules {
    pub fn name(&self, lang: Lang) -> &'static str {
        pick(self.name, lang)
    }
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }
}

/// Every game with rules, in menu order.
pub const GAMES: &[GameRules] = &[SHENGJI, crate::ui_model::rummy::rules::RUMMY, crate::ui_model::mahjong::rules::MAHJONG];

/// The rules of `game` (`None` for a game without a page).
pub fn rules_of(game: &str) -> Option<&'static GameRules> {
    GAMES.iter().find(|g| g.game == game)
}

/// The link to a section of a game's rules, as the table uses it.
pub fn rules_hash(game: &str, at: &str) -> String {
    format!("#/rules?game={game}&at={at}")
}

pub const SHENGJI: GameRules = GameRules {
    game: "shengji",
    name: ("Shengji (Tractor)", "升级（拖拉机）"),
    sections: &[
        Section {
            id: "goal",
            title: ("The goal", "目标"),
            paragraphs: &[
                (
                    "Everyone starts at level 2. Each hand one side defends with the landlord; the other side attacks and collects points in tricks. The side that wins the hand moves up one or more levels. The first side to win a hand it defends at level A wins the game.",
                    "每人从2级开始。每一局有一方跟着庄家坐庄（守方），另一方进攻（攻方），在牌墩里抢分。赢下这一局的一方升一级或几级。先在A级坐庄并守住的一方赢得整场比赛。",
                ),
                (
                    "Four players (two fixed partnerships, sitting across) use two decks; more players use more decks. In Finding Friends the landlord's partners are found during play.",
                    "四个人（对家是固定搭档）用两副牌；人多就多用几副。在“找朋友”里，庄家的朋友要在出牌时才揭晓。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "trump",
            title: ("Trump", "主牌"),
            paragraphs: &[
                (
                    "The level being played is the trump rank: at level 5, every 5 is trump. One suit is the trump suit. Trump, from strongest: big joker, small joker, the trump rank in the trump suit, the trump rank in the other suits, then the trump suit from A down.",
                    "正在打的级就是级牌：打5的时候，所有的5都是主。另有一门花色是主花色。主牌从大到小：大王、小王、主花色的级牌、其他花色的级牌，然后是主花色从A往下。",
                ),
                (
                    "Trump beats every plain suit. A plain suit is the other cards of one suit; they only beat each other.",
                    "主牌比任何副牌都大。副牌就是一门花色里其余的牌，只在同门里比大小。",
                ),
            ],
            cards: "BJ SJ 5S 5H AS KS",
        },
        Section {
            id: "bidding",
            title: ("Drawing and bidding", "摸牌和亮主"),
            paragraphs: &[
                (
                    "Players draw one card at a time. While drawing you may bid by showing cards of the trump rank: their suit becomes trump. A pair beats a single; a pair of jokers makes no-trump (only the ranks and jokers are trump). You may raise your own bid with more copies.",
                    "大家轮流一张一张摸牌。摸牌时可以亮出级牌来亮主：它的花色就成了主花色。对子比单张大；一对王就是无主（只有级牌和王是主）。可以用更多张同样的牌加固自己的亮主。",
                ),
                (
                    "Whoever holds the last bid becomes the landlord of the first hand. If nobody bids, the kitty is turned over to choose trump.",
                    "第一局由最后亮主的人坐庄。如果没人亮主，就翻底牌定主。",
                ),
            ],
            cards: "2H 2H",
        },
        Section {
            id: "landlord",
            title: ("The landlord", "庄家"),
            paragraphs: &[(
                "The landlord leads the first trick and defends the hand with their side. After a hand the next landlord comes from the side that won it, in turn.",
                "庄家出第一墩牌，和自己一方一起守这一局。一局结束后，下一任庄家从赢的一方里轮流产生。",
            )],
            cards: "",
        },
        Section {
            id: "kitty",
            title: ("The kitty", "底牌"),
            paragraphs: &[
                (
                    "A few cards are set aside before the draw: the kitty. The landlord takes them into hand and buries the same number of cards face down.",
                    "摸牌前留下的几张牌叫底牌。庄家把底牌拿进手里，再扣下同样数量的牌。",
                ),
                (
                    "If the attackers win the last trick, the points in the kitty count for them, multiplied (by twice the size of the largest unit of that last trick).",
                    "如果攻方赢了最后一墩，底牌里的分归攻方，并且要翻倍（乘以最后一墩里最大那一组牌张数的两倍）。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "friends",
            title: ("Finding Friends", "找朋友"),
            paragraphs: &[
                (
                    "With more players and no fixed partners, the landlord calls friends after burying: \"the first A♥\" means whoever plays the first A♥ (other than the landlord) joins the landlord's side. #2 means the second copy played.",
                    "人多、没有固定搭档时，庄家扣底后叫朋友：“第一张A♥”的意思是，除庄家外第一个打出A♥的人就加入庄家这一边。“第二张”就是打出的第二张。",
                ),
                (
                    "Points a friend has already won move to the landlord's side when the friend is revealed.",
                    "朋友揭晓时，他已经赢到的分会转到庄家这一方。",
                ),
            ],
            cards: "AH",
        },
        Section {
            id: "tricks",
            title: ("Tricks: singles, pairs and tractors", "出牌：单张、对子和拖拉机"),
            paragraphs: &[
                (
                    "The leader plays one suit: a single, a pair (two identical cards), a triple, or a tractor — pairs of consecutive ranks, like 5♥5♥6♥6♥. The others play as many cards.",
                    "首家出同一门的牌：单张、对子（两张一样的牌）、三张，或者拖拉机——相连的对子，比如5♥5♥6♥6♥。其他人出同样张数的牌。",
                ),
                (
                    "You must follow suit while you can, and match the lead's shape as closely as your hand allows: a pair if you hold a pair, a tractor if you hold one. The hint tab shows what your hand can form and what is forced.",
                    "能跟同门就必须跟，而且要尽量跟出同样的牌型：有对子就要出对子，有拖拉机就要出拖拉机。提示栏会列出你的牌能凑出的牌型，以及必须出的那一种。",
                ),
                (
                    "The highest play of the led shape wins; a trump play of the same shape beats any plain one. The winner leads next.",
                    "同样牌型里最大的那一手赢；同样牌型的主牌比任何副牌都大。赢的人下一墩先出。",
                ),
            ],
            cards: "5H 5H 6H 6H",
        },
        Section {
            id: "throws",
            title: ("Throws", "甩牌"),
            paragraphs: &[(
                "A leader may play several units of one suit at once (a throw) if nobody can beat any of them. If someone can, the throw fails: only the smallest beaten unit is played, and the rest goes back to the hand.",
                "首家可以一次出同一门的几组牌（甩牌），前提是没人管得上其中任何一组。如果有人管得上，甩牌失败：只出被管住的最小那一组，其余的收回手里。",
            )],
            cards: "AS AS KS",
        },
        Section {
            id: "points",
            title: ("Points", "分数"),
            paragraphs: &[(
                "Only 5s (5 points), 10s and kings (10 points each) count: 100 points per deck. The attackers keep what they win in tricks.",
                "只有5（5分）、10和K（各10分）算分：每副牌100分。攻方赢到的墩里的分都算攻方的。",
            )],
            cards: "5D 10C KS",
        },
        Section {
            id: "levels",
            title: ("Levels", "升级"),
            paragraphs: &[
                (
                    "With two decks: attackers with no points — the landlord's side goes up 3 levels; under 40 — up 2; under 80 — up 1. At 80 the attackers take over as the landlord's side, and go up one level for every 40 more. (Each step is 20 points per deck.)",
                    "两副牌时：攻方0分——庄家一方升3级；不到40分——升2级；不到80分——升1级。到80分攻方上台坐庄，每再多40分就再升一级。（每一档是每副牌20分。）",
                ),
                (
                    "The next step is shown at the table beside the attackers' points.",
                    "牌桌上攻方分数旁边会显示下一档的分数。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "house-rules",
            title: ("House rules", "房规"),
            paragraphs: &[
                (
                    "The rules above are the defaults. Whoever makes a table may change them under House rules, on the new-game screen or in the lobby; the table's link carries the changes, so a friend who opens it plays the same rules.",
                    "以上是默认规则。开桌的人可以在新游戏页面或大厅的“房规”里改动；改动写在牌桌链接里，朋友打开链接就按同样的规则打。",
                ),
                (
                    "The kitty's size and the number of friends called; the starting level; whether you may raise your own bid with more copies of its card; whether a play may be taken back before the next player acts.",
                    "底牌张数和叫几个朋友；起始级别；能否用更多张同样的牌加固自己的亮主；下家出牌前能否悔牌。",
                ),
                (
                    "Bidding: by default a bid is overcalled by more cards, or by as many jokers. A table may also let as many cards of a higher suit overcall (♣ < ♦ < ♥ < ♠: a pair of 2♠ over a pair of 2♥), or only more cards (a pair of jokers no longer beats a pair of 2♥).",
                    "亮主：默认要张数更多，或同样张数的王才能反主。也可以规定同样张数更大的花色也能反（♣ < ♦ < ♥ < ♠：一对2♠反一对2♥），或者只能张数更多（一对王也反不了一对2♥）。",
                ),
                (
                    "No-trump bids with jokers may be off, or need every copy of one joker (three small jokers with three decks), or every small joker and one big joker fewer (two big jokers with three decks, which then beat three small ones). A table may let the top bid be taken back once a hand before the draw ends, the bid before it standing again.",
                    "用王亮无主可以不允许，或者要同样的王全部（三副牌要三张小王），或者小王全部、大王少一张（三副牌两张大王，且大过三张小王）。也可以允许抓牌结束前收回自己最高的亮主，每局一次，之前的亮主恢复有效。",
                ),
                (
                    "The first hand's landlord may be whoever bid first rather than whoever holds the winning bid (the winning bid still names trump). When nobody bids, the kitty's first card may name trump (a joker: no-trump) instead of its first card of the level.",
                    "第一局的庄家可以是最先亮主的人，而不是最后亮主的人（主仍由最后的亮主定）。无人亮主时，可以由底牌第一张定主（王则无主），而不是底牌里第一张级牌。",
                ),
                (
                    "Following: by default you must answer each pair, triple and tractor of the lead in kind when you can. A table may spare triples and fours from a pair, ask for a tractor only after a tractor lead, or ask only for the suit; a tractor's groups may have to be bigger than pairs, or its run longer than two.",
                    "跟牌：默认情况下，能跟就必须用同样的牌型回应首家的每个对子、三张和拖拉机。也可以规定对子不逼出三张或四张、首家出拖拉机才须跟拖拉机，或者只须跟花色；拖拉机的每组可以要求多于两张，或者至少连续更多组。",
                ),
                (
                    "A throw may be judged part by part, by its highest card or by its largest part, and a failed throw may also give the other side 10 points. When the attackers win the last trick, the kitty's points are multiplied by twice the size of the last lead's largest part, or by 2 to the power of that size.",
                    "甩牌可以逐部分比、比最大的一张或比最大的部分，甩牌失败还可以另罚10分给对方。闲家抠底时，底牌分乘以最后一墩首家最大部分张数的2倍，或者2的该张数次方。",
                ),
                (
                    "The ladder may be longer or shorter. Each step may be 10 to 40 points per deck (at 30, a step is 60 with two decks); the attackers may need 1 to 4 steps to take the seat (at 3, 120 with two decks); and they may go up from the takeover itself, or only after 1 to 3 steps past it (with none, 80 takes the seat and a level; with two, they go up only from 160).",
                    "升级表可以改长改短。每档可以是每副牌10到40分（30分时两副牌每档60分）；闲家上台可以要1到4档（3档时两副牌120分）；闲家可以一上台就升级，也可以再过1到3档才升（不设时80分上台并升一级；设2档时160分才升）。",
                ),
                (
                    "Ranks to defend: a player stops at each such rank until they hold a hand played at it as the landlord's side. With 5, 10 and K to defend, a side at 4 that wins three levels stops at 5.",
                    "必打级：打到这些级要停下，作为庄家一方守住这一级的一局才能过。必打5、10、K时，在4的一方赢三级也只到5。",
                ),
                (
                    "The game may end before A: if it ends at K, the landlord's side that holds a hand played at K wins the game, and nobody goes above K.",
                    "可以不打到A：打到K结束时，庄家一方守住K的一局就赢了整盘，没人能升过K。",
                ),
                (
                    "Finding Friends: a landlord's side that plays short of a friend (the called card never played by another player) and still holds may go up one more level.",
                    "找朋友：庄家一方少了朋友（叫的牌没有别人打出）仍然守住时，可以多升一级。",
                ),
                (
                    "Finding Friends may forbid calling the highest card (the big joker, or a plain suit's A) or a point card, so the friend is not obvious; and a player already found may be kept from filling a second call, which then waits for someone else's copy.",
                    "找朋友时可以规定不能叫最大的牌（大王或副牌的A）或分牌，让朋友不那么好猜；还可以规定已经是朋友的人不能再占第二个朋友位，那个位子留给别人打出的那张牌。",
                ),
                (
                    "What is shown: a table may hide the landlord's side's points during the hand, so the attackers must count; hide past tricks, so everyone plays from memory (the trick just won stays until the next lead); keep the kitty with the landlord at the end (everyone still sees its points); and name who could beat a failed throw.",
                    "显示什么：可以在打牌时隐藏庄家一方的分数，闲家要自己记分；可以不让看之前的牌，大家凭记忆打（刚赢的一轮在下一轮首家出牌前还看得到）；一局结束时底牌可以只给庄家看（大家仍知道底分）；还可以在甩牌失败时说出谁管得住。",
                ),
                (
                    "Stealing the kitty (炒地皮): where a table plays it, once the landlord has buried, each other player in turn may overcall the top bid, take the buried cards into hand, become the landlord and bury again; the round starts over, and when all the others have passed, the last to bury leads. The hand keeps its rank: if the bids were 2♠ 2♠ and you hold both big jokers, you may take the kitty and play no-trump at 2.",
                    "炒地皮：打这条规则的桌上，庄家扣底之后，其他人依次可以用比当前亮主更大的牌反主，把扣下的底牌拿进手里，成为庄家，再扣底；然后重新轮一圈，其余的人都不炒时，最后扣底的人先出牌。这一局的级不变：亮的是2♠ 2♠时，你有两张大王，就可以炒走底牌，打2的无主。",
                ),
                (
                    "Bombs: where a table plays them, four or more cards of one rank (any suits, or one joker) played as a whole trick's worth beat every play that is not a bomb, and a higher rank beats a lower one, the level rank above A. When 5♥ 5♥ 6♥ 6♥ is led, 7♣ 7♣ 7♦ 7♦ beats even a tractor of trumps. A table says whether a bomb may be played holding the led suit, or must follow suit like any play.",
                    "炸弹：打炸弹的桌上，四张或以上同一点数的牌（花色不限，或同一种王），张数与首家相同时，大过一切非炸弹的牌；点数大的炸弹大，级牌在A之上。首家出5♥ 5♥ 6♥ 6♥时，7♣ 7♣ 7♦ 7♦连主牌拖拉机也能压住。每桌规定手里有首家的花色时能不能炸，还是炸弹也必须跟花色。",
                ),
                (
                    "打J: in a hand played at J, if the attackers take the seat and win the last trick with a single J, the landlord's side goes back to 2.",
                    "打J：在J这一级的一局里，如果闲家上台并用单张J拿了最后一墩，庄家一方回到2。",
                ),
            ],
            cards: "",
        },
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_reads_in_both_languages_and_links_resolve() {
        for g in GAMES {
            for s in g.sections {
                assert!(!s.title(Lang::En).is_empty() && !s.title(Lang::Zh).is_empty(), "{}", s.id);
                for p in s.paragraphs(Lang::Zh) {
                    // Chinese text carries no English words (card ranks are capitals).
                    assert!(!p.chars().any(|c| c.is_ascii_lowercase()), "English in {}: {p}", s.id);
                }
                assert_eq!(s.paragraphs(Lang::En).count(), s.paragraphs(Lang::Zh).count());
                for c in s.cards.split_whitespace() {
                    assert!(c.parse::<crate::cards::Card>().is_ok(), "{c}");
                }
            }
        }
        // The terms the tables link to.
        for at in ["landlord", "kitty", "levels", "friends", "trump", "tricks"] {
            assert!(SHENGJI.section(at).is_some(), "{at}");
        }
        assert!(rules_of("rummy").is_some_and(|r| r.section("groups").is_some()));
        assert_eq!(rules_hash("shengji", "kitty"), "#/rules?game=shengji&at=kitty");
    }
}
