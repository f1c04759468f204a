//! Sichuan mahjong's page of the rules (`#/rules?game=mahjong`): how to play at this
//! app's table, in English and Chinese, as `ui_model::rules` draws every game. The
//! full rule choices are in `docs/sichuan.md`.

use crate::ui_model::rules::{GameRules, Section};

pub const MAHJONG: GameRules = GameRules {
    game: "mahjong",
    name: ("Sichuan mahjong", "四川麻将"),
    sections: &[
        Section {
            id: "goal",
            title: ("The goal", "目标"),
            paragraphs: &[
                (
                    "Four players, 108 tiles: characters (万), dots (筒) and bamboo (条), 1 to 9, four of each. You hold 13 tiles; on your turn draw one and discard one. Complete a hand of four sets and a pair (a set is three of a kind, or three in a row of one suit), or seven pairs, to win.",
                    "四人，108张牌：万、筒、条，一到九，每种四张。手里13张；轮到你时摸一张、打一张。凑成四组加一对（一组是三张相同，或同花色三张连续），或七对，就胡了。",
                ),
                (
                    "Your tiles come from your own part of the wall, dealt from the seed: everyone who plays the same link gets the same tiles in your seat, whatever the others do.",
                    "你摸的牌来自按种子分给你的那一份牌墙：打同一个链接的人，在你的座位上摸到同样的牌，不受别人碰杠的影响。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "exchange",
            title: ("Exchange three, then the void suit", "换三张与定缺"),
            paragraphs: &[
                (
                    "At the start everyone passes three tiles of one suit on, all in one direction the deal chooses. Then everyone chooses a suit to play without (定缺): you must discard those tiles before any other, and you cannot win while you hold one.",
                    "开局每人选同一花色的三张牌，按本局定的方向换给别人。然后每人选一门不要的花色（定缺）：这门牌要先打完，手里还有这门牌时不能胡。",
                ),
                (
                    "Everyone's void suit is shown once all have chosen: a tile of someone's void suit is safe to discard against them.",
                    "所有人选好后公开各家的缺门：打出别人缺的那门牌，他一定胡不了。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "claims",
            title: ("Pung, kong and win on a discard", "碰、杠和点炮"),
            paragraphs: &[
                (
                    "When someone discards, you may take the tile to complete three of a kind (pung, 碰) with two you hold, four of a kind (kong, 杠) with three, or your winning hand. There are no chows. Several players may answer at once: a win beats a kong, a kong beats a pung, and several players can win on the same tile.",
                    "有人打牌时，手里有两张相同的可以碰，有三张的可以杠，能胡就可以胡。没有吃。几家可以同时响应：胡优先于杠，杠优先于碰，一张牌可以几家同时胡（一炮多响）。",
                ),
                (
                    "On your turn you may also make a kong of four you hold (暗杠) or add the fourth tile to your pung (补杠) — which another player may rob to win. Every kong draws a replacement tile. If you let a win on a discard go, you cannot win on a discard again until your next draw (过水).",
                    "轮到你时，也可以把手里的四张杠出（暗杠），或给自己的碰补上第四张（补杠，别人可以抢杠胡）。每次杠都补摸一张。放过别人打的胡牌后，在你下次摸牌前不能再胡别人打的牌（过水）。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "scoring",
            title: ("Fan and points", "番数与计分"),
            paragraphs: &[
                (
                    "A win scores fan: all pungs 1, seven pairs 2, one suit only 2, terminals in every set 2, each four of a kind 1, self-drawn 1, and more; at most the table's cap (4 by default). A win pays 2 to the power of its fan: the discarder pays, or everyone still playing pays a self-drawn win. Kongs are paid when made.",
                    "和牌计番：对对胡1番，七对2番，清一色2番，带幺九2番，每个根1番，自摸1番，等等；最多到本桌封顶（默认4番）。一番两倍：点炮的人付，自摸则还在打的每家都付。杠在杠出时收钱。",
                ),
                (
                    "Fight to the end (血战到底): a player who wins leaves the hand and the others play on, until three have won or the wall is empty. Then a player still holding the void suit pays everyone the cap (查花猪), players not ready pay the ready ones (查叫), and return their kong money (退税). (A table may let winners play on instead: see House rules.)",
                    "血战到底：胡了的人退出，其余的人继续打，直到三家胡牌或牌摸完。流局时手里还有缺门牌的人按封顶赔给每家（查花猪），没听牌的人赔给听牌的人（查叫），并退还杠钱（退税）。（也可以让胡了的人继续打：见“房规”。）",
                ),
            ],
            cards: "",
        },
        Section {
            id: "wildcards",
            title: ("Red dragons as wildcards (a table option)", "红中赖子（可选）"),
            paragraphs: &[(
                "A table may add the four red dragons (中) to the wall: 112 tiles. A red dragon is a wildcard: in a winning hand it stands for any tile you need. It never leaves your hand: you cannot discard it, and nobody can pung or kong with it. With it, hands are ready sooner, so more players win.",
                "牌桌可以加入四张红中：共112张。红中是赖子：和牌时可当任何需要的牌。它一直留在手里：不能打出，也不能拿来碰或杠。有了赖子，听牌更快，胡的人更多。",
            )],
            cards: "",
        },
        Section {
            id: "house-rules",
            title: ("House rules", "房规"),
            paragraphs: &[
                (
                    "The rules above are the defaults. Whoever makes a table may change the three below under House rules, on the new-table screen or in the lobby; the table's link carries them, so a friend who opens it plays the same rules.",
                    "以上是默认规则。开桌的人可以在新牌桌页面或大厅的“房规”里改下面三条；改动写在牌桌链接里，朋友打开链接就按同样的规则打。",
                ),
                (
                    "Blood flowing into a river (血流成河): a player who wins does not leave. Each win is paid at once, the winning tile is put aside, and the winner plays on with the same 13 tiles: it discards each tile it draws unless that tile wins again, and it cannot pung or kong. The hand ends only when the wall is empty. For example, you win self-drawn on 6 of dots; later you draw 3 of dots, which completes your hand again, and you win a second time, paid again by all three.",
                    "血流成河：胡了的人不退出。每次胡牌当场结算，胡的那张牌放在一边，胡家拿原来的13张接着打：摸到的牌能胡就胡，不能胡就打出，不能碰也不能杠。牌摸完才结束。例如你自摸六筒胡了；后来摸到三筒又成和，就再胡一次，三家再各付一次。",
                ),
                (
                    "Call forwarding (呼叫转移): if you make a kong and the tile you discard next is won on, the money your kong collected goes on to the winner (with several winners, to the first after you in turn order). For example, your concealed kong collected 2 from each of the three others; the next player wins on your next discard: besides paying the win, you pass those 6 points on to that player.",
                    "呼叫转移：你杠牌后接着打出的牌被人胡了（杠上炮），这次杠收的钱转给胡家（几家同胡时给按顺序离你最近的那家）。例如你暗杠收了三家各2分；下家胡了你接着打的牌：除了付胡牌的钱，你还要把这6分转给他。",
                ),
                (
                    "Self-drawn adds a point (自摸加底): by default a self-drawn win adds one fan. A table may instead have each player pay one point more, added after the cap. For example, a full flush (2 fan) drawn yourself: with a fan added it is 3 fan, 8 from each; with a point added it stays 2 fan, 4 + 1 = 5 from each.",
                    "自摸加底：默认自摸加一番。也可以改为每家多付一分（在封顶之后加）。例如自摸清一色（2番）：加番是3番，每家付8分；加底仍是2番，每家付4 + 1 = 5分。",
                ),
            ],
            cards: "",
        },
        Section {
            id: "hint",
            title: ("The hint", "提示"),
            paragraphs: &[(
                "On your turn the hint lists each discard with how far the hand is from ready, the tiles that would improve it and how many of each you have not seen yet; when the hand is ready, your waits, how many are left and what a win would score.",
                "轮到你时，提示列出每种打法：打后离听牌还差几步、哪些牌能改进、每种还有几张没见过；听牌时列出听哪些牌、还剩几张、和牌几番。",
            )],
            cards: "",
        },
    ],
};
