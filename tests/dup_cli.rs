//! `tuolaji dup` end to end: JSON shape, exit codes, one-line errors.

#![allow(clippy::needless_range_loop)] // index loops read best over small fixed tables

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::tuolaji;

#[test]
fn toy_json_is_a_4_by_3_joint_table_near_fig5() {
    let (code, out, _) = tuolaji(&["dup", "toy", "--trials", "20000", "--seed", "cli", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let joint = v["joint"].as_array().unwrap();
    assert_eq!(joint.len(), 4);
    let cells: Vec<Vec<f64>> = joint
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect()
        })
        .collect();
    assert!(cells.iter().all(|r| r.len() == 3));
    let total: f64 = cells.iter().flatten().sum();
    assert!((total - 1.0).abs() < 1e-9);
    let fig5 = tuolaji::dup::toy::FIG5_JOINT;
    for r in 0..4 {
        for c in 0..3 {
            assert!(
                (cells[r][c] - fig5[r][c]).abs() < 0.015,
                "({r},{c}) {}",
                cells[r][c]
            );
        }
    }
    // Same seed, same answer.
    let (_, again, _) = tuolaji(&["dup", "toy", "--trials", "20000", "--seed", "CLI", "--json"]);
    assert_eq!(out, again);
}

#[test]
fn toy_text_has_labels() {
    let (code, out, _) = tuolaji(&["dup", "toy", "--trials", "100", "--seed", "x"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("X on 2nd draw") && out.contains("X not drawn"),
        "{out}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["dup", "toy", "--trials", "0"][..],
        &["dup", "toy", "--seed", "no-dashes"][..],
        &["dup", "compare", "--call-rate", "1.5"][..],
        &["dup", "toy", "--trials", "many"][..],
    ] {
        let (code, out, err) = tuolaji(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let (_, _, err) = tuolaji(&["dup", "toy", "--seed", "no-dashes"]);
    assert!(err.contains("'-'") && err.contains("position 3"), "{err}");
}

#[test]
fn compare_reports_every_method() {
    let (code, out, _) = tuolaji(&["dup", "compare", "--hands", "30", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let sim = &v["similarity"];
    for m in ["independent", "single_wall", "seat_walls", "haystack"] {
        let x = sim[m].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&x), "{m} {x}");
    }
    // Duplication must beat independent shuffles by a wide margin.
    assert!(sim["seat_walls"].as_f64().unwrap() > sim["independent"].as_f64().unwrap() + 0.3);
    assert!(sim["haystack"].as_f64().unwrap() > sim["independent"].as_f64().unwrap() + 0.3);
    // Without calls the tables are identical for every duplicated method.
    let (_, out, _) = tuolaji(&[
        "dup",
        "compare",
        "--hands",
        "10",
        "--call-rate",
        "0",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    for m in ["single_wall", "seat_walls", "haystack"] {
        assert_eq!(v["similarity"][m].as_f64().unwrap(), 1.0, "{m}");
    }
}
