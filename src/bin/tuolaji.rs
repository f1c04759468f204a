//! `tuolaji`: the native command-line front end over the engine.
//! Run `tuolaji --help` for the subcommands.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tuolaji::cli::{self, CliResult, Output, Verdict};

#[derive(Parser)]
#[command(
    name = "tuolaji",
    version = tuolaji::VERSION,
    about = "Shengji / Tractor (升级, 拖拉机) rules engine, bots and analysis tools",
    long_about = "Shengji / Tractor (升级, 拖拉机) rules engine, bots and analysis tools.\n\n\
        Cards are written rank then suit: 2-10, J, Q, K, A and S, H, D, C (10H, QS); jokers SJ and BJ.\n\
        Exit codes: 0 success, 1 a negative verdict (e.g. illegal), 2 bad input."
)]
struct Cli {
    /// Print JSON for machines instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of the largest variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Print the version.
    Version,
    /// Shengji: every format of N cards, strongest first.
    Decompose(cli::shengji::DecomposeArgs),
    /// Shengji: every parse of a lead, the chosen one first.
    Format(cli::shengji::FormatArgs),
    /// Shengji: is a follower's play legal? (exit 1 if not)
    Legal(cli::shengji::LegalArgs),
    /// Shengji: the lead's formats with the first match in a hand, and the forced one.
    Hint(cli::shengji::HintArgs),
    /// Shengji: the winning play of a trick and its points.
    Winner(cli::shengji::WinnerArgs),
    /// Shengji: bots play N hands with invariant checks (exit 1 on a violation).
    Simulate(cli::game::SimulateArgs),
    /// Shengji: two kinds of bot on duplicate deals (each deal played both ways round).
    Arena(cli::arena::ArenaArgs),
    /// Share links, replay codes and their decoding.
    #[command(subcommand)]
    Record(cli::record::RecordCommand),
    /// Duplicate deals: the toy example and draw-similarity comparisons.
    Dup(cli::dup::DupArgs),
    /// Mahjong engine: win check, waits, shanten, discard advice, fan, tables.
    #[command(subcommand)]
    Mahjong(cli::mahjong::MahjongCommand),
    /// 13-card Indian rummy: the best arrangement of a hand, the best discard, bot simulations.
    Rummy(cli::rummy::RummyArgs),
}

fn run(cli: Cli) -> CliResult {
    let out = Output { json: cli.json };
    match cli.command {
        Command::Version => {
            out.emit(
                || format!("tuolaji {}", tuolaji::VERSION),
                || serde_json::json!({ "name": "tuolaji", "version": tuolaji::VERSION }),
            );
            Ok(Verdict::Yes)
        }
        Command::Dup(args) => cli::dup::run(&args, out),
        Command::Mahjong(cmd) => cli::mahjong::run(cmd, out),
        Command::Rummy(args) => cli::rummy::run(args, out),
        Command::Decompose(a) => cli::shengji::decompose(&a, out),
        Command::Format(a) => cli::shengji::format(&a, out),
        Command::Legal(a) => cli::shengji::legal(&a, out),
        Command::Hint(a) => cli::shengji::hint(&a, out),
        Command::Winner(a) => cli::shengji::winner(&a, out),
        Command::Simulate(a) => cli::game::simulate(&a, out),
        Command::Arena(a) => cli::arena::run(&a, out),
        Command::Record(c) => cli::record::run(c, out),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand) {
                // Help and version are successes; print them as clap renders them.
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            // Bad input: one line naming what was wrong.
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments").trim_start_matches("error: ");
            cli::write_stderr(&format!("error: {first} (see `tuolaji --help`)"));
            return ExitCode::from(2);
        }
    };
    cli::finish(run(cli))
}
