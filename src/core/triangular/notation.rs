//! SAN-like move notation (`docs/rules-triangular.md` §7 *Writing down moves*): writing
//! with minimal disambiguation and reading short and long forms.

use crate::core::moves::MoveList;

use super::geometry::{Cell, Shade};
use super::movegen::Move;
use super::pieces::Kind;
use super::position::Position;

/// Why a move text could not be read against a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not of the form `[piece][origin][x|-]cell[=piece][+|#]`.
    #[error("bad move syntax at character {position}: {message}")]
    Syntax {
        /// 1-based character position of the problem.
        position: usize,
        /// What was expected.
        message: String,
    },
    /// The game is over: there are no moves at all.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// No piece of that kind (from that origin) can move to the destination.
    #[error("no {} can go to {to}", .kind.word())]
    NoSuchMove {
        /// The piece kind named (pawn when none).
        kind: Kind,
        /// The destination cell.
        to: Cell,
    },
    /// Several pieces fit the text.
    #[error("ambiguous: {} from {} can go to {to}; name the origin", .kind.word(), list(.candidates))]
    Ambiguous {
        /// The piece kind named.
        kind: Kind,
        /// The destination cell.
        to: Cell,
        /// The origins of the pieces that fit.
        candidates: Vec<Cell>,
    },
    /// The piece can move there, but doing so leaves (or puts) its own king in check.
    #[error("{mv} is illegal: it leaves the king in check")]
    LeavesKingInCheck {
        /// The move.
        mv: Move,
    },
    /// A pawn reaching a promotion cell must name its new piece.
    #[error("a pawn reaching {to} must promote: add =Q, =R, =B or =N")]
    MissingPromotion {
        /// The promotion cell.
        to: Cell,
    },
    /// A promotion was named for a move that does not promote.
    #[error("only a pawn reaching its promotion cells promotes; {to} is not one")]
    NotAPromotion {
        /// The destination cell.
        to: Cell,
    },
}

fn list(cells: &[Cell]) -> String {
    cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(" or ")
}

/// The origin part of a move text.
#[derive(Clone, Copy, Debug, Default)]
struct Origin {
    file: Option<u8>,
    row: Option<u8>,
    shade: Option<Shade>,
}

impl Origin {
    fn fits(&self, c: Cell) -> bool {
        self.file.is_none_or(|f| c.file() == f)
            && self.row.is_none_or(|r| c.row() == r)
            && self.shade.is_none_or(|s| c.shade() == s)
    }
}

impl Position {
    /// Writes a legal move in SAN style (`docs/rules-triangular.md` §7 *Writing down
    /// moves*): piece letter (none for a pawn), the origin only where needed (file, else
    /// row, else whole cell; a pawn capture always gives the file; a pawn's origin is
    /// never a bare row), `x` for a capture, the destination, `=Q` etc., then `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let Some(kind) = self.kind_at(mv.from.slot()) else {
            return mv.to_string();
        };
        let capture = self.by_side(self.side_to_move.other()).contains(mv.to.slot());
        let mut legal = MoveList::new();
        self.legal_moves_to(kind, mv.to, &mut legal);
        let rivals: MoveList<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.to == mv.to
                    && m.promotion == mv.promotion
                    && m.from != mv.from
                    && self.kind_at(m.from.slot()) == Some(kind)
            })
            .collect();
        let file_unique = rivals.iter().all(|m| m.from.file() != mv.from.file());
        let row_unique = rivals.iter().all(|m| m.from.row() != mv.from.row());
        let file_char = (b'a' + mv.from.file()) as char;
        let mut s = String::new();
        if kind == Kind::Pawn {
            if capture || !rivals.is_empty() {
                if file_unique {
                    s.push(file_char);
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
        } else {
            s.push(kind.letter());
            if !rivals.is_empty() {
                if file_unique {
                    s.push(file_char);
                } else if row_unique {
                    s.push_str(&mv.from.row().to_string());
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(p.letter());
        }
        let mut after = self.clone();
        after.play(mv);
        if after.is_check() {
            s.push(if after.count_moves() == 0 { '#' } else { '+' });
        }
        s
    }

    /// Reads a move against this position: short SAN (`Nd3l`, `cxd3l`, `e8l=Q`,
    /// `Qxf8l+`) or long form (`Nb1l-d3l`, `c2l-d3l`); the cell suffix `d`/`l` in either
    /// case; `x` optional; any trailing `+`, `#`, `!`, `?` ignored; `=` before the
    /// promotion letter optional.
    ///
    /// # Errors
    /// [`NotationError`]: bad syntax (with the character position), no such move,
    /// ambiguous (naming the candidates), leaves the king in check, missing or
    /// needless promotion, game over. Never panics.
    pub fn parse_san(&self, text: &str) -> Result<Move, NotationError> {
        let chars: Vec<char> = text.chars().collect();
        let syntax = |i: usize, message: &str| NotationError::Syntax { position: i + 1, message: message.to_string() };
        let mut lo = 0;
        let mut hi = chars.len();
        while lo < hi && chars[lo].is_whitespace() {
            lo += 1;
        }
        while hi > lo && (chars[hi - 1].is_whitespace() || "+#!?".contains(chars[hi - 1])) {
            hi -= 1;
        }
        if lo == hi {
            return Err(syntax(lo, "empty move"));
        }
        // Promotion.
        let mut promotion = None;
        let promo_role = |c: char| match c.to_ascii_uppercase() {
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            _ => None,
        };
        if hi - lo >= 2 && chars[hi - 2] == '=' {
            promotion =
                Some(promo_role(chars[hi - 1]).ok_or_else(|| syntax(hi - 1, "promotion piece must be Q, R, B or N"))?);
            hi -= 2;
        } else if hi - lo >= 4 && "QRBN".contains(chars[hi - 1]) {
            promotion = promo_role(chars[hi - 1]);
            hi -= 1;
        }
        // Destination.
        if hi - lo < 3 {
            return Err(syntax(lo, "expected a destination cell such as d3l"));
        }
        let to = parse_cell(&chars[hi - 3..hi]).map_err(|k| syntax(hi - 3 + k, CELL_HELP))?;
        hi -= 3;
        if hi > lo && matches!(chars[hi - 1], 'x' | '-' | ':') {
            hi -= 1;
        }
        // Piece letter.
        let mut kind = Kind::Pawn;
        if lo < hi
            && let Some(r) = Kind::from_letter(chars[lo])
        {
            kind = r;
            lo += 1;
        }
        // Origin.
        let mut origin = Origin::default();
        let o = &chars[lo..hi];
        match o.len() {
            0 => {}
            1 if o[0].is_ascii_digit() => origin.row = Some(row_of(o[0]).ok_or_else(|| syntax(lo, "row must be 1-8"))?),
            1 => {
                origin.file = Some(
                    file_of(o[0])
                        .ok_or_else(|| syntax(lo, "expected a piece letter K Q R B N, a file a-h or a row 1-8"))?,
                )
            }
            2 => {
                origin.file = Some(file_of(o[0]).ok_or_else(|| syntax(lo, "expected a file a-h"))?);
                origin.row = Some(row_of(o[1]).ok_or_else(|| syntax(lo + 1, "expected a row 1-8"))?);
            }
            3 => {
                let c = parse_cell(o).map_err(|k| syntax(lo + k, CELL_HELP))?;
                origin.file = Some(c.file());
                origin.row = Some(c.row());
                origin.shade = Some(c.shade());
            }
            _ => {
                return Err(syntax(lo, "expected an origin (file, row or cell) before the destination"));
            }
        }
        if kind == Kind::Pawn && origin.row.is_some() && origin.file.is_none() {
            return Err(syntax(lo, "a pawn's origin is its file or its whole cell, never a bare row"));
        }

        if self.is_king_against_king() {
            return Err(NotationError::GameOver);
        }
        let mut found = MoveList::new();
        self.legal_moves_to(kind, to, &mut found);
        let fits = |m: &Move| m.to == to && origin.fits(m.from) && self.kind_at(m.from.slot()) == Some(kind);
        found.retain(|m| fits(m));
        if found.is_empty() {
            if self.count_moves() == 0 {
                return Err(NotationError::GameOver);
            }
            let mut pseudo = MoveList::new();
            self.pseudo_legal_moves(&mut pseudo);
            return Err(match pseudo.iter().copied().find(|m| fits(m)) {
                Some(m) => NotationError::LeavesKingInCheck { mv: Move { promotion: promotion.or(m.promotion), ..m } },
                None => NotationError::NoSuchMove { kind, to },
            });
        }
        let promotes = found.iter().any(|m| m.promotion.is_some());
        match (promotes, promotion) {
            (true, None) => return Err(NotationError::MissingPromotion { to }),
            (false, Some(_)) => return Err(NotationError::NotAPromotion { to }),
            (true, Some(p)) => found.retain(|m| m.promotion == Some(p)),
            (false, None) => {}
        }
        match found.as_slice() {
            [m] => Ok(*m),
            many => Err(NotationError::Ambiguous { kind, to, candidates: many.iter().map(|m| m.from).collect() }),
        }
    }
}

const CELL_HELP: &str = "expected a cell: file a-h, row 1-8, then d or l (e.g. d3l)";

fn file_of(c: char) -> Option<u8> {
    ('a'..='h').contains(&c).then(|| c as u8 - b'a')
}

fn row_of(c: char) -> Option<u8> {
    ('1'..='8').contains(&c).then(|| c as u8 - b'0')
}

/// Reads a 3-character cell name; on error, the offset of the faulty character.
fn parse_cell(c: &[char]) -> Result<Cell, usize> {
    let file = file_of(c[0]).ok_or(0usize)?;
    let row = row_of(c[1]).ok_or(1usize)?;
    let shade = match c[2].to_ascii_lowercase() {
        'd' => Shade::Dark,
        'l' => Shade::Light,
        _ => return Err(2),
    };
    Cell::from_parts(file, row, shade).ok_or(0)
}
