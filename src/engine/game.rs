//! What the engine needs from a game beyond [`Game`]: the [`EngineGame`] trait, and its
//! implementations for both games. A third game gets the engine by implementing it:
//! an evaluation and a few cheap facts about moves.

use crate::core::game::{BoardCell, Game};
use crate::core::moves::MoveList;
use crate::core::{draughts, interstellar, triangular};

use super::eval::{draughts as draughts_eval, interstellar as interstellar_eval, triangular as triangular_eval};

/// What the search needs from a game beyond [`Game`]. Every method is cheap and
/// allocation-free: they run at every node.
pub trait EngineGame: Game {
    /// The static evaluation in centipawns (hundredths of a star or pawn) from the
    /// side to move's point of view, with the game's default weights. Meaningful only
    /// for a position whose game goes on.
    fn evaluate(&self) -> i32;

    /// A nonzero number below `2^22` naming `mv` among the moves of any position (for
    /// the transposition table, killers and history).
    fn move_key(mv: Self::Move) -> u32;

    /// For a move the quiescence search must look at — a capture, a promotion, a move
    /// that ends the game at once (Super Nova) — its ordering value (most valuable
    /// victim first, least valuable attacker next); `None` for a quiet move.
    fn tactical_value(&self, mv: Self::Move) -> Option<i32>;

    /// The legal moves for which [`EngineGame::tactical_value`] is `Some`, generated
    /// without the quiet ones (the quiescence search's moves).
    fn tactical_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The static exchange evaluation of the tactical move `mv` in centipawns: what it
    /// wins once both sides have gone on capturing on its cell while that pays (a
    /// negative number: the capture loses material). `None` where the game has none
    /// (the default), and every capture is then searched as it comes.
    fn static_exchange(&self, mv: Self::Move) -> Option<i32> {
        let _ = mv;
        None
    }

    /// Whether the side to move has so few replies that the quiescence search must
    /// play them all instead of standing pat: in check or Target, or (draughts) bound
    /// to capture. [`Game::is_in_check`] by default.
    fn must_answer(&self) -> bool {
        self.is_in_check()
    }

    /// Whether the game is over whatever moves remain (Interstellar's Super Nova and
    /// Total Annihilation; Triangular's two bare kings): the quiescence search, which
    /// does not generate every move, asks this instead.
    fn has_ended_without_moves(&self) -> bool;

    /// Whether no position before `mv` can come back after it (a capture, a star or
    /// pawn move): repetitions are looked for only since the last such move.
    fn is_irreversible(&self, mv: Self::Move) -> bool;

    /// Passes (a "null move"); called only when the side to move is not in check or
    /// Target.
    fn play_null(&mut self);

    /// Whether a null move is sound enough here: the side to move has pieces whose
    /// moves make zugzwang unlikely (see the search's docs for the guard).
    fn null_move_allowed(&self) -> bool;

    /// Whether the position is drawn by a rule that search must score as a draw even
    /// though moves remain (Triangular's fifty-move rule, `docs/rules-triangular.md` §6
    /// *Check, mate and draws*). `false` by default.
    fn is_rule_draw(&self) -> bool {
        false
    }

    /// The number of plies since the last irreversible move, when the position knows it
    /// (Triangular's half-move clock); `None` otherwise.
    fn reversible_plies(&self) -> Option<u32> {
        None
    }
}

/// A history-table index `0..128*128` for a move (from-slot, to-slot).
#[inline(always)]
pub(crate) fn from_to<G: Game>(mv: G::Move) -> usize {
    let (from, to) = G::move_cells(mv);
    (from.slot() as usize & 127) * 128 + (to.slot() as usize & 127)
}

impl EngineGame for interstellar::Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        interstellar_eval::evaluate(self, &interstellar_eval::Weights::DEFAULT)
    }

    #[inline(always)]
    fn move_key(mv: interstellar::Move) -> u32 {
        1 + ((u32::from(mv.from.slot()) << 7) | u32::from(mv.to.slot()))
    }

    /// Captures (`docs/rules-interstellar.md` §5: every piece captures by moving onto
    /// an enemy piece) and stars stepping onto the opponent's first row (Super Nova,
    /// §7 *How the game ends*).
    #[inline]
    fn tactical_value(&self, mv: interstellar::Move) -> Option<i32> {
        let mover = self.piece_at(mv.from)?;
        let attacker = interstellar_eval::Weights::DEFAULT.material[mover.kind() as usize];
        if let Some(victim) = self.piece_at(mv.to) {
            let value = interstellar_eval::Weights::DEFAULT.material[victim.kind() as usize];
            return Some(16 * value - attacker / 16);
        }
        if mover.kind() == interstellar::Kind::Star && mv.to.row() == mover.side.other().first_row() {
            return Some(1_000_000);
        }
        None
    }

    #[inline]
    fn tactical_moves(&self, moves: &mut MoveList<interstellar::Move>) {
        interstellar::Position::tactical_moves(self, moves);
    }

    /// [`interstellar::Position::static_exchange`] with the evaluation's piece values
    /// (a planet worth 10,000); `None` for a move that ends the game (a Super Nova
    /// step, taking the opponent's last piece but the planet), which no exchange
    /// judges.
    #[inline]
    fn static_exchange(&self, mv: interstellar::Move) -> Option<i32> {
        use interstellar::Kind;
        let mover = self.piece_at(mv.from)?;
        if mover.kind() == Kind::Star && mv.to.row() == mover.side.other().first_row() {
            return None;
        }
        let them = self.side_cells(mover.side.other());
        if them.contains(mv.to.slot()) && them.minus(self.kind_cells(Kind::Planet)).count() == 1 {
            return None;
        }
        let mut values = interstellar_eval::Weights::DEFAULT.material;
        values[Kind::Planet as usize] = 10_000;
        Some(interstellar::Position::static_exchange(self, mv, &values))
    }

    #[inline]
    fn has_ended_without_moves(&self) -> bool {
        self.has_static_ending()
    }

    #[inline]
    fn is_irreversible(&self, mv: interstellar::Move) -> bool {
        self.piece_at(mv.to).is_some() || self.piece_at(mv.from).is_some_and(|p| p.kind() == interstellar::Kind::Star)
    }

    #[inline]
    fn play_null(&mut self) {
        interstellar::Position::play_null(self);
    }

    /// A null move needs a quasar, nebula or pulsar besides the planet: with only
    /// stars, black holes and the planet left a side is often in zugzwang or close to
    /// being blocked (no legal move loses, `docs/rules-interstellar.md` §7).
    #[inline]
    fn null_move_allowed(&self) -> bool {
        use interstellar::Kind;
        let own = self.side_cells(self.side_to_move());
        let strong = self.kind_cells(Kind::Quasar) | self.kind_cells(Kind::Nebula) | self.kind_cells(Kind::Pulsar);
        (own & strong).any()
    }
}

impl EngineGame for triangular::Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        triangular_eval::evaluate(self, &triangular_eval::Weights::DEFAULT)
    }

    #[inline(always)]
    fn move_key(mv: triangular::Move) -> u32 {
        let promotion = mv.promotion.map_or(0, |k| k.index() as u32 + 1);
        1 + ((promotion << 14) | (u32::from(mv.from.slot()) << 7) | u32::from(mv.to.slot()))
    }

    /// Captures and promotions (`docs/rules-triangular.md` §4 *How the pieces move*).
    #[inline]
    fn tactical_value(&self, mv: triangular::Move) -> Option<i32> {
        let w = &triangular_eval::Weights::DEFAULT;
        let mover = self.piece_at(mv.from)?;
        let attacker = w.material[mover.kind.index()];
        let pawn = w.material[triangular::Kind::Pawn.index()];
        let promotion = mv.promotion.map_or(0, |k| w.material[k.index()] - pawn);
        match self.piece_at(mv.to) {
            Some(victim) => Some(16 * w.material[victim.kind.index()] - attacker / 16 + promotion),
            None if mv.promotion.is_some() => Some(promotion),
            None => None,
        }
    }

    /// [`triangular::Position::static_exchange`] with the evaluation's piece values (a
    /// king worth 10,000).
    #[inline]
    fn static_exchange(&self, mv: triangular::Move) -> Option<i32> {
        let mut values = triangular_eval::Weights::DEFAULT.material;
        values[triangular::Kind::King.index()] = 10_000;
        Some(triangular::Position::static_exchange(self, mv, &values))
    }

    #[inline]
    fn tactical_moves(&self, moves: &mut MoveList<triangular::Move>) {
        triangular::Position::tactical_moves(self, moves);
    }

    #[inline]
    fn has_ended_without_moves(&self) -> bool {
        self.is_king_against_king()
    }

    #[inline]
    fn is_irreversible(&self, mv: triangular::Move) -> bool {
        self.piece_at(mv.to).is_some() || self.piece_at(mv.from).is_some_and(|p| p.kind == triangular::Kind::Pawn)
    }

    #[inline]
    fn play_null(&mut self) {
        triangular::Position::play_null(self);
    }

    /// A null move needs a piece other than king and pawns (the chess rule of thumb:
    /// zugzwang lives in king-and-pawn endings).
    #[inline]
    fn null_move_allowed(&self) -> bool {
        use triangular::Kind;
        let side = self.side_to_move();
        let pieces = self.by_side(side);
        (pieces.minus(self.pieces(side, Kind::King)).minus(self.pieces(side, Kind::Pawn))).any()
    }

    /// The fifty-move rule: 100 half-moves with no capture and no pawn move
    /// (`docs/rules-triangular.md` §6 *Check, mate and draws*). King against king has
    /// no moves and is scored by the search's terminal rule.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.can_claim_fifty_move_draw()
    }

    #[inline]
    fn reversible_plies(&self) -> Option<u32> {
        Some(self.halfmove_clock())
    }
}

impl EngineGame for draughts::Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        draughts_eval::evaluate(self, &draughts_eval::Weights::DEFAULT)
    }

    /// From- and to-slot and a fold of the set of jumped pieces (moves with the same
    /// cells differ there).
    #[inline(always)]
    fn move_key(mv: draughts::Move) -> u32 {
        let fold = (mv.captured.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 55) as u32;
        1 + ((fold << 12) | (u32::from(mv.from.slot()) << 6) | u32::from(mv.to.slot()))
    }

    /// Captures (by the pieces they take, kings first) and men's steps onto a
    /// promotion cell (`docs/rules-draughts.md` *Captures*, *Promotion*).
    #[inline]
    fn tactical_value(&self, mv: draughts::Move) -> Option<i32> {
        let us = self.side_to_move();
        if mv.is_capture() {
            let kings = (mv.captured & self.kings(us.other())).count_ones() as i32;
            return Some(100 * mv.capture_count() as i32 + 200 * kings);
        }
        let man = self.men(us) & mv.from.bit() != 0;
        (man && draughts::promotion_cells(us) & mv.to.bit() != 0).then_some(50)
    }

    fn tactical_moves(&self, moves: &mut MoveList<draughts::Move>) {
        let mut all = MoveList::new();
        draughts::Position::legal_moves(self, &mut all);
        moves.extend(all.into_iter().filter(|&mv| self.tactical_value(mv).is_some()));
    }

    /// No legal move: the only way a draughts game is lost.
    #[inline]
    fn has_ended_without_moves(&self) -> bool {
        self.pieces_of(self.side_to_move()) == 0 || draughts::Position::count_moves(self) == 0
    }

    /// A capture or a man's step (`docs/rules-draughts.md` *End of the game*: they
    /// restart the 25-move count).
    #[inline]
    fn is_irreversible(&self, mv: draughts::Move) -> bool {
        mv.is_capture() || self.men(self.side_to_move()) & mv.from.bit() != 0
    }

    #[inline]
    fn play_null(&mut self) {
        draughts::Position::play_null(self);
    }

    /// Never: zugzwang is everyday play in draughts, and a side bound to capture may
    /// not pass.
    #[inline]
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// A side bound to capture must (`docs/rules-draughts.md` *Pieces and moves*).
    #[inline]
    fn must_answer(&self) -> bool {
        self.must_capture()
    }

    /// The 25-move rule (`docs/rules-draughts.md` *End of the game*).
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.halfmoves() >= 50
    }

    #[inline]
    fn reversible_plies(&self) -> Option<u32> {
        Some(self.halfmoves())
    }
}
