//! The `tuolaji mahjong` subcommands end to end: JSON fields, exit codes, `--batch`.

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::tuolaji_with_input;

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let args: Vec<&str> = std::iter::once("mahjong").chain(args.iter().copied()).collect();
    tuolaji_with_input(&args, stdin.unwrap_or(""))
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s.trim()).unwrap()
}

#[test]
fn check_json_and_exit_codes() {
    let (code, out, _) = run(&["check", "123m456p789s11122z", "--json"], None);
    assert_eq!(code, 0);
    assert_eq!(
        json(&out),
        serde_json::json!({"win": true, "forms": ["regular"]})
    );
    let (code, out, _) = run(&["check", "123m456p789s11123z", "--json"], None);
    assert_eq!(code, 1);
    assert_eq!(json(&out), serde_json::json!({"win": false, "forms": []}));
    // 5z is wild: it stands in for the missing 2z.
    let (code, out, _) = run(
        &["check", "123m456p789s11125z", "--wild", "5z", "--json"],
        None,
    );
    assert_eq!(
        (code, json(&out)["win"].clone()),
        (0, serde_json::json!(true))
    );
    let (code, _, err) = run(&["check", "123m456p789s1119z"], None);
    assert_eq!(code, 2);
    assert!(err.contains("9z") && err.lines().count() == 1, "{err}");
}

#[test]
fn waits_shanten_and_advise() {
    let (code, out, _) = run(&["waits", "1112345678999m", "--json"], None);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["ready"], true);
    assert_eq!(v["waits"].as_array().unwrap().len(), 9);
    let (code, out, _) = run(&["waits", "13579m2468p1357s", "--json"], None);
    assert_eq!(code, 1);
    assert_eq!(json(&out), serde_json::json!({"ready": false, "waits": []}));
    let (_, out, _) = run(&["shanten", "123m456p789s11122z", "--json"], None);
    assert_eq!(json(&out), serde_json::json!({"shanten": -1}));
    let (_, out, _) = run(&["advise", "123m456p789s11227z", "--json"], None);
    let v = json(&out);
    assert_eq!(v["advice"][0]["discard"], "7z");
    assert!(v["advice"][0]["reason"].as_str().unwrap().contains("ready"));
}

#[test]
fn batch_mode_one_object_per_line() {
    let (code, out, err) = run(
        &["shanten", "--batch"],
        Some("123m456p789s11122z\n123m456p789s1122z\n\nnope\n"),
    );
    let lines: Vec<_> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["shanten"], -1);
    assert_eq!(lines[1]["shanten"], 0);
    assert!(lines[2]["error"].is_string());
    assert_eq!(code, 2);
    assert!(err.contains("line 4"));
}

#[test]
fn tables_and_fan() {
    let (code, out, _) = run(&["tables", "--json"], None);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["suit"]["classic_14"], 21742);
    let (code, out, _) = run(
        &[
            "fan",
            "22p",
            "--melds",
            "2222m,555m,888p,[5555p]",
            "--max-fan",
            "99",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(json(&out)["fan"], 6); // 将对 3 + 金钩钓 1 + two roots
    let (code, _, err) = run(&["fan", "22p", "--melds", "25m"], None);
    assert_eq!(code, 2);
    assert!(err.contains("25m"));
}

/// Issue 15: 256 visible copies of a tile wrapped the byte count (a panic in
/// debug builds, a wrong answer in release); more than four are refused.
#[test]
fn more_than_four_visible_copies_are_refused() {
    let visible = "5m".repeat(256);
    let (code, _, err) = run(&["advise", "11123456789999m", "--visible", &visible], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than four 5m"), "{err}");
}

#[test]
fn simulate_plays_sichuan_hands_deterministically_and_refuses_bad_flags() {
    let (code, out, err) = run(&["simulate", "--hands", "3", "--seed", "cli", "--bots", "advice,random", "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!((v["ok"].clone(), v["hands"].clone()), (serde_json::json!(true), serde_json::json!(3)));
    assert_eq!(v["points"].as_array().unwrap().iter().map(|p| p.as_i64().unwrap()).sum::<i64>(), 0);
    let (_, again, _) = run(&["simulate", "--hands", "3", "--seed", "cli", "--bots", "advice,random", "--json"], None);
    assert_eq!(json(&again)["digest"], v["digest"]);
    let (code, _, err) = run(&["simulate", "--bots", "genius"], None);
    assert_eq!(code, 2);
    assert!(err.contains("genius"), "{err}");
    let (code, _, err) = run(&["simulate", "--max-fan", "12"], None);
    assert_eq!(code, 2);
    assert!(err.contains("fan cap"), "{err}");
}

#[test]
fn simulate_plays_each_settlement_option_and_refuses_unknown_values() {
    let args = ["simulate", "--hands", "3", "--seed", "options", "--hand-end", "river", "--kong-transfer", "--self-drawn", "base", "--json"];
    let (code, out, err) = run(&args, None);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["ok"], serde_json::json!(true));
    assert_eq!(v["exhausted"], serde_json::json!(3), "under 血流成河 every hand ends at the empty wall");
    assert!(v["repeat_wins"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["points"].as_array().unwrap().iter().map(|p| p.as_i64().unwrap()).sum::<i64>(), 0);
    let (default, _, _) = run(&["simulate", "--hands", "1", "--seed", "options", "--json"], None);
    assert_eq!(default, 0);
    for (flag, bad) in [("--hand-end", "blood"), ("--self-drawn", "double")] {
        let (code, _, err) = run(&["simulate", flag, bad], None);
        assert_eq!(code, 2);
        assert!(err.contains(bad) && (err.contains("river") || err.contains("base")), "{err}");
    }
}
