//! Stipulations: what the attacker (the side to move in a puzzle) must bring about,
//! and in how many of its own moves.
//!
//! Text forms (letter case and spaces between words are free on input):
//!
//! | goal | long form | short form | games |
//! |---|---|---|---|
//! | [`Goal::TargetOut`] | `Target Out in 2` | `out2` | Interstellar |
//! | [`Goal::Win`] | `win in 2` | `win2` | Interstellar, Triangular |
//! | [`Goal::Mate`] | `mate in 2` | `mate2` | Triangular |
//!
//! Sources: Target Out and the winning endings, `docs/rules-interstellar.md` §7 *How the
//! game ends* (a "Target Out in N" stipulation is met whenever the opponent's planet is
//! left in Target with no legal move, whichever name the result carries); checkmate,
//! `docs/rules-triangular.md` §6 *Check, mate and draws*.

use std::fmt;
use std::str::FromStr;

use crate::core::game::Variant;

/// The most moves a stipulation may ask for. The solver works for any `N`, but the
/// search grows exponentially: puzzles are meant for `N ≤ 3`.
pub const MAX_STIPULATION_MOVES: u32 = 20;

/// What the attacker must bring about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// Interstellar only: the defender's planet is in Target and the defender has no
    /// legal move, whatever ending names the result (a Super Nova that also leaves the
    /// planet in Target with no move counts; other endings do not).
    TargetOut,
    /// Any win of the attacker: in Interstellar any of Super Nova, Total Annihilation,
    /// Target Out or blocked; in Triangular checkmate (the only win).
    Win,
    /// Triangular only: the defender is checkmated.
    Mate,
}

impl Goal {
    /// Every goal, in the order of the module's table.
    pub const ALL: [Goal; 3] = [Goal::TargetOut, Goal::Win, Goal::Mate];

    /// The long form's goal words: `Target Out`, `win`, `mate`.
    pub const fn words(self) -> &'static str {
        match self {
            Goal::TargetOut => "Target Out",
            Goal::Win => "win",
            Goal::Mate => "mate",
        }
    }

    /// The short form's prefix: `out`, `win`, `mate`.
    pub const fn short(self) -> &'static str {
        match self {
            Goal::TargetOut => "out",
            Goal::Win => "win",
            Goal::Mate => "mate",
        }
    }

    /// Whether the goal exists in `variant`'s rules (Target Out: Interstellar; mate:
    /// Triangular; win: both).
    pub const fn applies_to(self, variant: Variant) -> bool {
        matches!(
            (self, variant),
            (Goal::TargetOut, Variant::Interstellar) | (Goal::Mate, Variant::Triangular) | (Goal::Win, _)
        )
    }

    /// Reads the goal words alone (`Target Out`, `targetout`, `out`, `win`, `mate`), in
    /// any letter case, with any spacing.
    pub fn from_words(text: &str) -> Option<Goal> {
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        match squeezed.as_str() {
            "targetout" | "out" => Some(Goal::TargetOut),
            "win" => Some(Goal::Win),
            "mate" => Some(Goal::Mate),
            _ => None,
        }
    }
}

impl fmt::Display for Goal {
    /// The goal words: `Target Out`, `win`, `mate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// Why a stipulation text was rejected, or does not fit a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StipulationError {
    /// Nothing but spaces.
    #[error("the stipulation is empty (expected e.g. `Target Out in 2`, `win in 2`, `mate in 2`, `out2`)")]
    Empty,
    /// The goal words are not `Target Out`, `win` or `mate`.
    #[error("unknown goal `{0}` in the stipulation (expected `Target Out`, `win` or `mate`)")]
    UnknownGoal(String),
    /// No number of moves, or not a number.
    #[error("`{0}` is not a number of moves (expected e.g. `Target Out in 2` or `out2`)")]
    BadMoveCount(String),
    /// The number of moves is 0 or above [`MAX_STIPULATION_MOVES`].
    #[error("{0} moves is out of range (a stipulation asks for 1 to {MAX_STIPULATION_MOVES} moves)")]
    MovesOutOfRange(u64),
    /// The goal does not exist in the game.
    #[error("`{goal}` is not a goal in {variant} (Target Out is Interstellar's, mate is Triangular's)")]
    WrongVariant {
        /// The goal asked for.
        goal: Goal,
        /// The game of the position.
        variant: Variant,
    },
}

/// A stipulation: the attacker, to move, must reach `goal` within `moves` of its own
/// moves against any defence. `moves` is `1..=MAX_STIPULATION_MOVES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    /// What must be brought about.
    pub goal: Goal,
    /// Within how many of the attacker's moves (the key counts as the first).
    pub moves: u32,
}

impl Stipulation {
    /// A stipulation, checking the move count.
    ///
    /// # Errors
    /// [`StipulationError::MovesOutOfRange`] when `moves` is 0 or above
    /// [`MAX_STIPULATION_MOVES`].
    pub fn new(goal: Goal, moves: u32) -> Result<Stipulation, StipulationError> {
        if moves == 0 || moves > MAX_STIPULATION_MOVES {
            return Err(StipulationError::MovesOutOfRange(moves.into()));
        }
        Ok(Stipulation { goal, moves })
    }

    /// The short form: `out2`, `win2`, `mate2`.
    pub fn short(&self) -> String {
        format!("{}{}", self.goal.short(), self.moves)
    }

    /// Checks that the goal exists in `variant`.
    ///
    /// # Errors
    /// [`StipulationError::WrongVariant`].
    pub fn check_variant(&self, variant: Variant) -> Result<(), StipulationError> {
        if self.goal.applies_to(variant) {
            Ok(())
        } else {
            Err(StipulationError::WrongVariant { goal: self.goal, variant })
        }
    }
}

impl fmt::Display for Stipulation {
    /// The long form: `Target Out in 2`, `win in 2`, `mate in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.goal.words(), self.moves)
    }
}

fn parse_moves(text: &str) -> Result<u32, StipulationError> {
    let t = text.trim();
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(StipulationError::BadMoveCount(t.to_string()));
    }
    // Digits only: the only failure left is overflow, which is out of range too.
    let n: u64 = t.parse().unwrap_or(u64::MAX);
    match u32::try_from(n) {
        Ok(m) if (1..=MAX_STIPULATION_MOVES).contains(&m) => Ok(m),
        _ => Err(StipulationError::MovesOutOfRange(n)),
    }
}

impl FromStr for Stipulation {
    type Err = StipulationError;

    /// Reads the long form (`Target Out in 2`, `win in 2`, `mate in 2`) or the short
    /// form (`out2`, `win2`, `mate2`; also `targetout2`), in any letter case. Never
    /// panics.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        if t.is_empty() {
            return Err(StipulationError::Empty);
        }
        let lower = t.to_ascii_lowercase();
        // Long form: "<goal words> in <N>".
        let words: Vec<&str> = lower.split_whitespace().collect();
        if let Some(k) = words.iter().rposition(|w| *w == "in") {
            let goal_text = words[..k].join(" ");
            let goal = Goal::from_words(&goal_text).ok_or(StipulationError::UnknownGoal(goal_text))?;
            let moves = parse_moves(&words[k + 1..].join(" "))?;
            return Ok(Stipulation { goal, moves });
        }
        // Short form: letters then digits.
        let split = lower.find(|c: char| c.is_ascii_digit()).unwrap_or(lower.len());
        let (goal_text, digits) = lower.split_at(split);
        let goal = Goal::from_words(goal_text).ok_or_else(|| StipulationError::UnknownGoal(goal_text.trim().into()))?;
        let moves = parse_moves(digits)?;
        Ok(Stipulation { goal, moves })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_and_short_forms() {
        let s: Stipulation = "Target Out in 2".parse().unwrap();
        assert_eq!(s, Stipulation { goal: Goal::TargetOut, moves: 2 });
        assert_eq!(s.to_string(), "Target Out in 2");
        assert_eq!(s.short(), "out2");
        assert_eq!("out3".parse::<Stipulation>().unwrap().moves, 3);
        assert_eq!("MATE IN 1".parse::<Stipulation>().unwrap(), Stipulation { goal: Goal::Mate, moves: 1 });
        assert_eq!("win2".parse::<Stipulation>().unwrap().goal, Goal::Win);
        assert!(matches!("draw in 2".parse::<Stipulation>(), Err(StipulationError::UnknownGoal(_))));
        assert!(matches!("mate in 0".parse::<Stipulation>(), Err(StipulationError::MovesOutOfRange(0))));
        assert!(matches!("mate in x".parse::<Stipulation>(), Err(StipulationError::BadMoveCount(_))));
        assert!(matches!("out".parse::<Stipulation>(), Err(StipulationError::BadMoveCount(_))));
        assert!(
            Stipulation { goal: Goal::TargetOut, moves: 1 }.check_variant(Variant::Triangular).is_err()
                && Stipulation { goal: Goal::Win, moves: 1 }.check_variant(Variant::Triangular).is_ok()
        );
    }
}
