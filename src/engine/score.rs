//! Scores: centipawns (hundredths of a star or pawn) from the side to move's point of
//! view, and the band of forced wins and losses, reported as "mate in N".
//!
//! A won ending (Target Out, Super Nova, Total Annihilation, blocked in Interstellar,
//! `docs/rules-interstellar.md` §7 *How the game ends*; checkmate in Triangular,
//! `docs/rules-triangular.md` §6 *Check, mate and draws*) found `p` plies from the
//! root scores `MATE - p`; a loss `p` plies away scores `-(MATE - p)`.

use std::fmt;

/// The score of a won ending at the root itself (never seen: the game would be over).
pub const MATE: i32 = 30_000;
/// Scores at or above this (or at or below its negation) are forced wins (losses).
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every reachable score: the initial search window.
pub const INFINITY: i32 = MATE + 1;

/// A search score as reported: centipawns, or a forced result in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Hundredths of a star (Interstellar) or a pawn (Triangular), positive when the
    /// side to move stands better.
    Cp(i32),
    /// A forced end of the game in N moves of the side to move: positive when it
    /// wins (mate, Target Out, Super Nova, …, in N), negative when it loses in N.
    Mate(i32),
}

impl Score {
    /// The report form of an internal score (see the module docs).
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score) / 2))
        } else {
            Score::Cp(score)
        }
    }
}

impl Score {
    /// A number that orders scores from worst to best for the side to move: losses
    /// (the sooner the worse), centipawns, wins (the sooner the better).
    pub fn order_key(self) -> i64 {
        match self {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
            Score::Mate(n) => -1_000_000 - i64::from(n),
        }
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp 23`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Whether `score` is a forced win or loss.
#[inline(always)]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// `score` (relative to the root) as stored in the table: relative to the node `ply`
/// plies from the root, so that a mate score found through a transposition keeps its
/// true distance.
#[inline(always)]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`] at `ply`.
#[inline(always)]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_of_the_side_to_move() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_internal(57), Score::Cp(57));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(from_table(to_table(MATE - 7, 4), 4), MATE - 7);
        let ordered = [Score::Mate(-1), Score::Mate(-3), Score::Cp(-50), Score::Cp(20), Score::Mate(4), Score::Mate(1)];
        assert!(ordered.windows(2).all(|w| w[0].order_key() < w[1].order_key()));
        assert_eq!(from_table(to_table(-(MATE - 7), 3), 3), -(MATE - 7));
    }
}
