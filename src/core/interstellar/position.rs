//! Interstellar positions: the unchecked [`Setup`] read from a position string, the
//! checked [`Position`] that move generation works on, and the errors that say every
//! problem found.
//!
//! Source: `../shared/rules/interstellar.md`, sections *Position string*, *A valid
//! position* and *Piece names*. The split follows shakmaty: parse to a setup, then
//! validate into a position.

use std::fmt;

use super::geometry::{Cell, Indicium, ROWS, SLOTS, row_length};
use super::pieces::{Kind, Name, Piece, Side};
use crate::core::bitboard::Bitboard;
use crate::core::zobrist;

/// A move: the piece on `from` goes to `to`, capturing whatever enemy piece is there.
/// A cell a piece can reach in several ways is one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it goes to.
    pub to: Cell,
}

/// The opening position string (rules file, *Position string*).
pub const OPENING: &str = "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN +";

/// One piece as read from a position string, before names are checked: a name is
/// present only where the string gave one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    /// Where it stands.
    pub cell: Cell,
    /// Whose it is.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
    /// The name given in the string (`Q(NQ)`), if any.
    pub name: Option<Name>,
}

/// An unchecked position: what a position string says, which may break the rules of a
/// valid position. Turn it into a [`Position`] with [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces, in position-string order (row 9 first, index increasing).
    pub pieces: Vec<SetupPiece>,
    /// The side to move.
    pub side_to_move: Side,
}

/// A mistake in the text of a position string. `character` is the 1-based position of
/// the offending character in the whole string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// Nothing but spaces.
    #[error("the position string is empty")]
    Empty,
    /// Not nine rows separated by `/`.
    #[error("the board has {found} rows; it needs 9 separated by '/'")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error(
        "row {row}, character {character}: unknown letter '{letter}' (pieces are P Q U N B S, upper case positive, lower case negative)"
    )]
    UnknownLetter {
        /// Board row 1..=9.
        row: u8,
        /// 1-based character position in the string.
        character: usize,
        /// The character.
        letter: char,
    },
    /// A `0` or a run that is not a single digit 1–9.
    #[error("row {row}, character {character}: '{text}' is not a run of empty cells (use a digit 1-9)")]
    BadDigit {
        /// Board row.
        row: u8,
        /// 1-based character position.
        character: usize,
        /// The digits.
        text: String,
    },
    /// More cells than the row has.
    #[error("row {row}, character {character}: row too long ({cells} cells; row {row} has {expected})")]
    RowTooLong {
        /// Board row.
        row: u8,
        /// 1-based position of the character that overflowed the row.
        character: usize,
        /// Cells described.
        cells: usize,
        /// Cells the row has.
        expected: u8,
    },
    /// Fewer cells than the row has.
    #[error("row {row}, character {character}: row too short ({cells} cells; row {row} has {expected})")]
    RowTooShort {
        /// Board row.
        row: u8,
        /// 1-based position where the row ended.
        character: usize,
        /// Cells described.
        cells: usize,
        /// Cells the row has.
        expected: u8,
    },
    /// A `(name)` that is not a name of that kind, or is not closed.
    #[error("row {row}, character {character}: {reason}")]
    BadName {
        /// Board row.
        row: u8,
        /// 1-based character position of the `(`.
        character: usize,
        /// What is wrong.
        reason: String,
    },
    /// No side to move after the board.
    #[error("missing the side to move ('+' or '-') after the board")]
    MissingSide,
    /// The side field is not `+` or `-`.
    #[error("character {character}: side to move must be '+' or '-', not '{found}'")]
    BadSide {
        /// 1-based character position.
        character: usize,
        /// What was there.
        found: String,
    },
    /// Something after the side to move.
    #[error("character {character}: unexpected text '{found}' after the side to move")]
    TrailingText {
        /// 1-based character position.
        character: usize,
        /// What was there.
        found: String,
    },
}

/// A way in which a position breaks the rules file's *A valid position*.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Not exactly one planet.
    #[error("{} has {count} planets; each side needs exactly one", side.word())]
    PlanetCount {
        /// Whose.
        side: Side,
        /// How many.
        count: usize,
    },
    /// More pieces of a kind than the opening army has.
    #[error("{} has {count} {}, more than the opening army's {}", side.word(), kind.plural(), kind.opening_count())]
    MoreThanOpeningArmy {
        /// Whose.
        side: Side,
        /// Which kind.
        kind: Kind,
        /// How many.
        count: usize,
    },
    /// A star on its own first row: it could never have got there.
    #[error("{} star on {cell:?} stands on its own first row", side.word())]
    StarOnOwnFirstRow {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A star on the opponent's first row: Super Nova would already have ended the game.
    #[error("{} star on {cell:?} already stands on the last row (the game would be over by Super Nova)", side.word())]
    StarOnLastRow {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A black hole on a non-neutral cell.
    #[error("{} black hole on {cell:?} is not on a neutral cell", side.word())]
    BlackHoleOffNeutral {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A pulsar on a neutral cell.
    #[error("{} pulsar on {cell:?} stands on a neutral cell", side.word())]
    PulsarOnNeutral {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// Nothing but the planet: Total Annihilation would already have ended the game.
    #[error("{} has nothing but its planet (the game would be over by Total Annihilation)", side.word())]
    OnlyPlanet {
        /// Whose.
        side: Side,
    },
    /// The side not to move has its planet in Target.
    #[error("{} is not to move but its planet is in Target", side.word())]
    NotToMoveInTarget {
        /// Whose.
        side: Side,
    },
    /// Two pieces of one side with the same name.
    #[error("{} has two pieces named {name}", side.word())]
    DuplicateName {
        /// Whose.
        side: Side,
        /// The name.
        name: Name,
    },
}

/// Why a position string was rejected: either its text is malformed (every syntax
/// mistake found is listed), or it describes a position that is not valid (every
/// problem listed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text could not be read.
    #[error("{}", join(.0))]
    Syntax(Vec<SyntaxError>),
    /// The text was read but the position is not valid.
    #[error("{}", join(.0))]
    Invalid(Vec<Invalid>),
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
}

impl Setup {
    /// Reads a position string (rules file, *Position string*), with this project's
    /// extension: a piece letter may be followed by its name in parentheses, `Q(NQ)`.
    ///
    /// # Errors
    /// Every syntax mistake found, each naming the row and the character.
    pub fn parse(text: &str) -> Result<Setup, Vec<SyntaxError>> {
        let mut errors = Vec::new();
        let trimmed_start = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(vec![SyntaxError::Empty]);
        }
        let (board, rest) = match body.find(char::is_whitespace) {
            Some(k) => (&body[..k], &body[k..]),
            None => (body, ""),
        };
        let base = trimmed_start; // byte offset of `board` in `text`
        let rows: Vec<&str> = board.split('/').collect();
        let mut pieces = Vec::new();
        if rows.len() != 9 {
            errors.push(SyntaxError::RowCount { found: rows.len() });
        } else {
            let mut offset = base;
            for (k, row_text) in rows.iter().enumerate() {
                let row = 9 - k as u8;
                parse_row(text, row, row_text, offset, &mut pieces, &mut errors);
                offset += row_text.len() + 1;
            }
        }
        // Side to move.
        let side_start = base + board.len() + (rest.len() - rest.trim_start().len());
        let mut fields = rest.split_whitespace();
        let side = match fields.next() {
            None => {
                errors.push(SyntaxError::MissingSide);
                Side::Positive
            }
            Some("+") => Side::Positive,
            Some("-") => Side::Negative,
            Some(other) => {
                errors.push(SyntaxError::BadSide { character: char_pos(text, side_start), found: other.into() });
                Side::Positive
            }
        };
        if let Some(extra) = fields.next() {
            let at = text.find(extra).map(|b| char_pos(text, b)).unwrap_or(0);
            errors.push(SyntaxError::TrailingText { character: at, found: extra.into() });
        }
        if errors.is_empty() { Ok(Setup { pieces, side_to_move: side }) } else { Err(errors) }
    }
}

impl Setup {
    /// An empty board with `side_to_move` to move (a start for the board editor).
    pub fn empty(side_to_move: Side) -> Setup {
        Setup { pieces: Vec::new(), side_to_move }
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<&SetupPiece> {
        self.pieces.iter().find(|p| p.cell == cell)
    }

    /// Puts `piece` on its cell, replacing what stood there; keeps position-string
    /// order (row 9 first, index increasing).
    pub fn place(&mut self, piece: SetupPiece) {
        self.pieces.retain(|p| p.cell != piece.cell);
        let key = |p: &SetupPiece| (std::cmp::Reverse(p.cell.row()), p.cell.index());
        let at = self.pieces.partition_point(|p| key(p) < key(&piece));
        self.pieces.insert(at, piece);
    }

    /// Takes the piece off `cell`; returns it.
    pub fn remove(&mut self, cell: Cell) -> Option<SetupPiece> {
        let at = self.pieces.iter().position(|p| p.cell == cell)?;
        Some(self.pieces.remove(at))
    }

    /// The position string of this setup, valid or not: the rules file's format with
    /// the `Q(NQ)` extension for every piece whose name was given.
    pub fn to_position_string(&self) -> String {
        let mut out = String::new();
        for row in (1..=9u8).rev() {
            let mut empty = 0;
            for index in 1..=row_length(row) {
                let cell = Cell::new(row, index).expect("cell in range");
                match self.piece_at(cell) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = p.kind.letter();
                        out.push(if p.side == Side::Positive { letter } else { letter.to_ascii_lowercase() });
                        if let Some(name) = p.name.filter(|_| p.kind != Kind::Planet) {
                            out.push('(');
                            out.push_str(name.as_str());
                            out.push(')');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row > 1 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push_str(&self.side_to_move.to_string());
        out
    }

    /// The names each piece would get in a position made from this setup: the given
    /// name, else the first free name of its kind (rules file, *Names*).
    pub fn names(&self) -> Vec<Name> {
        assign_names(&self.pieces)
    }
}

/// 1-based character number of byte offset `byte` in `text`.
fn char_pos(text: &str, byte: usize) -> usize {
    text[..byte.min(text.len())].chars().count() + 1
}

fn parse_row(
    text: &str,
    row: u8,
    row_text: &str,
    offset: usize,
    pieces: &mut Vec<SetupPiece>,
    errors: &mut Vec<SyntaxError>,
) {
    let expected = row_length(row);
    let mut cells = 0usize;
    let mut overflow_at = None;
    let mut iter = row_text.char_indices().peekable();
    while let Some((b, c)) = iter.next() {
        let at = char_pos(text, offset + b);
        if c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(&(_, d)) = iter.peek() {
                if d.is_ascii_digit() {
                    digits.push(d);
                    iter.next();
                } else {
                    break;
                }
            }
            if digits.len() != 1 || c == '0' {
                errors.push(SyntaxError::BadDigit { row, character: at, text: digits.clone() });
            }
            cells += digits.parse::<usize>().unwrap_or(0).clamp(1, 99);
        } else if let Some(kind) = Kind::from_letter(c) {
            let side = if c.is_ascii_uppercase() { Side::Positive } else { Side::Negative };
            let mut name = None;
            if let Some(&(nb, '(')) = iter.peek() {
                iter.next();
                let mut content = String::new();
                let mut closed = false;
                for (_, d) in iter.by_ref() {
                    if d == ')' {
                        closed = true;
                        break;
                    }
                    content.push(d);
                }
                let at_paren = char_pos(text, offset + nb);
                if !closed {
                    errors.push(SyntaxError::BadName {
                        row,
                        character: at_paren,
                        reason: "unclosed '(' in a piece name".into(),
                    });
                } else {
                    match Name::parse(content.trim()) {
                        None => errors.push(SyntaxError::BadName {
                            row,
                            character: at_paren,
                            reason: format!("'{content}' is not a piece name"),
                        }),
                        Some(n) if n.kind() != kind => errors.push(SyntaxError::BadName {
                            row,
                            character: at_paren,
                            reason: format!("'{n}' is the name of a {}, not of a {}", n.kind().word(), kind.word()),
                        }),
                        Some(n) => name = Some(n),
                    }
                }
            }
            if cells < expected as usize
                && let Some(cell) = Cell::new(row, cells as u8 + 1)
            {
                pieces.push(SetupPiece { cell, side, kind, name });
            }
            cells += 1;
        } else {
            errors.push(SyntaxError::UnknownLetter { row, character: at, letter: c });
            cells += 1;
        }
        if cells > expected as usize && overflow_at.is_none() {
            overflow_at = Some(at);
        }
    }
    if let Some(character) = overflow_at {
        errors.push(SyntaxError::RowTooLong { row, character, cells, expected });
    }
    if cells < expected as usize {
        errors.push(SyntaxError::RowTooShort {
            row,
            character: char_pos(text, offset + row_text.len()),
            cells,
            expected,
        });
    }
}

/// An Interstellar position: the pieces with their names, and the side to move.
///
/// Always valid (rules file, *A valid position*) when built by [`Position::from_setup`],
/// [`Position::opening`] or by playing legal moves. About 300 bytes, no heap.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) sides: [Bitboard; 2],
    pub(crate) kinds: [Bitboard; 6],
    pub(crate) board: [u8; SLOTS],
    pub(crate) side_to_move: Side,
    pub(crate) hash: u64,
}

/// Zobrist keys: `[side][name][slot]`, then one for "negative to move".
static KEYS: [u64; 2 * 15 * SLOTS + 1] = zobrist::keys(0x1A7E_5E11_A700_0001);

#[inline(always)]
fn piece_key(piece: Piece, cell: Cell) -> u64 {
    KEYS[(piece.side.idx() * 15 + piece.name.id()) * SLOTS + cell.idx()]
}
const SIDE_KEY: usize = 2 * 15 * SLOTS;

impl Position {
    fn empty(side_to_move: Side) -> Position {
        Position {
            sides: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            board: [0; SLOTS],
            side_to_move,
            hash: if side_to_move == Side::Negative { KEYS[SIDE_KEY] } else { 0 },
        }
    }

    fn put(&mut self, cell: Cell, piece: Piece) {
        let bit = cell.bit();
        self.sides[piece.side.idx()] |= bit;
        self.kinds[piece.kind() as usize] |= bit;
        self.board[cell.idx()] = piece.code();
        self.hash ^= piece_key(piece, cell);
    }

    /// The opening position (rules file, *Pieces and the opening position*).
    pub fn opening() -> Position {
        Position::from_setup(&Setup::parse(OPENING).expect("opening string parses")).expect("opening is valid")
    }

    /// Checks a setup against the rules file's *A valid position*, gives every piece its
    /// name (those the string left out get the default names: per side and kind, by
    /// increasing `h` then `r`, the free names in opening order), and builds the
    /// position.
    ///
    /// # Errors
    /// Every problem found: planet count, more than the opening army, duplicate names,
    /// stars on the first or last row, black holes off neutral cells, pulsars on
    /// neutral cells, an army of a lone planet, the side not to move in Target.
    pub fn from_setup(setup: &Setup) -> Result<Position, Vec<Invalid>> {
        let mut problems = Vec::new();
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let count = setup.pieces.iter().filter(|p| p.side == side && p.kind == kind).count();
                if kind == Kind::Planet {
                    if count != 1 {
                        problems.push(Invalid::PlanetCount { side, count });
                    }
                } else if count > kind.opening_count() as usize {
                    problems.push(Invalid::MoreThanOpeningArmy { side, kind, count });
                }
            }
            let mut seen = [false; 15];
            for p in setup.pieces.iter().filter(|p| p.side == side) {
                if let Some(n) = p.name {
                    if seen[n.id()] && !problems.contains(&Invalid::DuplicateName { side, name: n }) {
                        problems.push(Invalid::DuplicateName { side, name: n });
                    }
                    seen[n.id()] = true;
                }
            }
            if setup.pieces.iter().filter(|p| p.side == side).all(|p| p.kind == Kind::Planet)
                && setup.pieces.iter().any(|p| p.side == side)
            {
                problems.push(Invalid::OnlyPlanet { side });
            }
        }
        for p in &setup.pieces {
            let (side, cell) = (p.side, p.cell);
            match p.kind {
                Kind::Star if cell.row() == side.first_row() => {
                    problems.push(Invalid::StarOnOwnFirstRow { side, cell })
                }
                Kind::Star if cell.row() == side.opponent().first_row() => {
                    problems.push(Invalid::StarOnLastRow { side, cell })
                }
                Kind::BlackHole if cell.indicium() != Indicium::Neutral => {
                    problems.push(Invalid::BlackHoleOffNeutral { side, cell })
                }
                Kind::Pulsar if cell.indicium() == Indicium::Neutral => {
                    problems.push(Invalid::PulsarOnNeutral { side, cell })
                }
                _ => {}
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut pos = Position::empty(setup.side_to_move);
        for (p, name) in setup.pieces.iter().zip(assign_names(&setup.pieces)) {
            pos.put(p.cell, Piece { side: p.side, name });
        }
        let waiting = setup.side_to_move.opponent();
        if pos.target_count_for(waiting) > 0 {
            return Err(vec![Invalid::NotToMoveInTarget { side: waiting }]);
        }
        Ok(pos)
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The piece on `cell`, if any.
    #[inline(always)]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        match self.board[cell.idx()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// Every piece with its cell, row 1 first, index increasing.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// Where the piece of `side` named `name` stands, if it is still on the board.
    pub fn find(&self, side: Side, name: Name) -> Option<Cell> {
        let code = Piece { side, name }.code();
        self.sides[side.idx()]
            .map(|s| Cell::from_slot(s).expect("occupied slot is a cell"))
            .find(|c| self.board[c.idx()] == code)
    }

    /// The cells holding pieces of `side`.
    #[inline(always)]
    pub fn side_cells(&self, side: Side) -> Bitboard {
        self.sides[side.idx()]
    }

    /// The cells holding pieces of `kind`, either side.
    #[inline(always)]
    pub fn kind_cells(&self, kind: Kind) -> Bitboard {
        self.kinds[kind as usize]
    }

    /// All occupied cells.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// The cell of `side`'s planet.
    #[inline(always)]
    pub fn planet(&self, side: Side) -> Cell {
        let slot = (self.sides[side.idx()] & self.kinds[Kind::Planet as usize]).first().unwrap_or(0);
        Cell::from_slot(slot).unwrap_or(Cell::new(1, 1).expect("cell (1,1)"))
    }

    /// The Zobrist hash: pieces with their names and cells, and the side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plays a move from [`Position::legal_moves`](super::Position): the piece goes to
    /// `to`, any enemy piece there is removed, and the other side is to move.
    pub fn play_move(&mut self, mv: Move) {
        let code = self.board[mv.from.idx()];
        debug_assert!(code != 0, "no piece on {:?}", mv.from);
        let piece = Piece::from_code(code);
        let from_bit = mv.from.bit();
        let to_bit = mv.to.bit();
        let captured = self.board[mv.to.idx()];
        if captured != 0 {
            let victim = Piece::from_code(captured);
            self.sides[victim.side.idx()] ^= to_bit;
            self.kinds[victim.kind() as usize] ^= to_bit;
            self.hash ^= piece_key(victim, mv.to);
        }
        let both = from_bit | to_bit;
        self.sides[piece.side.idx()] ^= both;
        self.kinds[piece.kind() as usize] ^= both;
        self.board[mv.from.idx()] = 0;
        self.board[mv.to.idx()] = code;
        self.hash ^= piece_key(piece, mv.from) ^ piece_key(piece, mv.to) ^ KEYS[SIDE_KEY];
        self.side_to_move = self.side_to_move.opponent();
    }

    /// The position string: the rules file's format, canonical (digits for empty runs).
    /// Names are added (`Q(NQ)`, every non-planet piece) only when they differ from
    /// the default naming, so the string read back gives an equal position.
    pub fn to_position_string(&self) -> String {
        let plain = Setup { pieces: self.setup_pieces(false), side_to_move: self.side_to_move };
        let defaults = assign_names(&plain.pieces);
        let actual: Vec<Name> = plain.pieces.iter().map(|p| self.piece_at(p.cell).expect("piece").name).collect();
        if defaults == actual { plain.to_position_string() } else { self.to_setup().to_position_string() }
    }

    /// The position as an unchecked setup, names included (or left out).
    pub fn to_setup(&self) -> Setup {
        Setup { pieces: self.setup_pieces(true), side_to_move: self.side_to_move }
    }

    fn setup_pieces(&self, with_names: bool) -> Vec<SetupPiece> {
        let mut out = Vec::new();
        for row in (1..=9u8).rev() {
            for index in 1..=row_length(row) {
                let cell = Cell::new(row, index).expect("cell in range");
                if let Some(p) = self.piece_at(cell) {
                    out.push(SetupPiece { cell, side: p.side, kind: p.kind(), name: with_names.then_some(p.name) });
                }
            }
        }
        out
    }

    /// Pieces on rows (for tests and debugging): `ROWS[r-1] & side_cells`.
    pub fn row_cells(&self, row: u8) -> Bitboard {
        ROWS[row as usize - 1] & self.occupied()
    }
}

/// Gives every setup piece a name: its own where given, otherwise per side and kind,
/// by increasing `h` then `r`, the kind's free names in opening order. The setup must
/// hold at most the opening army (checked before).
fn assign_names(pieces: &[SetupPiece]) -> Vec<Name> {
    let mut names: Vec<Option<Name>> = pieces.iter().map(|p| p.name).collect();
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let mut unnamed: Vec<usize> = (0..pieces.len())
                .filter(|&k| pieces[k].side == side && pieces[k].kind == kind && names[k].is_none())
                .collect();
            unnamed.sort_by_key(|&k| (pieces[k].cell.half_column(), pieces[k].cell.row()));
            let taken: Vec<Name> =
                (0..pieces.len()).filter(|&k| pieces[k].side == side).filter_map(|k| names[k]).collect();
            let mut free = Name::of_kind(kind).filter(|n| !taken.contains(n));
            for k in unnamed {
                names[k] = free.next();
            }
        }
    }
    names.into_iter().map(|n| n.unwrap_or(Name::PLANET)).collect()
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_position_string())
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_position_string())
    }
}

/// Reads and validates a position string in one go.
///
/// # Errors
/// [`PositionError::Syntax`] with every text mistake, or [`PositionError::Invalid`]
/// with every rule of a valid position that is broken.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let setup = Setup::parse(text).map_err(PositionError::Syntax)?;
    Position::from_setup(&setup).map_err(PositionError::Invalid)
}
