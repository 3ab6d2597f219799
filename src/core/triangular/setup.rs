//! The unchecked [`Setup`] of a Triangular position and its position string
//! (`docs/rules-triangular.md`, *Notation and position string*).

use std::fmt;

use crate::core::shown;

use super::geometry::{CELL_COUNT, Cell, ROW_LENGTHS};
use super::pieces::{Kind, Piece, Side};

/// An unchecked position as read from a position string: any arrangement of pieces,
/// side to move and clocks. [`Position::from_setup`](super::Position::from_setup) checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each cell, by bit index (see [`Cell`]).
    pub board: [Option<Piece>; CELL_COUNT],
    /// The side to move.
    pub side_to_move: Side,
    /// Half-moves since the last capture or pawn move (FEN's half-move clock).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and growing after each Black move.
    pub fullmoves: u32,
}

/// What is wrong with one part of a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// The board field does not have 8 rows separated by `/`.
    RowCount(usize),
    /// A character that is neither a piece letter nor a digit.
    UnknownLetter(char),
    /// A run of empty cells written as `0` (or starting with `0`).
    ZeroRun,
    /// The row describes more cells than it has.
    RowTooLong {
        /// Cells the row has.
        expected: u8,
        /// Cells described (at least).
        found: u64,
    },
    /// The row describes fewer cells than it has.
    RowTooShort {
        /// Cells the row has.
        expected: u8,
        /// Cells described.
        found: u64,
    },
    /// The text is empty or has no board field.
    Empty,
    /// No side-to-move field.
    MissingSide,
    /// The side-to-move field is not `w` or `b`.
    BadSide(String),
    /// The half-move clock is not a number `0..2^32`.
    BadHalfmoveClock(String),
    /// The move number is not a number `1..2^32`.
    BadMoveNumber(String),
    /// More than four fields.
    TrailingText(String),
}

/// One problem of a position string, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Board row `1..=8` the problem is in, if it is in a row.
    pub row: Option<u8>,
    /// 1-based character position in the whole text, where known.
    pub position: Option<usize>,
    /// What is wrong.
    pub problem: SyntaxProblem,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = self.row {
            write!(f, "row {r}")?;
            if let Some(p) = self.position {
                write!(f, ", character {p}")?;
            }
            f.write_str(": ")?;
        } else if let Some(p) = self.position {
            write!(f, "character {p}: ")?;
        }
        match &self.problem {
            SyntaxProblem::RowCount(n) => {
                write!(f, "the board has {n} rows separated by `/`; it needs 8")
            }
            SyntaxProblem::UnknownLetter(c) => {
                write!(f, "unknown letter `{}` (expected K Q R B N P, k q r b n p or a digit)", shown(&c.to_string()))
            }
            SyntaxProblem::ZeroRun => f.write_str("an empty-cell count must be 1 or more"),
            SyntaxProblem::RowTooLong { expected, found } => {
                write!(f, "row too long: {found} cells or more, the row has {expected}")
            }
            SyntaxProblem::RowTooShort { expected, found } => {
                write!(f, "row too short: {found} cells, the row has {expected}")
            }
            SyntaxProblem::Empty => f.write_str("empty position string"),
            SyntaxProblem::MissingSide => f.write_str("missing side to move (`w` or `b`)"),
            SyntaxProblem::BadSide(s) => write!(f, "bad side to move `{}` (expected `w` or `b`)", shown(s)),
            SyntaxProblem::BadHalfmoveClock(s) => write!(f, "bad half-move clock `{}`", shown(s)),
            SyntaxProblem::BadMoveNumber(s) => {
                write!(f, "bad move number `{}` (expected a number from 1)", shown(s))
            }
            SyntaxProblem::TrailingText(s) => {
                write!(f, "unexpected text `{}` after the move number", shown(s))
            }
        }
    }
}

impl Setup {
    /// An empty board, `side_to_move` to move, clocks `0 1`.
    pub fn empty(side_to_move: Side) -> Setup {
        Setup { board: [None; CELL_COUNT], side_to_move, halfmove_clock: 0, fullmoves: 1 }
    }

    /// Reads a position string (`docs/rules-triangular.md` §8 *Position strings*): rows 8
    /// down to 1 separated by `/`, cells left to right, digits (one or more) for runs of
    /// empty cells, `KQRBNP`/`kqrbnp`; then ` w` or ` b`; then optionally the half-move
    /// clock and the move number (defaults `0 1`).
    ///
    /// # Errors
    /// Every problem found, each with its row and
    /// character position. Never panics.
    pub fn parse(text: &str) -> Result<Setup, Vec<SyntaxError>> {
        let mut errors = Vec::new();
        let mut setup = Setup::empty(Side::White);
        // Fields with their 1-based character offsets.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            if ch.is_whitespace() {
                if let Some(s) = start.take() {
                    fields.push((s, &text[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        let char_pos = |byte: usize| text[..byte].chars().count() + 1;
        let err = |row, byte: Option<usize>, problem| SyntaxError { row, position: byte.map(char_pos), problem };
        let Some(&(board_at, board)) = fields.first() else {
            return Err(vec![err(None, None, SyntaxProblem::Empty)]);
        };
        let rows: Vec<(usize, &str)> = {
            let mut v = Vec::new();
            let mut s = 0;
            for (i, ch) in board.char_indices() {
                if ch == '/' {
                    v.push((s, &board[s..i]));
                    s = i + 1;
                }
            }
            v.push((s, &board[s..]));
            v
        };
        if rows.len() != 8 {
            errors.push(err(None, Some(board_at), SyntaxProblem::RowCount(rows.len())));
        } else {
            for (k, &(row_at, row_text)) in rows.iter().enumerate() {
                let row = 8 - k as u8;
                let len = ROW_LENGTHS[row as usize - 1];
                let mut col: u64 = 0;
                let mut chars = row_text.char_indices().peekable();
                let mut too_long_reported = false;
                while let Some((i, ch)) = chars.next() {
                    let at = board_at + row_at + i;
                    if ch.is_ascii_digit() {
                        let mut n: u64 = (ch as u8 - b'0') as u64;
                        if ch == '0' {
                            errors.push(err(Some(row), Some(at), SyntaxProblem::ZeroRun));
                        }
                        while let Some(&(_, d)) = chars.peek() {
                            if !d.is_ascii_digit() {
                                break;
                            }
                            n = (n * 10 + (d as u8 - b'0') as u64).min(1_000_000);
                            chars.next();
                        }
                        col += n;
                    } else if let Some(piece) = Piece::from_char(ch) {
                        if col < len as u64
                            && let Some(cell) = Cell::at(row, col as u8)
                        {
                            setup.board[cell.slot() as usize] = Some(piece);
                        }
                        col += 1;
                    } else {
                        errors.push(err(Some(row), Some(at), SyntaxProblem::UnknownLetter(ch)));
                        col += 1;
                    }
                    if col > len as u64 && !too_long_reported {
                        too_long_reported = true;
                        errors.push(err(Some(row), Some(at), SyntaxProblem::RowTooLong { expected: len, found: col }));
                    }
                }
                if col < len as u64 {
                    errors.push(err(
                        Some(row),
                        Some(board_at + row_at + row_text.len()),
                        SyntaxProblem::RowTooShort { expected: len, found: col },
                    ));
                }
            }
        }
        match fields.get(1) {
            None => errors.push(err(None, Some(text.len()), SyntaxProblem::MissingSide)),
            Some(&(_, "w")) => setup.side_to_move = Side::White,
            Some(&(_, "b")) => setup.side_to_move = Side::Black,
            Some(&(at, s)) => errors.push(err(None, Some(at), SyntaxProblem::BadSide(s.into()))),
        }
        if let Some(&(at, s)) = fields.get(2) {
            match s.parse::<u32>() {
                Ok(n) if s.bytes().all(|b| b.is_ascii_digit()) => setup.halfmove_clock = n,
                _ => errors.push(err(None, Some(at), SyntaxProblem::BadHalfmoveClock(s.into()))),
            }
        }
        if let Some(&(at, s)) = fields.get(3) {
            match s.parse::<u32>() {
                Ok(n) if n >= 1 && s.bytes().all(|b| b.is_ascii_digit()) => setup.fullmoves = n,
                _ => errors.push(err(None, Some(at), SyntaxProblem::BadMoveNumber(s.into()))),
            }
        }
        if let Some(&(at, s)) = fields.get(4) {
            errors.push(err(None, Some(at), SyntaxProblem::TrailingText(s.into())));
        }
        if errors.is_empty() { Ok(setup) } else { Err(errors) }
    }

    /// Writes the position string (`docs/rules-triangular.md` §8 *Position strings*),
    /// with clocks: e.g. the opening
    /// `1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1`.
    pub fn position_string(&self) -> String {
        let mut s = String::new();
        for row in (1..=8u8).rev() {
            let mut empty = 0;
            for col in 0..ROW_LENGTHS[row as usize - 1] {
                let Some(cell) = Cell::at(row, col) else {
                    continue;
                };
                match self.board[cell.slot() as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if row > 1 {
                s.push('/');
            }
        }
        s.push_str(&format!(" {} {} {}", self.side_to_move, self.halfmove_clock, self.fullmoves));
        s
    }
}

impl std::error::Error for SyntaxError {}

impl crate::core::game::BoardSetup for Setup {
    type Cell = Cell;
    type Piece = Piece;
    type Side = Side;
    type SyntaxError = SyntaxError;

    fn empty(side_to_move: Side) -> Setup {
        Setup::empty(side_to_move)
    }
    fn parse(text: &str) -> Result<Setup, Vec<SyntaxError>> {
        Setup::parse(text)
    }
    fn position_string(&self) -> String {
        Setup::position_string(self)
    }
    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.slot() as usize]
    }
    fn place(&mut self, cell: Cell, piece: Piece) {
        self.board[cell.slot() as usize] = Some(piece);
    }
    fn remove(&mut self, cell: Cell) -> Option<Piece> {
        self.board[cell.slot() as usize].take()
    }
    fn move_piece(&mut self, from: Cell, to: Cell) -> bool {
        if from == to || self.board[from.slot() as usize].is_none() {
            return false;
        }
        self.board[to.slot() as usize] = self.board[from.slot() as usize].take();
        true
    }
    /// Empties the board and starts the clocks again (`0 1`): an empty board has no
    /// history.
    fn clear(&mut self) {
        self.board = [None; CELL_COUNT];
        self.halfmove_clock = 0;
        self.fullmoves = 1;
    }
    fn side_to_move(&self) -> Side {
        self.side_to_move
    }
    fn set_side_to_move(&mut self, side: Side) {
        self.side_to_move = side;
    }
    fn palette() -> Vec<Piece> {
        [Side::White, Side::Black]
            .into_iter()
            .flat_map(|side| Kind::ALL.into_iter().map(move |kind| Piece { side, kind }))
            .collect()
    }
    fn piece_side(piece: Piece) -> Side {
        piece.side
    }
    fn kind_name(piece: Piece) -> &'static str {
        piece.kind.word()
    }
    fn kind_summary(piece: Piece) -> &'static str {
        match piece.kind {
            Kind::King => "one step to any of the up to 12 touching triangles, never into check",
            Kind::Queen => "runs along its three strips and its six altitude rays, and has the bishop's corner steps",
            Kind::Rook => "runs any distance along its three strips: its row, its file and the slanting strip",
            Kind::Bishop => "stays on its colour: along the six altitude rays, and six short corner steps",
            Kind::Knight => {
                "jumps two cells along an altitude ray, then to a side neighbour; it changes colour every move"
            }
            Kind::Pawn => {
                "moves forward and captures on the same cells (3 from a cell pointing at its player, 4 from one pointing away); promotes on the far edge"
            }
        }
    }
    fn is_royal(piece: Piece) -> bool {
        piece.kind == Kind::King
    }
}
