//! `u128` cell sets shared by both games.
//!
//! A [`Bitboard`] is a set of cell indices `0..128`. Each game fixes its own mapping of
//! cells to bit indices (Interstellar: 77 cells in a padded 9×14 grid; Triangular: 96
//! cells); the operations here know nothing about geometry.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cell indices `0..128`, one bit per cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `index` (`index < 128`).
    #[inline(always)]
    pub const fn from_index(index: u8) -> Bitboard {
        Bitboard(1u128 << index)
    }

    /// `true` when the set has no cells.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` when the set has at least one cell.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `index` (`< 128`) is in the set.
    #[inline(always)]
    pub const fn contains(self, index: u8) -> bool {
        (self.0 >> index) & 1 != 0
    }

    /// Number of cells in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest index in the set, or `None` when empty.
    #[inline(always)]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(self.0.trailing_zeros() as u8) }
    }

    /// The highest index in the set, or `None` when empty.
    #[inline(always)]
    pub const fn last(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(127 - self.0.leading_zeros() as u8) }
    }

    /// `true` when the set has two or more cells.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The set with `index` added.
    #[inline(always)]
    pub const fn with(self, index: u8) -> Bitboard {
        Bitboard(self.0 | (1u128 << index))
    }

    /// The set with `index` removed.
    #[inline(always)]
    pub const fn without(self, index: u8) -> Bitboard {
        Bitboard(self.0 & !(1u128 << index))
    }

    /// Cells of `self` not in `other`.
    #[inline(always)]
    pub const fn minus(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// Shift every index up by `n` (towards higher indices); bits past 127 are lost.
    #[inline(always)]
    pub const fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }

    /// Shift every index down by `n`; bits below 0 are lost.
    #[inline(always)]
    pub const fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

impl Iterator for Bitboard {
    type Item = u8;

    /// Yields the indices in increasing order, removing each as it goes.
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let index = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(index)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Cells reached by sliding from a cell along one ray, stopping at (and including) the
/// first occupied cell.
///
/// `ray` is the full ray on an empty board (the start cell excluded), `rays_from` gives
/// the full ray in the same direction from any cell, and `increasing` says whether
/// indices grow along the ray (then the first blocker is the lowest index). Both games'
/// cell layouts keep every ray monotonic in index, so this one routine serves all
/// sliders of both games.
#[inline(always)]
pub fn slide(ray: Bitboard, occupied: Bitboard, rays_from: &[Bitboard], increasing: bool) -> Bitboard {
    let blockers = ray & occupied;
    let first = if increasing { blockers.first() } else { blockers.last() };
    match first {
        None => ray,
        Some(b) => ray ^ rays_from[b as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_yields_indices_in_order() {
        let b = Bitboard::from_index(3).with(0).with(127).with(64);
        assert_eq!(b.collect::<Vec<_>>(), vec![0, 3, 64, 127]);
        assert_eq!(b.count(), 4);
        assert_eq!(b.first(), Some(0));
        assert_eq!(b.last(), Some(127));
        assert!(b.more_than_one());
        assert!(!Bitboard::from_index(5).more_than_one());
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn slide_stops_at_first_blocker() {
        // A straight line 0,1,2,...,9 with rays in the increasing direction.
        let rays: Vec<Bitboard> = (0..10u8).map(|s| Bitboard((s + 1..10).fold(0u128, |a, i| a | 1 << i))).collect();
        let occupied = Bitboard::from_index(4).with(7);
        let reach = slide(rays[1], occupied, &rays, true);
        assert_eq!(reach.collect::<Vec<_>>(), vec![2, 3, 4]);
    }
}
