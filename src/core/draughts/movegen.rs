//! Triangular draughts moves (`docs/rules-draughts.md` *Pieces and moves*, *Captures*,
//! *Promotion*, *End of the game*): men step forward, kings fly, and capturing is
//! compulsory with the majority rule. A capture is found by a depth-first search of
//! every piece's jump sequences, the jumped pieces staying on the board (the Turkish
//! strike) and the mover's own cell counting as empty; one move per start cell, end
//! cell and set of jumped pieces, whatever its routes. No allocation: the search
//! recurses at most 18 deep and writes into the caller's [`MoveList`].

use std::fmt;

use super::geometry::{
    Cell, Direction, cells_of, jumpable, lines, man_jumps, man_steps, near, promotion_cells, ray_reach,
};
use super::pieces::{Kind, Side};
use super::position::{Position, piece_key, side_key};
use crate::core::moves::{MoveList, MoveSink};

/// A move: the piece's start and end cells and the set of pieces it jumps (empty for a
/// step). Several routes may make the same move; [`Position::routes`] lists them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
    /// The cells of the pieces it jumps (a `u64` cell set).
    pub captured: u64,
}

impl Move {
    /// Whether it captures.
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// How many pieces it jumps.
    pub fn capture_count(self) -> u32 {
        self.captured.count_ones()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(f, "{}x{} {{", self.from, self.to)?;
            let cells: Vec<String> = cells_of(self.captured).map(|c| c.to_string()).collect();
            write!(f, "{}}}", cells.join(" "))
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move had no legal move (no pieces, or all blocked) and lost.
    NoMoves {
        /// The side that won.
        winner: Side,
    },
    /// Fifty plies in a row of king moves without a capture (the 25-move rule).
    KingMoves,
    /// The same position a third time.
    Repetition,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::NoMoves { winner } => Some(winner),
            Outcome::KingMoves | Outcome::Repetition => None,
        }
    }

    /// The ending in words: `no legal move`, `25 king moves`, `repetition`.
    pub const fn title(self) -> &'static str {
        match self {
            Outcome::NoMoves { .. } => "no legal move",
            Outcome::KingMoves => "the 25-move rule",
            Outcome::Repetition => "threefold repetition",
        }
    }
}

impl fmt::Display for Outcome {
    /// The command line's form: `white wins: black has no legal move`, `draw by …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::NoMoves { winner } => write!(
                f,
                "{} wins: {} has no legal move",
                winner.name().to_lowercase(),
                winner.other().name().to_lowercase()
            ),
            Outcome::KingMoves => write!(f, "draw by the 25-move rule"),
            Outcome::Repetition => write!(f, "draw by threefold repetition"),
        }
    }
}

/// The cells a king on `from` flies to along its six lines over `empty` cells.
#[inline(always)]
pub(crate) fn king_steps(from: Cell, empty: u64) -> u64 {
    let occupied = !empty;
    let mut reach = 0;
    for d in Direction::ALL {
        reach |= ray_reach(from, d, occupied).0;
    }
    reach
}

/// The capture search's state for one piece.
struct Jumps<'a, S> {
    from: Cell,
    king: bool,
    /// The opponent's pieces.
    theirs: u64,
    /// Every piece but the mover (its start cell counts as empty).
    occupied: u64,
    /// The most pieces jumped by a capture found so far.
    best: &'a mut u32,
    sink: &'a mut S,
}

/// Where captures are collected: a move list that keeps only the largest captures,
/// once each.
pub(crate) trait CaptureSink {
    /// A complete capture of `count` pieces; `best` is the largest count so far.
    fn capture(&mut self, mv: Move, count: u32, best: &mut u32);
}

struct Collect<'a> {
    list: &'a mut MoveList<Move>,
    start: usize,
}

impl CaptureSink for Collect<'_> {
    fn capture(&mut self, mv: Move, count: u32, best: &mut u32) {
        if count > *best {
            self.list.truncate(self.start);
            *best = count;
        }
        if count == *best && !self.list[self.start..].contains(&mv) {
            self.list.push(mv);
        }
    }
}

impl<S: CaptureSink> Jumps<'_, S> {
    /// Every jump from `at`, having jumped `jumped` (`count` pieces) so far. A king's
    /// landing cells are tried nearest first.
    fn search(&mut self, at: Cell, jumped: u64, count: u32) {
        let mut any = false;
        let free = self.theirs & !jumped;
        if self.king {
            if lines(at) & free != 0 {
                for d in Direction::ALL {
                    // Along the line over empty cells to the first piece.
                    let Some(victim) = ray_reach(at, d, self.occupied).1 else { continue };
                    if free & victim.bit() == 0 {
                        continue;
                    }
                    let mut lands = ray_reach(victim, d, self.occupied).0;
                    while lands != 0 {
                        let l = d.nearest(lands);
                        lands &= !l.bit();
                        any = true;
                        self.search(l, jumped | victim.bit(), count + 1);
                    }
                }
            }
        } else if jumpable(at) & free != 0 {
            for jump in man_jumps(at) {
                if jump.victim & free != 0 && jump.land & self.occupied == 0 {
                    any = true;
                    self.search(Cell::in_set(jump.land), jumped | jump.victim, count + 1);
                }
            }
        }
        if !any && count > 0 {
            self.sink.capture(Move { from: self.from, to: at, captured: jumped }, count, self.best);
        }
    }
}

impl Position {
    /// Gives `sink` every capture of the side to move of the most pieces there is, by
    /// the pieces of `capturers` (those with a first jump: [`Position::capturers`]).
    pub(crate) fn captures_into<S: CaptureSink>(&self, capturers: u64, sink: &mut S) {
        let us = self.side_to_move;
        let theirs = self.pieces_of(us.other());
        let all = self.occupied();
        let mut best = 0;
        for (set, king) in [(self.men[us.index()], false), (self.kings[us.index()], true)] {
            for from in cells_of(set & capturers) {
                let mut jumps =
                    Jumps { from, king, theirs, occupied: all & !from.bit(), best: &mut best, sink: &mut *sink };
                jumps.search(from, 0, 0);
            }
        }
    }

    /// Gives `sink` every step (non-capturing move) of the side to move.
    fn steps_into<S: MoveSink<Move>>(&self, sink: &mut S) {
        let us = self.side_to_move;
        let empty = !self.occupied();
        for from in cells_of(self.men[us.index()]) {
            for to in cells_of(man_steps(us, from) & empty) {
                sink.push(Move { from, to, captured: 0 });
            }
        }
        for from in cells_of(self.kings[us.index()]) {
            for to in cells_of(king_steps(from, empty)) {
                sink.push(Move { from, to, captured: 0 });
            }
        }
    }

    /// Appends every legal move: the largest captures if there is a capture, else
    /// every step.
    pub fn legal_moves(&self, moves: &mut MoveList<Move>) {
        let capturers = self.capturers();
        if capturers != 0 {
            let start = moves.len();
            self.captures_into(capturers, &mut Collect { list: moves, start });
        } else {
            self.steps_into(moves);
        }
    }

    /// The number of legal moves; steps are counted without being made (perft's last
    /// ply).
    pub fn count_moves(&self) -> u64 {
        let capturers = self.capturers();
        if capturers != 0 {
            let mut moves = MoveList::new();
            self.captures_into(capturers, &mut Collect { list: &mut moves, start: 0 });
            return moves.len() as u64;
        }
        let us = self.side_to_move;
        let empty = !self.occupied();
        let men: u32 = cells_of(self.men[us.index()]).map(|from| (man_steps(us, from) & empty).count_ones()).sum();
        let kings: u32 = cells_of(self.kings[us.index()]).map(|from| king_steps(from, empty).count_ones()).sum();
        u64::from(men + kings)
    }

    /// Plays a legal move: the piece goes to its end cell, the jumped pieces come off,
    /// a man ending on its promotion cells is crowned; the 25-move count and the move
    /// number go on.
    pub fn play(&mut self, mv: Move) {
        let us = self.side_to_move;
        let them = us.other();
        let king = self.kings[us.index()] & mv.from.bit() != 0;
        let kind = if king { Kind::King } else { Kind::Man };
        // Off the start cell.
        if king {
            self.kings[us.index()] &= !mv.from.bit();
        } else {
            self.men[us.index()] &= !mv.from.bit();
        }
        self.hash ^= piece_key(us, kind, mv.from);
        for c in cells_of(mv.captured) {
            if self.men[them.index()] & c.bit() != 0 {
                self.men[them.index()] &= !c.bit();
                self.hash ^= piece_key(them, Kind::Man, c);
            } else {
                self.kings[them.index()] &= !c.bit();
                self.hash ^= piece_key(them, Kind::King, c);
            }
        }
        let crowned = !king && promotion_cells(us) & mv.to.bit() != 0;
        let end_kind = if king || crowned { Kind::King } else { Kind::Man };
        match end_kind {
            Kind::King => self.kings[us.index()] |= mv.to.bit(),
            Kind::Man => self.men[us.index()] |= mv.to.bit(),
        }
        self.hash ^= piece_key(us, end_kind, mv.to);
        self.halfmoves = if king && !mv.is_capture() { self.halfmoves + 1 } else { 0 };
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.side_to_move = them;
        self.hash ^= side_key();
    }

    /// Passes: the other side is to move, nothing else changes (a "null move", for the
    /// solver's threats and the engine; never a legal move of the game).
    pub fn play_null(&mut self) {
        self.side_to_move = self.side_to_move.other();
        self.hash ^= side_key();
    }

    /// Whether the side to move has a capture (and so must capture): some piece has a
    /// first jump, found without searching whole captures (every first jump starts a
    /// complete capture).
    pub fn must_capture(&self) -> bool {
        self.capturers() != 0
    }

    /// The pieces of the side to move that have a first jump (each then has a complete
    /// capture); empty when it has no capture.
    pub fn capturers(&self) -> u64 {
        let us = self.side_to_move;
        let theirs = self.pieces_of(us.other());
        let occupied = self.occupied();
        let empty = !occupied;
        let mut set = 0;
        for from in cells_of(self.men[us.index()]) {
            if jumpable(from) & theirs != 0
                && man_jumps(from).iter().any(|jump| jump.victim & theirs != 0 && jump.land & empty != 0)
            {
                set |= from.bit();
            }
        }
        for from in cells_of(self.kings[us.index()]) {
            if lines(from) & theirs != 0
                && Direction::ALL.into_iter().any(|d| {
                    ray_reach(from, d, occupied)
                        .1
                        .is_some_and(|victim| theirs & victim.bit() != 0 && near(victim, d) & empty != 0)
                })
            {
                set |= from.bit();
            }
        }
        set
    }

    /// How the game stands: lost by the side to move without a legal move, drawn by the
    /// 25-move rule, or `None`. (A third repetition needs the game's history:
    /// [`super::position::is_threefold_repetition`].) No legal move comes first: it
    /// loses even on the 50th king move.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(Outcome::NoMoves { winner: self.side_to_move.other() });
        }
        (self.halfmoves >= 50).then_some(Outcome::KingMoves)
    }

    /// Every route of a legal capture `mv`: its landing cells in order, the end cell
    /// last (empty for a step). The routes are in ascending order of their numbers, so
    /// the first is the one the full form writes.
    pub fn routes(&self, mv: Move) -> Vec<Vec<Cell>> {
        if !mv.is_capture() {
            return Vec::new();
        }
        let us = self.side_to_move;
        let mut out = Vec::new();
        let mut path = Vec::with_capacity(20);
        let king = self.kings[us.index()] & mv.from.bit() != 0;
        let theirs = self.pieces_of(us.other());
        let occupied = self.occupied() & !mv.from.bit();
        routes_from(mv, king, theirs, occupied, mv.from, 0, &mut path, &mut out);
        out.sort_by(|a, b| a.iter().map(|c| c.number()).cmp(b.iter().map(|c| c.number())));
        out
    }
}

/// Collects the routes of `mv` (see [`Position::routes`]).
#[allow(clippy::too_many_arguments)]
fn routes_from(
    mv: Move,
    king: bool,
    theirs: u64,
    occupied: u64,
    at: Cell,
    jumped: u64,
    path: &mut Vec<Cell>,
    out: &mut Vec<Vec<Cell>>,
) {
    let mut any = false;
    for d in Direction::ALL {
        let mut c = at;
        let victim = loop {
            match c.neighbour(d) {
                Some(n) if occupied & n.bit() == 0 && king => c = n,
                Some(n) => break Some(n),
                None => break None,
            }
        };
        let Some(victim) = victim else { continue };
        if theirs & victim.bit() == 0 || jumped & victim.bit() != 0 {
            continue;
        }
        let mut land = victim.neighbour(d);
        while let Some(l) = land {
            if occupied & l.bit() != 0 {
                break;
            }
            any = true;
            // Only routes that stay within the move's jumped pieces can make it.
            if mv.captured & victim.bit() != 0 {
                path.push(l);
                routes_from(mv, king, theirs, occupied, l, jumped | victim.bit(), path, out);
                path.pop();
            }
            if !king {
                break;
            }
            land = l.neighbour(d);
        }
    }
    if !any && jumped == mv.captured && at == mv.to {
        out.push(path.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_every_move_of_random_games() {
        let mut seed = 12345u64;
        for _ in 0..40 {
            let mut p = Position::opening();
            for _ in 0..150 {
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                p.play(moves[(seed >> 33) as usize % moves.len()]);
                assert!(p.hash_is_consistent(), "{p}");
            }
        }
    }
}

/// Why a move from one cell to another is not legal (`Display`: a short sentence for
/// the status bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is over.
    GameOver(Outcome),
    /// No piece of the side to move on the start cell.
    NotYourPiece(Side),
    /// No piece at all on the start cell.
    NoPiece,
    /// A capture is compulsory and this is not one of the largest captures.
    MustCapture(u32),
    /// A man steps forward only.
    ManStepsForward,
    /// The cell is not on one of the piece's lines, or the way is blocked.
    CannotReach,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver(outcome) => write!(f, "The game is over: {outcome}"),
            IllegalMove::NotYourPiece(side) => write!(f, "That is not a {} piece", side.name()),
            IllegalMove::NoPiece => f.write_str("There is no piece there"),
            IllegalMove::MustCapture(1) => write!(f, "A capture is compulsory: take a piece"),
            IllegalMove::MustCapture(n) => write!(f, "A capture is compulsory, and of the most pieces: take {n}"),
            IllegalMove::ManStepsForward => write!(f, "A man steps forward only (it captures in every direction)"),
            IllegalMove::CannotReach => write!(
                f,
                "That piece cannot move there: a man steps to the next empty cell ahead, a king flies \
                 along one of its six lines over empty cells"
            ),
        }
    }
}

impl Position {
    /// Why moving the piece on `from` to `to` is not a legal move here (for a pair that
    /// is legal, the answer is meaningless).
    pub fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        if let Some(outcome) = self.outcome() {
            return IllegalMove::GameOver(outcome);
        }
        let us = self.side_to_move;
        if self.occupied() & from.bit() == 0 {
            return IllegalMove::NoPiece;
        }
        if self.pieces_of(us) & from.bit() == 0 {
            return IllegalMove::NotYourPiece(us);
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if let Some(capture) = moves.first().filter(|m| m.is_capture()) {
            return IllegalMove::MustCapture(capture.capture_count());
        }
        let du = to.uv().0 - from.uv().0;
        let backwards = if us == Side::White { du <= 0 } else { du >= 0 };
        if self.men[us.index()] & from.bit() != 0 && backwards {
            return IllegalMove::ManStepsForward;
        }
        IllegalMove::CannotReach
    }
}
