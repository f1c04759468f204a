//! The crate's layers point one way (issue 32). One crate, so no compiler checks it; this
//! test reads `src/` and does:
//! - the engine (`cards`, `dup`, `table` and the three games) names nothing of the layers
//!   above it (`record`, `net`, `ui_model`, `worker`, `cli`, `web`);
//! - `record` names no game: each game's side of a record is its `table::Codec`;
//! - the top-level modules form no cycle.
//!
//! A module names another by a `crate::<module>` path anywhere in its files, its tests
//! included (a game's test of the table layer lives with the game). `cargo test --test
//! layers` prints every edge it found when it fails.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ENGINE: &[&str] = &["cards", "dup", "table", "shengji", "rummy", "mahjong"];
const ABOVE_ENGINE: &[&str] = &["record", "net", "ui_model", "worker", "cli", "web"];
const GAMES: &[&str] = &["shengji", "rummy", "mahjong"];

/// Every edge `from → to`, with the first place that makes it.
type Edges = BTreeMap<String, BTreeMap<String, String>>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The modules `lib.rs` declares (`pub mod x;`).
fn top_modules() -> BTreeSet<String> {
    let lib = fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("pub mod ").or_else(|| l.strip_prefix("pub(crate) mod ")).or_else(|| l.strip_prefix("mod "))?;
            rest.strip_suffix(';').map(str::to_string)
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The `crate::<name>` paths of one line of code (comments dropped).
fn named(line: &str) -> Vec<&str> {
    let code = line.split("//").next().unwrap_or("");
    code.match_indices("crate::")
        .filter(|(i, _)| !code[..*i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$'))
        .map(|(i, m)| {
            let rest = &code[i + m.len()..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

fn edges() -> Edges {
    let modules = top_modules();
    let mut edges = Edges::new();
    for m in &modules {
        let mut files = Vec::new();
        let file = src().join(format!("{m}.rs"));
        if file.exists() {
            files.push(file);
        }
        rust_files(&src().join(m), &mut files);
        files.sort();
        for f in files {
            let text = fs::read_to_string(&f).unwrap();
            for (n, line) in text.lines().enumerate() {
                for to in named(line) {
                    if to != m && modules.contains(to) {
                        let at = format!("{}:{}", f.strip_prefix(src()).unwrap().display(), n + 1);
                        edges.entry(m.clone()).or_default().entry(to.to_string()).or_insert(at);
                    }
                }
            }
        }
    }
    edges
}

fn forbidden(edges: &Edges, from: &[&str], to: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for f in from {
        for (t, at) in edges.get(*f).into_iter().flatten() {
            if to.contains(&t.as_str()) {
                found.push(format!("{f} → {t} ({at})"));
            }
        }
    }
    found
}

#[test]
fn the_engine_names_no_layer_above_it() {
    let e = edges();
    let found = forbidden(&e, ENGINE, ABOVE_ENGINE);
    assert!(found.is_empty(), "the engine reaches up:\n{}", found.join("\n"));
}

#[test]
fn record_names_no_game() {
    let e = edges();
    let found = forbidden(&e, &["record"], GAMES);
    assert!(found.is_empty(), "record names a game:\n{}", found.join("\n"));
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let e = edges();
    // Depth-first search; a module met again on the current path closes a cycle.
    fn visit(m: &str, e: &Edges, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for to in e.get(m).into_iter().flat_map(|t| t.keys()) {
            if let Some(c) = visit(to, e, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in e.keys() {
        if let Some(cycle) = visit(m, &e, &mut Vec::new(), &mut done) {
            let steps: Vec<String> = cycle.windows(2).map(|w| format!("{} → {} ({})", w[0], w[1], e[&w[0]][&w[1]])).collect();
            panic!("a cycle between top-level modules:\n{}", steps.join("\n"));
        }
    }
}

/// The checks above can fail: a line naming a module is found, a comment is not.
#[test]
fn a_named_module_is_found_and_a_comment_is_not() {
    assert_eq!(named("use crate::record::link::LinkError;"), vec!["record"]);
    assert_eq!(named("let x = crate::web::storage::get(); // crate::net"), vec!["web"]);
    assert_eq!(named("// crate::record in a comment"), Vec::<&str>::new());
    assert_eq!(named("$crate::table::Seat"), Vec::<&str>::new());
    let mut e = Edges::new();
    e.entry("table".into()).or_default().insert("record".into(), "table/codec.rs:8".into());
    assert_eq!(forbidden(&e, ENGINE, ABOVE_ENGINE), vec!["table → record (table/codec.rs:8)".to_string()]);
}
