//! Differential test: the fast bitboard move generator against the plain reference
//! generator in `tests/reference/interstellar.rs` (written separately from the rules
//! file, with a literal search over pulsar paths), on positions from random playouts
//! and from random set-ups. Move sets, one-move legality, Target counts, results and perft
//! must agree.

#[path = "reference/interstellar.rs"]
mod reference;

use std::collections::BTreeSet;

use orrery::core::interstellar::geometry::{Cell, NEUTRAL_CELLS};
use orrery::core::interstellar::{Ending, Kind, Move, Position, Setup, SetupPiece, Side};
use orrery::core::moves::MoveList;
use orrery::core::perft::perft;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::RefPosition;

/// The board and side of a position string, names (`Q(NQ)`) dropped: the reference reads
/// the format of `docs/rules-interstellar.md` §9 *Position strings* only.
fn plain_string(p: &Position) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in p.position_string().chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn fast_moves(p: &Position) -> BTreeSet<((u8, u8), (u8, u8))> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let set: BTreeSet<_> =
        moves.iter().map(|m| ((m.from.row(), m.from.index_in_row()), (m.to.row(), m.to.index_in_row()))).collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves generated in {p:?}");
    assert_eq!(p.count_moves() as usize, moves.len(), "count and list disagree in {p:?}");
    set
}

fn ending_key(e: Ending) -> &'static str {
    e.key()
}

fn side_of(s: Side) -> reference::Side {
    match s {
        Side::Positive => reference::Side::Positive,
        Side::Negative => reference::Side::Negative,
    }
}

/// Compares everything the two generators say about one position.
fn compare(p: &Position) {
    let text = plain_string(p);
    let r = RefPosition::parse(&text).unwrap_or_else(|e| panic!("reference cannot read {text}: {e}"));
    let fast = fast_moves(p);
    let slow = r.legal_moves();
    if fast != slow {
        let extra: Vec<_> = fast.difference(&slow).collect();
        let missing: Vec<_> = slow.difference(&fast).collect();
        panic!("{text}: fast generator has extra {extra:?}, misses {missing:?}");
    }
    // The one-move legality check agrees with the generator on every from–to pair.
    for from in Cell::all() {
        if p.piece_at(from).is_none_or(|piece| piece.side != p.side_to_move()) {
            continue;
        }
        for to in Cell::all() {
            let key = ((from.row(), from.index_in_row()), (to.row(), to.index_in_row()));
            assert_eq!(p.is_legal(Move { from, to }), fast.contains(&key), "is_legal {key:?} in {text}");
        }
    }
    assert_eq!(p.target_count() as usize, r.target_count(), "target count in {text}");
    let fast_result = p.outcome().map(|o| (side_of(o.winner), ending_key(o.ending)));
    assert_eq!(fast_result, r.result(), "result in {text}");
}

#[test]
fn fast_and_reference_generators_agree_on_random_playouts() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0001);
    let mut positions = 0;
    let mut finished = 0;
    while positions < 10_000 {
        let mut p = Position::opening();
        for _ in 0..150 {
            compare(&p);
            positions += 1;
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                finished += 1;
                break;
            }
            // Prefer captures now and then so games reach sparse endings.
            let captures: Vec<Move> = moves.iter().copied().filter(|m| p.piece_at(m.to).is_some()).collect();
            let m = if !captures.is_empty() && rng.random_bool(0.6) {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            p.play(m);
        }
    }
    assert!(finished > 10, "random games should reach endings ({finished})");
}

/// A random valid position: each side gets a planet and a random part of its army,
/// black holes on neutral cells, pulsars off them, stars off both first rows.
fn random_position(rng: &mut StdRng) -> Option<Position> {
    let cells: Vec<Cell> = Cell::all().collect();
    let mut used = BTreeSet::new();
    let mut pieces = Vec::new();
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let count = if kind == Kind::Planet { 1 } else { rng.random_range(0..=kind.opening_count()) };
            for _ in 0..count {
                for _attempt in 0..20 {
                    let c = cells[rng.random_range(0..cells.len())];
                    let neutral = NEUTRAL_CELLS.contains(c.slot());
                    let ok = match kind {
                        Kind::BlackHole => neutral,
                        Kind::Pulsar => !neutral,
                        Kind::Star => c.row() != 1 && c.row() != 9,
                        _ => true,
                    };
                    if ok && used.insert(c) {
                        pieces.push(SetupPiece { cell: c, side, kind, name: None });
                        break;
                    }
                }
            }
        }
    }
    let side_to_move = if rng.random_bool(0.5) { Side::Positive } else { Side::Negative };
    Position::from_setup(&Setup { pieces, side_to_move }).ok()
}

#[test]
fn fast_and_reference_generators_agree_on_random_setups() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0002);
    let mut checked = 0;
    let mut in_target = 0;
    while checked < 4_000 {
        if let Some(p) = random_position(&mut rng) {
            compare(&p);
            in_target += usize::from(p.target_count() > 0);
            checked += 1;
        }
    }
    assert!(in_target > 100, "random set-ups should often be in Target ({in_target})");
}

#[test]
fn perft_agrees_with_the_reference_from_random_positions() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0003);
    for _ in 0..12 {
        // A middle-game position: 10 to 30 random plies from the opening.
        let mut p = Position::opening();
        for _ in 0..rng.random_range(10..30) {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
        }
        let r = RefPosition::parse(&plain_string(&p)).unwrap();
        assert_eq!(perft(&p, 2), r.perft(2), "{p:?}");
    }
    let opening = RefPosition::opening();
    assert_eq!(perft(&Position::opening(), 3), opening.perft(3));
}

/// The static exchange evaluation behind the engine's capture ordering and pruning
/// (`Position::static_exchange`, bitboards and the pieces a capturer uncovers) agrees
/// with the reference's plain one (move the pieces, recurse) on every capture of
/// positions from random playouts.
#[test]
fn static_exchange_agrees_with_the_reference() {
    let values = [10_000, 900, 450, 550, 300, 100];
    let rank = |(r, i): (u8, u8)| Cell::new(r, i).expect("a cell").slot();
    let mut rng = StdRng::seed_from_u64(0x5EED_0005);
    let (mut checked, mut losing, mut recaptured) = (0, 0, 0);
    for _ in 0..150 {
        let mut p = Position::opening();
        for _ in 0..120 {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let r = RefPosition::parse(&plain_string(&p)).expect("the reference reads it");
            for m in moves.iter().filter(|m| p.piece_at(m.to).is_some()) {
                let fast = p.static_exchange(*m, &values);
                let cell = |c: Cell| (c.row(), c.index_in_row());
                let plain = r.static_exchange(cell(m.from), cell(m.to), &values, &rank);
                assert_eq!(fast, plain, "{}-{} in {}", m.from, m.to, plain_string(&p));
                let victim = p.piece_at(m.to).map_or(0, |v| values[v.kind() as usize]);
                checked += 1;
                losing += usize::from(fast < 0);
                recaptured += usize::from(fast != victim && fast >= 0);
            }
            // Captures now and then, as in the playouts above.
            let captures: Vec<Move> = moves.iter().copied().filter(|m| p.piece_at(m.to).is_some()).collect();
            let m = if !captures.is_empty() && rng.random_bool(0.3) {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            p.play(m);
        }
    }
    assert!(
        checked > 2_000 && losing > 100 && recaptured > 50,
        "{checked} captures, {losing} losing, {recaptured} recaptured"
    );
}
