//! Triangular draughts move notation (`docs/rules-draughts.md` *Notation*): a step
//! `33-28`; a capture in full form, its start and every landing cell joined by `x`
//! (`5x20x36x29x38x45x36`), the route whose numbers are smallest written; the short
//! form `5x36` read when no other legal move has the same start and end.

use std::fmt;

use super::geometry::{Cell, short};
use super::movegen::Move;
use super::position::Position;
use crate::core::moves::MoveList;

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not cell numbers joined by `-` (a step) or `x` (a capture).
    #[error("'{}' is not a move (write 33-28 for a step, 5x20x36 or 5x36 for a capture)", crate::core::shown(.0))]
    Syntax(String),
    /// Well formed, but no legal move here.
    #[error("'{}' is not a legal move here", crate::core::shown(.0))]
    NotLegal(String),
    /// A capture must be taken here, and this is a step.
    #[error("'{}' is a step, but a capture is compulsory here", crate::core::shown(.0))]
    MustCapture(String),
    /// The short form fits several legal moves.
    #[error("'{}' fits {count} moves; write the whole route, e.g. {example}", crate::core::shown(.text))]
    Ambiguous {
        /// The text.
        text: String,
        /// How many moves it fits.
        count: usize,
        /// One of them in full.
        example: String,
    },
}

impl Position {
    /// A legal move in full form: `33-28`, or the capture's smallest route
    /// `29x6x16x29`.
    pub fn move_text(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", mv.from, mv.to);
        }
        let route = self.routes(mv).into_iter().next().unwrap_or_else(|| vec![mv.to]);
        let mut out = mv.from.to_string();
        for c in route {
            out.push('x');
            out.push_str(&c.to_string());
        }
        out
    }

    /// A legal capture in short form (`5x36`) when no other legal move has the same
    /// start and end; otherwise the full form. A step as `33-28`.
    pub fn short_text(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return self.move_text(mv);
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let same = moves.iter().filter(|m| m.from == mv.from && m.to == mv.to).count();
        if same == 1 { format!("{}x{}", mv.from, mv.to) } else { self.move_text(mv) }
    }

    /// Reads a move against this position: a step `a-b`, a capture's full route
    /// `axbxc…` (any of its routes), or its short form `axb` when unambiguous.
    ///
    /// # Errors
    /// [`NotationError`]: not a move, not legal here, a step where a capture is
    /// compulsory, or a short form that fits several moves.
    pub fn parse_move_text(&self, text: &str) -> Result<Move, NotationError> {
        let t = text.trim();
        let shown = short(t);
        let step = t.contains('-');
        let parts: Vec<&str> = if step { t.split('-').collect() } else { t.split(['x', 'X']).collect() };
        let cells: Option<Vec<Cell>> = parts
            .iter()
            .map(|p| if p.is_empty() || p.contains(char::is_whitespace) { None } else { p.parse::<Cell>().ok() })
            .collect();
        let Some(cells) = cells.filter(|c| c.len() >= 2 && !(step && c.len() != 2)) else {
            return Err(NotationError::Syntax(shown));
        };
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        if step {
            // A step is legal when no capture is (found by a first jump, without
            // searching whole captures) and the piece on `from` steps to `to`.
            let us = self.side_to_move();
            let empty = !self.occupied();
            let steps = if self.men[us.index()] & from.bit() != 0 {
                super::geometry::man_steps(us, from) & empty
            } else if self.kings[us.index()] & from.bit() != 0 {
                super::movegen::king_steps(from, empty)
            } else {
                0
            };
            return match (steps & to.bit() != 0, self.must_capture()) {
                (_, true) => Err(NotationError::MustCapture(shown)),
                (true, false) => Ok(Move { from, to, captured: 0 }),
                (false, false) => Err(NotationError::NotLegal(shown)),
            };
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let candidates: Vec<Move> =
            moves.iter().copied().filter(|m| m.is_capture() && m.from == from && m.to == to).collect();
        if cells.len() == 2 {
            // One jump straight from start to end is a full route of its own.
            let single: Vec<Move> = candidates.iter().copied().filter(|m| m.capture_count() == 1).collect();
            return match (candidates.len(), single.as_slice()) {
                (0, _) => Err(NotationError::NotLegal(shown)),
                (1, _) => Ok(candidates[0]),
                (_, [one]) => Ok(*one),
                (count, _) => {
                    Err(NotationError::Ambiguous { text: shown, count, example: self.move_text(candidates[0]) })
                }
            };
        }
        let route = &cells[1..];
        candidates
            .into_iter()
            .find(|&m| self.routes(m).iter().any(|r| r.as_slice() == route))
            .ok_or(NotationError::NotLegal(shown))
    }
}

impl fmt::Display for Move {
    /// Without the position the route is unknown: `from-to` for a step, `fromxto` for a
    /// capture (use [`Position::move_text`] for the full form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}
