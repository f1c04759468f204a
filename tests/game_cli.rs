//! End-to-end tests of `tuolaji simulate`: summary, JSON fields, digest, exit codes.

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::tuolaji as run;

fn json(args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn simulate_prints_a_summary() {
    let (code, out, _) = run(&["simulate", "--hands", "2", "--players", "4", "--decks", "2", "--seed", "cli"]);
    assert_eq!(code, 0);
    assert!(out.contains("2 hands, 4 players, 2 decks"), "{out}");
    assert!(out.contains("all invariants held") && out.contains("digest"), "{out}");
}

#[test]
fn simulate_json_digest_is_stable_and_seed_dependent() {
    let args = ["simulate", "--hands", "3", "--players", "5", "--mode", "friends", "--seed", "abc"];
    let a = json(&args);
    let b = json(&args);
    assert_eq!(a["digest"], b["digest"]);
    assert_eq!(a["hands"], 3);
    assert_eq!(a["players"], 5);
    assert_eq!(a["kitty"], 8);
    for field in ["levels_gained", "mean_attacker_points", "throws_tried", "throws_failed", "mean_ms_per_hand"] {
        assert!(a.get(field).is_some(), "missing {field}");
    }
    let c = json(&["simulate", "--hands", "3", "--players", "5", "--mode", "friends", "--seed", "abd"]);
    assert_ne!(a["digest"], c["digest"]);
    assert_eq!(a["digest"].as_str().unwrap().len(), 32);
}

#[test]
fn simulate_rejects_bad_input_with_one_line() {
    for bad in [
        vec!["simulate", "--players", "5"],
        vec!["simulate", "--players", "3", "--mode", "friends"],
        vec!["simulate", "--decks", "0"],
        vec!["simulate", "--seed", "bad seed!"],
        vec!["simulate", "--hands", "0"],
    ] {
        let (code, _, err) = run(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
