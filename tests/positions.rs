//! Position-string suites: `tests/data/<game>-valid.txt` and `<game>-invalid.txt`, read
//! by this one runner for every game through [`Game::from_position_string`] (as
//! cozy-chess keeps its valid and invalid lists). Adding a case means adding a line.
//!
//! Both kinds of file hold one case a line; `#` starts a comment line and blank lines
//! are skipped. Fields are separated by ` | `. A position between double quotes is
//! taken as it stands inside them (the empty string, or one with spaces at its ends).
//!
//! - `-valid.txt`: `POSITION` or `POSITION | WRITTEN`. The position is read; the game
//!   writes it as `WRITTEN` (as `POSITION` itself when there is no second field); and
//!   reading that again gives an equal position.
//! - `-invalid.txt`: `POSITION | PROBLEM | PROBLEM …`. The position is rejected, and the
//!   problems its error lists (its text, one problem a line) match the patterns in
//!   order: `*` in a pattern stands for any text, and the pattern `...` for any number
//!   of problems (`...` alone: rejected, for whatever reasons).

use std::path::Path;

use orrery::core::{Game, interstellar, triangular};

/// The cases of `tests/data/{file}`: each line's number and its fields.
fn cases(file: &str) -> Vec<(usize, Vec<String>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split(" | ").map(|f| unquote(f.trim()).to_string()).collect()))
        .collect()
}

/// A field without its surrounding double quotes, if it has them.
fn unquote(field: &str) -> &str {
    match field.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
        Some(inner) => inner,
        None => field,
    }
}

/// Whether `text` matches `pattern`, where `*` stands for any text (also none).
fn glob(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, rest)) => {
            let Some(tail) = text.strip_prefix(head) else { return false };
            (0..=tail.len()).filter(|&k| tail.is_char_boundary(k)).any(|k| glob(rest, &tail[k..]))
        }
    }
}

/// Whether `lines` match `patterns` one for one, where the pattern `...` stands for
/// any number of lines (also none).
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => (0..=lines.len()).any(|k| lines_match(rest, &lines[k..])),
        Some((p, rest)) => lines.split_first().is_some_and(|(l, more)| glob(p, l) && lines_match(rest, more)),
    }
}

/// Checks every line of a `-valid.txt` file as positions of `G`; returns how many.
fn check_valid<G: Game>(file: &str) -> usize {
    let mut failures = Vec::new();
    let cases = cases(file);
    for (line, fields) in &cases {
        let (text, written) = match fields.as_slice() {
            [text] => (text, text),
            [text, written] => (text, written),
            _ => panic!("{file}:{line}: expected `POSITION` or `POSITION | WRITTEN`"),
        };
        match G::from_position_string(text) {
            Err(e) => {
                failures.push(format!("{file}:{line}: {text:?} is rejected: {}", e.to_string().replace('\n', "; ")))
            }
            Ok(position) => {
                let out = position.position_string();
                if &out != written {
                    failures.push(format!("{file}:{line}: {text:?} is written {out:?}, expected {written:?}"));
                }
                match G::from_position_string(&out) {
                    Ok(again) if again == position => {}
                    _ => failures.push(format!("{file}:{line}: {out:?} does not read back to the same position")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.len()
}

/// Checks every line of an `-invalid.txt` file as positions of `G`; returns how many.
fn check_invalid<G: Game>(file: &str) -> usize {
    let mut failures = Vec::new();
    let cases = cases(file);
    for (line, fields) in &cases {
        let Some((text, patterns)) = fields.split_first().filter(|(_, p)| !p.is_empty()) else {
            panic!("{file}:{line}: expected `POSITION | PROBLEM …` (`...` for any)")
        };
        match G::from_position_string(text) {
            Ok(_) => failures.push(format!("{file}:{line}: {text:?} is accepted")),
            Err(e) => {
                let message = e.to_string();
                let problems: Vec<&str> = message.lines().collect();
                if !lines_match(patterns, &problems) {
                    failures.push(format!(
                        "{file}:{line}: {text:?}: the problems\n    {}\n  do not match\n    {}",
                        problems.join("\n    "),
                        patterns.join("\n    ")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.len()
}

#[test]
fn interstellar_valid_positions() {
    assert!(check_valid::<interstellar::Position>("interstellar-valid.txt") > 0);
}

#[test]
fn interstellar_invalid_positions() {
    assert!(check_invalid::<interstellar::Position>("interstellar-invalid.txt") > 0);
}

#[test]
fn triangular_valid_positions() {
    assert!(check_valid::<triangular::Position>("triangular-valid.txt") > 0);
}

#[test]
fn triangular_invalid_positions() {
    assert!(check_invalid::<triangular::Position>("triangular-invalid.txt") > 0);
}

#[test]
fn patterns_mean_what_the_header_says() {
    assert!(glob("row *, character 4*: x", "row 1, character 43: x"));
    assert!(glob("a*", "a") && glob("*", "") && glob("é*ü", "éaü"));
    assert!(!glob("row 1*", "row 2, character 1") && !glob("abc", "abcd"));
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&p(&["..."]), &[]));
    assert!(lines_match(&p(&["a*", "..."]), &["ab", "c", "d"]));
    assert!(lines_match(&p(&["...", "c", "..."]), &["ab", "c", "d"]));
    assert!(!lines_match(&p(&["a*"]), &["ab", "c"]));
    assert!(!lines_match(&p(&["...", "x", "..."]), &["ab", "c"]));
    assert_eq!(unquote("\" \""), " ");
    assert_eq!(unquote("\"\""), "");
    assert_eq!(unquote("9/8 +"), "9/8 +");
}
