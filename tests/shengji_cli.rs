//! End-to-end tests of the Shengji subcommands: output, JSON fields, exit codes.

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::{tuolaji as run, tuolaji_with_input};

#[test]
fn decompose_prints_the_seed_table() {
    let (code, out, _) = run(&["decompose", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out, "{[3]}\n{[2], [1]}\n{[1], [1], [1]}\n");
    let (_, out, _) = run(&["decompose", "4", "--json"]);
    assert_eq!(out.trim(), r#"{"formats":[[[4]],[[3],[1]],[[2,2]],[[2],[2]],[[2],[1],[1]],[[1],[1],[1],[1]]]}"#);
    assert_eq!(run(&["decompose", "0"]).0, 2);
}

#[test]
fn format_lists_parses_chosen_first() {
    let (code, out, _) = run(&["format", "--trump", "AS", "--decks", "3", "2H", "2H", "3H", "3H", "3H", "--json"]);
    assert_eq!(code, 0);
    // The chosen parse has the largest unit: the 2233 tractor, then the 3.
    assert_eq!(out.trim(), r#"{"parses":[[[2,2],[1]],[[3],[2]]]}"#);
    let (code, _, err) = run(&["format", "--trump", "4S", "5H", "3C"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn legal_exit_codes_and_reason() {
    let base = ["legal", "--trump", "4S", "--lead", "6H 6H", "--hand", "8H 8H 9H 3S"];
    let (code, out, _) = run(&[&base[..], &["--play", "8H 9H"]].concat());
    assert_eq!(code, 1);
    assert_eq!(out.trim(), "illegal: you hold 8♥ 8♥, so you must play a pair of hearts");
    let (code, out, _) = run(&[&base[..], &["--play", "8H 8H", "--json"]].concat());
    assert_eq!(code, 0);
    assert_eq!(out.trim(), r#"{"legal":true,"reason":null}"#);
    let (code, _, err) = run(&[&base[..], &["--play", "8H 8H", "--policy", "bogus"]].concat());
    assert_eq!(code, 2);
    assert!(err.contains("bogus"), "{err}");
    let (code, _, err) = run(&["legal", "--trump", "4S", "--lead", "ZZ", "--hand", "8H", "--play", "8H"]);
    assert_eq!(code, 2);
    assert!(err.contains("ZZ"), "{err}");
}

#[test]
fn hint_reports_formats_and_forced_index() {
    let (code, out, _) = run(&["hint", "--trump", "4S", "--lead", "6S 6S 7S 7S", "--hand", "3S 3S 5S 5S 9H", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["forced"], 0);
    assert_eq!(v["formats"][0]["format"], serde_json::json!([[2, 2]]));
    assert_eq!(v["formats"][0]["match"], serde_json::json!(["3S", "3S", "5S", "5S"]));
    let (_, out, _) = run(&["hint", "--trump", "4S", "--lead", "6H 6H", "--hand", "3S 5H", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["forced"].is_null());
    assert!(v["formats"][0]["match"].is_null());
}

#[test]
fn winner_reports_index_and_points() {
    let (code, out, _) = run(&["winner", "--trump", "4S", "--plays", "2S", "5S", "3S", "5S", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), r#"{"points":10,"winner":1}"#);
    let (_, out, _) = run(&["winner", "--trump", "4S", "--decks", "2", "--plays", "KH", "10H", "2S", "5H"]);
    assert_eq!(out.trim(), "winner 2 (2S), points 25");
}

#[test]
fn batch_legal_reads_json_lines() {
    let (code, text, _) = tuolaji_with_input(
        &["legal", "--trump", "4S", "--batch"],
        "{\"lead\":\"6H 6H\",\"hand\":\"8H 8H 9H\",\"play\":\"8H 8H\"}\n{\"lead\":\"6H\",\"hand\":\"8H\",\"play\":\"8H\"}\n",
    );
    assert_eq!(text.lines().count(), 2);
    assert!(text.lines().all(|l| l.contains("\"legal\":true")), "{text}");
    assert_eq!(code, 0);
}

/// Issue 15: 257 copies of a card wrapped to 1 in the byte-sized counts, so
/// `legal` said "legal" and `format` printed {[255]}; both refuse now.
#[test]
fn wrapped_copies_are_refused() {
    let lead = vec!["10H"; 257].join(" ");
    let (code, _, err) = run(&["legal", "--trump", "4S", "--lead", &lead, "--hand", "10H 3S", "--play", "10H"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("257 copies"), "{err}");
    let mut args = vec!["format", "--trump", "4S"];
    args.extend(vec!["10H"; 257]);
    let (code, out, err) = run(&args);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
}
