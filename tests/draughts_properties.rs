//! Property tests of Triangular draughts text: any setup's position string reads back to
//! the same setup, any text is read without a panic (an error or a setup), and every
//! legal move of positions reached by random moves reads back from its written forms.

use orrery::core::draughts::{Cell, Kind, Piece, Position, Setup, Side};
use orrery::core::moves::MoveList;
use proptest::prelude::*;

fn setup_strategy() -> impl Strategy<Value = Setup> {
    (proptest::collection::vec(0u8..5, 48), any::<bool>(), 0u32..60, 1u32..300).prop_map(|(cells, black, h, f)| {
        let mut s = Setup::empty(if black { Side::Black } else { Side::White });
        for (i, &c) in cells.iter().enumerate() {
            let Some(cell) = Cell::from_slot(i as u8) else { continue };
            let piece = match c {
                1 => Piece { side: Side::White, kind: Kind::Man },
                2 => Piece { side: Side::White, kind: Kind::King },
                3 => Piece { side: Side::Black, kind: Kind::Man },
                4 => Piece { side: Side::Black, kind: Kind::King },
                _ => continue,
            };
            s.place(cell, piece);
        }
        s.halfmoves = h;
        s.fullmove = f;
        s
    })
}

proptest! {
    #[test]
    fn position_strings_round_trip(setup in setup_strategy()) {
        let text = setup.position_string();
        prop_assert_eq!(Setup::parse(&text), Ok(setup));
    }

    #[test]
    fn any_text_reads_without_panicking(text in "[WBKwbkHF0-9:,\\- ]{0,40}") {
        let _ = Setup::parse(&text);
        let _ = Position::from_position_string(&text);
        let _ = Position::opening().parse_move_text(&text);
    }

    #[test]
    fn moves_read_back_from_their_text(choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut p = Position::opening();
        for c in choices {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                prop_assert_eq!(p.parse_move_text(&p.move_text(m)).ok(), Some(m));
            }
            p.play(moves[c as usize % moves.len()]);
        }
    }
}
