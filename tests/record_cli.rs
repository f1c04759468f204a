//! End-to-end tests of `tuolaji record`: link, replay-code, decode, exit codes.

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::tuolaji as run;

#[test]
fn link_prints_the_hash_with_only_non_default_settings() {
    let (code, out, _) = run(&["record", "link", "--seed", "K7QX2M"]);
    assert_eq!((code, out.trim()), (0, "#/play/shengji?seed=k7qx2m"));
    let (code, out, _) = run(&["record", "link", "--seed", "abc", "--players", "6", "--decks", "3", "--seat", "2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hash"], "#/play/shengji?seed=abc&p=6&seat=2");
    assert_eq!(v["seat"], 2);
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_flag() {
    for (args, says) in [
        (vec!["record", "link", "--seed", "abc", "--players", "5"], "--players"),
        (vec!["record", "link", "--seed", "a-b"], "--seed"),
        (vec!["record", "link", "--seed", "abc", "--seat", "9"], "--seat"),
        (vec!["record", "replay-code", "--seed", "abc", "--hands", "0"], "--hands"),
        (vec!["record", "decode", "AAAA"], "format 0"),
        (vec!["record", "decode", "ab*c"], "position 3"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_replay_code_decodes_trick_by_trick() {
    let (code, out, err) =
        run(&["record", "replay-code", "--seed", "cli", "--players", "4", "--decks", "2", "--hands", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let replay = v["code"].as_str().unwrap().to_string();
    assert_eq!(v["length"].as_u64().unwrap() as usize, replay.len());
    let (code, out, _) = run(&["record", "decode", &replay]);
    assert_eq!(code, 0);
    assert!(out.contains("trick  1:") && out.contains("result: attackers"), "{out}");
    let (code, out, _) = run(&["record", "decode", &format!("https://example.org/app/#/replay/{replay}"), "--json"]);
    assert_eq!(code, 0);
    let d: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let tricks = d["tricks"].as_array().unwrap();
    assert!(tricks.len() >= 13);
    assert!(tricks.last().unwrap()["result"].is_object());
    let points: u64 = tricks.iter().map(|t| t["points"].as_u64().unwrap()).sum();
    assert_eq!(points, tricks.last().unwrap()["totals"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).sum::<u64>());
}
