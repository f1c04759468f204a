//! What the network verdicts of `net::ice_report` say to a player, in English and Chinese:
//! why a connection most likely failed (`fail_cause`) and what the connection test in
//! Settings found (`network_verdict`) — each one sentence saying what to do.

use crate::i18n::Lang;
use crate::net::ice_report::{FailCause, NetworkKind, Verdict};

/// The likely cause of a failed connection, and what to try.
pub fn fail_cause(c: FailCause, lang: Lang) -> &'static str {
    match (c, lang) {
        (FailCause::NeedsTurn, Lang::En) => "Your networks are too strict for a direct connection: add a TURN server in Settings, then try again.",
        (FailCause::NeedsTurn, Lang::Zh) => "你们的网络限制太严，无法直接连接：请在设置中添加一个 TURN 服务器，然后再试。",
        (FailCause::StunBlocked, Lang::En) => "No STUN server answered, so this network blocks them (and likely all UDP): add a TURN server reached over TCP (turn:…?transport=tcp) in Settings.",
        (FailCause::StunBlocked, Lang::Zh) => "没有 STUN 服务器回应，这个网络屏蔽了它们（很可能还有所有 UDP）：请在设置中添加一个经 TCP 连接的 TURN 服务器（turn:…?transport=tcp）。",
        (FailCause::OtherBlocked, Lang::En) => "The other player's network answers no STUN server (it likely blocks UDP): they should add a TURN server reached over TCP in their Settings.",
        (FailCause::OtherBlocked, Lang::Zh) => "对方的网络收不到 STUN 服务器的回应（很可能屏蔽了 UDP）：请对方在设置中添加一个经 TCP 连接的 TURN 服务器。",
        (FailCause::TurnRefused, Lang::En) => "The TURN server refused its user name and password: check them in Settings.",
        (FailCause::TurnRefused, Lang::Zh) => "TURN 服务器拒绝了用户名和密码：请在设置中检查它们。",
        (FailCause::NoServers, Lang::En) => "No STUN or TURN server is set, so only players on the same network can connect: bring back the defaults in Settings.",
        (FailCause::NoServers, Lang::Zh) => "没有设置 STUN 或 TURN 服务器，只有同一网络中的玩家能连接：请在设置中恢复默认服务器。",
        (FailCause::Unknown, Lang::En) => "The connection failed: try both on the same Wi-Fi, or add a TURN server in Settings.",
        (FailCause::Unknown, Lang::Zh) => "连接失败：请两人连同一个 Wi-Fi 再试，或在设置中添加一个 TURN 服务器。",
    }
}

/// What kind of network this is and whether friends elsewhere can reach it.
pub fn network_verdict(v: Verdict, lang: Lang) -> &'static str {
    use NetworkKind::*;
    match (v.kind, v.relay, lang) {
        (NoServers, _, Lang::En) => "No STUN or TURN server is set: only players on your own network can join you.",
        (NoServers, _, Lang::Zh) => "没有设置 STUN 或 TURN 服务器：只有同一网络中的玩家能和你连接。",
        (TurnRefused, _, Lang::En) => "The TURN server refused its user name and password and no other server answered: friends elsewhere cannot reach you until you fix them.",
        (TurnRefused, _, Lang::Zh) => "TURN 服务器拒绝了用户名和密码，也没有别的服务器回应：改正之前，其他网络的朋友连不上你。",
        (Blocked, _, Lang::En) => "No server answered: this network blocks STUN (likely all UDP), so friends elsewhere cannot reach you; a TURN server reached over TCP would help.",
        (Blocked, _, Lang::Zh) => "没有服务器回应：这个网络屏蔽了 STUN（很可能还有所有 UDP），其他网络的朋友连不上你；经 TCP 连接的 TURN 服务器可以解决。",
        (Open, _, Lang::En) => "Your device has a public address of its own: friends anywhere can reach you directly.",
        (Open, _, Lang::Zh) => "你的设备有自己的公网地址：任何地方的朋友都能直接连上你。",
        (Nat, true, Lang::En) => "An ordinary router (NAT), and your TURN server works: friends anywhere can reach you.",
        (Nat, true, Lang::Zh) => "普通路由器（NAT），而且你的 TURN 服务器可用：任何地方的朋友都能连上你。",
        (Nat, false, Lang::En) => "An ordinary router (NAT): friends elsewhere reach you directly, except from strict networks (some offices, mobile data), which need a TURN server.",
        (Nat, false, Lang::Zh) => "普通路由器（NAT）：其他网络的朋友能直接连上你，但来自严格网络（部分办公室、移动数据）的朋友需要 TURN 服务器。",
        (Strict, true, Lang::En) => "A strict NAT that gives each destination its own port, but your TURN server works: friends elsewhere reach you through it.",
        (Strict, true, Lang::Zh) => "严格的 NAT（每个目的地用不同端口），但你的 TURN 服务器可用：其他网络的朋友可以通过它连上你。",
        (Strict, false, Lang::En) => "A strict NAT that gives each destination its own port (common on mobile data and in offices): friends elsewhere will not reach you without a TURN server in Settings.",
        (Strict, false, Lang::Zh) => "严格的 NAT（每个目的地用不同端口，移动数据和办公室里常见）：不在设置中添加 TURN 服务器，其他网络的朋友连不上你。",
        (RelayOnly, _, Lang::En) => "Only your TURN server answered: friends elsewhere reach you through it, and only through it.",
        (RelayOnly, _, Lang::Zh) => "只有你的 TURN 服务器回应：其他网络的朋友只能通过它连上你。",
    }
}

/// The Settings button that runs the connection test, and what it says while it runs.
pub fn test_button(running: bool, lang: Lang) -> &'static str {
    match (running, lang) {
        (false, Lang::En) => "Test my connection",
        (false, Lang::Zh) => "测试我的网络",
        (true, Lang::En) => "Asking the servers…",
        (true, Lang::Zh) => "正在询问服务器…",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::ice_report::Reach;

    #[test]
    fn every_verdict_and_cause_is_one_sentence_in_both_languages() {
        let causes = [FailCause::NeedsTurn, FailCause::StunBlocked, FailCause::OtherBlocked, FailCause::TurnRefused, FailCause::NoServers, FailCause::Unknown];
        let kinds = [NetworkKind::NoServers, NetworkKind::TurnRefused, NetworkKind::Blocked, NetworkKind::Open, NetworkKind::Nat, NetworkKind::Strict, NetworkKind::RelayOnly];
        let mut all = Vec::new();
        for c in causes {
            all.push((fail_cause(c, Lang::En), fail_cause(c, Lang::Zh)));
        }
        for k in kinds {
            for relay in [false, true] {
                let v = Verdict { kind: k, reach: Reach::Direct, relay };
                all.push((network_verdict(v, Lang::En), network_verdict(v, Lang::Zh)));
            }
        }
        for (en, zh) in all {
            assert!(en.ends_with('.') && en.matches(". ").count() == 0, "{en}");
            assert!(zh.ends_with('。') && zh.matches('。').count() == 1, "{zh}");
        }
        assert!(fail_cause(FailCause::NeedsTurn, Lang::En).contains("TURN server"));
        assert!(fail_cause(FailCause::NeedsTurn, Lang::Zh).contains("TURN 服务器"));
    }
}
