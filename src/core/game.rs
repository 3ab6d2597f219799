//! The seam every game plugs into: the [`Game`] trait, and the [`Variant`] enum that
//! names the games for files and the command line.

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
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 2] = [Variant::Interstellar, Variant::Triangular];

    /// The lower-case name used on the command line (`interstellar`, `triangular`).
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Interstellar => "interstellar",
            Variant::Triangular => "triangular",
        }
    }

    /// The display name used in record headers (`Interstellar`, `Triangular`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Interstellar => "Interstellar",
            Variant::Triangular => "Triangular",
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
#[error("unknown variant `{0}` (expected `interstellar` or `triangular`)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads `interstellar` or `triangular`, in any letter case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// A game position with its rules: what the records, the solver, the app and the
/// command line need from each game, and nothing more.
///
/// Positions are values: [`Game::play`] changes one in place and `clone` is cheap
/// (a few hundred bytes, no heap), so search code copies and plays.
pub trait Game: Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// A move: from-cell, to-cell and whatever else the game needs (a promotion piece).
    type Move: Copy + Debug + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// How a finished game ended: winner (if any) and reason. Its `Display` is the
    /// command line's `result:` text, e.g. `positive wins by target-out`.
    type Outcome: Copy + Debug + PartialEq + Eq + Display + Send + Sync + 'static;
    /// Why a position string was rejected; lists every problem found.
    type PositionError: std::error::Error + Send + Sync + 'static;
    /// Why a move text could not be read against a position.
    type NotationError: std::error::Error + Send + Sync + 'static;

    /// Which game this is.
    const VARIANT: Variant;

    /// The opening position of the game.
    fn opening() -> Self;

    /// Reads a position string in the game's format, checking that the position is
    /// valid. Errors name the place and the reason of every problem found.
    fn from_position_string(text: &str) -> Result<Self, Self::PositionError>;

    /// Writes the position string; [`Game::from_position_string`] reads it back to an
    /// equal position.
    fn position_string(&self) -> String;

    /// Appends every legal move to `moves` (nothing when the game is over).
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves (0 when the game is over); may be faster than
    /// generating them.
    fn count_legal_moves(&self) -> u64 {
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

    /// Writes a legal move in the game's notation, with its suffix (`+`, `++`, ` out`
    /// in Interstellar; `+`, `#` in Triangular).
    fn move_to_notation(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation against this position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::NotationError>;

    /// A 64-bit Zobrist hash of the position (pieces, their names where the game has
    /// them, side to move).
    fn zobrist_hash(&self) -> u64;

    /// `true` when the player who moves first in the game (Interstellar's positive
    /// player, Triangular's White) is to move: records number moves from it.
    fn is_first_player_to_move(&self) -> bool;

    /// The move number of the next move, as records write it (`1` in the opening).
    fn move_number(&self) -> u32 {
        1
    }

    /// The name of the cell with bit index `slot` in the game's fixed, absolute naming
    /// (Interstellar: row then index as the positive player counts them, `"43"`;
    /// Triangular: `"c1d"`), or `None` when `slot` is not a cell. Used for board marks.
    fn cell_name(slot: u8) -> Option<String>;

    /// The bit index of a cell named as [`Game::cell_name`] writes it (letter case
    /// ignored), or `None`.
    fn parse_cell_name(text: &str) -> Option<u8>;

    /// The move's from- and to-cells as bit indices (the ids of [`Game::cell_name`]).
    fn move_cells(mv: Self::Move) -> (u8, u8);

    /// Whether the side to move is attacked where it matters: the planet in Target
    /// (Interstellar) or the king in check (Triangular).
    fn is_in_check(&self) -> bool;

    /// The player to move, as a word: `positive`/`negative` or `White`/`Black`.
    fn side_to_move_word(&self) -> &'static str;

    /// Why moving the piece on `from` to `to` is not a legal move here, in a short
    /// sentence for the status bar (e.g. "That would leave your planet in Target").
    fn explain_illegal(&self, from: u8, to: u8) -> String;
}
