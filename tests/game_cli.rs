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

/// Runs `tuolaji ARGS…` with standard output a pipe whose reader is already gone.
fn closed_stdout(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tuolaji"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tuolaji");
    // The child may stop reading early, so a failed write here is fine.
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    let out = child.wait_with_output().expect("run tuolaji");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_closed_stdout_ends_the_output_quietly() {
    for (args, input, code) in [
        (&["decompose", "24"][..], "", 0),
        (&["decompose", "6", "--json"], "", 0),
        (&["simulate", "--hands", "1", "--seed", "pipe"], "", 0),
        (&["legal", "--trump", "4S", "--batch"], "{\"lead\":\"5H\",\"hand\":\"6H 7C\",\"play\":\"7C\"}\n", 0),
        (&["legal", "--trump", "4S", "--lead", "5H", "--hand", "6H 7C", "--play", "7C"], "", 1),
    ] {
        let (status, err) = closed_stdout(args, input);
        assert_eq!(status, Some(code), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

/// `tuolaji decompose 24 | head -1`: the reader takes one line and leaves.
#[test]
fn a_reader_that_stops_after_one_line() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tuolaji"))
        .args(["decompose", "24"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tuolaji");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
    assert_eq!(first.trim(), "{[24]}");
    // The reader is dropped here; 20 MB of formats cannot fit in the pipe.
    let out = child.wait_with_output().expect("run tuolaji");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn every_setting_is_a_flag() {
    let a = json(&[
        "simulate", "--hands", "1", "--seed", "flags", "--players", "6", "--decks", "4", "--kitty", "12",
        "--mode", "friends", "--friends", "3", "--draw-policy", "longer-tuples", "--min-tuple", "3",
        "--min-length", "2", "--throw-evaluation", "highest-card", "--throw-penalty", "10",
        "--kitty-multiplier", "power", "--reinforce", "false", "--friend-trump-allowed", "true",
        "--starting-level", "J", "--take-back", "false",
    ]);
    assert_eq!((a["players"].as_u64(), a["decks"].as_u64(), a["kitty"].as_u64()), (Some(6), Some(4), Some(12)));
    assert_eq!((a["mode"].as_str(), a["friends"].as_u64()), (Some("friends"), Some(3)));
    // The table's share link carries every setting that differs from the defaults.
    assert_eq!(
        a["link"],
        "#/play/shengji?seed=flags&p=6&d=4&k=12&m=friends&f=3&dp=longer-tuples&tr=3x2&te=highest-card&tp=10&km=power&rb=0&ft=1&sl=J&tb=0"
    );
    // And they change the game: another starting level or draw policy, another digest.
    let base = ["simulate", "--hands", "1", "--seed", "flags", "--players", "6", "--mode", "friends"];
    let plain = json(&base);
    assert_eq!(plain["link"], "#/play/shengji?seed=flags&p=6&m=friends");
    for extra in [["--starting-level", "J"], ["--draw-policy", "suit-only"], ["--kitty", "12"]] {
        let mut args = base.to_vec();
        args.extend(extra);
        assert_ne!(json(&args)["digest"], plain["digest"], "{extra:?}");
    }
    // --help lists the values.
    let (code, help, _) = run(&["simulate", "--help"]);
    assert_eq!(code, 0);
    for flag in ["--friends", "--kitty", "--draw-policy", "--min-tuple", "--min-length", "--throw-evaluation",
                 "--throw-penalty", "--kitty-multiplier", "--reinforce", "--friend-trump-allowed",
                 "--starting-level", "--take-back", "--sweep", "--max-hand-ms", "longer-tuples", "highest-card"] {
        assert!(help.contains(flag), "{flag} not in --help");
    }
}

#[test]
fn refused_settings_exit_2_with_the_validators_sentence() {
    for (args, says) in [
        (&["--players", "11"][..], "11 players is not supported (use 4 to 10)"),
        (&["--decks", "1", "--kitty", "50", "--mode", "friends", "--friends", "1"], "a kitty of 50 cards is too large"),
        (&["--kitty", "0"], "at least 1 card"),
        (&["--min-tuple", "3"], "tractor rules of 3x2 do not work"),
        (&["--min-length", "13", "--decks", "4"], "2 to 12"),
        (&["--players", "9", "--decks", "1", "--mode", "friends"], "use 2 decks or more"),
        (&["--players", "6", "--mode", "friends", "--friends", "5"], "5 friends is not possible with 6 players"),
        (&["--friends", "1"], "--friends: friends are only called with --mode friends"),
        (&["--sweep", "2", "--players", "6"], "--sweep draws its own tables: leave out --players"),
        (&["--draw-policy", "strict"], "invalid value 'strict' for '--draw-policy"),
        (&["--reinforce", "maybe"], "--reinforce"),
    ] {
        let mut a = vec!["simulate", "--hands", "1"];
        a.extend(args);
        let (code, out, err) = run(&a);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_small_sweep_is_deterministic_and_names_every_table_by_its_link() {
    let args = ["simulate", "--sweep", "5", "--seed", "ci", "--hands", "1", "--max-hand-ms", "0"];
    let a = json(&args);
    assert_eq!(a["ok"], true);
    let tables = a["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 5);
    for t in tables {
        let link = t["link"].as_str().unwrap();
        assert!(link.starts_with("#/play/shengji?seed="), "{link}");
        tuolaji::ui_model::shengji::ShareLink::parse_hash(link).unwrap();
        assert!(t["max_actions_per_hand"].as_u64().unwrap() > 50 && t["max_ms_per_hand"].as_f64().is_some());
    }
    let b = json(&args);
    let digests = |v: &serde_json::Value| -> Vec<(String, String)> {
        v["tables"].as_array().unwrap().iter().map(|t| (t["link"].to_string(), t["digest"].to_string())).collect()
    };
    assert_eq!(digests(&a), digests(&b), "the same seed sweeps the same tables with the same games");
    let c = json(&["simulate", "--sweep", "5", "--seed", "cj", "--hands", "1", "--max-hand-ms", "0"]);
    assert_ne!(digests(&a), digests(&c));
    let (code, text, _) = run(&["simulate", "--sweep", "2", "--seed", "ci", "--hands", "1"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("table 1/2: #/play/shengji?seed=") && text.contains("all invariants held"), "{text}");
}

/// A bound no hand can meet: exit 1 naming the table's link.
#[test]
fn a_hand_over_the_time_bound_fails_the_sweep_with_its_link() {
    // Seed "demo" draws 9 players × 3 decks, 7 × 7 and 10 × 12 first: 300 to 1,100
    // actions per hand, each a view, a bot decision and a checked move.
    let (code, out, _) = run(&["simulate", "--sweep", "3", "--seed", "demo", "--hands", "1", "--max-hand-ms", "1", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["link"].as_str().unwrap().starts_with("#/play/shengji?seed="), "{v}");
    assert!(v["violation"].as_str().unwrap().contains("over the bound of 1 ms"), "{v}");
}
