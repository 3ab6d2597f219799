//! The solver and the engine on Triangular draughts (`docs/rules-draughts.md` *End of
//! the game*): a win by blocking found as the one key, the engine's forced win and its
//! compulsory captures, and legal, reproducible play from random positions.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::sync::atomic::AtomicBool;

use orrery::core::draughts::Position;
use orrery::core::moves::MoveList;
use orrery::core::{Game, draughts};
use orrery::engine::{Engine, EngineGame, Limits, Score};
use orrery::solver::{SolveControl, SolveOptions, Stipulation, solve};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pos(text: &str) -> Position {
    Position::from_position_string(text).unwrap()
}

/// Black to move. White's man on 48 can step to 44, 46 or 47 or jump over them to 36,
/// 43 or 45; all are held but 45. The king on 37 alone reaches 45 (one step back-left
/// for White's eyes); the king on 47 could too, but would open 47. So 37-45 is the only
/// move after which White has none.
const BLOCK: &str = "B:W48:B36,K43,44,K37,K46,K47";

#[test]
fn the_solver_finds_the_one_blocking_key() {
    let stipulation: Stipulation = "win1".parse().unwrap();
    let solution = solve(&pos(BLOCK), stipulation, &SolveOptions::default(), &SolveControl::new()).unwrap();
    let keys: Vec<&str> = solution.keys.iter().map(|k| k.notation.as_str()).collect();
    assert_eq!(keys, ["37-45"]);
    let mut after = pos(BLOCK);
    after.play(after.parse_move_text("37-45").unwrap());
    assert_eq!(after.outcome().and_then(Position::winner), Some(draughts::Side::Black));
}

#[test]
fn the_engine_sees_the_win_and_takes_the_compulsory_capture() {
    let mut engine = Engine::<Position>::new(4);
    let stop = AtomicBool::new(false);
    let result = engine.search(&pos(BLOCK), &[], &Limits::depth(3), 1, &stop, &mut |_| {});
    assert_eq!(result.best.map(|m| pos(BLOCK).move_text(m)).as_deref(), Some("37-45"));
    assert_eq!(result.score, Score::Mate(1));
    // After 31-23 Black's only move is 15x31.
    let mut p = Position::opening();
    p.play(p.parse_move_text("31-23").unwrap());
    let result = engine.search(&p, &[], &Limits::depth(4), 1, &stop, &mut |_| {});
    assert_eq!(result.best.map(|m| p.move_text(m)).as_deref(), Some("15x31"));
}

#[test]
fn the_engine_plays_legal_moves_from_random_positions_and_repeats_itself() {
    let mut rng = StdRng::seed_from_u64(7);
    let stop = AtomicBool::new(false);
    for _ in 0..20 {
        let mut p = Position::opening();
        let mut keys = vec![p.zobrist()];
        for _ in 0..rng.random_range(0..40) {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
            keys.push(p.zobrist());
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let a = Engine::<Position>::new(4).search(&p, &keys, &Limits::depth(4), 2, &stop, &mut |_| {});
        let b = Engine::<Position>::new(4).search(&p, &keys, &Limits::depth(4), 2, &stop, &mut |_| {});
        match a.best {
            Some(best) => assert!(moves.contains(&best), "{p}: {best:?}"),
            None => assert!(moves.is_empty()),
        }
        assert_eq!((a.best, a.score), (b.best, b.score), "{p}");
        // Every tactical move is legal, and a side bound to capture has only those.
        let mut tactical = MoveList::new();
        p.tactical_moves(&mut tactical);
        assert!(tactical.iter().all(|m| moves.contains(m)));
        if p.must_answer() {
            assert_eq!(tactical.len(), moves.len(), "{p}");
        }
        assert_eq!(p.must_capture(), moves.first().is_some_and(|m| m.is_capture()), "{p}");
    }
}

#[test]
fn a_king_is_worth_more_than_a_man_to_the_engine() {
    // A king against a man is a clear plus for the side with the king, either colour.
    let white_king = pos("W:WK25:B9");
    let black_king = pos("B:W40:BK24");
    assert!(white_king.evaluate() > 150);
    assert!(black_king.evaluate() > 150);
}

#[test]
fn the_quick_capture_test_agrees_with_move_generation() {
    // `must_capture` looks only for a first jump; legal move generation searches whole
    // captures. Along random games (kings included) they agree.
    let mut rng = StdRng::seed_from_u64(11);
    let mut checked = 0;
    for _ in 0..60 {
        let mut p = Position::opening();
        loop {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            assert_eq!(p.must_capture(), moves.first().is_some_and(|m| m.is_capture()), "{p}");
            checked += 1;
            if moves.is_empty() || p.halfmoves() >= 50 {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(checked > 2000, "{checked} positions");
}
