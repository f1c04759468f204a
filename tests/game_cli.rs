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
