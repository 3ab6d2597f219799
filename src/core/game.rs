//! The seam every game plugs into: the [`Game`] trait with its cell, side, setup and
//! move types, and the [`Variant`] enum that names the games for files and the command
//! line.
//!
//! Each game implements the same vocabulary in the same files (`pieces`, `geometry`,
//! `setup`, `position`, `movegen`, `notation`): a [`BoardCell`], a [`GameSide`], an
//! unchecked [`BoardSetup`] that the board editor changes piece by piece, and the
//! checked position (the type implementing [`Game`]) that [`Game::from_setup`] makes from
//! it, listing every problem as a typed value.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use super::moves::MoveList;

/// The games Orrery knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Interstellar, GB 2186198 A (rules: `docs/rules-interstellar.md`).
    Interstellar,
    /// Triangular, HU 188326 (rules: `docs/rules-triangular.md`).
    Triangular,
    /// Triangular draughts, the draughts game HU 188326 names (rules:
    /// `docs/rules-draughts.md`).
    Draughts,
}

/// Runs `$body` with the type alias `$G` naming the position type of `$variant`: the one
/// place outside the game folders that maps a [`Variant`] to its type.
///
/// ```
/// use orrery::core::{Game, Variant, with_variant};
///
/// let moves = with_variant!(Variant::Triangular, G => G::opening().count_moves());
/// assert_eq!(moves, 34);
/// ```
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $G:ident => $body:expr) => {
        match $variant {
            $crate::core::Variant::Interstellar => {
                #[allow(unused)]
                type $G = $crate::core::interstellar::Position;
                $body
            }
            $crate::core::Variant::Triangular => {
                #[allow(unused)]
                type $G = $crate::core::triangular::Position;
                $body
            }
            $crate::core::Variant::Draughts => {
                #[allow(unused)]
                type $G = $crate::core::draughts::Position;
                $body
            }
        }
    };
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 3] = [Variant::Interstellar, Variant::Triangular, Variant::Draughts];

    /// The game a position string looks written for, by its form alone (it may still
    /// not read): draughts strings start `W:` or `B:`; Interstellar's end with the side
    /// to move `+` or `-`; Triangular's give it as `w` or `b` after the board
    /// (`docs/rules-*.md`, *Position strings*). `None` when the form says nothing.
    pub fn guess_from_position_string(text: &str) -> Option<Variant> {
        let text = text.trim();
        if text.starts_with("W:") || text.starts_with("B:") {
            return Some(Variant::Draughts);
        }
        let mut words = text.split_whitespace();
        let _board = words.next()?;
        match words.next()? {
            "+" | "-" => Some(Variant::Interstellar),
            "w" | "b" => Some(Variant::Triangular),
            _ => None,
        }
    }

    /// The lower-case name used on the command line (`interstellar`, `triangular`,
    /// `draughts`).
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Interstellar => "interstellar",
            Variant::Triangular => "triangular",
            Variant::Draughts => "draughts",
        }
    }

    /// The display name used in record headers and menus (`Interstellar`,
    /// `Triangular`, `Triangular draughts`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Interstellar => "Interstellar",
            Variant::Triangular => "Triangular",
            Variant::Draughts => "Triangular draughts",
        }
    }
}

impl Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The text did not name a known variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{}` (expected `interstellar`, `triangular` or `draughts`)", shown(.0))]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a key (`interstellar`, `triangular`, `draughts`) or a display name
    /// (`Triangular draughts`), in any letter case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s2 = s.trim();
        Variant::ALL
            .into_iter()
            .find(|v| v.key().eq_ignore_ascii_case(s2) || v.name().eq_ignore_ascii_case(s2))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// One landing of a move's route ([`Game::move_routes`]): the cell the piece lands on
/// and the piece it jumped on the way there, if the game captures by jumping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Landing<C> {
    /// Where the piece lands.
    pub cell: C,
    /// The cell of the piece jumped on the way (draughts); `None` otherwise.
    pub jumped: Option<C>,
}

/// A cell of a game's board. Every game numbers its cells by a *slot*, the cell's bit
/// index in the game's [`Bitboard`](super::bitboard::Bitboard) (`0..128`; not every slot
/// need be a cell). `Display` writes the cell's fixed, absolute name and `FromStr` reads
/// it back (letter case ignored): Interstellar `"43"` (row, then index as the positive
/// player counts them), Triangular `"c1d"`.
pub trait BoardCell: Copy + Debug + Display + FromStr + PartialEq + Eq + Hash + Ord + Send + Sync + 'static {
    /// The cell with bit index `slot`, or `None` when that slot is not a cell.
    fn from_slot(slot: u8) -> Option<Self>;
    /// The cell's bit index.
    fn slot(self) -> u8;
    /// Every cell of the board, in the game's own order.
    fn all() -> impl Iterator<Item = Self>;
}

/// A player of a two-player game. `Display` writes the side as position strings do
/// (`+`/`-`, `w`/`b`).
pub trait GameSide: Copy + Debug + Display + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// Both sides, the one that moves first in the opening first.
    const BOTH: [Self; 2];
    /// The other side.
    fn other(self) -> Self;
    /// `0` for the first player, `1` for the second (table index).
    fn index(self) -> usize;
    /// The side as a word in sentences: `positive`/`negative`, `White`/`Black`.
    fn name(self) -> &'static str;
}

/// An unchecked position: any arrangement of pieces and a side to move, as a position
/// string or the board editor makes it. [`Game::from_setup`] checks it.
pub trait BoardSetup: Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game's cell.
    type Cell: BoardCell;
    /// A piece as the board editor places it: a side and a kind.
    type Piece: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// The game's side.
    type Side: GameSide;
    /// One mistake in the text of a position string, with its place.
    type SyntaxError: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// An empty board with `side_to_move` to move.
    fn empty(side_to_move: Self::Side) -> Self;
    /// Reads a position string without checking the position.
    ///
    /// # Errors
    /// Every syntax mistake found, each with its place. Never panics.
    fn parse(text: &str) -> Result<Self, Vec<Self::SyntaxError>>;
    /// The position string of the setup, valid or not; [`BoardSetup::parse`] reads it
    /// back to an equal setup.
    fn position_string(&self) -> String;
    /// The piece on `cell`, if any.
    fn piece_at(&self, cell: Self::Cell) -> Option<Self::Piece>;
    /// Puts `piece` on `cell`, replacing what stood there.
    fn place(&mut self, cell: Self::Cell, piece: Self::Piece);
    /// Takes the piece off `cell`; returns it.
    fn remove(&mut self, cell: Self::Cell) -> Option<Self::Piece>;
    /// Moves the piece on `from` to `to`, replacing what stood there and keeping what
    /// the game remembers of the piece (an Interstellar piece's name). `false` when
    /// `from` is empty or equals `to`.
    fn move_piece(&mut self, from: Self::Cell, to: Self::Cell) -> bool;
    /// Takes every piece off the board.
    fn clear(&mut self);
    /// The side to move.
    fn side_to_move(&self) -> Self::Side;
    /// Sets the side to move.
    fn set_side_to_move(&mut self, side: Self::Side);
    /// Every piece the board editor's palette offers: the first player's, then the
    /// second's.
    fn palette() -> Vec<Self::Piece>;
    /// The side a piece belongs to.
    fn piece_side(piece: Self::Piece) -> Self::Side;
    /// The piece's kind in words: `quasar`, `knight`.
    fn kind_name(piece: Self::Piece) -> &'static str;
    /// Whether the piece is the one that is never captured but trapped (Interstellar's
    /// planet, `docs/rules-interstellar.md` §5; Triangular's king, §6 *Check, mate and
    /// draws*); `false` in games where every piece can be captured (draughts).
    fn is_royal(_piece: Self::Piece) -> bool {
        false
    }
    /// How the piece's kind moves, in one sentence without a capital or full stop
    /// ("runs any distance along the four diagonal lines"), for the pointer's status
    /// line and the rules pages' piece cards (the game's rules page, *How the pieces
    /// move*).
    fn kind_summary(piece: Self::Piece) -> &'static str;
    /// A short label such as "positive quasar" or "Black knight".
    fn piece_label(piece: Self::Piece) -> String {
        format!("{} {}", Self::piece_side(piece).name(), Self::kind_name(piece))
    }
    /// The name the piece on `cell` has, where the game names pieces (Interstellar:
    /// `"NQ"`); `None` otherwise.
    fn name_at(&self, _cell: Self::Cell) -> Option<String> {
        None
    }
    /// The names the piece on `cell` may take (its own included); empty where the game
    /// does not name pieces.
    fn free_names(&self, _cell: Self::Cell) -> Vec<String> {
        Vec::new()
    }
    /// Gives the piece on `cell` the name `name` (one of [`BoardSetup::free_names`]);
    /// `false` when that is refused.
    fn rename(&mut self, _cell: Self::Cell, _name: &str) -> bool {
        false
    }
}

/// Why a position string was rejected: the text could not be read (every syntax
/// mistake found), or it was read but the position is not valid (every problem found).
/// `Display` writes one problem a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError<S, I> {
    /// The text could not be read.
    Syntax(Vec<S>),
    /// The text was read but the position is not valid.
    Invalid(Vec<I>),
}

impl<S: Display, I: Display> Display for PositionError<S, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<String> = match self {
            PositionError::Syntax(v) => v.iter().map(ToString::to_string).collect(),
            PositionError::Invalid(v) => v.iter().map(ToString::to_string).collect(),
        };
        f.write_str(&lines.join("\n"))
    }
}

impl<S: Display + Debug, I: Display + Debug> std::error::Error for PositionError<S, I> {}

impl<S: Display, I: Display> PositionError<S, I> {
    /// Every problem as a sentence, one per item.
    pub fn problems(&self) -> Vec<String> {
        match self {
            PositionError::Syntax(v) => v.iter().map(ToString::to_string).collect(),
            PositionError::Invalid(v) => v.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A game's [`PositionError`].
pub type PositionErrorOf<G> = PositionError<<<G as Game>::Setup as BoardSetup>::SyntaxError, <G as Game>::Invalid>;

/// A game position with its rules: what the records, the solver, the engine, the app
/// and the command line need from each game, and nothing more.
///
/// Positions are values: [`Game::play`] changes one in place and `clone` is cheap
/// (a few hundred bytes, no heap), so search code copies and plays.
pub trait Game: Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// A cell of the board.
    type Cell: BoardCell;
    /// A player.
    type Side: GameSide;
    /// A piece as the board editor places it (side and kind).
    type Piece: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// The unchecked position.
    type Setup: BoardSetup<Cell = Self::Cell, Piece = Self::Piece, Side = Self::Side>;
    /// A move: from-cell, to-cell and whatever else the game needs (a promotion piece).
    type Move: Copy + Debug + PartialEq + Eq + Hash + Ord + Send + Sync + 'static;
    /// How a finished game ended: winner (if any) and reason. Its `Display` is the
    /// command line's `result:` text, e.g. `positive wins by target-out`.
    type Outcome: Copy + Debug + PartialEq + Eq + Display + Send + Sync + 'static;
    /// One way in which a setup breaks the game's rules of a valid position.
    type Invalid: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;
    /// Why a move text could not be read against a position.
    type NotationError: std::error::Error + Clone + Send + Sync + 'static;
    /// Why a move from one cell to another is not legal; `Display` is a short
    /// sentence (e.g. "That would leave your planet in Target").
    type IllegalMove: Copy + Debug + PartialEq + Eq + Display + Send + Sync + 'static;

    /// Which game this is.
    const VARIANT: Variant;

    /// The opening position of the game.
    fn opening() -> Self;

    /// Checks a setup against the game's rules of a valid position and builds the
    /// position.
    ///
    /// # Errors
    /// Every problem found.
    fn from_setup(setup: &Self::Setup) -> Result<Self, Vec<Self::Invalid>>;

    /// The position as an unchecked setup; [`Game::from_setup`] makes it back into an
    /// equal position.
    fn to_setup(&self) -> Self::Setup;

    /// Reads a position string in the game's format and checks the position.
    ///
    /// # Errors
    /// [`PositionError::Syntax`] with every text mistake, or [`PositionError::Invalid`]
    /// with every problem of the position.
    fn from_position_string(text: &str) -> Result<Self, PositionErrorOf<Self>> {
        let setup = Self::Setup::parse(text).map_err(PositionError::Syntax)?;
        Self::from_setup(&setup).map_err(PositionError::Invalid)
    }

    /// Writes the position string; [`Game::from_position_string`] reads it back to an
    /// equal position.
    fn position_string(&self) -> String;

    /// The player to move.
    fn side_to_move(&self) -> Self::Side;

    /// Appends every legal move to `moves` (nothing when the game is over).
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves (0 when the game is over); may be faster than
    /// generating them.
    fn count_moves(&self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays a move. The move must be one of [`Game::legal_moves`]; anything else
    /// leaves an unspecified (but memory-safe) position.
    fn play(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on. The position is judged as it
    /// stands, with the side to move about to play.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// How the game ended, given the Zobrist keys ([`Game::zobrist`]) of every position
    /// of the game so far, this one last: [`Game::outcome`], or an ending that needs the
    /// history (draughts' third repetition draws at once). By default the same as
    /// [`Game::outcome`].
    fn outcome_in(&self, _history: &[u64]) -> Option<Self::Outcome> {
        self.outcome()
    }

    /// Whether [`Game::outcome_in`] can end a game that [`Game::outcome`] says goes on
    /// (so callers gather the history only where it matters).
    const ENDS_BY_HISTORY: bool = false;

    /// The winner of a finished game, or `None` for a draw.
    fn winner(outcome: Self::Outcome) -> Option<Self::Side>;

    /// The ending in words for a banner or a record's Termination tag, e.g. "Target Out",
    /// "checkmate", "stalemate".
    fn ending_title(outcome: Self::Outcome) -> &'static str;

    /// The result as a sentence for the banner: "Positive wins by Target Out", "Draw by
    /// stalemate" (from [`Game::ending_title`] by default).
    fn outcome_sentence(outcome: Self::Outcome) -> String {
        let title = Self::ending_title(outcome);
        match Self::winner(outcome) {
            Some(winner) => {
                let name = winner.name();
                let mut chars = name.chars();
                let name: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
                format!("{name} wins by {title}")
            }
            None => format!("Draw by {title}"),
        }
    }

    /// Writes a legal move in the game's notation, with its suffix (`+`, `++`, ` out`
    /// in Interstellar; `+`, `#` in Triangular).
    fn notation(&self, mv: Self::Move) -> String;

    /// The suffix [`Game::notation`] ends `mv` with: `+`, `#`, `++`, ` out`, or `""`
    /// (what a reader checks a written suffix against; a game may find it without
    /// writing the whole move).
    fn notation_suffix(&self, mv: Self::Move) -> &'static str {
        let text = self.notation(mv);
        ["++", "+", "#", " out"].into_iter().find(|s| text.ends_with(s)).unwrap_or("")
    }

    /// Reads a move in the game's notation against this position.
    ///
    /// # Errors
    /// The move text cannot be read or is not a legal move here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::NotationError>;

    /// A 64-bit Zobrist hash of the position (pieces, their names where the game has
    /// them, side to move).
    fn zobrist(&self) -> u64;

    /// A 64-bit hash of the board as the rules see it: pieces by side and kind on their
    /// cells and the side to move, without the names a game gives its pieces
    /// (Interstellar), so positions that differ only in names share it. What a search
    /// of positions in a collection matches. The same as [`Game::zobrist`] for games
    /// without names.
    fn board_key(&self) -> u64 {
        self.zobrist()
    }

    /// The move number of the next move, as records write it (`1` in the opening).
    fn move_number(&self) -> u32 {
        1
    }

    /// `true` when the player who moves first in the game (Interstellar's positive
    /// player, Triangular's White) is to move: records number moves from it.
    fn is_first_player_to_move(&self) -> bool {
        self.side_to_move() == Self::Side::BOTH[0]
    }

    /// The move's from- and to-cells.
    fn move_cells(mv: Self::Move) -> (Self::Cell, Self::Cell);

    /// Every route of a legal move: the cells its piece lands on in order, the to-cell
    /// last, each with the piece it jumped to get there. One route of one landing (the
    /// to-cell, nothing jumped) in games whose moves make one step; a draughts capture
    /// of several pieces lands on several cells and may have several routes
    /// (`docs/rules-draughts.md` *Captures*). The board takes a move entered by clicking
    /// its landing cells from these. May allocate.
    fn move_routes(&self, mv: Self::Move) -> Vec<Vec<Landing<Self::Cell>>> {
        vec![vec![Landing { cell: Self::move_cells(mv).1, jumped: None }]]
    }

    /// The piece a move promotes to, where the game has promotion (Triangular); `None`
    /// for every other move.
    fn promotion(_mv: Self::Move) -> Option<Self::Piece> {
        None
    }

    /// Whether the side to move is attacked where it matters: the planet in Target
    /// (Interstellar) or the king in check (Triangular).
    fn is_in_check(&self) -> bool;

    /// Why moving the piece on `from` to `to` is not a legal move here.
    fn illegal_move(&self, from: Self::Cell, to: Self::Cell) -> Self::IllegalMove;

    /// Why no legal move starts on `cell` (the game is over, the side to move must
    /// answer Target or check, or the piece there cannot move).
    fn no_move_from(&self, cell: Self::Cell) -> Self::IllegalMove;

    /// What the game calls the side to move being attacked where it matters, for the
    /// status bar: `"planet in Target"` (Interstellar), `"check"` (Triangular).
    const CHECK_NAME: &'static str;

    /// The cell of the side to move's planet in Target or king in check, when it is.
    fn checked_cell(&self) -> Option<Self::Cell>;

    /// Whether the game has draws (by agreement and by claim); Interstellar has none.
    const HAS_DRAWS: bool = false;

    /// Whether the side to move may claim a draw here, given the Zobrist keys
    /// ([`Game::zobrist`]) of every position of the game so far, this one last.
    fn can_claim_draw(&self, _history: &[u64]) -> bool {
        false
    }

    /// Whether `side` has too little left to win at all, so that the other side's flag
    /// fall draws instead of losing (`docs/app.md` *Clocks*). In games without draws,
    /// never.
    fn cannot_win(&self, _side: Self::Side) -> bool {
        false
    }
}

/// Input text as an error message shows it: control characters escaped (`\r`,
/// `\u{0}`) and cut to 40 characters with `…`, so that a message never echoes a whole
/// 50,000-character word or a terminal escape.
pub fn shown(text: &str) -> String {
    escaped_and_cut(text, 40)
}

/// `text` with control characters escaped (`\r`, `\u{0}`) and cut to `max` characters
/// with `…` (what [`shown`] does for 40; whole messages are cut longer).
pub fn escaped_and_cut(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == max {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
