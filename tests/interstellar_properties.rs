//! Property tests for Interstellar: position-string and notation round trips on
//! positions from random playouts, and the parsers on arbitrary input.

use orrery::core::Game;
use orrery::core::interstellar::{Ending, Position};
use orrery::core::moves::MoveList;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The position after `plies` random legal moves from the opening (fewer if the game
/// ends). A game finished by Super Nova or Total Annihilation leaves a position that is
/// not valid by `docs/rules-interstellar.md` §10 (a star on the last row, a lone planet),
/// which the position parser rightly refuses; the playout stops just before such a move.
fn playout(seed: u64, plies: usize) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Position::opening();
    for _ in 0..plies {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut next = p.clone();
        next.play(moves[rng.random_range(0..moves.len())]);
        if matches!(next.outcome(), Some(o) if matches!(o.ending, Ending::SuperNova | Ending::TotalAnnihilation)) {
            break;
        }
        p = next;
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn position_string_round_trips(seed in any::<u64>(), plies in 0usize..160) {
        let p = playout(seed, plies);
        let text = p.position_string();
        let back = Position::from_position_string(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.zobrist(), p.zobrist());
        prop_assert_eq!(back.position_string(), text);
    }

    #[test]
    fn every_legal_move_is_written_and_read_back(seed in any::<u64>(), plies in 0usize..160) {
        let p = playout(seed, plies);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for &m in &moves {
            let text = p.notation(m);
            prop_assert_eq!(p.parse_move(&text).ok(), Some(m), "{}", text);
            // Readers tolerate missing suffixes, glued "out" and any letter case.
            let bare = text.trim_end_matches(" out").trim_end_matches('+');
            prop_assert_eq!(p.parse_move(bare).ok(), Some(m), "{}", bare);
            prop_assert_eq!(p.parse_move(&text.replace(' ', "")).ok(), Some(m));
            prop_assert_eq!(p.parse_move(&text.to_lowercase()).ok(), Some(m));
        }
    }

    #[test]
    fn hash_is_updated_incrementally(seed in any::<u64>(), plies in 0usize..120) {
        // The hash after playing equals the hash of the same position built from scratch.
        let p = playout(seed, plies);
        let rebuilt = Position::from_position_string(&p.position_string()).unwrap();
        prop_assert_eq!(p.zobrist(), rebuilt.zobrist());
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_position_string(&text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(text in "[pqunbsPQUNBS0-9/()+\\- x]{0,90}") {
        if let Ok(p) = Position::from_position_string(&text) {
            // Whatever is accepted is written back to a string that reads the same.
            prop_assert_eq!(Position::from_position_string(&p.position_string()).unwrap(), p);
        }
    }

    #[test]
    fn move_reader_never_panics(text in "\\PC{0,20}", seed in any::<u64>(), plies in 0usize..60) {
        let p = playout(seed, plies);
        let _ = p.parse_move(&text);
    }

    #[test]
    fn move_reader_never_panics_on_near_misses(text in "[PNQuBSx0-9\\- +out]{0,12}", seed in any::<u64>()) {
        let p = playout(seed, 20);
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.is_legal(m));
        }
    }
}
