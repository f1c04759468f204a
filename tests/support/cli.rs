//! Runs the built `tuolaji` binary for the command-line end-to-end tests.
#![allow(dead_code)] // each test file uses what it needs

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tuolaji ARGS…` with `input` on standard input: (exit code, stdout, stderr).
pub fn tuolaji_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tuolaji"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tuolaji");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("run tuolaji");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `tuolaji ARGS…` with empty standard input.
pub fn tuolaji(args: &[&str]) -> (i32, String, String) {
    tuolaji_with_input(args, "")
}
