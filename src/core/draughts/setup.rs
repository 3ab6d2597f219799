//! The unchecked Triangular draughts position and its position string
//! (`docs/rules-draughts.md` *Position string*): `S:W<list>:B<list>[:H<n>][:F<n>]`,
//! e.g. `W:W31-48:B1-18`. Written in one form (ascending numbers, kings marked `K`, no
//! ranges); read leniently (either list order, lower case, spaces, ranges `a-b` and
//! `Ka-b`), every mistake reported with its byte offset.

use std::fmt;

use crate::core::shown;

use super::geometry::{Cell, cells_of, short};
use super::pieces::{Kind, Piece, Side};

/// Pieces on cells and a side to move, not yet checked against the rules of a valid
/// position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `pieces[side][kind]`: the cells of each side's men and kings.
    pub pieces: [[u64; 2]; 2],
    /// The side to move.
    pub side_to_move: Side,
    /// Plies in a row of king moves without a capture (the 25-move rule), `H`.
    pub halfmoves: u32,
    /// The move number, `F` (1 at the start, +1 after each Black move).
    pub fullmove: u32,
}

/// What is wrong in a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// The text is empty.
    Empty,
    /// The first field is not `W` or `B`.
    BadSideToMove(String),
    /// A field that is not a piece list (`W…`, `B…`), `H<n>` or `F<n>`.
    BadField(String),
    /// A list item that is not a cell number, `K` and a number, or a range.
    BadItem(String),
    /// A range whose start is above its end.
    BackwardRange(String),
    /// A cell named twice.
    CellTwice(Cell),
    /// A colour's list given twice.
    ListTwice(Side),
    /// `H` or `F` given twice, or not a number.
    BadClock(String),
}

/// One mistake in a position string and where it starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at character {}: {problem}", .offset + 1)]
pub struct SyntaxError {
    /// Byte offset of the offending text (its message counts characters from 1, as the
    /// other games' position strings do; the strings are ASCII).
    pub offset: usize,
    /// What is wrong.
    pub problem: SyntaxProblem,
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxProblem::Empty => write!(f, "the position string is empty (e.g. W:W31-48:B1-18)"),
            SyntaxProblem::BadSideToMove(t) => write!(f, "'{}' is not the side to move (W or B)", shown(t)),
            SyntaxProblem::BadField(t) => {
                write!(f, "'{}' is not a piece list (W… or B…), H<plies> or F<move number>", shown(t))
            }
            SyntaxProblem::BadItem(t) => {
                write!(f, "'{}' is not a cell number 1–48, K and a number, or a range a-b", shown(t))
            }
            SyntaxProblem::BackwardRange(t) => write!(f, "the range '{}' runs backwards", shown(t)),
            SyntaxProblem::CellTwice(c) => write!(f, "cell {c} is given twice"),
            SyntaxProblem::ListTwice(s) => write!(f, "{}'s list is given twice", s.name()),
            SyntaxProblem::BadClock(t) => write!(f, "'{}' is not a clock (H<n> or F<n>, each once)", shown(t)),
        }
    }
}

impl Setup {
    /// An empty board with `side_to_move` to move, clocks `H0`, `F1`.
    pub fn empty(side_to_move: Side) -> Setup {
        Setup { pieces: [[0; 2]; 2], side_to_move, halfmoves: 0, fullmove: 1 }
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        for side in [Side::White, Side::Black] {
            for kind in [Kind::Man, Kind::King] {
                if self.pieces[side.index()][kind.index()] & cell.bit() != 0 {
                    return Some(Piece { side, kind });
                }
            }
        }
        None
    }

    /// Puts `piece` on `cell`, replacing what stood there.
    pub fn place(&mut self, cell: Cell, piece: Piece) {
        self.remove(cell);
        self.pieces[piece.side.index()][piece.kind.index()] |= cell.bit();
    }

    /// Takes the piece off `cell`.
    pub fn remove(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.piece_at(cell);
        for side in &mut self.pieces {
            for set in side {
                *set &= !cell.bit();
            }
        }
        piece
    }

    /// Every cell holding a piece of `side`.
    pub fn of_side(&self, side: Side) -> u64 {
        self.pieces[side.index()][0] | self.pieces[side.index()][1]
    }

    /// Reads a position string (see the module docs) without checking the position.
    ///
    /// # Errors
    /// Every mistake found, each with its byte offset.
    pub fn parse(text: &str) -> Result<Setup, Vec<SyntaxError>> {
        let mut errors = Vec::new();
        let mut fields = Vec::new();
        let mut start = 0;
        for part in text.split(':') {
            fields.push((start, part));
            start += part.len() + 1;
        }
        fn trim((at, t): (usize, &str)) -> (usize, &str) {
            (at + (t.len() - t.trim_start().len()), t.trim())
        }
        let (at, side_text) = trim(fields[0]);
        if side_text.is_empty() && fields.len() == 1 {
            return Err(vec![SyntaxError { offset: 0, problem: SyntaxProblem::Empty }]);
        }
        let side = match side_text {
            "W" | "w" => Side::White,
            "B" | "b" => Side::Black,
            _ => {
                errors.push(SyntaxError { offset: at, problem: SyntaxProblem::BadSideToMove(short(side_text)) });
                Side::White
            }
        };
        let mut setup = Setup::empty(side);
        let mut seen_list = [false; 2];
        let mut seen_clock = [false; 2];
        let mut taken = 0u64;
        for &field in &fields[1..] {
            let (at, t) = trim(field);
            let mut chars = t.chars();
            let head = chars.next().map(|c| c.to_ascii_uppercase());
            let rest = chars.as_str();
            match head {
                Some(c @ ('W' | 'B')) => {
                    let list_side = if c == 'W' { Side::White } else { Side::Black };
                    if seen_list[list_side.index()] {
                        errors.push(SyntaxError { offset: at, problem: SyntaxProblem::ListTwice(list_side) });
                        continue;
                    }
                    seen_list[list_side.index()] = true;
                    read_list(rest, at + 1, list_side, &mut setup, &mut taken, &mut errors);
                }
                Some(c @ ('H' | 'F')) => {
                    let which = usize::from(c == 'F');
                    match rest.trim().parse::<u32>() {
                        Ok(n) if !seen_clock[which] => {
                            seen_clock[which] = true;
                            if which == 0 {
                                setup.halfmoves = n;
                            } else {
                                setup.fullmove = n;
                            }
                        }
                        _ => errors.push(SyntaxError { offset: at, problem: SyntaxProblem::BadClock(short(t)) }),
                    }
                }
                _ => errors.push(SyntaxError { offset: at, problem: SyntaxProblem::BadField(short(t)) }),
            }
        }
        if errors.is_empty() { Ok(setup) } else { Err(errors) }
    }

    /// The position string in its one written form: `W:W31,32,K40:B1,2,3`, with
    /// `:H<n>` when n ≠ 0 and `:F<n>` when n ≠ 1.
    pub fn position_string(&self) -> String {
        let mut out = String::new();
        out.push(self.side_to_move.letter());
        for side in [Side::White, Side::Black] {
            out.push(':');
            out.push(side.letter());
            let kings = self.pieces[side.index()][Kind::King.index()];
            let items: Vec<String> = cells_of(self.of_side(side))
                .map(|c| if kings & c.bit() != 0 { format!("K{c}") } else { c.to_string() })
                .collect();
            out.push_str(&items.join(","));
        }
        if self.halfmoves != 0 {
            out.push_str(&format!(":H{}", self.halfmoves));
        }
        if self.fullmove != 1 {
            out.push_str(&format!(":F{}", self.fullmove));
        }
        out
    }
}

/// Reads one colour's list (after its letter) into `setup`.
fn read_list(text: &str, offset: usize, side: Side, setup: &mut Setup, taken: &mut u64, errors: &mut Vec<SyntaxError>) {
    let mut at = offset;
    for item in text.split(',') {
        let here = at + (item.len() - item.trim_start().len());
        at += item.len() + 1;
        let t = item.trim();
        if t.is_empty() {
            // `W` alone is an empty list; `W1,,2` has an empty item.
            if text.trim().is_empty() {
                continue;
            }
            errors.push(SyntaxError { offset: here, problem: SyntaxProblem::BadItem(String::new()) });
            continue;
        }
        let (kind, body) = match t.strip_prefix(['K', 'k']) {
            Some(b) => (Kind::King, b.trim_start()),
            None => (Kind::Man, t),
        };
        let cell = |s: &str| s.trim().parse::<Cell>().ok();
        let range = match body.split_once('-') {
            Some((a, b)) => match (cell(a), cell(b)) {
                (Some(a), Some(b)) if a <= b => Some((a, b)),
                (Some(_), Some(_)) => {
                    errors.push(SyntaxError { offset: here, problem: SyntaxProblem::BackwardRange(short(t)) });
                    continue;
                }
                _ => None,
            },
            None => cell(body).map(|c| (c, c)),
        };
        let Some((from, to)) = range else {
            errors.push(SyntaxError { offset: here, problem: SyntaxProblem::BadItem(short(t)) });
            continue;
        };
        for n in from.number()..=to.number() {
            let Some(c) = Cell::new(n) else { continue };
            if *taken & c.bit() != 0 {
                errors.push(SyntaxError { offset: here, problem: SyntaxProblem::CellTwice(c) });
                continue;
            }
            *taken |= c.bit();
            setup.pieces[side.index()][kind.index()] |= c.bit();
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

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
        Setup::piece_at(self, cell)
    }
    fn place(&mut self, cell: Cell, piece: Piece) {
        Setup::place(self, cell, piece);
    }
    fn remove(&mut self, cell: Cell) -> Option<Piece> {
        Setup::remove(self, cell)
    }
    fn move_piece(&mut self, from: Cell, to: Cell) -> bool {
        if from == to {
            return false;
        }
        let Some(piece) = Setup::remove(self, from) else { return false };
        Setup::place(self, to, piece);
        true
    }
    /// Empties the board and starts the clocks again (`H0`, `F1`).
    fn clear(&mut self) {
        *self = Setup::empty(self.side_to_move);
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
            .flat_map(|side| [Kind::Man, Kind::King].into_iter().map(move |kind| Piece { side, kind }))
            .collect()
    }
    fn piece_side(piece: Piece) -> Side {
        piece.side
    }
    fn kind_name(piece: Piece) -> &'static str {
        piece.kind.name()
    }
    fn kind_summary(piece: Piece) -> &'static str {
        match piece.kind {
            Kind::Man => {
                "steps to one of its three forward cells; jumps enemy pieces in any direction; crowned on the far edges"
            }
            Kind::King => "flies any distance along its six lines, and captures from a distance",
        }
    }
}
