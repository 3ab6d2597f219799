//! Pieces, the unchecked [`Setup`] read from a position string, and the checked
//! [`Position`] (rules file, *A valid position* and *Notation and position string*).

use std::fmt;

use crate::core::bitboard::Bitboard;
use crate::core::zobrist;

use super::geometry::{CELL_COUNT, Cell, ROW_LENGTHS, tables};

/// A side (rules file, *Board*: Light = White at the bottom, Dark = Black at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, starts at the bottom (rows 1–2), pawns move up.
    White,
    /// Starts at the top (rows 7–8), pawns move down.
    Black,
}

impl Color {
    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black (table index).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    /// `w` or `b`, as in the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "w",
            Color::Black => "b",
        })
    }
}

/// A kind of piece (rules file, *Pieces and moves*). A bishop's kind (light or dark) is
/// the colour of the cell it stands on, which it never leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// `K`.
    King,
    /// `Q`.
    Queen,
    /// `R`.
    Rook,
    /// `B`.
    Bishop,
    /// `N`.
    Knight,
    /// `P` in position strings; no letter in move notation.
    Pawn,
}

impl Role {
    /// All roles, in table order.
    pub const ALL: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

    /// The promotion choices, in move-generation order (rules file, *Promotion*).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter `K Q R B N P`.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
        }
    }

    /// The role of an upper-case letter `K Q R B N P`.
    pub const fn from_letter(c: char) -> Option<Role> {
        Some(match c {
            'K' => Role::King,
            'Q' => Role::Queen,
            'R' => Role::Rook,
            'B' => Role::Bishop,
            'N' => Role::Knight,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// Table index `0..6`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name, lower case: `king`, `queen`, `rook`, `bishop`, `knight`, `pawn`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        }
    }
}

/// A piece: side and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The position-string letter: upper case White, lower case Black.
    pub const fn char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a position-string letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        match Role::from_letter(c.to_ascii_uppercase()) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// An unchecked position as read from a position string: any arrangement of pieces,
/// side to move and clocks. [`Position::from_setup`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each cell, by bit index (see [`Cell`]).
    pub board: [Option<Piece>; CELL_COUNT],
    /// The side to move.
    pub turn: Color,
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
                write!(f, "unknown letter `{c}` (expected K Q R B N P, k q r b n p or a digit)")
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
            SyntaxProblem::BadSide(s) => write!(f, "bad side to move `{s}` (expected `w` or `b`)"),
            SyntaxProblem::BadHalfmoveClock(s) => write!(f, "bad half-move clock `{s}`"),
            SyntaxProblem::BadMoveNumber(s) => {
                write!(f, "bad move number `{s}` (expected a number from 1)")
            }
            SyntaxProblem::TrailingText(s) => {
                write!(f, "unexpected text `{s}` after the move number")
            }
        }
    }
}

/// One reason a setup is not a valid position (rules file, *A valid position*).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalidity {
    /// A side does not have exactly one king.
    KingCount {
        /// Whose kings.
        color: Color,
        /// How many.
        count: u32,
    },
    /// The two kings stand on touching cells.
    KingsTouching(Cell, Cell),
    /// A pawn stands on one of its own promotion cells.
    PawnOnPromotionCell(Color, Cell),
    /// A White pawn on row 1 or a Black pawn on row 8.
    PawnOnFirstRow(Color, Cell),
    /// The side not to move is in check.
    OppositeCheck(Color),
}

impl fmt::Display for Invalidity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: &Color| match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        match self {
            Invalidity::KingCount { color, count } => {
                write!(f, "{} has {count} kings; exactly one is needed", name(color))
            }
            Invalidity::KingsTouching(a, b) => write!(f, "the kings on {a} and {b} touch"),
            Invalidity::PawnOnPromotionCell(c, cell) => {
                write!(f, "{} pawn on its promotion cell {cell}", name(c))
            }
            Invalidity::PawnOnFirstRow(c, cell) => {
                write!(f, "{} pawn on its own first row at {cell}", name(c))
            }
            Invalidity::OppositeCheck(c) => {
                write!(f, "{} is in check but it is not its move", name(c))
            }
        }
    }
}

/// Why a position string was rejected: every syntax problem found, or (when the
/// syntax is fine) every validity problem found. `Display` writes one problem a line.
/// (Rules file, *A valid position* and *Notation and position string*.)
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text could not be read.
    Syntax(Vec<SyntaxError>),
    /// The text was read but the position breaks *A valid position*.
    Invalid(Vec<Invalidity>),
}

impl fmt::Display for PositionError {
    /// One problem a line, e.g. `row 2, character 40: unknown letter `X` …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = match self {
            PositionError::Syntax(v) => v.iter().map(ToString::to_string).collect(),
            PositionError::Invalid(v) => v.iter().map(ToString::to_string).collect(),
        };
        f.write_str(&lines.join("\n"))
    }
}

impl Setup {
    /// An empty board, White to move, clocks `0 1`.
    pub fn empty() -> Setup {
        Setup { board: [None; CELL_COUNT], turn: Color::White, halfmove_clock: 0, fullmoves: 1 }
    }

    /// Reads a position string (rules file, *Notation and position string*): rows 8
    /// down to 1 separated by `/`, cells left to right, digits (one or more) for runs
    /// of empty cells, `KQRBNP`/`kqrbnp`; then ` w` or ` b`; then optionally the
    /// half-move clock and the move number (defaults `0 1`).
    ///
    /// # Errors
    /// [`PositionError::Syntax`] listing every problem found, each with its row and
    /// character position. Never panics.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let mut errors = Vec::new();
        let mut setup = Setup::empty();
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
            return Err(PositionError::Syntax(vec![err(None, None, SyntaxProblem::Empty)]));
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
                            setup.board[cell.index() as usize] = Some(piece);
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
            Some(&(_, "w")) => setup.turn = Color::White,
            Some(&(_, "b")) => setup.turn = Color::Black,
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
        if errors.is_empty() { Ok(setup) } else { Err(PositionError::Syntax(errors)) }
    }

    /// Writes the position string (rules file, *Notation and position string*), with
    /// clocks: e.g. the opening `1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1`.
    pub fn to_position_string(&self) -> String {
        let mut s = String::new();
        for row in (1..=8u8).rev() {
            let mut empty = 0;
            for col in 0..ROW_LENGTHS[row as usize - 1] {
                let Some(cell) = Cell::at(row, col) else {
                    continue;
                };
                match self.board[cell.index() as usize] {
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
        s.push_str(&format!(" {} {} {}", self.turn, self.halfmove_clock, self.fullmoves));
        s
    }
}

/// Zobrist keys: `color * 576 + role * 96 + cell`, then the Black-to-move key.
static KEYS: [u64; 2 * 6 * CELL_COUNT + 1] = zobrist::keys(0x5452_4941_4E47_4C45);

#[inline(always)]
pub(crate) fn piece_key(color: Color, role: Role, cell: u8) -> u64 {
    KEYS[color.index() * 6 * CELL_COUNT + role.index() * CELL_COUNT + cell as usize]
}

const BLACK_KEY_INDEX: usize = 2 * 6 * CELL_COUNT;

/// A valid Triangular position (rules file, *A valid position*): the board as
/// bitboards, side to move, half-move clock and move number, and its Zobrist hash.
/// Build one with [`Position::opening`](crate::core::Game::opening),
/// [`Position::from_setup`] or from a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) turn: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// The opening position (rules file, *Opening position*): White R Q K R on
    /// a1d b1d c1d d1d, knights b1l d1l, bishops c1l c2d, pawns a2d b2d c2l d2l d2d e2d;
    /// Black the mirror image; White to move, clocks `0 1`.
    pub fn opening_position() -> Position {
        let mut setup = Setup::empty();
        let white: [(&str, Role); 14] = [
            ("a1d", Role::Rook),
            ("b1d", Role::Queen),
            ("c1d", Role::King),
            ("d1d", Role::Rook),
            ("b1l", Role::Knight),
            ("d1l", Role::Knight),
            ("c1l", Role::Bishop),
            ("c2d", Role::Bishop),
            ("a2d", Role::Pawn),
            ("b2d", Role::Pawn),
            ("c2l", Role::Pawn),
            ("d2l", Role::Pawn),
            ("d2d", Role::Pawn),
            ("e2d", Role::Pawn),
        ];
        for (name, role) in white {
            let cell: Cell = name.parse().expect("opening cells exist");
            setup.board[cell.index() as usize] = Some(Piece { color: Color::White, role });
            setup.board[cell.mirror().index() as usize] = Some(Piece { color: Color::Black, role });
        }
        Position::from_setup(setup).expect("the opening position is valid")
    }

    /// Checks a setup against *A valid position*.
    ///
    /// # Errors
    /// [`PositionError::Invalid`] listing every problem found: king count per side,
    /// touching kings, pawns on their promotion cells or own first row, the side not
    /// to move in check (only judged when each side has one king).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let t = tables();
        let mut pos = Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: setup.turn,
            halfmove_clock: setup.halfmove_clock,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for cell in Cell::all() {
            if let Some(p) = setup.board[cell.index() as usize] {
                pos.by_color[p.color.index()] |= cell.bitboard();
                pos.by_role[p.role.index()] |= cell.bitboard();
            }
        }
        pos.hash = pos.compute_hash();
        let mut problems = Vec::new();
        for color in [Color::White, Color::Black] {
            let kings = pos.pieces(color, Role::King);
            if kings.count() != 1 {
                problems.push(Invalidity::KingCount { color, count: kings.count() });
            }
        }
        let (wk, bk) = (pos.pieces(Color::White, Role::King), pos.pieces(Color::Black, Role::King));
        for a in wk {
            for b in bk {
                if t.touch[a as usize].contains(b) {
                    problems.push(Invalidity::KingsTouching(cell(a), cell(b)));
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let pawns = pos.pieces(color, Role::Pawn);
            for c in pawns & t.promotion[color.index()] {
                problems.push(Invalidity::PawnOnPromotionCell(color, cell(c)));
            }
            for c in pawns & t.first_row[color.index()] {
                problems.push(Invalidity::PawnOnFirstRow(color, cell(c)));
            }
        }
        if wk.count() == 1 && bk.count() == 1 {
            let other = pos.turn.other();
            if pos.king_in_check(other) {
                problems.push(Invalidity::OppositeCheck(other));
            }
        }
        if problems.is_empty() { Ok(pos) } else { Err(PositionError::Invalid(problems)) }
    }

    /// The unchecked setup of this position (board, side, clocks).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for c in Cell::all() {
            setup.board[c.index() as usize] = self.piece_at(c);
        }
        setup.turn = self.turn;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// Reads and checks a position string.
    ///
    /// # Errors
    /// See [`Setup::parse`] and [`Position::from_setup`].
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::from_setup(Setup::parse(text)?)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (1 at the start, +1 after each Black move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let i = cell.index();
        let color = if self.by_color[0].contains(i) {
            Color::White
        } else if self.by_color[1].contains(i) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(i)?;
        Some(Piece { color, role })
    }

    #[inline(always)]
    pub(crate) fn role_at(&self, i: u8) -> Option<Role> {
        Role::ALL.into_iter().find(|r| self.by_role[r.index()].contains(i))
    }

    /// The cells holding `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for c in self.pieces(color, role) {
                    h ^= piece_key(color, role, c);
                }
            }
        }
        if self.turn == Color::Black {
            h ^= KEYS[BLACK_KEY_INDEX];
        }
        h
    }

    #[inline(always)]
    pub(crate) fn toggle(&mut self, color: Color, role: Role, cell: u8) {
        let b = Bitboard::from_index(cell);
        self.by_color[color.index()] ^= b;
        self.by_role[role.index()] ^= b;
        self.hash ^= piece_key(color, role, cell);
    }

    #[inline(always)]
    pub(crate) fn flip_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= KEYS[BLACK_KEY_INDEX];
    }

    /// Whether the fifty-move draw may be claimed: 50 moves by each side (100
    /// half-moves) with no capture and no pawn move (rules file, *End of the game*).
    pub fn can_claim_fifty_move_draw(&self) -> bool {
        self.halfmove_clock >= 100
    }

    /// The Zobrist hash: pieces (colour, role, cell) and side to move; the clocks are
    /// not included, so equal hashes mean a repeated position (for
    /// [`is_threefold_repetition`]).
    pub fn zobrist(&self) -> u64 {
        self.hash
    }
}

#[inline(always)]
pub(crate) fn cell(i: u8) -> Cell {
    Cell::new(i).unwrap_or_else(|| unreachable!("bit indices are cells"))
}

impl fmt::Display for Position {
    /// Writes the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_setup().to_position_string())
    }
}

/// `true` when the current position — the last of `history`, the Zobrist hashes of
/// every position of the game in order (see [`Position::zobrist`]) — has occurred at
/// least three times, so a draw may be claimed (rules file, *End of the game*). An
/// empty history gives `false`.
pub fn is_threefold_repetition(history: &[u64]) -> bool {
    match history.last() {
        Some(current) => history.iter().filter(|&&h| h == *current).count() >= 3,
        None => false,
    }
}
