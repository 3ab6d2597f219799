//! Moves, attacks and legal move generation (`docs/rules-triangular.md` §4 *How the
//! pieces move* and §6 *Check, mate and draws*): pins and check-evasion masks, no heap
//! allocation, bulk counting.

use std::fmt;

use arrayvec::ArrayVec;

use crate::core::bitboard::Bitboard;
use crate::core::moves::{MoveCounter, MoveList, MoveSink};

use super::geometry::{Cell, Tables, alt_attacks, strip_attacks, tables};
use super::pieces::{Kind, Piece, Side};
use super::position::Position;

/// A move (`docs/rules-triangular.md` §4 *How the pieces move*): from-cell, to-cell and,
/// for a pawn reaching a promotion cell, the piece chosen. A cell reachable several ways
/// is one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it lands on (capturing whatever enemy piece stands there).
    pub to: Cell,
    /// The promotion choice: `Queen`, `Rook`, `Bishop` or `Knight`; `None` otherwise.
    pub promotion: Option<Kind>,
}

impl fmt::Display for Move {
    /// Long form without piece letter or suffixes: `b1l-d3l`, `f7l-e8l=Q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

/// How a game ended (`docs/rules-triangular.md` §6 *Check, mate and draws*). `Display`
/// gives the command line's result text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that gave mate.
        winner: Side,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Only the two kings are left: drawn at once.
    InsufficientMaterial,
}

impl fmt::Display for Outcome {
    /// `white wins by checkmate`, `black wins by checkmate`, `draw by stalemate` or
    /// `draw by insufficient material`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Checkmate { winner: Side::White } => "white wins by checkmate",
            Outcome::Checkmate { winner: Side::Black } => "black wins by checkmate",
            Outcome::Stalemate => "draw by stalemate",
            Outcome::InsufficientMaterial => "draw by insufficient material",
        })
    }
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The ending in words: `checkmate`, `stalemate`, `insufficient material`.
    pub const fn title(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::InsufficientMaterial => "insufficient material",
        }
    }
}

/// Why a move from one cell to another is not legal (`docs/rules-triangular.md` §4 *How
/// the pieces move* and §6 *Check, mate and draws*). `Display` is a short sentence for
/// the status bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is over.
    GameOver(Outcome),
    /// The from-cell is empty.
    NoPiece,
    /// The piece belongs to the side not to move; the side to move is given.
    NotYourMove(Side),
    /// The move is a move of the piece but would leave its own king in check.
    LeavesKingInCheck,
    /// The to-cell holds a piece of the mover's side.
    OwnPiece,
    /// The piece cannot reach the cell.
    CannotReach {
        /// The piece's kind.
        kind: Kind,
        /// Where it stands.
        from: Cell,
        /// Where it was asked to go.
        to: Cell,
    },
    /// The side to move is in check and the chosen piece cannot answer it.
    MustAnswerCheck,
    /// The chosen cell holds no piece of the side to move that can move.
    NoMoveFrom(Side),
    /// The chosen piece of the side to move has no legal move.
    Stuck {
        /// The piece's kind.
        kind: Kind,
        /// Where it stands.
        from: Cell,
        /// It has moves by the movement rules, but each would leave its own king in
        /// check (it shields the king); otherwise every cell it could go to is closed
        /// to it.
        shields: bool,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver(outcome) => write!(f, "The game is over: {outcome}"),
            IllegalMove::NoPiece => f.write_str("There is no piece there"),
            IllegalMove::NotYourMove(side) => write!(f, "It is {}'s move", side.name()),
            IllegalMove::LeavesKingInCheck => f.write_str("That would leave your king in check"),
            IllegalMove::OwnPiece => f.write_str("You cannot move onto your own piece"),
            IllegalMove::CannotReach { kind, from, to } => {
                write!(f, "The {} on {from} cannot move to {to}: {}", kind.word(), kind.movement())
            }
            IllegalMove::MustAnswerCheck => {
                f.write_str("Your king is in check: capture the checking piece, block, or move the king")
            }
            IllegalMove::NoMoveFrom(side) => {
                write!(f, "Nothing to move there: choose one of {}'s pieces that can move", side.name())
            }
            IllegalMove::Stuck { kind, from, shields: true } => write!(
                f,
                "The {} on {from} cannot move: each of its moves would leave your king in check (it shields the king from an attack)",
                kind.word()
            ),
            IllegalMove::Stuck { kind, from, shields: false } => write!(
                f,
                "The {} on {from} has no legal move: {}, and every such cell is blocked here",
                kind.word(),
                kind.movement()
            ),
        }
    }
}

/// The cells of `from`'s colour.
#[inline(always)]
fn same_shade(t: &Tables, from: usize) -> Bitboard {
    if t.dark.contains(from as u8) { t.dark } else { t.light }
}

/// The cells a piece of `kind` and `side` on `from` attacks (may move to, captures
/// included, own pieces not excluded) with the board occupied as `occ`.
#[inline(always)]
pub(crate) fn piece_targets(t: &Tables, kind: Kind, side: Side, from: usize, occ: Bitboard) -> Bitboard {
    match kind {
        Kind::King => t.touch[from],
        Kind::Queen => strip_attacks(t, from, occ) | alt_attacks(t, from, occ) | t.corner_same[from],
        Kind::Rook => strip_attacks(t, from, occ),
        Kind::Bishop => (alt_attacks(t, from, occ) & same_shade(t, from)) | t.corner_same[from],
        Kind::Knight => t.knight[from],
        Kind::Pawn => t.pawn[side.index()][from],
    }
}

/// The cells a piece standing on `cell` attacks — may move to, or capture on — with the
/// cells of `occupied` occupied (own pieces not excluded, the king's safety not
/// considered): the move patterns of `docs/rules-triangular.md` §4 *How the pieces move*.
pub fn attacks(piece: Piece, cell: Cell, occupied: Bitboard) -> Bitboard {
    piece_targets(tables(), piece.kind, piece.side, cell.slot() as usize, occupied)
}

impl Position {
    /// `by`'s pieces attacking cell `sq` with the board occupied as `occ`.
    pub(crate) fn attackers(&self, t: &Tables, sq: usize, occ: Bitboard, by: Side) -> Bitboard {
        let them = self.by_side[by.index()];
        let r = &self.by_kind;
        let q = r[Kind::Queen.index()];
        let rq = q | r[Kind::Rook.index()];
        let bq = q | (r[Kind::Bishop.index()] & same_shade(t, sq));
        let mut a = (t.knight_from[sq] & r[Kind::Knight.index()])
            | (t.touch[sq] & r[Kind::King.index()])
            | (t.pawn_from[by.index()][sq] & r[Kind::Pawn.index()])
            | (t.corner_same[sq] & (q | r[Kind::Bishop.index()]));
        if (t.strip_lines[sq] & rq & them).any() {
            a |= strip_attacks(t, sq, occ) & rq;
        }
        if (t.alt_lines[sq] & bq & them).any() {
            a |= alt_attacks(t, sq, occ) & bq;
        }
        a & them
    }

    /// Whether any of `by`'s pieces attacks `sq` (early exit).
    #[inline(always)]
    fn attacked(&self, t: &Tables, sq: usize, occ: Bitboard, by: Side) -> bool {
        let them = self.by_side[by.index()];
        let r = &self.by_kind;
        let q = r[Kind::Queen.index()] & them;
        if (t.knight_from[sq] & r[Kind::Knight.index()] & them).any()
            || (t.touch[sq] & r[Kind::King.index()] & them).any()
            || (t.pawn_from[by.index()][sq] & r[Kind::Pawn.index()] & them).any()
            || (t.corner_same[sq] & ((r[Kind::Bishop.index()] & them) | q)).any()
        {
            return true;
        }
        let rq = q | (r[Kind::Rook.index()] & them);
        if (t.strip_lines[sq] & rq).any() && (strip_attacks(t, sq, occ) & rq).any() {
            return true;
        }
        let bq = q | (r[Kind::Bishop.index()] & them & same_shade(t, sq));
        (t.alt_lines[sq] & bq).any() && (alt_attacks(t, sq, occ) & bq).any()
    }

    /// Whether `side`'s king is attacked by an enemy piece (`docs/rules-triangular.md` §6
    /// *Check, mate and draws*); false when it has no king.
    pub fn king_in_check(&self, side: Side) -> bool {
        let t = tables();
        match self.pieces(side, Kind::King).first() {
            Some(k) => self.attacked(t, k as usize, self.occupied(), side.other()),
            None => false,
        }
    }

    /// Whether the side to move is in check (`docs/rules-triangular.md` §6 *Check, mate
    /// and draws*: a king attacked by an enemy piece).
    pub fn is_check(&self) -> bool {
        self.king_in_check(self.side_to_move)
    }

    /// The cells of the enemy pieces giving check to the side to move (empty when none).
    pub fn checkers(&self) -> Bitboard {
        let t = tables();
        match self.pieces(self.side_to_move, Kind::King).first() {
            Some(k) => self.attackers(t, k as usize, self.occupied(), self.side_to_move.other()),
            None => Bitboard::EMPTY,
        }
    }

    /// `true` when only the two kings are left (`docs/rules-triangular.md` §6 *Check,
    /// mate and draws*: drawn at once).
    pub fn is_king_against_king(&self) -> bool {
        self.occupied() == self.by_kind[Kind::King.index()] && self.occupied().count() == 2
    }

    /// The static exchange evaluation of `mv` (a move of the side to move): what it
    /// wins, in the units of `values` (indexed by [`Kind::index`]), when after it both
    /// sides go on capturing on `mv`'s to-cell, each with its least valuable attacker
    /// and each free to stop when going on would lose (`docs/rules-triangular.md` §4
    /// *How the pieces move*: a piece captures by moving onto the enemy piece's cell).
    /// Pieces uncovered behind a capturer join in; pins, checks and promotions by a
    /// recapturing pawn are not considered, and a king recaptures only onto a cell no
    /// enemy piece attacks any more. A quiet move scores 0 or less: it only loses
    /// what it moves when the cell is badly attacked.
    pub fn static_exchange(&self, mv: Move, values: &[i32; 6]) -> i32 {
        let t = tables();
        let to = mv.to.slot() as usize;
        let Some(mover) = self.kind_at(mv.from.slot()) else { return 0 };
        let mut taken = self.kind_at(mv.to.slot()).map_or(0, |k| values[k.index()]);
        let mut standing = values[mover.index()];
        if let Some(p) = mv.promotion {
            taken += values[p.index()] - values[Kind::Pawn.index()];
            standing = values[p.index()];
        }
        let mut occ = self.occupied().without(mv.from.slot());
        let mut side = self.side_to_move.other();
        crate::core::exchange::swap_off(taken, standing, || {
            let attackers = self.attackers(t, to, occ, side) & occ;
            let (kind, from) = [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen, Kind::King]
                .into_iter()
                .find_map(|k| (attackers & self.by_kind[k.index()]).first().map(|c| (k, c)))?;
            let after = occ.without(from);
            if kind == Kind::King && (self.attackers(t, to, after, side.other()) & after).any() {
                return None;
            }
            occ = after;
            side = side.other();
            Some(values[kind.index()])
        })
    }

    /// Gives `sink` the legal moves of every
    /// piece of the side to move (nothing when only the kings are left).
    #[inline(always)]
    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate_masked::<S, false>(sink);
    }

    /// [`Position::generate`], with `TACTICAL` only captures and promotions.
    #[inline(always)]
    fn generate_masked<S: MoveSink<Move>, const TACTICAL: bool>(&self, sink: &mut S) {
        let t = tables();
        let promo = t.promotion[self.side_to_move.index()];
        if self.is_king_against_king() {
            return;
        }
        let us = self.side_to_move;
        let them = us.other();
        let own = self.by_side[us.index()];
        let occ = self.occupied();
        let Some(k) = self.pieces(us, Kind::King).first() else {
            return;
        };
        let ku = k as usize;

        // King: any touching cell not held by its own side and not attacked once the
        // king has left its cell.
        let without_king = occ.without(k);
        let mut king_targets = Bitboard::EMPTY;
        let king_open = if TACTICAL { t.touch[ku] & self.by_side[them.index()] } else { t.touch[ku].minus(own) };
        for to in king_open {
            if !self.attacked(t, to as usize, without_king, them) {
                king_targets = king_targets.with(to);
            }
        }
        push_moves(sink, k, king_targets, false, promo);

        let checkers = self.attackers(t, ku, occ, them);
        // Every check must be answered by the same move: the cells that capture or block
        // each checker, intersected. Unlike chess, two checking lines can share a cell
        // (an edge-neighbour of the king lies on two of its strips), so one move may
        // block a double check.
        let mut mask = !own;
        for c in checkers {
            // A check by a slide may be blocked; a step or jump may only be captured.
            let kind = self.kind_at(c);
            let steps = t.corner_same[ku].contains(c) && matches!(kind, Some(Kind::Queen | Kind::Bishop));
            let block = match kind {
                Some(Kind::Queen | Kind::Rook | Kind::Bishop) if !steps => t.between[ku][c as usize],
                _ => Bitboard::EMPTY,
            };
            mask &= block.with(c);
        }
        if mask.is_empty() {
            return;
        }

        // Pins: an enemy slider with exactly one piece, ours, between it and our king.
        let r = &self.by_kind;
        let enemy = self.by_side[them.index()];
        let q = r[Kind::Queen.index()] & enemy;
        let rq = q | (r[Kind::Rook.index()] & enemy);
        let bq = q | (r[Kind::Bishop.index()] & enemy & same_shade(t, ku));
        let snipers = (t.strip_lines[ku] & rq) | (t.alt_lines[ku] & bq);
        let mut pinned = Bitboard::EMPTY;
        let mut pins: ArrayVec<(u8, Bitboard), 32> = ArrayVec::new();
        for s in snipers {
            let line = t.between[ku][s as usize];
            let blockers = line & occ;
            if blockers.any() && !blockers.more_than_one() && (blockers & own).any() {
                pinned |= blockers;
                // At most one pin per line through the king: 12 lines, room for 32.
                if let Some(p) = blockers.first() {
                    pins.push((p, line.with(s)));
                }
            }
        }

        for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn] {
            for from in self.pieces(us, kind) {
                let mut targets = piece_targets(t, kind, us, from as usize, occ) & mask;
                if TACTICAL {
                    let enemy_cells = self.by_side[them.index()];
                    targets &= if kind == Kind::Pawn { enemy_cells | promo } else { enemy_cells };
                }
                if pinned.contains(from) {
                    for &(p, allowed) in &pins {
                        if p == from {
                            targets &= allowed;
                        }
                    }
                }
                push_moves(sink, from, targets, kind == Kind::Pawn, promo);
            }
        }
    }

    /// Appends every legal move of the side to move (nothing when the game is over).
    /// Promotions give four moves (Q, R, B, N).
    pub fn legal_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    /// The legal moves of the side to move's pieces of `kind` that land on `to` (each
    /// promotion choice apart), in [`Position::legal_moves`]'s order: what reading and
    /// writing a move's notation need. Only those pieces are looked at, each candidate
    /// checked by playing it (the king may not be left in check), so it costs a few
    /// moves' work rather than a whole generation.
    pub fn legal_moves_to(&self, kind: Kind, to: Cell, moves: &mut MoveList<Move>) {
        if self.is_king_against_king() {
            return;
        }
        let t = tables();
        let us = self.side_to_move;
        let own = self.by_side[us.index()];
        let occ = self.occupied();
        let promo = t.promotion[us.index()];
        let slot = to.slot();
        let start = moves.len();
        for from in self.pieces(us, kind) {
            let targets = piece_targets(t, kind, us, from as usize, occ).minus(own);
            if targets.contains(slot) {
                push_moves(&mut ToCell { slot, moves }, from, targets, kind == Kind::Pawn, promo);
            }
        }
        let mut k = start;
        while k < moves.len() {
            let mut after = self.clone();
            after.play(moves[k]);
            if after.king_in_check(us) {
                moves.remove(k);
            } else {
                k += 1;
            }
        }
    }

    /// The legal captures and promotions of the side to move (the tactical moves a
    /// quiescence search looks at), in [`Position::legal_moves`]'s order; nothing
    /// when only the kings are left.
    pub fn tactical_moves(&self, moves: &mut MoveList<Move>) {
        self.generate_masked::<_, true>(moves);
    }

    /// The number of legal moves (each promotion choice counted), counted without listing
    /// them; 0 when the game is over (`docs/rules-triangular.md` §6 *Check, mate and
    /// draws*).
    pub fn count_moves(&self) -> u64 {
        let mut count = MoveCounter(0);
        self.generate(&mut count);
        count.0
    }

    /// Appends every pseudo-legal move: the piece's moves of *Pieces and moves* without
    /// the rule that one's own king may not be left in check (used to explain why a
    /// move text is illegal).
    pub fn pseudo_legal_moves(&self, moves: &mut MoveList<Move>) {
        let t = tables();
        let us = self.side_to_move;
        let own = self.by_side[us.index()];
        let occ = self.occupied();
        let promo = t.promotion[us.index()];
        for kind in Kind::ALL {
            for from in self.pieces(us, kind) {
                let targets = piece_targets(t, kind, us, from as usize, occ).minus(own);
                push_moves(moves, from, targets, kind == Kind::Pawn, promo);
            }
        }
    }

    /// Plays a move without checking it: the piece on `from` goes to `to` (capturing
    /// what stands there), promoting if asked; clocks and hash are updated. A move not
    /// from [`Position::legal_moves`] leaves an unspecified but memory-safe
    /// position; a move from an empty cell changes only the side to move.
    pub fn play(&mut self, mv: Move) {
        let from = mv.from.slot();
        let to = mv.to.slot();
        let us = self.side_to_move;
        let them = us.other();
        let mut reset = false;
        if let Some(kind) = self.kind_at(from).filter(|_| self.by_side[us.index()].contains(from)) {
            if self.by_side[them.index()].contains(to)
                && let Some(captured) = self.kind_at(to)
            {
                self.toggle(them, captured, to);
                reset = true;
            }
            if self.by_side[us.index()].contains(to)
                && let Some(own) = self.kind_at(to)
            {
                self.toggle(us, own, to);
            }
            self.toggle(us, kind, from);
            self.toggle(us, mv.promotion.unwrap_or(kind), to);
            reset |= kind == Kind::Pawn;
        }
        self.halfmove_clock = if reset { 0 } else { self.halfmove_clock.saturating_add(1) };
        self.flip_turn();
    }

    /// Passes: the other side is to move and the half-move clock counts one more
    /// half-move (a "null move" for search; the game has no passing,
    /// `docs/rules-triangular.md` §4). The result is a valid position only when the side
    /// to move was not in check.
    #[inline]
    pub fn play_null(&mut self) {
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.flip_turn();
    }

    /// Why moving the piece on `from` to `to` is not legal here. Meaningful only for a
    /// move that is not among [`Position::legal_moves`].
    pub fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        if let Some(outcome) = self.outcome() {
            return IllegalMove::GameOver(outcome);
        }
        match self.piece_at(from) {
            None => IllegalMove::NoPiece,
            Some(p) if p.side != self.side_to_move => IllegalMove::NotYourMove(self.side_to_move),
            Some(p) => {
                let mut pseudo = MoveList::new();
                self.pseudo_legal_moves(&mut pseudo);
                if pseudo.iter().any(|m| m.from == from && m.to == to) {
                    IllegalMove::LeavesKingInCheck
                } else if self.piece_at(to).is_some_and(|q| q.side == p.side) {
                    IllegalMove::OwnPiece
                } else {
                    IllegalMove::CannotReach { kind: p.kind, from, to }
                }
            }
        }
    }

    /// How the game stands (`docs/rules-triangular.md` §6 *Check, mate and draws*):
    /// checkmate, stalemate, king against king, or `None` while it goes on. Claimable
    /// draws (fifty moves, repetition) are not outcomes until claimed.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_king_against_king() {
            return Some(Outcome::InsufficientMaterial);
        }
        if self.count_moves() > 0 {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Checkmate { winner: self.side_to_move.other() }
        } else {
            Outcome::Stalemate
        })
    }
}

/// Keeps the moves that land on one cell.
struct ToCell<'a> {
    slot: u8,
    moves: &'a mut MoveList<Move>,
}

impl MoveSink<Move> for ToCell<'_> {
    #[inline(always)]
    fn targets(&mut self, targets: Bitboard, mut make: impl FnMut(u8) -> Move) {
        if targets.contains(self.slot) {
            self.moves.push(make(self.slot));
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if mv.to.slot() == self.slot {
            self.moves.push(mv);
        }
    }
}

#[inline(always)]
fn push_moves<S: MoveSink<Move>>(sink: &mut S, from: u8, targets: Bitboard, pawn: bool, promo: Bitboard) {
    let from = super::position::cell(from);
    if !pawn || (targets & promo).is_empty() {
        sink.targets(targets, |to| Move { from, to: super::position::cell(to), promotion: None });
        return;
    }
    for to in targets {
        let to_cell = super::position::cell(to);
        if promo.contains(to) {
            for p in Kind::PROMOTIONS {
                sink.push(Move { from, to: to_cell, promotion: Some(p) });
            }
        } else {
            sink.push(Move { from, to: to_cell, promotion: None });
        }
    }
}
