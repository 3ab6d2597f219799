//! Perft suites: `tests/data/<game>.perft`, read by this one runner for every game
//! through the [`Game`] trait and [`perft`] (as shakmaty's `tests/perft.rs` reads its
//! `.perft` files). Adding a case means adding lines to a data file, not Rust.
//!
//! A file is a list of cases, each opened by an `id` line; `#` starts a comment line
//! and blank lines are skipped:
//!
//! ```text
//! id opening            a name for the messages
//! position opening      the game's opening position, or a position string
//! perft 1 28            depth in plies, then the expected number of leaf nodes
//! perft 2 770
//! ```
//!
//! Checks expecting more than [`NODE_BUDGET`] nodes run only when the environment
//! variable `ORRERY_DEEP_PERFT` is set, so the default run stays quick.

use std::path::Path;

use orrery::core::perft::perft;
use orrery::core::{Game, interstellar, triangular};

/// The most nodes a check may expect and still run by default.
const NODE_BUDGET: u64 = 2_000_000;

/// A case of a perft file.
struct Case {
    /// Its `id`.
    id: String,
    /// `None` for the opening position, else the position string.
    position: Option<String>,
    /// `(depth, expected nodes, line number)`.
    checks: Vec<(u32, u64, usize)>,
    /// The line of the `position` field.
    line: usize,
}

/// Reads the cases of a perft file, panicking at the first line it cannot read.
fn read_cases(file: &str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        if key == "id" {
            cases.push(Case { id: value.to_string(), position: None, checks: Vec::new(), line: number });
            continue;
        }
        let Some(case) = cases.last_mut() else { panic!("{file}:{number}: `{key}` before the first `id`") };
        match key {
            "position" => {
                case.position = (value != "opening").then(|| value.to_string());
                case.line = number;
            }
            "perft" => {
                let parsed = value.split_once(' ').and_then(|(d, n)| Some((d.parse().ok()?, n.trim().parse().ok()?)));
                let Some((depth, nodes)) = parsed else { panic!("{file}:{number}: expected `perft DEPTH NODES`") };
                case.checks.push((depth, nodes, number));
            }
            _ => panic!("{file}:{number}: unknown key `{key}` (expected id, position or perft)"),
        }
    }
    cases
}

/// Runs every case of `tests/data/{file}` as positions of `G`; returns how many checks
/// ran.
fn run<G: Game>(file: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let deep = std::env::var_os("ORRERY_DEEP_PERFT").is_some();
    let (mut ran, mut failures) = (0, Vec::new());
    for case in read_cases(file, &text) {
        let position = match &case.position {
            None => G::opening(),
            Some(s) => G::from_position_string(s).unwrap_or_else(|e| panic!("{file}:{}: {}: {e}", case.line, case.id)),
        };
        assert!(!case.checks.is_empty(), "{file}:{}: {} has no perft line", case.line, case.id);
        for &(depth, expected, line) in &case.checks {
            if expected > NODE_BUDGET && !deep {
                continue;
            }
            let found = perft(&position, depth);
            if found != expected {
                failures.push(format!("{file}:{line}: {}: perft {depth} is {found}, expected {expected}", case.id));
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn interstellar_perft() {
    assert!(run::<interstellar::Position>("interstellar.perft") >= 4);
}

#[test]
fn triangular_perft() {
    assert!(run::<triangular::Position>("triangular.perft") >= 8);
}

#[test]
fn the_reader_knows_the_format() {
    let cases =
        read_cases("t.perft", "# note\nid a\nposition opening\nperft 1 28\n\nid b\nposition 4P4 +\nperft 2 0\n");
    assert_eq!(cases.len(), 2);
    assert_eq!((cases[0].id.as_str(), cases[0].position.as_deref(), cases[0].checks[0]), ("a", None, (1, 28, 4)));
    assert_eq!((cases[1].position.as_deref(), cases[1].line, cases[1].checks[0]), (Some("4P4 +"), 7, (2, 0, 8)));
}
