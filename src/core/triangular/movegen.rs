//! Moves, attacks and legal move generation (rules file, *Pieces and moves* and *End of
//! the game*): pins and check-evasion masks, no heap allocation, bulk counting.

use std::fmt;

use arrayvec::ArrayVec;

use crate::core::bitboard::Bitboard;
use crate::core::moves::MoveList;

use super::geometry::{Cell, Tables, alt_attacks, strip_attacks, tables};
use super::position::{Color, Piece, Position, Role};

/// A move (rules file, *Pieces and moves*): from-cell, to-cell and, for a pawn reaching
/// a promotion cell, the piece chosen. A cell reachable several ways is one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it lands on (capturing whatever enemy piece stands there).
    pub to: Cell,
    /// The promotion choice: `Queen`, `Rook`, `Bishop` or `Knight`; `None` otherwise.
    pub promotion: Option<Role>,
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

/// How a game ended (rules file, *End of the game*). `Display` gives the command
/// line's result text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
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
            Outcome::Checkmate { winner: Color::White } => "white wins by checkmate",
            Outcome::Checkmate { winner: Color::Black } => "black wins by checkmate",
            Outcome::Stalemate => "draw by stalemate",
            Outcome::InsufficientMaterial => "draw by insufficient material",
        })
    }
}

/// The cells of `from`'s colour.
#[inline(always)]
fn same_shade(t: &Tables, from: usize) -> Bitboard {
    if t.dark.contains(from as u8) { t.dark } else { t.light }
}

/// The cells a piece of `role` and `color` on `from` attacks (may move to, captures
/// included, own pieces not excluded) with the board occupied as `occ`.
#[inline(always)]
pub(crate) fn piece_targets(t: &Tables, role: Role, color: Color, from: usize, occ: Bitboard) -> Bitboard {
    match role {
        Role::King => t.touch[from],
        Role::Queen => strip_attacks(t, from, occ) | alt_attacks(t, from, occ) | t.corner_same[from],
        Role::Rook => strip_attacks(t, from, occ),
        Role::Bishop => (alt_attacks(t, from, occ) & same_shade(t, from)) | t.corner_same[from],
        Role::Knight => t.knight[from],
        Role::Pawn => t.pawn[color.index()][from],
    }
}

/// The cells a piece standing on `cell` attacks — may move to, or capture on —
/// with the cells of `occupied` occupied (own pieces not excluded, the king's safety
/// not considered): the move patterns of the rules file, *Pieces and moves*.
pub fn attacks(piece: Piece, cell: Cell, occupied: Bitboard) -> Bitboard {
    piece_targets(tables(), piece.role, piece.color, cell.index() as usize, occupied)
}

impl Position {
    /// `by`'s pieces attacking cell `sq` with the board occupied as `occ`.
    pub(crate) fn attackers(&self, t: &Tables, sq: usize, occ: Bitboard, by: Color) -> Bitboard {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let q = r[Role::Queen.index()];
        let rq = q | r[Role::Rook.index()];
        let bq = q | (r[Role::Bishop.index()] & same_shade(t, sq));
        let mut a = (t.knight_from[sq] & r[Role::Knight.index()])
            | (t.touch[sq] & r[Role::King.index()])
            | (t.pawn_from[by.index()][sq] & r[Role::Pawn.index()])
            | (t.corner_same[sq] & (q | r[Role::Bishop.index()]));
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
    fn attacked(&self, t: &Tables, sq: usize, occ: Bitboard, by: Color) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let q = r[Role::Queen.index()] & them;
        if (t.knight_from[sq] & r[Role::Knight.index()] & them).any()
            || (t.touch[sq] & r[Role::King.index()] & them).any()
            || (t.pawn_from[by.index()][sq] & r[Role::Pawn.index()] & them).any()
            || (t.corner_same[sq] & ((r[Role::Bishop.index()] & them) | q)).any()
        {
            return true;
        }
        let rq = q | (r[Role::Rook.index()] & them);
        if (t.strip_lines[sq] & rq).any() && (strip_attacks(t, sq, occ) & rq).any() {
            return true;
        }
        let bq = q | (r[Role::Bishop.index()] & them & same_shade(t, sq));
        (t.alt_lines[sq] & bq).any() && (alt_attacks(t, sq, occ) & bq).any()
    }

    /// Whether `color`'s king is attacked by an enemy piece (rules file, *Pieces and
    /// moves*); false when it has no king.
    pub fn king_in_check(&self, color: Color) -> bool {
        let t = tables();
        match self.pieces(color, Role::King).first() {
            Some(k) => self.attacked(t, k as usize, self.occupied(), color.other()),
            None => false,
        }
    }

    /// Whether the side to move is in check (rules file, *Pieces and moves*: a king
    /// attacked by an enemy piece).
    pub fn is_check(&self) -> bool {
        self.king_in_check(self.turn)
    }

    /// The cells of the enemy pieces giving check to the side to move (empty when none).
    pub fn checkers(&self) -> Bitboard {
        let t = tables();
        match self.pieces(self.turn, Role::King).first() {
            Some(k) => self.attackers(t, k as usize, self.occupied(), self.turn.other()),
            None => Bitboard::EMPTY,
        }
    }

    /// `true` when only the two kings are left (rules file, *End of the game*: drawn at
    /// once).
    pub fn is_king_against_king(&self) -> bool {
        self.occupied() == self.by_role[Role::King.index()] && self.occupied().count() == 2
    }

    /// Calls `emit(from, targets, is_pawn)` with the legal destination cells of every
    /// piece of the side to move (nothing when only the kings are left).
    #[inline(always)]
    fn generate(&self, mut emit: impl FnMut(u8, Bitboard, bool)) {
        let t = tables();
        if self.is_king_against_king() {
            return;
        }
        let us = self.turn;
        let them = us.other();
        let own = self.by_color[us.index()];
        let occ = self.occupied();
        let Some(k) = self.pieces(us, Role::King).first() else {
            return;
        };
        let ku = k as usize;

        // King: any touching cell not held by its own side and not attacked once the
        // king has left its cell.
        let without_king = occ.without(k);
        let mut king_targets = Bitboard::EMPTY;
        for to in t.touch[ku].minus(own) {
            if !self.attacked(t, to as usize, without_king, them) {
                king_targets = king_targets.with(to);
            }
        }
        emit(k, king_targets, false);

        let checkers = self.attackers(t, ku, occ, them);
        // Every check must be answered by the same move: the cells that capture or block
        // each checker, intersected. Unlike chess, two checking lines can share a cell
        // (an edge-neighbour of the king lies on two of its strips), so one move may
        // block a double check.
        let mut mask = !own;
        for c in checkers {
            // A check by a slide may be blocked; a step or jump may only be captured.
            let role = self.role_at(c);
            let steps = t.corner_same[ku].contains(c) && matches!(role, Some(Role::Queen | Role::Bishop));
            let block = match role {
                Some(Role::Queen | Role::Rook | Role::Bishop) if !steps => t.between[ku][c as usize],
                _ => Bitboard::EMPTY,
            };
            mask &= block.with(c);
        }
        if mask.is_empty() {
            return;
        }

        // Pins: an enemy slider with exactly one piece, ours, between it and our king.
        let r = &self.by_role;
        let enemy = self.by_color[them.index()];
        let q = r[Role::Queen.index()] & enemy;
        let rq = q | (r[Role::Rook.index()] & enemy);
        let bq = q | (r[Role::Bishop.index()] & enemy & same_shade(t, ku));
        let snipers = (t.strip_lines[ku] & rq) | (t.alt_lines[ku] & bq);
        let mut pinned = Bitboard::EMPTY;
        let mut pins: ArrayVec<(u8, Bitboard), 32> = ArrayVec::new();
        for s in snipers {
            let line = t.between[ku][s as usize];
            let blockers = line & occ;
            if blockers.any() && !blockers.more_than_one() && (blockers & own).any() {
                pinned |= blockers;
                if let Some(p) = blockers.first()
                    && !pins.is_full()
                {
                    pins.push((p, line.with(s)));
                }
            }
        }

        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            for from in self.pieces(us, role) {
                let mut targets = piece_targets(t, role, us, from as usize, occ) & mask;
                if pinned.contains(from) {
                    for &(p, allowed) in &pins {
                        if p == from {
                            targets &= allowed;
                        }
                    }
                }
                emit(from, targets, role == Role::Pawn);
            }
        }
    }

    /// Appends every legal move of the side to move (nothing when the game is over).
    /// Promotions give four moves (Q, R, B, N).
    pub fn generate_legal_moves(&self, moves: &mut MoveList<Move>) {
        let promo = tables().promotion[self.turn.index()];
        self.generate(|from, targets, pawn| push_moves(moves, from, targets, pawn, promo));
    }

    /// The number of legal moves (each promotion choice counted), counted without
    /// listing them; 0 when the game is over (rules file, *End of the game*).
    pub fn count_moves(&self) -> u64 {
        let promo = tables().promotion[self.turn.index()];
        let mut n = 0u64;
        self.generate(|_, targets, pawn| {
            n += targets.count() as u64;
            if pawn {
                n += 3 * (targets & promo).count() as u64;
            }
        });
        n
    }

    /// Appends every pseudo-legal move: the piece's moves of *Pieces and moves* without
    /// the rule that one's own king may not be left in check (used to explain why a
    /// move text is illegal).
    pub fn pseudo_legal_moves(&self, moves: &mut MoveList<Move>) {
        let t = tables();
        let us = self.turn;
        let own = self.by_color[us.index()];
        let occ = self.occupied();
        let promo = t.promotion[us.index()];
        for role in Role::ALL {
            for from in self.pieces(us, role) {
                let targets = piece_targets(t, role, us, from as usize, occ).minus(own);
                push_moves(moves, from, targets, role == Role::Pawn, promo);
            }
        }
    }

    /// Plays a move without checking it: the piece on `from` goes to `to` (capturing
    /// what stands there), promoting if asked; clocks and hash are updated. A move not
    /// from [`Position::generate_legal_moves`] leaves an unspecified but memory-safe
    /// position; a move from an empty cell changes only the side to move.
    pub fn play_move(&mut self, mv: Move) {
        let from = mv.from.index();
        let to = mv.to.index();
        let us = self.turn;
        let them = us.other();
        let mut reset = false;
        if let Some(role) = self.role_at(from).filter(|_| self.by_color[us.index()].contains(from)) {
            if self.by_color[them.index()].contains(to)
                && let Some(captured) = self.role_at(to)
            {
                self.toggle(them, captured, to);
                reset = true;
            }
            if self.by_color[us.index()].contains(to)
                && let Some(own) = self.role_at(to)
            {
                self.toggle(us, own, to);
            }
            self.toggle(us, role, from);
            self.toggle(us, mv.promotion.unwrap_or(role), to);
            reset |= role == Role::Pawn;
        }
        self.halfmove_clock = if reset { 0 } else { self.halfmove_clock.saturating_add(1) };
        self.flip_turn();
    }

    /// How the game stands (rules file, *End of the game*): checkmate, stalemate, king
    /// against king, or `None` while it goes on. Claimable draws (fifty moves,
    /// repetition) are not outcomes until claimed.
    pub fn game_outcome(&self) -> Option<Outcome> {
        if self.is_king_against_king() {
            return Some(Outcome::InsufficientMaterial);
        }
        if self.count_moves() > 0 {
            return None;
        }
        Some(if self.is_check() { Outcome::Checkmate { winner: self.turn.other() } } else { Outcome::Stalemate })
    }
}

#[inline(always)]
fn push_moves(moves: &mut MoveList<Move>, from: u8, targets: Bitboard, pawn: bool, promo: Bitboard) {
    let from = super::position::cell(from);
    for to in targets {
        let to_cell = super::position::cell(to);
        if pawn && promo.contains(to) {
            for p in Role::PROMOTIONS {
                let _ = moves.try_push(Move { from, to: to_cell, promotion: Some(p) });
            }
        } else {
            let _ = moves.try_push(Move { from, to: to_cell, promotion: None });
        }
    }
}
