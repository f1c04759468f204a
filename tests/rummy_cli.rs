//! The `tuolaji rummy` command line: JSON shape, exit codes, batch mode.

#[path = "support/cli.rs"]
mod cli_support;

/// One run of the binary: exit code and both streams.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn tuolaji(args: &[&str], stdin: Option<&str>) -> Run {
    let (code, stdout, stderr) = cli_support::tuolaji_with_input(args, stdin.unwrap_or(""));
    Run { code, stdout, stderr }
}

fn json_lines(out: &Run) -> Vec<serde_json::Value> {
    out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const VALID: &str = "AS 2S 3S 5H 6H JK 8H 9D 9C 9S KD KC KH";

#[test]
fn solve_json_has_exactly_the_documented_fields() {
    let mut args = vec!["rummy", "solve", "--wild", "4", "--json"];
    args.extend(VALID.split(' '));
    let out = tuolaji(&args, None);
    assert_eq!(Some(out.code), Some(0));
    let v = &json_lines(&out)[0];
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["deadwood", "groups", "loose", "valid"]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["deadwood"], 0);
    assert_eq!(v["groups"][0], serde_json::json!(["AS", "2S", "3S"]));
    assert_eq!(v["groups"][1], serde_json::json!(["5H", "6H", "JK", "8H"]));
    assert_eq!(v["loose"], serde_json::json!([]));
}

#[test]
fn invalid_hand_exits_one_and_text_names_the_points() {
    let out = tuolaji(
        &[
            "rummy", "solve", "--wild", "none", "AS", "3S", "5S", "7H", "9H", "JH", "KD", "QD", "10C", "8C", "6C",
            "4C", "2H",
        ],
        None,
    );
    assert_eq!(Some(out.code), Some(1));
    let text = out.stdout.as_str();
    assert!(
        text.starts_with("not a valid declaration: 80 points (capped from 94)"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_two_with_one_line() {
    for args in [
        vec!["rummy", "solve", "--wild", "4", "AS", "2S"],
        vec!["rummy", "solve", "--wild", "11", "AS"],
        vec!["rummy", "discard", "--wild", "4", "ZZ"],
    ] {
        let out = tuolaji(&args, None);
        assert_eq!(Some(out.code), Some(2), "{args:?}");
        let err = out.stderr.as_str();
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn discard_names_the_card_to_throw() {
    let mut args = vec!["rummy", "discard", "--wild", "none", "--json"];
    args.extend("AS 2S 3S 4S 5H 6H 7H 9D 9C 9S KD KC KH 8C".split(' '));
    let out = tuolaji(&args, None);
    assert_eq!(Some(out.code), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["discard"], "8C");
    assert_eq!(v["valid"], true);
    let kept: usize = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_array().unwrap().len())
        .sum();
    assert_eq!(kept, 13);
}

#[test]
fn batch_answers_each_line_and_flags_bad_ones() {
    let input = format!("{VALID}\n\nAS AS AS 5H 6H JK 8H 9D 9C 9S KD KC KH\n{VALID}\n");
    let out = tuolaji(&["rummy", "solve", "--wild", "4", "--batch"], Some(&input));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], true);
    assert!(lines[1]["error"].as_str().unwrap().contains("3 copies of AS"));
    assert_eq!(lines[2], lines[0]);
    assert_eq!(Some(out.code), Some(2));

    let out = tuolaji(
        &["rummy", "discard", "--wild", "4", "--batch"],
        Some("AS 2S 3S 4S 5H 6H 7H 9D 9C 9S KD KC KH 8C\n"),
    );
    assert_eq!(Some(out.code), Some(0));
    assert_eq!(json_lines(&out)[0]["discard"], "8C");
}

#[test]
fn rules_option_changes_the_counting_and_rejects_typos() {
    let hand: Vec<&str> = "JS QS KS 9D 9C 9H 2D 4C 6H 8S 3H 5D 7C".split(' ').collect();
    let run = |rules: Option<&str>| {
        let mut args = vec!["rummy", "solve", "--wild", "none", "--json"];
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        args.extend(&hand);
        tuolaji(&args, None)
    };
    // By default the set counts beside a lone pure sequence; not when only loose cards count.
    assert_eq!(json_lines(&run(None))[0]["deadwood"], 62);
    let lenient = run(Some(r#"{"without_second_sequence": "UnmeldedOnly"}"#));
    assert_eq!(json_lines(&lenient)[0]["deadwood"], 35);
    let typo = run(Some(r#"{"without_second_sequenc": "UnmeldedOnly"}"#));
    assert_eq!(Some(typo.code), Some(2));
    assert!(typo.stderr.contains("unknown setting"));
}
