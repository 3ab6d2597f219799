//! The patent's move notation for Interstellar: `PQ-56`, `PQx56`, with `+` (Target),
//! `++` (double Target) or ` out` (Target Out) after it.
//!
//! Source: `docs/rules-interstellar.md` §8 *Writing down moves* (piece names: §4 *Piece
//! names*; cell names: §2 *Cell names*). Cells are written from the mover's own seat: two
//! digits, row then index, both counted from the mover's side and the mover's left. The
//! positive player's (4, 3) is `43`; the negative player writes the same cell `66`.

use super::geometry::{Cell, row_length};
use super::movegen::Move;
use super::pieces::{Name, Side};
use super::position::Position;

/// Why a move text could not be read against a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing to read.
    #[error("empty move")]
    Empty,
    /// The text is not `NAME-RI`, `NAMExRI` or `NAMERI`.
    #[error("'{}', character {character}: {reason}", crate::core::shown(.text))]
    Syntax {
        /// The move text.
        text: String,
        /// 1-based character position of the problem.
        character: usize,
        /// What was expected.
        reason: &'static str,
    },
    /// The letters are not a piece name.
    #[error(
        "'{}' is not a piece name (names: P, PQ, NQ, PPu, NPu, PN, NN, PB, NB, PNS, PPuS, PQS, NQS, NPuS, NNS)", crate::core::shown(.name)
    )]
    UnknownName {
        /// The letters read.
        name: String,
    },
    /// The named piece is not on the board (captured).
    #[error("{} has no piece named {name} on the board", side.name())]
    NoSuchPiece {
        /// The side to move.
        side: Side,
        /// The name.
        name: Name,
    },
    /// The digits are not a cell in the mover's numbering.
    #[error("there is no cell {digits} (row 1-9, then index 1-9 on odd rows, 1-8 on even rows)")]
    NoSuchCell {
        /// The two digits.
        digits: String,
    },
    /// The piece cannot move to that cell by its movement rules.
    #[error("{name} cannot reach {digits}")]
    CannotReach {
        /// The piece.
        name: Name,
        /// The cell, in the mover's numbering.
        digits: String,
    },
    /// The move would leave the mover's planet in Target.
    #[error("{name} to {digits} would leave the planet in Target")]
    LeavesPlanetInTarget {
        /// The piece.
        name: Name,
        /// The cell, in the mover's numbering.
        digits: String,
    },
    /// `x` was written but the cell is empty.
    #[error("{name}x{digits}: there is nothing to capture on {digits}")]
    NothingToCapture {
        /// The piece.
        name: Name,
        /// The cell, in the mover's numbering.
        digits: String,
    },
    /// The game is already over: no move can be played.
    #[error("the game is over ({0}); no move can be played")]
    GameOver(String),
}

/// The cell as `side` writes it: (row, index) counted from `side`'s seat and left.
pub fn cell_in_frame(cell: Cell, side: Side) -> (u8, u8) {
    match side {
        Side::Positive => (cell.row(), cell.index_in_row()),
        Side::Negative => (10 - cell.row(), row_length(cell.row()) - cell.index_in_row() + 1),
    }
}

/// The cell that `side` writes as (row, index), or `None` when there is none.
pub fn cell_from_frame(row: u8, index: u8, side: Side) -> Option<Cell> {
    match side {
        Side::Positive => Cell::new(row, index),
        Side::Negative => {
            if !(1..=9).contains(&row) {
                return None;
            }
            let r = 10 - row;
            let n = row_length(r);
            if index == 0 || index > n {
                return None;
            }
            Cell::new(r, n - index + 1)
        }
    }
}

/// The two digits `side` writes for `cell` (`"43"`).
pub fn cell_digits(cell: Cell, side: Side) -> String {
    let (r, i) = cell_in_frame(cell, side);
    format!("{r}{i}")
}

/// The suffix [`write_move`] ends `mv` with (` out`, `++`, `+` or `""`), found without
/// writing the move.
pub fn move_suffix(position: &Position, mv: Move) -> &'static str {
    let mut after = position.clone();
    after.play(mv);
    match after.target_count() {
        0 => "",
        _ if !after.has_any_move() => " out",
        n if n >= 2 => "++",
        _ => "+",
    }
}

/// Writes a legal move: name, `-` or `x`, the cell in the mover's numbering, then
/// ` out` when it leaves the opponent in Target with no legal move, else `++` or `+`
/// when it leaves the opponent's planet in (double) Target.
pub fn write_move(position: &Position, mv: Move) -> String {
    let side = position.side_to_move();
    let name = position.piece_at(mv.from).map(|p| p.name.as_str()).unwrap_or("?");
    let capture = position.piece_at(mv.to).is_some();
    let mut out = format!("{name}{}{}", if capture { 'x' } else { '-' }, cell_digits(mv.to, side));
    out.push_str(move_suffix(position, mv));
    out
}

/// Reads a move written in the patent's notation against `position`. Suffixes (`+`,
/// `++`, `out`, ` out`, `#`, `!`, `?`) are optional and not checked; the `-` may be
/// left out; a capture may be written with `-`; names are read in any letter case.
///
/// # Errors
/// [`NotationError`]: syntax (with the character), unknown name, piece not on the
/// board, no such cell, a cell the piece cannot reach, a move leaving the planet in
/// Target, `x` onto an empty cell, or a finished game.
pub fn read_move(position: &Position, text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let mut body = trimmed;
    loop {
        let before = body.len();
        body = body.trim_end_matches(['+', '#', '!', '?']).trim_end();
        let cut = body.len().saturating_sub(3);
        if body.get(cut..).is_some_and(|tail| tail.eq_ignore_ascii_case("out")) {
            body = body[..cut].trim_end();
        }
        if body.len() == before {
            break;
        }
    }
    if body.is_empty() {
        return Err(NotationError::Empty);
    }
    let syntax =
        |character: usize, reason: &'static str| NotationError::Syntax { text: trimmed.to_string(), character, reason };
    // The letters are ASCII, so their count is also the byte offset after them.
    let b = body.as_bytes();
    let mut k = 0;
    while k < b.len() && b[k].is_ascii_alphabetic() {
        k += 1;
    }
    let mut letters: &str = &body[..k];
    if letters.is_empty() {
        return Err(syntax(1, "expected a piece name"));
    }
    let mut capture_mark = false;
    if letters.len() > 1
        && letters.ends_with(['x', 'X'])
        && Name::parse(letters).is_none()
        && Name::parse(&letters[..letters.len() - 1]).is_some()
    {
        letters = &letters[..letters.len() - 1];
        capture_mark = true;
    }
    if b.get(k) == Some(&b'-') {
        if capture_mark {
            return Err(syntax(k + 1, "write either 'x' or '-', not both"));
        }
        k += 1;
    }
    let digits: &str = &body[k..];
    if digits.len() != 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(syntax(k + 1, "expected the cell as two digits, row then index"));
    }
    let name = Name::parse(letters).ok_or_else(|| NotationError::UnknownName { name: letters.to_string() })?;
    let side = position.side_to_move();
    if position.has_static_ending()
        && let Some(outcome) = position.outcome()
    {
        return Err(NotationError::GameOver(outcome.to_string()));
    }
    let from = position.find(side, name).ok_or(NotationError::NoSuchPiece { side, name })?;
    let bytes = digits.as_bytes();
    let to = cell_from_frame(bytes[0] - b'0', bytes[1] - b'0', side)
        .ok_or_else(|| NotationError::NoSuchCell { digits: digits.to_string() })?;
    let mv = Move { from, to };
    if !position.is_legal(mv) {
        if !position.movement_targets(from).contains(to.slot()) {
            return Err(NotationError::CannotReach { name, digits: digits.to_string() });
        }
        return Err(NotationError::LeavesPlanetInTarget { name, digits: digits.to_string() });
    }
    if capture_mark && position.piece_at(to).is_none() {
        return Err(NotationError::NothingToCapture { name, digits: digits.to_string() });
    }
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patents_example_43_is_66_for_negative() {
        let cell = Cell::new(4, 3).unwrap();
        assert_eq!(cell_digits(cell, Side::Positive), "43");
        assert_eq!(cell_digits(cell, Side::Negative), "66");
        assert_eq!(cell_from_frame(6, 6, Side::Negative), Some(cell));
    }

    #[test]
    fn frames_are_inverse_on_every_cell() {
        for c in Cell::all() {
            for side in Side::BOTH {
                let (r, i) = cell_in_frame(c, side);
                assert_eq!(cell_from_frame(r, i, side), Some(c));
            }
        }
    }
}
