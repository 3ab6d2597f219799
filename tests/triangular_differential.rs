//! Differential test: the fast Triangular move generator against the plain reference
//! generator in `tests/reference/triangular.rs` (written separately from the rules, with
//! exact triangle coordinates), on positions from random playouts and random set-ups.
//! Move sets, check, results and perft must agree.

#[path = "reference/triangular.rs"]
mod reference;

use std::collections::BTreeSet;

use orrery::core::Game;
use orrery::core::moves::MoveList;
use orrery::core::perft::perft;
use orrery::core::triangular::{CELL_COUNT, Kind, Piece, Position, Setup, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::RefPosition;

type Moves = BTreeSet<(String, String, Option<char>)>;

fn fast_moves(p: &Position) -> Moves {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let set: Moves =
        moves.iter().map(|m| (m.from.to_string(), m.to.to_string(), m.promotion.map(|r| r.letter()))).collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {p}");
    assert_eq!(p.count_moves() as usize, moves.len(), "count and list disagree in {p}");
    set
}

fn compare(p: &Position) {
    let text = p.position_string();
    let r = RefPosition::parse(&text).unwrap_or_else(|e| panic!("reference cannot read {text}: {e}"));
    let fast = fast_moves(p);
    let slow = r.legal_moves();
    if fast != slow {
        let extra: Vec<_> = fast.difference(&slow).collect();
        let missing: Vec<_> = slow.difference(&fast).collect();
        panic!("{text}: fast generator has extra {extra:?}, misses {missing:?}");
    }
    assert_eq!(p.is_check(), r.is_check(), "check in {text}");
    // The targeted generator behind reading and writing notation, and the suffix found
    // without writing the move, agree with the whole generation.
    let mut all = MoveList::new();
    p.legal_moves(&mut all);
    for m in &all {
        let kind = p.piece_at(m.from).expect("a piece").kind;
        let mut to = MoveList::new();
        p.legal_moves_to(kind, m.to, &mut to);
        let expected: Vec<_> =
            all.iter().filter(|o| o.to == m.to && p.piece_at(o.from).map(|x| x.kind) == Some(kind)).collect();
        assert_eq!(to.iter().collect::<Vec<_>>(), expected, "moves of {kind:?} to {} in {text}", m.to);
        let written = p.notation(*m);
        let suffix = ["+", "#"].into_iter().find(|s| written.ends_with(s)).unwrap_or("");
        assert_eq!(p.notation_suffix(*m), suffix, "{written} in {text}");
        assert_eq!(p.parse_move(&written).ok(), Some(*m), "{written} in {text}");
    }
    assert_eq!(p.outcome().map(|o| o.to_string()), r.result().map(str::to_string), "result in {text}");
}

#[test]
fn fast_and_reference_generators_agree_on_random_playouts() {
    let mut rng = StdRng::seed_from_u64(0x7121_0001);
    let mut positions = 0;
    let mut promotions = 0;
    let mut ended = 0;
    while positions < 10_000 {
        let mut p = <Position as Game>::opening();
        for _ in 0..200 {
            compare(&p);
            positions += 1;
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                ended += 1;
                break;
            }
            // Prefer captures and pawn moves now and then, to reach endings and promotions.
            let sharp: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.promotion.is_some()
                        || p.piece_at(m.to).is_some()
                        || p.piece_at(m.from).map(|x| x.kind) == Some(Kind::Pawn)
                })
                .collect();
            let m = if !sharp.is_empty() && rng.random_bool(0.5) {
                sharp[rng.random_range(0..sharp.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            promotions += usize::from(m.promotion.is_some());
            p.play(m);
        }
    }
    assert!(promotions > 50, "random games should promote ({promotions})");
    assert!(ended > 5, "random games should end ({ended})");
}

/// A random valid position: two kings and a random handful of other pieces.
fn random_position(rng: &mut StdRng) -> Option<Position> {
    let mut board = [None; CELL_COUNT];
    let mut place = |piece: Piece, rng: &mut StdRng| {
        for _ in 0..20 {
            let k = rng.random_range(0..CELL_COUNT);
            if board[k].is_none() {
                board[k] = Some(piece);
                return;
            }
        }
    };
    for side in [Side::White, Side::Black] {
        place(Piece { side, kind: Kind::King }, rng);
        for _ in 0..rng.random_range(0..8) {
            let kind =
                [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn, Kind::Pawn][rng.random_range(0..6)];
            place(Piece { side, kind }, rng);
        }
    }
    let turn = if rng.random_bool(0.5) { Side::White } else { Side::Black };
    Position::from_setup(&Setup { board, side_to_move: turn, halfmove_clock: 0, fullmoves: 1 }).ok()
}

#[test]
fn fast_and_reference_generators_agree_on_random_setups() {
    let mut rng = StdRng::seed_from_u64(0x7121_0002);
    let (mut checked, mut in_check) = (0, 0);
    while checked < 4_000 {
        if let Some(p) = random_position(&mut rng) {
            compare(&p);
            in_check += usize::from(p.is_check());
            checked += 1;
        }
    }
    assert!(in_check > 100, "random set-ups should often be in check ({in_check})");
}

#[test]
fn perft_agrees_with_the_reference_from_random_positions() {
    let mut rng = StdRng::seed_from_u64(0x7121_0003);
    for _ in 0..10 {
        let mut p = <Position as Game>::opening();
        for _ in 0..rng.random_range(10..40) {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
        }
        let r = RefPosition::parse(&p.position_string()).unwrap();
        assert_eq!(perft(&p, 2), r.perft(2), "{p}");
    }
    assert_eq!(perft(&<Position as Game>::opening(), 3), RefPosition::opening().perft(3));
}

/// The static exchange evaluation behind the engine's capture ordering and pruning
/// (`Position::static_exchange`, bitboards and x-rays) agrees with the reference's
/// plain one (move the pieces, recurse) on every capture and promotion of positions
/// from random playouts.
#[test]
fn static_exchange_agrees_with_the_reference() {
    let values = [10_000, 950, 500, 330, 300, 100];
    let rank = |name: &str| u32::from(name.parse::<orrery::core::triangular::Cell>().expect("a cell").slot());
    let mut rng = StdRng::seed_from_u64(0x7121_0005);
    let (mut checked, mut losing, mut deep) = (0, 0, 0);
    for _ in 0..150 {
        let mut p = <Position as Game>::opening();
        for _ in 0..120 {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let r = RefPosition::parse(&p.position_string()).expect("reference reads it");
            for m in moves.iter().filter(|m| m.promotion.is_some() || p.piece_at(m.to).is_some()) {
                let fast = p.static_exchange(*m, &values);
                let plain = r.static_exchange(
                    &m.from.to_string(),
                    &m.to.to_string(),
                    m.promotion.map(|k| k.letter()),
                    &values,
                    &rank,
                );
                assert_eq!(fast, plain, "{m} in {}", p.position_string());
                let victim = p.piece_at(m.to).map_or(0, |v| values[v.kind.index()]);
                checked += 1;
                losing += usize::from(fast < 0);
                deep += usize::from(fast != victim && fast >= 0);
            }
            let m = moves[rng.random_range(0..moves.len())];
            p.play(m);
        }
    }
    assert!(checked > 2_000 && losing > 100 && deep > 100, "{checked} captures, {losing} losing, {deep} recaptured");
}
