//! `tuolaji rummy simulate` end to end: the summary, the JSON fields, a digest
//! that is the same for the same arguments and differs for another seed, exit
//! codes and one-line errors.

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::tuolaji as run;

fn json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["rummy", "simulate"];
    a.extend_from_slice(args);
    a.push("--json");
    let (code, out, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn simulate_prints_a_summary() {
    let (code, out, _) = run(&["rummy", "simulate", "--players", "3", "--deals", "4", "--seed", "cli"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("4 deals, 3 players, points, 106 cards: all invariants held"), "{out}");
    assert!(out.contains("digest"), "{out}");
}

#[test]
fn simulate_json_digest_is_stable_and_seed_dependent() {
    let args = ["--players", "4", "--deals", "5", "--seed", "abc", "--bots", "mixed"];
    let a = json(&args);
    let b = json(&args);
    assert_eq!(a["digest"], b["digest"]);
    assert_eq!(a["digest"].as_str().unwrap().len(), 32);
    assert_eq!((a["ok"].as_bool(), a["deals"].as_u64(), a["players"].as_u64()), (Some(true), Some(5), Some(4)));
    for field in [
        "wins",
        "points",
        "declarations",
        "wrong_declarations",
        "first_drops",
        "middle_drops",
        "last_standing",
        "exhausted",
        "rebuilds",
        "turns",
        "games_finished",
        "actions",
        "mean_ms_per_deal",
        "variant",
        "cards",
    ] {
        assert!(a.get(field).is_some(), "missing {field}");
    }
    let wins: u64 = a["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins + a["exhausted"].as_u64().unwrap(), 5);
    let c = json(&["--players", "4", "--deals", "5", "--seed", "abd", "--bots", "mixed"]);
    assert_ne!(a["digest"], c["digest"]);
    let d = json(&["--players", "4", "--deals", "5", "--seed", "ABC", "--bots", "mixed"]);
    assert_eq!(a["digest"], d["digest"], "seeds are case-insensitive");
}

#[test]
fn simulate_takes_pool_rummy_and_other_settings() {
    let v = json(&["--players", "6", "--deals", "6", "--variant", "pool-201", "--bots", "random", "--seed", "pool"]);
    assert_eq!(v["variant"], "pool-201");
    let v = json(&["--deals", "2", "--settings", r#"{"d": 3, "j": 6, "mx": 100}"#]);
    assert_eq!(v["cards"], 162);
}

#[test]
fn simulate_rejects_bad_input_with_one_line() {
    for bad in [
        vec!["rummy", "simulate", "--players", "7"],
        vec!["rummy", "simulate", "--players", "6", "--settings", r#"{"d": 1}"#],
        vec!["rummy", "simulate", "--deals", "0"],
        vec!["rummy", "simulate", "--seed", "bad seed!"],
        vec!["rummy", "simulate", "--variant", "pool-301"],
        vec!["rummy", "simulate", "--settings", r#"{"players": 3}"#],
        vec!["rummy", "simulate", "--variant", "pool-101", "--settings", r#"{"n": 3}"#],
    ] {
        let (code, out, err) = run(&bad);
        assert_eq!(code, 2, "{bad:?}: {out} {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let (_, _, err) = run(&["rummy", "simulate", "--players", "6", "--settings", r#"{"d": 1}"#]);
    assert!(err.contains("use 2 decks"), "{err}");
}
