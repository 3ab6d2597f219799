//! The unchecked [`Setup`] of an Interstellar position and its position string
//! (`docs/rules-interstellar.md` §9 *Position strings*, and §4 *Piece names* for the
//! names a setup gives its pieces).

use super::geometry::{Cell, row_length};
use super::pieces::{Kind, Name, Piece, Side};

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
/// valid position. Turn it into a [`Position`](super::Position) with
/// [`Position::from_setup`](super::Position::from_setup).
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
    #[error("character {character}: the board has {found} rows; it needs 9 separated by '/'")]
    RowCount {
        /// 1-based character position of the board.
        character: usize,
        /// Rows found.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error(
        "row {row}, character {character}: unknown letter '{}' (pieces are P Q U N B S, upper case positive, lower case negative)", crate::core::shown(&.letter.to_string())
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
    #[error("row {row}, character {character}: '{}' is not a run of empty cells (use a digit 1-9)", crate::core::shown(.text))]
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
    #[error("character {character}: missing the side to move ('+' or '-') after the board")]
    MissingSide {
        /// 1-based character position just past the board.
        character: usize,
    },
    /// The side field is not `+` or `-`.
    #[error("character {character}: side to move must be '+' or '-', not '{}'", crate::core::shown(.found))]
    BadSide {
        /// 1-based character position.
        character: usize,
        /// What was there.
        found: String,
    },
    /// Something after the side to move.
    #[error("character {character}: unexpected text '{}' after the side to move", crate::core::shown(.found))]
    TrailingText {
        /// 1-based character position.
        character: usize,
        /// What was there.
        found: String,
    },
}

impl Setup {
    /// Reads a position string (`docs/rules-interstellar.md` §9 *Position strings*),
    /// names included: a piece letter may be followed by its name in parentheses,
    /// `Q(NQ)`.
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
            errors.push(SyntaxError::RowCount { character: char_pos(text, base), found: rows.len() });
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
                errors.push(SyntaxError::MissingSide { character: char_pos(text, base + board.len()) });
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
        let key = |p: &SetupPiece| (std::cmp::Reverse(p.cell.row()), p.cell.index_in_row());
        let at = self.pieces.partition_point(|p| key(p) < key(&piece));
        self.pieces.insert(at, piece);
    }

    /// Takes the piece off `cell`; returns it.
    pub fn remove(&mut self, cell: Cell) -> Option<SetupPiece> {
        let at = self.pieces.iter().position(|p| p.cell == cell)?;
        Some(self.pieces.remove(at))
    }

    /// The position string of this setup, valid or not (`docs/rules-interstellar.md` §9
    /// *Position strings*), with the `Q(NQ)` names for every piece whose name was given.
    pub fn position_string(&self) -> String {
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

    /// The names the piece on `cell` may take: those of its kind that no other piece of
    /// its side has (its own included); empty when `cell` is empty.
    pub fn free_names(&self, cell: Cell) -> Vec<Name> {
        let Some(piece) = self.piece_at(cell) else { return Vec::new() };
        let names = self.names();
        let taken: Vec<Name> = self
            .pieces
            .iter()
            .zip(&names)
            .filter(|(p, _)| p.side == piece.side && p.cell != cell)
            .map(|(_, &n)| n)
            .collect();
        Name::of_kind(piece.kind).filter(|n| !taken.contains(n)).collect()
    }

    /// Gives the piece on `cell` the name `name` (one of [`Setup::free_names`]); other
    /// names are refused. The other pieces' automatic names are fixed first, so only
    /// this piece changes.
    pub fn rename(&mut self, cell: Cell, name: Name) -> bool {
        if !self.free_names(cell).contains(&name) {
            return false;
        }
        let names = self.names();
        for (p, n) in self.pieces.iter_mut().zip(names) {
            if p.cell == cell {
                p.name = Some(name);
            } else if p.kind != Kind::Planet {
                p.name = Some(n);
            }
        }
        true
    }

    /// The names each piece would get in a position made from this setup: the given name,
    /// else the first free name of its kind (`docs/rules-interstellar.md` §9 *Position
    /// strings*, *Piece names in a position*).
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

/// Gives every setup piece a name: its own where given, otherwise per side and kind,
/// by increasing `h` then `r`, the kind's free names in opening order. The setup must
/// hold at most the opening army (checked before).
pub(crate) fn assign_names(pieces: &[SetupPiece]) -> Vec<Name> {
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
        Setup::piece_at(self, cell).map(|p| Piece { side: p.side, kind: p.kind })
    }
    fn place(&mut self, cell: Cell, piece: Piece) {
        Setup::place(self, SetupPiece { cell, side: piece.side, kind: piece.kind, name: None });
    }
    fn remove(&mut self, cell: Cell) -> Option<Piece> {
        Setup::remove(self, cell).map(|p| Piece { side: p.side, kind: p.kind })
    }
    fn move_piece(&mut self, from: Cell, to: Cell) -> bool {
        if from == to {
            return false;
        }
        match Setup::remove(self, from) {
            Some(mut piece) => {
                piece.cell = to;
                Setup::place(self, piece);
                true
            }
            None => false,
        }
    }
    fn clear(&mut self) {
        self.pieces.clear();
    }
    fn side_to_move(&self) -> Side {
        self.side_to_move
    }
    fn set_side_to_move(&mut self, side: Side) {
        self.side_to_move = side;
    }
    fn palette() -> Vec<Piece> {
        Side::BOTH.into_iter().flat_map(|side| Kind::ALL.into_iter().map(move |kind| Piece { side, kind })).collect()
    }
    fn piece_side(piece: Piece) -> Side {
        piece.side
    }
    fn kind_name(piece: Piece) -> &'static str {
        piece.kind.word()
    }
    fn kind_summary(piece: Piece) -> &'static str {
        match piece.kind {
            Kind::Planet => "one step to any neighbouring cell; never captured, but trapped it loses the game",
            Kind::Quasar => "runs any distance along its row and along the four diagonal lines",
            Kind::Nebula => "runs any distance along the four diagonal lines, never along its row",
            Kind::Pulsar => "winds a path of 2, 4 or 6 steps over empty cells that are not neutral",
            Kind::BlackHole => "jumps one corner-step to a neutral cell, slipping between pieces",
            Kind::Star => {
                "one step forward onto a cell that is not neutral (a neutral one only to capture), two from its first row; on the far row it wins"
            }
        }
    }
    fn is_royal(piece: Piece) -> bool {
        piece.kind == Kind::Planet
    }
    fn name_at(&self, cell: Cell) -> Option<String> {
        let names = self.names();
        self.pieces.iter().position(|p| p.cell == cell).map(|k| names[k].to_string())
    }
    fn free_names(&self, cell: Cell) -> Vec<String> {
        Setup::free_names(self, cell).into_iter().map(|n| n.to_string()).collect()
    }
    fn rename(&mut self, cell: Cell, name: &str) -> bool {
        Name::parse(name).is_some_and(|name| Setup::rename(self, cell, name))
    }
}
