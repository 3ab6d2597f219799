//! What the solver needs from a game beyond [`Game`]: the [`SolverGame`] trait, and its
//! implementations for both games.
//!
//! Sources: Target Out and the other endings, `docs/rules-interstellar.md` §7 *How the
//! game ends*; checkmate, `docs/rules-triangular.md` §6 *Check, mate and draws*.

use super::stipulation::Goal;
use crate::core::game::Game;
use crate::core::{draughts, interstellar, triangular};

/// What the solver needs from a game beyond [`Game`]: whether a goal has been reached,
/// and a "pass" to find threats.
pub trait SolverGame: Game {
    /// Whether `goal` has been reached for the side that has just moved (the side not to
    /// move), judged in this position with its opponent to move. A goal that does not
    /// exist in the game ([`Goal::applies_to`]) is never reached.
    fn goal_reached(&self, goal: Goal) -> bool;

    /// This position with the other side to move (a "null move"), or `None` when that
    /// is not a valid position (the side to move is in Target or in check, or the
    /// position string's other rules refuse it). Used only to find threats, not in the
    /// search itself; it may allocate.
    fn passed(&self) -> Option<Self>;

    /// Whether the game is drawn at once in this position by a count it carries
    /// (draughts' 25-move rule, `docs/rules-draughts.md` *End of the game*). A side
    /// without a legal move has lost even then: [`SolverGame::goal_reached`] is judged
    /// first. `false` for a game whose draws must be claimed.
    #[inline]
    fn drawn(&self) -> bool {
        false
    }

    /// Whether the side to move may claim a draw here by a count the position carries
    /// (Triangular's fifty-move rule, `docs/rules-triangular.md` §6 *Check, mate and
    /// draws*). The solver asks it only with the defender to move, after the goal has
    /// been judged (a mate stands): the defender claims, and the line fails. The
    /// attacker never claims. `false` for a game without such a claim.
    #[inline]
    fn claimable(&self) -> bool {
        false
    }

    /// What the position's draw count adds to [`Game::zobrist`] in the solver's table,
    /// so that positions alike but nearer the draw are told apart (0 when the game has
    /// no such count).
    #[inline]
    fn count_key(&self) -> u64 {
        0
    }
}

impl SolverGame for interstellar::Position {
    /// Target Out: the planet of the side to move is in Target and that side has no
    /// legal move, whatever ending names the result (`docs/rules-interstellar.md` §7
    /// *How the game ends*, *Project decision: naming a result*). Win: any ending
    /// ([`interstellar::Position::outcome`]); the side that has just moved always wins.
    #[inline]
    fn goal_reached(&self, goal: Goal) -> bool {
        match goal {
            Goal::TargetOut => self.is_target_out(),
            Goal::Win => self.outcome().is_some(),
            Goal::Mate => false,
        }
    }

    fn passed(&self) -> Option<Self> {
        let mut setup = self.to_setup();
        setup.side_to_move = setup.side_to_move.other();
        interstellar::Position::from_setup(&setup).ok()
    }
}

impl SolverGame for triangular::Position {
    /// Mate and win are the same: the side to move is in check and has no legal move
    /// (`docs/rules-triangular.md` §6 *Check, mate and draws*: checkmate is the only win).
    #[inline]
    fn goal_reached(&self, goal: Goal) -> bool {
        match goal {
            Goal::Mate | Goal::Win => self.is_check() && self.count_moves() == 0,
            Goal::TargetOut => false,
        }
    }

    fn passed(&self) -> Option<Self> {
        let mut setup = self.to_setup();
        setup.side_to_move = setup.side_to_move.other();
        triangular::Position::from_setup(&setup).ok()
    }

    /// Fifty moves by each side without a capture or a pawn move: the side to move may
    /// claim ([`triangular::Position::can_claim_fifty_move_draw`]).
    #[inline]
    fn claimable(&self) -> bool {
        self.can_claim_fifty_move_draw()
    }

    /// The half-move clock, once the claim could come within the longest stipulation
    /// (positions far from it share their entries whatever the clock).
    #[inline]
    fn count_key(&self) -> u64 {
        let clock = self.halfmove_clock();
        if clock + 2 * super::stipulation::MAX_STIPULATION_MOVES < 100 {
            0
        } else {
            u64::from(clock.min(100) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
    }
}

impl SolverGame for draughts::Position {
    /// Win: the side to move has no legal move, which loses
    /// (`docs/rules-draughts.md` *End of the game*); draughts has no mate or Target Out.
    #[inline]
    fn goal_reached(&self, goal: Goal) -> bool {
        match goal {
            Goal::Win => self.count_moves() == 0,
            Goal::Mate | Goal::TargetOut => false,
        }
    }

    fn passed(&self) -> Option<Self> {
        let mut setup = self.to_setup();
        setup.side_to_move = setup.side_to_move.other();
        draughts::Position::from_setup(&setup).ok()
    }

    /// The 50th move in a row in which only kings moved and nothing was captured draws
    /// at once.
    #[inline]
    fn drawn(&self) -> bool {
        self.halfmoves() >= 50
    }

    #[inline]
    fn count_key(&self) -> u64 {
        u64::from(self.halfmoves() + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}
