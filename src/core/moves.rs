//! Move lists and move sinks, shared by every game's move generator.
//!
//! A generator hands its moves to a [`MoveSink`]: a [`MoveList`] keeps them, a
//! [`MoveCounter`] only counts them (perft's bulk counting), an [`AnyMove`] only notes
//! that one exists. A [`MoveList`] holds [`INLINE_MOVES`] moves without touching the
//! heap and grows onto it beyond that, so no move is ever dropped, whatever the
//! position (a Triangular set-up may hold dozens of queens).

use super::bitboard::Bitboard;

/// How many moves a [`MoveList`] holds before it moves to the heap: above the most
/// legal moves of any position that arises in play (Interstellar stays under 200,
/// Triangular under 400 even with several promoted queens).
pub const INLINE_MOVES: usize = 512;

/// A list of moves, on the stack up to [`INLINE_MOVES`], filled by
/// [`crate::core::Game::legal_moves`].
pub type MoveList<M> = smallvec::SmallVec<[M; INLINE_MOVES]>;

/// Receives the moves a generator produces.
pub trait MoveSink<M> {
    /// One move for each slot of `targets`, built by `make(slot)` where the sink keeps
    /// moves.
    fn targets(&mut self, targets: Bitboard, make: impl FnMut(u8) -> M);
    /// One move.
    fn push(&mut self, mv: M);
}

impl<M> MoveSink<M> for MoveList<M> {
    #[inline(always)]
    fn targets(&mut self, targets: Bitboard, make: impl FnMut(u8) -> M) {
        self.extend(targets.map(make));
    }
    #[inline(always)]
    fn push(&mut self, mv: M) {
        smallvec::SmallVec::push(self, mv);
    }
}

/// Counts moves without building them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounter(pub u64);

impl<M> MoveSink<M> for MoveCounter {
    #[inline(always)]
    fn targets(&mut self, targets: Bitboard, _make: impl FnMut(u8) -> M) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push(&mut self, _mv: M) {
        self.0 += 1;
    }
}

/// Notes whether there is any move at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnyMove(pub bool);

impl<M> MoveSink<M> for AnyMove {
    #[inline(always)]
    fn targets(&mut self, targets: Bitboard, _make: impl FnMut(u8) -> M) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn push(&mut self, _mv: M) {
        self.0 = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_list_keeps_every_move_past_its_inline_room() {
        let mut list: MoveList<u32> = MoveList::new();
        for k in 0..(INLINE_MOVES as u32 * 3) {
            list.push(k);
        }
        list.targets(Bitboard(0b1011), u32::from);
        assert_eq!(list.len(), INLINE_MOVES * 3 + 3);
        assert_eq!(&list[INLINE_MOVES * 3..], &[0, 1, 3]);
    }

    #[test]
    fn counters_and_any_agree_with_the_list() {
        let mut count = MoveCounter(0);
        let mut any = AnyMove(false);
        MoveSink::<u8>::targets(&mut count, Bitboard::EMPTY, |s| s);
        MoveSink::<u8>::targets(&mut any, Bitboard::EMPTY, |s| s);
        assert_eq!((count.0, any.0), (0, false));
        MoveSink::<u8>::targets(&mut count, Bitboard(0b111), |s| s);
        MoveSink::<u8>::push(&mut any, 9);
        assert_eq!((count.0, any.0), (3, true));
    }
}
