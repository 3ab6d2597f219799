//! Board marks in comments: `[%csl …]` (marked cells) and `[%cal …]` (arrows).

use crate::core::game::Game;

use super::error::shown;

use crate::record::tree::{Arrow, MarkColor, MarkedCell, Marks, clean_comment};

/// Whether the text after a `[%` is a board mark command the reader takes out of a
/// comment: `csl` or `cal` as the first word before a `]`.
pub(super) fn is_mark_command(after: &str) -> bool {
    after.find(']').is_some_and(|end| matches!(after[..end].split_whitespace().next(), Some("csl" | "cal")))
}

/// Takes `[%csl …]` and `[%cal …]` commands out of a comment: the remaining text, the
/// marks, and a message for every mark that could not be read.
pub(super) fn split_marks<G: Game>(raw: &str) -> (String, Marks<G::Cell>, Vec<String>) {
    let mut text = String::new();
    let mut marks = Marks::default();
    let mut errors = Vec::new();
    let mut rest = raw;
    while let Some(start) = rest.find("[%") {
        text.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find(']') else {
            text.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let command = &after[..end];
        let mut words = command.split_whitespace();
        match words.next() {
            Some("csl") => {
                for item in words.flat_map(|w| w.split(',')).filter(|s| !s.is_empty()) {
                    match parse_marked_cell::<G>(item) {
                        Some(m) => marks.cells.push(m),
                        None => errors
                            .push(format!("'{}' is not a marked cell (colour G, R, B or Y, then a cell)", shown(item))),
                    }
                }
            }
            Some("cal") => {
                for item in words.flat_map(|w| w.split(',')).filter(|s| !s.is_empty()) {
                    match parse_arrow::<G>(item) {
                        Some(a) => marks.arrows.push(a),
                        None => errors
                            .push(format!("'{}' is not an arrow (colour G, R, B or Y, then two cells)", shown(item))),
                    }
                }
            }
            _ => {
                // Other commands (clocks, evaluations) stay in the text.
                text.push_str(&rest[start..start + 2 + end + 1]);
            }
        }
        rest = &after[end + 1..];
    }
    text.push_str(rest);
    (clean_comment(&text), marks, errors)
}

fn parse_marked_cell<G: Game>(item: &str) -> Option<MarkedCell<G::Cell>> {
    let mut chars = item.chars();
    let color = MarkColor::from_letter(chars.next()?)?;
    let cell = chars.as_str().parse::<G::Cell>().ok()?;
    Some(MarkedCell { color, cell })
}

/// Reads an arrow item: a colour letter, then the from- and to-cell names (`G4355`),
/// joined by `-` where the names alone would not split one way only (`B4-37`).
pub(crate) fn parse_arrow<G: Game>(item: &str) -> Option<Arrow<G::Cell>> {
    let mut chars = item.chars();
    let color = MarkColor::from_letter(chars.next()?)?;
    let cells = chars.as_str();
    // `B4-37`: the form written where the names alone would not split one way only
    // (draughts' cell numbers).
    if let Some((from, to)) = cells.split_once('-')
        && let (Ok(from), Ok(to)) = (from.parse::<G::Cell>(), to.parse::<G::Cell>())
    {
        return Some(Arrow { color, from, to });
    }
    (1..cells.len()).filter(|&k| cells.is_char_boundary(k)).find_map(|k| {
        let from = cells[..k].parse::<G::Cell>().ok()?;
        let to = cells[k..].parse::<G::Cell>().ok()?;
        Some(Arrow { color, from, to })
    })
}

/// The `[%csl …] [%cal …]` commands for a set of marks (empty when there are none).
pub(super) fn marks_commands<G: Game>(marks: &Marks<G::Cell>) -> String {
    let name = |c: G::Cell| c.to_string();
    let mut out = Vec::new();
    if !marks.cells.is_empty() {
        let items: Vec<String> = marks.cells.iter().map(|m| format!("{}{}", m.color.letter(), name(m.cell))).collect();
        out.push(format!("[%csl {}]", items.join(",")));
    }
    if !marks.arrows.is_empty() {
        let items: Vec<String> = marks.arrows.iter().map(|a| arrow_text::<G>(a)).collect();
        out.push(format!("[%cal {}]", items.join(",")));
    }
    out.join(" ")
}

/// An arrow item as [`parse_arrow`] reads it back: `G4355`, or `B4-37` where the plain
/// form would read as another arrow.
pub(crate) fn arrow_text<G: Game>(a: &Arrow<G::Cell>) -> String {
    let plain = format!("{}{}{}", a.color.letter(), a.from, a.to);
    if parse_arrow::<G>(&plain) == Some(*a) { plain } else { format!("{}{}-{}", a.color.letter(), a.from, a.to) }
}
