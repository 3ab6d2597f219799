//! The transposition table: a fixed array of two-entry buckets, sized in MiB, keyed by
//! [`Game::zobrist`](crate::core::Game::zobrist) (the keys the solver uses too).
//!
//! Each entry is 16 bytes: the full 64-bit key and one packed word (best move key,
//! score, depth, bound, generation). **Replacement**: the first slot of a bucket keeps
//! the deepest result of the current search (replaced by a result at least as deep,
//! or by anything once its generation is old); the second slot always takes what the
//! first refused. Mate scores are stored relative to the node
//! ([`super::score::to_table`]). Nothing allocates after [`Table::new`].

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least the stored score (the search failed high: a cut-off).
    Lower,
    /// At most the stored score (every move failed low).
    Upper,
}

impl Bound {
    /// Whether a stored score with this bound settles a search in the window
    /// `alpha..beta`: exact always, a lower bound at or above beta, an upper bound at or
    /// below alpha.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// One stored result, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best or refuting move's key ([`super::EngineGame::move_key`]); 0 when none.
    pub mv: u32,
    /// The score, relative to the node (see [`super::score::from_table`]).
    pub score: i32,
    /// The depth searched, in plies.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    data: u64,
}

const MOVE_BITS: u64 = 22;
const SCORE_SHIFT: u64 = MOVE_BITS;
const DEPTH_SHIFT: u64 = SCORE_SHIFT + 16;
const BOUND_SHIFT: u64 = DEPTH_SHIFT + 8;
const AGE_SHIFT: u64 = BOUND_SHIFT + 2;

fn pack(mv: u32, score: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (u64::from(mv) & ((1 << MOVE_BITS) - 1))
        | (u64::from(score.clamp(-32_000, 32_000) as i16 as u16) << SCORE_SHIFT)
        | ((depth.clamp(0, 255) as u64) << DEPTH_SHIFT)
        | (bound << BOUND_SHIFT)
        | (u64::from(age) << AGE_SHIFT)
}

fn unpack(data: u64) -> Option<Hit> {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Hit {
        mv: (data & ((1 << MOVE_BITS) - 1)) as u32,
        score: i32::from((data >> SCORE_SHIFT) as u16 as i16),
        depth: ((data >> DEPTH_SHIFT) & 0xFF) as i32,
        bound,
    })
}

fn depth_of(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0xFF) as i32
}

fn age_of(data: u64) -> u8 {
    (data >> AGE_SHIFT) as u8
}

/// The transposition table (see the module docs).
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least 1 bucket pair of 32 bytes; the
    /// bucket count is the largest power of two that fits). Zeroed.
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let mut buckets = 1usize;
        while buckets.saturating_mul(2) * 32 <= bytes {
            buckets *= 2;
        }
        Table { buckets: vec![[Entry::default(); 2]; buckets], mask: buckets - 1, age: 0 }
    }

    /// The size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * 32
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
        self.age = 0;
    }

    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1) & 0x3F;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[key as usize & self.mask];
        bucket.iter().find(|e| e.key == key && e.data != 0).and_then(|e| unpack(e.data))
    }

    /// Stores a result for `key` by the replacement scheme of the module docs. A
    /// `mv` of 0 keeps the move already stored for the same key.
    #[inline]
    pub fn store(&mut self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let bucket = &mut self.buckets[key as usize & self.mask];
        let same = bucket.iter().position(|e| e.key == key && e.data != 0);
        let mv = match same {
            Some(i) if mv == 0 => unpack(bucket[i].data).map_or(0, |h| h.mv),
            _ => mv,
        };
        let entry = Entry { key, data: pack(mv, score, depth, bound, age) };
        let first = bucket[0].data;
        let deep_enough = first == 0 || depth >= depth_of(first) || age_of(first) != age;
        match same {
            Some(0) => bucket[0] = entry,
            _ if deep_enough => {
                // The deep entry moves down (over any stale copy of this key) rather
                // than vanishing.
                bucket[1] = bucket[0];
                bucket[0] = entry;
            }
            _ => bucket[1] = entry,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let mut t = Table::new(1);
        assert_eq!(t.bytes(), 1 << 20);
        t.store(42, 0x1234, -29_990, 7, Bound::Lower);
        assert_eq!(t.probe(42), Some(Hit { mv: 0x1234, score: -29_990, depth: 7, bound: Bound::Lower }));
        assert_eq!(t.probe(43), None);
        // Same bucket, shallower: goes to the second slot, the deep entry stays.
        let other = 42 + t.buckets.len() as u64;
        t.store(other, 5, 10, 2, Bound::Exact);
        assert!(t.probe(42).is_some() && t.probe(other).is_some());
        t.store(42, 0, 11, 8, Bound::Exact);
        assert_eq!(t.probe(42).map(|h| (h.mv, h.depth)), Some((0x1234, 8)));
        t.clear();
        assert_eq!(t.probe(42), None);
    }
}
