//! Every property test of the repository draws a fixed, committed set of cases
//! (`tests/support/fixed_proptest.rs`): the shared config gives the same values
//! on every run, and no `proptest!` block in `src/` or `tests/` goes without it.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{RngSeed, TestRunner};
use std::path::{Path, PathBuf};

fn first_values(n: usize) -> Vec<(u64, String)> {
    let mut runner = TestRunner::new(fixed_proptest::config(16));
    let strategy = (proptest::num::u64::ANY, "[a-z0-9]{1,12}");
    (0..n).map(|_| strategy.new_tree(&mut runner).expect("a value").current()).collect()
}

#[test]
fn the_shared_config_is_fixed_and_writes_no_files() {
    let config = fixed_proptest::config(7);
    assert_eq!(config.cases, 7);
    assert!(config.failure_persistence.is_none(), "no proptest-regressions files");
    if fixed_proptest::exploring() {
        assert_eq!(config.rng_seed, RngSeed::Random);
        return;
    }
    assert_eq!(config.rng_seed, RngSeed::Fixed(fixed_proptest::SEED));
    let (a, b) = (first_values(8), first_values(8));
    assert_eq!(a, b, "two runners on the shared config draw the same cases");
    assert!(a.windows(2).any(|w| w[0] != w[1]), "and the cases still vary: {a:?}");
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_proptest_block_uses_the_shared_config() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    rust_files(&root.join("benches"), &mut files);
    let mut blocks = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.trim() != "proptest! {" {
                continue;
            }
            blocks += 1;
            let next = lines[i + 1..].iter().map(|l| l.trim()).find(|l| !l.is_empty()).unwrap_or("");
            assert!(
                next.starts_with("#![proptest_config(fixed_proptest::config(")
                    || next.starts_with("#![proptest_config(crate::fixed_proptest::config("),
                "{}:{}: a proptest! block without the shared fixed config (found {next:?})",
                file.display(),
                i + 1
            );
        }
        let random_runner = concat!("TestRunner::", "default()");
        assert!(!text.contains(random_runner), "{}: a runner with random seeds", file.display());
    }
    assert!(blocks >= 18, "only {blocks} proptest! blocks found");
}
