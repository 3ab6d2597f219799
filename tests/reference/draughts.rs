//! A plain, obviously-correct Triangular draughts move generator for differential
//! tests, written from `docs/rules-draughts.md` alone: cells as `(u, v)` pairs, the
//! board as a map, captures as every jump sequence (jumped pieces stay on the board until
//! the end; the mover's own cell counts as empty), then the majority rule and one move
//! per (start, end, set of jumped cells). Slow on purpose.

use std::collections::{BTreeMap, BTreeSet};

/// `(u, v)` of every cell, numbered 1–48 as the rules number them.
pub fn cells() -> Vec<(i32, i32)> {
    let reach = |v: i32| (v + 2).min(12 - v);
    let mut out = Vec::new();
    for u in (-7i32..=7).rev() {
        for v in (1i32..=8).rev() {
            if (u - v).rem_euclid(2) == 0 && u.abs() <= reach(v) {
                out.push((u, v));
            }
        }
    }
    out
}

/// A piece: `true` for White, and whether it is a king.
pub type Piece = (bool, bool);

/// A position: cell number → piece, and whether White is to move.
pub struct RefPosition {
    pub board: BTreeMap<u8, Piece>,
    pub white_to_move: bool,
}

/// A move: start, end, the jumped cells.
pub type RefMove = (u8, u8, BTreeSet<u8>);

const DIRS: [(i32, i32); 6] = [(2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1), (-2, 0)];

impl RefPosition {
    fn number_of(&self, uv: (i32, i32)) -> Option<u8> {
        cells().iter().position(|&c| c == uv).map(|i| i as u8 + 1)
    }

    fn uv(n: u8) -> (i32, i32) {
        cells()[n as usize - 1]
    }

    /// Every legal move.
    pub fn moves(&self) -> BTreeSet<RefMove> {
        let mut captures: Vec<RefMove> = Vec::new();
        for (&from, &(white, king)) in &self.board {
            if white != self.white_to_move {
                continue;
            }
            let mut path_jumped = BTreeSet::new();
            self.jumps(from, from, king, &mut path_jumped, &mut captures);
        }
        if let Some(most) = captures.iter().map(|m| m.2.len()).max() {
            return captures.into_iter().filter(|m| m.2.len() == most).collect();
        }
        let mut steps = BTreeSet::new();
        for (&from, &(white, king)) in &self.board {
            if white != self.white_to_move {
                continue;
            }
            for (du, dv) in DIRS {
                let forward = if white { du > 0 } else { du < 0 };
                if !king && !forward {
                    continue;
                }
                let (mut u, mut v) = Self::uv(from);
                loop {
                    u += du;
                    v += dv;
                    let Some(n) = self.number_of((u, v)) else { break };
                    if self.board.contains_key(&n) {
                        break;
                    }
                    steps.insert((from, n, BTreeSet::new()));
                    if !king {
                        break;
                    }
                }
            }
        }
        steps
    }

    /// Whether cell `n` is empty for the moving piece that started on `from`.
    fn empty(&self, n: u8, from: u8) -> bool {
        n == from || !self.board.contains_key(&n)
    }

    fn jumps(&self, from: u8, at: u8, king: bool, jumped: &mut BTreeSet<u8>, out: &mut Vec<RefMove>) {
        let mut any = false;
        for (du, dv) in DIRS {
            let (mut u, mut v) = Self::uv(at);
            // To the first non-empty cell (a man looks at its neighbour only).
            let victim = loop {
                u += du;
                v += dv;
                let Some(n) = self.number_of((u, v)) else { break None };
                if !self.empty(n, from) {
                    break Some(n);
                }
                if !king {
                    break None;
                }
            };
            let Some(victim) = victim else { continue };
            let Some(&(white, _)) = self.board.get(&victim) else { continue };
            if white == self.white_to_move || jumped.contains(&victim) {
                continue;
            }
            loop {
                u += du;
                v += dv;
                let Some(land) = self.number_of((u, v)) else { break };
                if !self.empty(land, from) {
                    break;
                }
                any = true;
                jumped.insert(victim);
                self.jumps(from, land, king, jumped, out);
                jumped.remove(&victim);
                if !king {
                    break;
                }
            }
        }
        if !any && !jumped.is_empty() {
            out.push((from, at, jumped.clone()));
        }
    }
}
