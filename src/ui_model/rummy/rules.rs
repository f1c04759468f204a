//! Rummy's page of the rules (`#/rules?game=rummy`): how to play 13-card rummy at
//! this app's table, in English and Chinese, as `ui_model::rules` draws every game.

use crate::ui_model::rules::{GameRules, Section};

pub const RUMMY: GameRules = GameRules {
    game: "rummy",
    name: ("Rummy (13 cards)", "拉米（13张）"),
    sections: &[
        Section {
            id: "goal",
            title: ("The goal", "目标"),
            paragraphs: &[
                (
                    "Each player holds 13 cards. On your turn draw one card (from the face-down stock or the top of the discard pile), then throw one away. Be the first to arrange all 13 in valid groups and declare.",
                    "每人13张牌。轮到你时先摸一张（从牌堆，或拿弃牌堆最上面那张），再打出一张。谁先把13张全部组成有效的组并宣告，谁就赢。",
                ),
                (
                    "Two decks and two printed jokers for 2 to 6 players (more decks if the table asks for them).",
                    "2到6人用两副牌加两张王（牌不够时多加一副）。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "groups",
            title: ("Groups", "组牌"),
            paragraphs: &[
                (
                    "A sequence is three or more cards of one suit in a row (A 2 3 and Q K A both count). A pure sequence uses no joker or wild card in place of a missing card. A set is three or four cards of one rank in different suits.",
                    "顺子是同一花色连续的三张或更多（A 2 3 和 Q K A 都算）。纯顺子里没有用王或百搭代替缺的牌。刻子是点数相同、花色不同的三张或四张。",
                ),
                (
                    "A valid declaration needs at least two sequences, one of them pure, and every card in a group.",
                    "有效的宣告至少要有两个顺子，其中一个是纯顺子，而且每张牌都在组里。",
                ),
            ],
            cards: "5H 6H 7H 9S 9D 9C",
        },
        Section {
            id: "wild",
            title: ("Jokers and the wild card", "王和百搭"),
            paragraphs: &[(
                "After the deal one card is turned up: every card of its rank is wild for the deal and, like the printed jokers, can stand for any card in a sequence or a set. A turned-up joker makes aces wild.",
                "发完牌翻开一张牌：这一局里和它点数相同的牌都是百搭，和王一样，可以在顺子或刻子里代替任何一张牌。翻开的是王时，A是百搭。",
            )],
            cards: "7S 8S BJ 10S",
        },
        Section {
            id: "points",
            title: ("Points", "计分"),
            paragraphs: &[
                (
                    "When someone declares, the others show their hands and pay for cards that are not in groups: aces and picture cards 10 each, other cards their number, jokers and wild cards nothing, at most 80. Without a pure sequence every card counts.",
                    "有人宣告后，其他人亮牌，不在组里的牌要付分：A和J、Q、K各10分，其他牌按点数，王和百搭不算分，最多80分。没有纯顺子时所有的牌都算分。",
                ),
                (
                    "A wrong declaration costs 80 and ends your deal: the table warns you before you make one.",
                    "宣告错误要付80分，这一局你就出局了：牌桌会在你宣告前提醒你。",
                ),
            ],
            cards: "AS KH 5D",
        },
        Section {
            id: "drop",
            title: ("Dropping", "弃局"),
            paragraphs: &[(
                "At the start of your turn you may leave the deal: 20 points before your first draw, 40 later.",
                "轮到你时可以先弃局：第一次摸牌前弃局付20分，之后付40分。",
            )],
            cards: "",
        },
        Section {
            id: "scoring",
            title: ("Points or pool", "计点和积分池"),
            paragraphs: &[(
                "Points rummy: the winner of a deal collects what the others pay; a game is one deal per player. Pool rummy: what you pay adds up, and at 101 (or 201) you are out; the last player in wins.",
                "计点拉米：每局的赢家收下其他人付的分；每人坐庄一局为一场。积分池：付的分累加，到101（或201）就出局；最后留下的人赢。",
            )],
            cards: "",
        },
    ],
};
