//! Legal move generation, Target detection and the endings of Interstellar.
//!
//! Source: `docs/rules-interstellar.md` §5 *How the pieces move*, §6 *Target and legal
//! moves* and §7 *How the game ends*.
//!
//! Speed comes from `u128` bitboards and precomputed step/ray tables: sliders use the
//! shared [`slide`] routine, pulsar targets come from a bitboard flood fill over the
//! honeycomb of non-neutral cells, and legality is decided without playing most moves:
//! when the planet is not in Target, only the planet and the few pieces whose removal
//! could open a line, a pulsar path or a star's two-step onto the planet ("blockers")
//! have their moves tried one by one; every other piece's moves are all legal.
//! Nothing here allocates.

use super::geometry::{
    BACKWARD, CORNER_NEIGHBOURS, Cell, FORWARD, Indicium, NEUTRAL_CELLS, NON_NEUTRAL_CELLS, RAYS, ROWS,
    SIDE_NEIGHBOURS, SIDE_STEP_INCREASING, VALID, backward_of, forward_of, non_neutral_steps_from_negative,
    non_neutral_steps_from_positive,
};
use super::pieces::NamedPiece;
use super::pieces::{Kind, Name, Side};
use super::position::{KEYS, Position, SIDE_KEY, piece_key};
use crate::core::bitboard::{Bitboard, slide};
use crate::core::moves::{AnyMove, MoveCounter, MoveList, MoveSink};

/// A move: the piece on `from` goes to `to`, capturing whatever enemy piece is there.
/// A cell a piece can reach in several ways is one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it goes to.
    pub to: Cell,
}

const PLANET: usize = Kind::Planet as usize;
const QUASAR: usize = Kind::Quasar as usize;
const PULSAR: usize = Kind::Pulsar as usize;
const NEBULA: usize = Kind::Nebula as usize;
const BLACK_HOLE: usize = Kind::BlackHole as usize;
const STAR: usize = Kind::Star as usize;

/// Whether side-step direction `d` is diagonal (NE, NW, SW, SE): nebulas slide there.
const IS_DIAGONAL: [bool; 6] = [false, true, true, false, true, true];

/// One layer of the non-neutral flood: the non-neutral neighbours of `set`, whose cells
/// all have the indicium given by `from_positive`.
#[inline(always)]
fn non_neutral_step(set: Bitboard, from_positive: bool) -> Bitboard {
    if from_positive { non_neutral_steps_from_positive(set) } else { non_neutral_steps_from_negative(set) }
}

/// The layers of the pulsar flood from `start` (non-neutral cells all of one indicium,
/// positive when `start_positive`): `layers[k]` holds the cells reached by a walk of
/// `k + 1` side-steps over non-neutral cells whose inner cells are all in `empty`.
#[inline(always)]
fn pulsar_layers(start: Bitboard, start_positive: bool, empty: Bitboard) -> [Bitboard; 6] {
    let mut layers = [Bitboard::EMPTY; 6];
    let mut frontier = start;
    let mut positive = start_positive;
    for layer in layers.iter_mut() {
        let reached = non_neutral_step(frontier, positive);
        *layer = reached;
        frontier = reached & empty;
        if frontier.is_empty() {
            break;
        }
        positive = !positive;
    }
    layers
}

/// Cells a pulsar on `from` can reach (ignoring what stands on the last cell): the ends
/// of paths of 2, 4 or 6 side-steps over non-neutral cells, inner cells empty. A walk
/// that repeats cells can always be shortened to such a path of even length, so the
/// flood's even layers are exactly the path ends (the start itself aside).
#[inline(always)]
pub(crate) fn pulsar_reach(from: Cell, empty: Bitboard) -> Bitboard {
    if from.indicium() == Indicium::Neutral {
        return Bitboard::EMPTY;
    }
    let l = pulsar_layers(from.bit(), from.indicium() == Indicium::Positive, empty);
    (l[1] | l[3] | l[5]).without(from.slot())
}

/// Cells a slider on `from` reaches along the given directions, up to and including the
/// first occupied cell of each.
#[inline(always)]
fn slider_reach(from: Cell, occupied: Bitboard, diagonal_only: bool) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for d in 0..6 {
        if diagonal_only && !IS_DIAGONAL[d] {
            continue;
        }
        out |= slide(RAYS[d][from.idx()], occupied, &RAYS[d], SIDE_STEP_INCREASING[d]);
    }
    out
}

#[inline(always)]
fn cell(slot: u8) -> Cell {
    // Every bit of a generated set is a board cell (sets are masked by VALID).
    Cell::from_slot(slot).unwrap_or_else(|| unreachable!("slot {slot} is not a cell"))
}

/// How one of the game's endings names the result (`docs/rules-interstellar.md` §7 *How
/// the game ends*, in its order of precedence: *Project decision: naming a result*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A star of the winner stands on the loser's first row.
    SuperNova,
    /// The loser has nothing left but the planet.
    TotalAnnihilation,
    /// The loser's planet is in Target and the loser has no legal move.
    TargetOut,
    /// The loser has no legal move and is not in Target.
    Blocked,
}

impl Ending {
    /// The command line's word: `super-nova`, `total-annihilation`, `target-out`, `blocked`.
    pub const fn key(self) -> &'static str {
        match self {
            Ending::SuperNova => "super-nova",
            Ending::TotalAnnihilation => "total-annihilation",
            Ending::TargetOut => "target-out",
            Ending::Blocked => "blocked",
        }
    }

    /// The patent's name: `Super Nova`, `Total Annihilation`, `Target Out`, `blocked`.
    pub const fn title(self) -> &'static str {
        match self {
            Ending::SuperNova => "Super Nova",
            Ending::TotalAnnihilation => "Total Annihilation",
            Ending::TargetOut => "Target Out",
            Ending::Blocked => "blocked",
        }
    }
}

/// How a finished Interstellar game ended. There are no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub winner: Side,
    /// How.
    pub ending: Ending,
}

impl std::fmt::Display for Outcome {
    /// `positive wins by super-nova`, `negative wins by target-out`, ...
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} wins by {}", self.winner.name(), self.ending.key())
    }
}

/// Why a move from one cell to another is not legal (`docs/rules-interstellar.md` §5 *How
/// the pieces move* and §6 *Target and legal moves*). `Display` is a short sentence for
/// the status bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is over by Super Nova or Total Annihilation.
    GameOver(Outcome),
    /// The from-cell is empty.
    NoPiece,
    /// The piece belongs to the side not to move; the side to move is given.
    NotYourMove(Side),
    /// The piece may move there but its own planet would then be in Target.
    LeavesPlanetInTarget,
    /// The to-cell holds a piece of the mover's side.
    OwnPiece,
    /// The to-cell holds the enemy planet, which no piece may capture.
    CapturesPlanet,
    /// The piece cannot reach the cell.
    CannotReach {
        /// The piece's kind.
        kind: Kind,
        /// Its name.
        name: Name,
    },
    /// The side to move is in Target and the chosen piece cannot answer it.
    MustAnswerTarget,
    /// The chosen cell holds no piece of the side to move that can move.
    NoMoveFrom(Side),
    /// The chosen piece of the side to move has no legal move.
    Stuck {
        /// The piece's kind.
        kind: Kind,
        /// Its name.
        name: Name,
        /// Where it stands.
        from: Cell,
        /// It has moves by the movement rules, but each would leave its own planet in
        /// Target (it shields the planet); otherwise every cell it could go to is
        /// closed to it.
        shields: bool,
    },
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalMove::GameOver(outcome) => write!(f, "The game is over: {outcome}"),
            IllegalMove::NoPiece => f.write_str("There is no piece there"),
            IllegalMove::NotYourMove(side) => write!(f, "It is {}'s move", side.name()),
            IllegalMove::LeavesPlanetInTarget => f.write_str("That would leave your planet in Target"),
            IllegalMove::OwnPiece => f.write_str("You cannot move onto your own piece"),
            IllegalMove::CapturesPlanet => f.write_str("No piece may capture a planet"),
            IllegalMove::CannotReach { kind, name } => {
                write!(f, "The {} {name} cannot move there: {}", kind.word(), kind.movement())
            }
            IllegalMove::MustAnswerTarget => {
                f.write_str("Your planet is in Target: capture the attacker, block it, or move the planet")
            }
            IllegalMove::NoMoveFrom(side) => {
                write!(f, "Nothing to move there: choose one of {}'s pieces that can move", side.name())
            }
            IllegalMove::Stuck { kind, name, from, shields: true } => write!(
                f,
                "The {} {name} on {from} cannot move: each of its moves would leave your planet in Target (it shields the planet from an attack)",
                kind.word()
            ),
            IllegalMove::Stuck { kind, name, from, shields: false } => write!(
                f,
                "The {} {name} on {from} has no legal move: {}, and every such cell is blocked here",
                kind.word(),
                kind.movement()
            ),
        }
    }
}

impl Position {
    /// Why moving the piece on `from` to `to` is not legal here. Meaningful only for a
    /// move that is not among [`Position::legal_moves`].
    pub fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        if let Some(outcome) = self.outcome()
            && matches!(outcome.ending, Ending::SuperNova | Ending::TotalAnnihilation)
        {
            return IllegalMove::GameOver(outcome);
        }
        match self.piece_at(from) {
            None => IllegalMove::NoPiece,
            Some(p) if p.side != self.side_to_move() => IllegalMove::NotYourMove(self.side_to_move()),
            Some(p) => {
                if self.movement_targets(from).contains(to.slot()) {
                    IllegalMove::LeavesPlanetInTarget
                } else if self.piece_at(to).is_some_and(|q| q.side == p.side) {
                    IllegalMove::OwnPiece
                } else if self.piece_at(to).is_some_and(|q| q.kind() == Kind::Planet) {
                    IllegalMove::CapturesPlanet
                } else {
                    IllegalMove::CannotReach { kind: p.kind(), name: p.name }
                }
            }
        }
    }
}

impl Position {
    /// The pieces of `by` that could move onto `target` by the movement rules, treating
    /// whatever stands there as an enemy piece (the enemy planet counts too), with
    /// `occupied` as the board's occupancy and only `by`'s pieces inside `alive`.
    #[inline(always)]
    fn attackers(&self, target: Cell, by: Side, occupied: Bitboard, alive: Bitboard) -> Bitboard {
        let them = self.sides[by.index()] & alive;
        let t = target.idx();
        let mut found = SIDE_NEIGHBOURS[t] & them & self.kinds[PLANET];
        if NEUTRAL_CELLS.contains(target.slot()) {
            found |= CORNER_NEIGHBOURS[t] & them & self.kinds[BLACK_HOLE];
        }
        let stars = them & self.kinds[STAR];
        if stars.any() {
            let behind = BACKWARD[by.index()][t];
            found |= behind & stars;
            let starters = stars & ROWS[by.second_row() as usize - 1];
            if starters.any() {
                let middles = behind & NON_NEUTRAL_CELLS & !occupied;
                found |= backward_of(by.index(), middles) & starters;
            }
        }
        let quasars = them & self.kinds[QUASAR];
        let nebulas = them & self.kinds[NEBULA];
        let sliders = quasars | nebulas;
        if sliders.any() {
            for d in 0..6 {
                let wanted = if IS_DIAGONAL[d] { sliders } else { quasars };
                let ray = RAYS[d][t];
                if (ray & wanted).any() {
                    found |= slide(ray, occupied, &RAYS[d], SIDE_STEP_INCREASING[d]) & wanted;
                }
            }
        }
        let pulsars = them & self.kinds[PULSAR];
        if pulsars.any() {
            found |= pulsar_reach(target, VALID & !occupied) & pulsars;
        }
        found
    }

    /// The static exchange evaluation of `mv` (a move of the side to move): what it
    /// wins, in the units of `values` (indexed by [`Kind`]'s discriminant), when after
    /// it both sides go on capturing on `mv`'s to-cell, each with its least valuable
    /// piece that could move there and each free to stop when going on would lose
    /// (`docs/rules-interstellar.md` §5 *How the pieces move*: a piece captures by
    /// moving onto the enemy piece's cell). Pieces whose way a capturer opens join in.
    /// Not considered: Target and the legality of the captures, the game's endings
    /// (a star's capture onto the far row is Super Nova; taking the last piece but the
    /// planet is Total Annihilation: the engine does not ask about such moves); the
    /// planet recaptures only onto a cell no enemy piece could then move to. A quiet
    /// move scores 0 or less.
    pub fn static_exchange(&self, mv: Move, values: &[i32; 6]) -> i32 {
        const CHEAPEST_FIRST: [usize; 6] = [STAR, BLACK_HOLE, PULSAR, NEBULA, QUASAR, PLANET];
        let to = mv.to;
        let kind_on = |slot: u8| (0..6).find(|&k| self.kinds[k].contains(slot));
        let Some(mover) = kind_on(mv.from.slot()) else { return 0 };
        let taken = kind_on(to.slot()).map_or(0, |k| values[k]);
        let mut occ = self.occupied().without(mv.from.slot());
        let mut alive = VALID.without(mv.from.slot());
        let mut side = self.side_to_move.other();
        crate::core::exchange::swap_off(taken, values[mover], || {
            let attackers = self.attackers(to, side, occ, alive);
            let (kind, from) =
                CHEAPEST_FIRST.into_iter().find_map(|k| (attackers & self.kinds[k]).first().map(|c| (k, c)))?;
            let (after_occ, after_alive) = (occ.without(from), alive.without(from));
            if kind == PLANET && self.attackers(to, side.other(), after_occ, after_alive).any() {
                return None;
            }
            occ = after_occ;
            alive = after_alive;
            side = side.other();
            Some(values[kind])
        })
    }

    /// How many enemy pieces could move onto `side`'s planet now (0 when not in
    /// Target), whoever is to move.
    pub fn target_count_for(&self, side: Side) -> u32 {
        let planet = self.sides[side.index()] & self.kinds[PLANET];
        match planet.first() {
            None => 0,
            Some(p) => self.attackers(cell(p), side.other(), self.occupied(), VALID).count(),
        }
    }

    /// How many enemy pieces could move onto the side to move's planet: 0 (no Target),
    /// 1 (Target, `+`) or 2 and more (double Target, `++`).
    pub fn target_count(&self) -> u32 {
        self.target_count_for(self.side_to_move)
    }

    /// Whether the side to move's planet is in Target.
    pub fn is_target(&self) -> bool {
        self.target_count() > 0
    }

    /// Own pieces whose leaving their cell could open an attack on the planet on `planet`:
    /// the first piece on a quasar or nebula line with an enemy slider behind it, the
    /// piece on the middle cell of an enemy star's two-step, and (over-approximated)
    /// pieces within five steps of both the planet and an enemy pulsar on the planet's
    /// indicium through empty non-neutral cells.
    #[inline(always)]
    fn blockers(&self, planet: Cell, own: Bitboard, occupied: Bitboard, empty: Bitboard) -> Bitboard {
        let them = self.side_to_move.other();
        let enemy = self.sides[them.index()];
        let p = planet.idx();
        let mut blockers = Bitboard::EMPTY;
        let quasars = enemy & self.kinds[QUASAR];
        let sliders = quasars | (enemy & self.kinds[NEBULA]);
        for d in 0..6 {
            let wanted = if IS_DIAGONAL[d] { sliders } else { quasars };
            let ray = RAYS[d][p];
            if (ray & wanted).is_empty() {
                continue;
            }
            let hits = ray & occupied;
            let nearest = |b: Bitboard| {
                if SIDE_STEP_INCREASING[d] { b.first() } else { b.last() }
            };
            if let Some(first) = nearest(hits)
                && own.contains(first)
                && let Some(second) = nearest(hits.without(first))
                && wanted.contains(second)
            {
                blockers = blockers.with(first);
            }
        }
        let starters = enemy & self.kinds[STAR] & ROWS[them.second_row() as usize - 1];
        if starters.any() {
            blockers |= own & NON_NEUTRAL_CELLS & BACKWARD[them.index()][p] & forward_of(them.index(), starters);
        }
        let indicium = planet.indicium();
        if indicium != Indicium::Neutral {
            let same = if indicium == Indicium::Positive {
                super::geometry::POSITIVE_CELLS
            } else {
                super::geometry::NEGATIVE_CELLS
            };
            let pulsars = enemy & self.kinds[PULSAR] & same;
            if pulsars.any() {
                let positive = indicium == Indicium::Positive;
                let near_planet = pulsar_layers(planet.bit(), positive, empty);
                let near_planet = near_planet[0] | near_planet[1] | near_planet[2] | near_planet[3] | near_planet[4];
                let candidates = own & near_planet;
                if candidates.any() {
                    let near = pulsar_layers(pulsars, positive, empty);
                    blockers |= candidates & (near[0] | near[1] | near[2] | near[3] | near[4]);
                }
            }
        }
        blockers
    }

    /// Star targets from `from` for `side`: the non-neutral forward cells if empty or
    /// capturable, the neutral ones only to capture, and from the second row the
    /// two-step through an empty non-neutral cell.
    #[inline(always)]
    fn star_targets(from: Cell, side: Side, empty: Bitboard, capturable: Bitboard) -> Bitboard {
        let allowed = (NON_NEUTRAL_CELLS & (empty | capturable)) | (NEUTRAL_CELLS & capturable);
        let ahead = FORWARD[side.index()][from.idx()];
        let mut targets = ahead & allowed;
        if from.row() == side.second_row() {
            let middles = ahead & NON_NEUTRAL_CELLS & empty;
            targets |= forward_of(side.index(), middles) & allowed;
        }
        targets
    }

    /// The cells the piece on `from` could move to by the movement rules, legality
    /// aside. `open` = empty or capturable cells.
    #[inline(always)]
    fn piece_targets(
        &self,
        from: Cell,
        kind: usize,
        occupied: Bitboard,
        empty: Bitboard,
        capturable: Bitboard,
    ) -> Bitboard {
        let open = empty | capturable;
        match kind {
            QUASAR => slider_reach(from, occupied, false) & open,
            NEBULA => slider_reach(from, occupied, true) & open,
            PULSAR => pulsar_reach(from, empty) & open,
            BLACK_HOLE => CORNER_NEIGHBOURS[from.idx()] & NEUTRAL_CELLS & open,
            STAR => Self::star_targets(from, self.side_to_move, empty, capturable),
            _ => SIDE_NEIGHBOURS[from.idx()] & open,
        }
    }

    /// Every legal move, the game's end aside, into `sink`; with `TACTICAL` only the
    /// captures and the stars' steps onto the opponent's first row (Super Nova).
    #[inline(always)]
    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate_masked::<S, false>(sink);
    }

    #[inline(always)]
    fn generate_masked<S: MoveSink<Move>, const TACTICAL: bool>(&self, sink: &mut S) {
        let us = self.side_to_move;
        let them = us.other();
        let own = self.sides[us.index()];
        let enemy = self.sides[them.index()];
        let occupied = own | enemy;
        let empty = VALID & !occupied;
        let capturable = enemy & !self.kinds[PLANET];
        let open = empty | capturable;
        let Some(planet_slot) = (own & self.kinds[PLANET]).first() else {
            return;
        };
        let planet = cell(planet_slot);
        let in_target = self.attackers(planet, them, occupied, VALID).any();
        let checked = if in_target { own } else { self.blockers(planet, own, occupied, empty) };
        let super_nova = ROWS[them.first_row() as usize - 1];

        for kind in [QUASAR, PULSAR, NEBULA, BLACK_HOLE, STAR] {
            let mask = match (TACTICAL, kind) {
                (false, _) => VALID,
                (true, STAR) => capturable | super_nova,
                (true, _) => capturable,
            };
            for slot in own & self.kinds[kind] {
                let from = cell(slot);
                let targets = self.piece_targets(from, kind, occupied, empty, capturable) & mask;
                if !checked.contains(slot) {
                    sink.targets(targets, |t| Move { from, to: cell(t) });
                    continue;
                }
                for t in targets {
                    let after = occupied.without(slot).with(t);
                    if !self.attackers(planet, them, after, !Bitboard::from_index(t)).any() {
                        sink.push(Move { from, to: cell(t) });
                    }
                }
            }
        }
        let without_planet = occupied.without(planet_slot);
        let planet_open = if TACTICAL { capturable } else { open };
        for t in SIDE_NEIGHBOURS[planet.idx()] & planet_open {
            let after = without_planet.with(t);
            if !self.attackers(cell(t), them, after, !Bitboard::from_index(t)).any() {
                sink.push(Move { from: planet, to: cell(t) });
            }
        }
    }

    /// The ending reached before the side to move plays, without looking at moves:
    /// Super Nova (a star of the side that just moved on this side's first row) or
    /// Total Annihilation (this side has nothing but its planet).
    #[inline(always)]
    fn static_ending(&self) -> Option<Ending> {
        let us = self.side_to_move;
        let mover_stars = self.sides[us.other().index()] & self.kinds[STAR];
        if (mover_stars & ROWS[us.first_row() as usize - 1]).any() {
            return Some(Ending::SuperNova);
        }
        let own = self.sides[us.index()];
        if own == own & self.kinds[PLANET] {
            return Some(Ending::TotalAnnihilation);
        }
        None
    }

    /// Every legal move of the side to move; none when the game is over.
    pub fn legal_moves(&self, moves: &mut MoveList<Move>) {
        if self.static_ending().is_none() {
            self.generate(moves);
        }
    }

    /// The legal captures and Super Nova steps of the side to move (the tactical moves
    /// a quiescence search looks at, in [`Position::legal_moves`]'s order); none when
    /// the game is over by Super Nova or Total Annihilation. Cheaper than generating
    /// every move and filtering.
    pub fn tactical_moves(&self, moves: &mut MoveList<Move>) {
        if self.static_ending().is_none() {
            self.generate_masked::<_, true>(moves);
        }
    }

    /// The moves the side to move could make by the movement and legality rules,
    /// even if the game has just ended by Super Nova (used for Target Out: "the
    /// opponent has no legal move").
    pub fn moves_ignoring_end(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    /// Whether the side to move has any legal move by the movement and legality rules
    /// (the game's end aside).
    pub fn has_any_move(&self) -> bool {
        let mut any = AnyMove(false);
        self.generate(&mut any);
        any.0
    }

    /// The number of legal moves; 0 when the game is over. Faster than generating them.
    pub fn count_moves(&self) -> u64 {
        if self.static_ending().is_some() {
            return 0;
        }
        let mut count = MoveCounter(0);
        self.generate(&mut count);
        count.0
    }

    /// Whether `mv` is a legal move here (one of [`Position::legal_moves`]), checked
    /// for that move alone: the game goes on, the piece is the mover's and can reach
    /// `to`, and afterwards the mover's planet is not in Target
    /// (`docs/rules-interstellar.md` §5).
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.static_ending().is_some() {
            return false;
        }
        let Some(piece) = self.piece_at(mv.from) else { return false };
        if piece.side != self.side_to_move || !self.movement_targets(mv.from).contains(mv.to.slot()) {
            return false;
        }
        let them = self.side_to_move.other();
        let own = self.sides[self.side_to_move.index()];
        let after = self.occupied().without(mv.from.slot()).with(mv.to.slot());
        let planet = if piece.kind() == Kind::Planet {
            mv.to
        } else {
            match (own & self.kinds[PLANET]).first() {
                Some(slot) => cell(slot),
                None => return false,
            }
        };
        !self.attackers(planet, them, after, !Bitboard::from_index(mv.to.slot())).any()
    }

    /// Whether the game has ended by Super Nova or Total Annihilation, which need no
    /// look at the moves.
    pub(crate) fn has_static_ending(&self) -> bool {
        self.static_ending().is_some()
    }

    /// How the game has ended, or `None` while it goes on (`docs/rules-interstellar.md`
    /// §7 *How the game ends*: Super Nova, Total Annihilation, Target Out, blocked, in
    /// that order). The side that just moved wins.
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = self.side_to_move.other();
        let ending = match self.static_ending() {
            Some(e) => e,
            None if self.has_any_move() => return None,
            None if self.is_target() => Ending::TargetOut,
            None => Ending::Blocked,
        };
        Some(Outcome { winner, ending })
    }

    /// Whether the side to move's planet is in Target with no legal move, whatever
    /// ending names the result (a puzzle's "Target Out" condition).
    pub fn is_target_out(&self) -> bool {
        self.is_target() && !self.has_any_move()
    }
}

impl Position {
    /// The cells the piece on `from` could move to by the movement rules alone
    /// (own-planet safety aside); empty when `from` holds no piece of the side to move.
    pub fn movement_targets(&self, from: Cell) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        if piece.side != self.side_to_move {
            return Bitboard::EMPTY;
        }
        let enemy = self.sides[self.side_to_move.other().index()];
        let occupied = self.occupied();
        let empty = VALID & !occupied;
        let capturable = enemy & !self.kinds[PLANET];
        self.piece_targets(from, piece.kind() as usize, occupied, empty, capturable)
    }
}

impl Position {
    /// The cells the piece on `from` (of either side) covers: those it could move onto
    /// by the movement rules if every occupied cell held an enemy piece
    /// (`docs/rules-interstellar.md` §5 *How the pieces move*; what makes a planet's
    /// cell attacked, §6 *Target and legal moves*). Own-planet safety and the rule
    /// that no piece moves onto its own pieces are left aside; empty when `from` is
    /// empty. Used by evaluation (attack maps, mobility); no allocation.
    #[inline]
    pub fn coverage(&self, from: Cell) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let occupied = self.occupied();
        self.coverage_with(from, piece.kind(), piece.side, occupied, VALID & !occupied)
    }

    /// [`Position::coverage`] of a `side` piece of `kind` on `from`, with the occupied
    /// and empty cells given (for evaluation loops that compute them once).
    #[inline(always)]
    pub(crate) fn coverage_with(
        &self,
        from: Cell,
        kind: Kind,
        side: Side,
        occupied: Bitboard,
        empty: Bitboard,
    ) -> Bitboard {
        match kind {
            Kind::Star => Self::star_targets(from, side, empty, occupied),
            kind => self.piece_targets(from, kind as usize, occupied, empty, occupied),
        }
    }

    /// Passes: the other side is to move, nothing else changes (a "null move" for
    /// search; not a move of the game, which allows no passing,
    /// `docs/rules-interstellar.md` §4). The result is a valid position only when the
    /// side to move was not in Target.
    #[inline]
    pub fn play_null(&mut self) {
        self.hash ^= KEYS[SIDE_KEY];
        self.side_to_move = self.side_to_move.other();
    }
}

impl Position {
    /// Plays a move from [`Position::legal_moves`](super::Position): the piece goes to
    /// `to`, any enemy piece there is removed, and the other side is to move.
    pub fn play(&mut self, mv: Move) {
        let code = self.board[mv.from.idx()];
        debug_assert!(code != 0, "no piece on {:?}", mv.from);
        let piece = NamedPiece::from_code(code);
        let from_bit = mv.from.bit();
        let to_bit = mv.to.bit();
        let captured = self.board[mv.to.idx()];
        if captured != 0 {
            let victim = NamedPiece::from_code(captured);
            self.sides[victim.side.index()] ^= to_bit;
            self.kinds[victim.kind() as usize] ^= to_bit;
            self.hash ^= piece_key(victim, mv.to);
        }
        let both = from_bit | to_bit;
        self.sides[piece.side.index()] ^= both;
        self.kinds[piece.kind() as usize] ^= both;
        self.board[mv.from.idx()] = 0;
        self.board[mv.to.idx()] = code;
        self.hash ^= piece_key(piece, mv.from) ^ piece_key(piece, mv.to) ^ KEYS[SIDE_KEY];
        self.side_to_move = self.side_to_move.other();
    }
}
