//! "Never panics, never takes more than linear time": every text parser of the rules
//! and of the record text format, over arbitrary bytes and over valid input mutated
//! (bytes replaced, inserted, deleted, repeated). Each call has a time budget linear in
//! its input (generous, so a loaded machine does not fail it; a quadratic parser on the
//! long inputs here does).

mod record_support;

use std::time::{Duration, Instant};

use orrery::core::Game;
use orrery::core::{interstellar, triangular};
use orrery::record::{AnyGame, read_games_bytes, write_any};
use proptest::prelude::*;
use record_support::random_game;

/// Runs `f` on `input` and checks it took under 20 ms + 20 µs per byte.
fn within_budget(input: &[u8], f: impl FnOnce(&[u8])) -> Result<(), TestCaseError> {
    let start = Instant::now();
    f(input);
    let took = start.elapsed();
    let budget = Duration::from_millis(20) + Duration::from_micros(20) * u32::try_from(input.len()).unwrap_or(u32::MAX);
    prop_assert!(took < budget, "{} bytes took {took:?} (budget {budget:?})", input.len());
    Ok(())
}

/// A mutation of `text`: at `at` (a fraction of its length), `kind` picks replace,
/// insert, delete, or repeat a stretch many times.
fn mutate(text: &str, at: f64, kind: u8, junk: &[u8], times: usize) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let pos = ((bytes.len() as f64) * at) as usize;
    let pos = pos.min(bytes.len());
    match kind % 4 {
        0 => {
            for (k, b) in junk.iter().enumerate() {
                if let Some(slot) = bytes.get_mut(pos + k) {
                    *slot = *b;
                }
            }
        }
        1 => {
            bytes.splice(pos..pos, junk.iter().copied());
        }
        2 => {
            let end = (pos + junk.len() * 4).min(bytes.len());
            bytes.drain(pos..end);
        }
        _ => {
            let end = (pos + 16).min(bytes.len());
            let stretch = bytes[pos..end].to_vec();
            let repeated: Vec<u8> = stretch.iter().copied().cycle().take(stretch.len() * times).collect();
            bytes.splice(pos..pos, repeated);
        }
    }
    bytes
}

fn parse_position<G: Game>(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = G::from_position_string(&text);
}

fn parse_moves<G: Game>(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let start = G::opening();
    let _ = start.parse_move(&text);
    for word in text.split_whitespace() {
        let _ = start.parse_move(word);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_text_reader_is_total_and_linear_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..4000)) {
        within_budget(&bytes, |b| { read_games_bytes(b); })?;
    }

    #[test]
    fn the_text_reader_is_total_and_linear_on_mutated_records(
        seed in 0u64..1000, at in 0.0f64..1.0, kind in any::<u8>(),
        junk in prop::collection::vec(prop::sample::select(b"[]{}()\";$!?*.%-+/ \r\n\xef\xbb\xbf0123456789aPQout".to_vec()), 0..12),
        times in 1usize..2000,
    ) {
        let game = if seed % 2 == 0 {
            AnyGame::Interstellar(random_game::<interstellar::Position>(seed, 40))
        } else {
            AnyGame::Triangular(random_game::<triangular::Position>(seed, 40))
        };
        let bytes = mutate(&write_any(&game), at, kind, &junk, times);
        within_budget(&bytes, |b| { read_games_bytes(b); })?;
    }

    #[test]
    fn position_strings_are_total_and_linear(
        which in 0usize..4, at in 0.0f64..1.0, kind in any::<u8>(),
        junk in prop::collection::vec(any::<u8>(), 0..8), times in 1usize..2000,
    ) {
        let texts = [
            Game::position_string(&<interstellar::Position as Game>::opening()),
            Game::position_string(&<triangular::Position as Game>::opening()),
        ];
        let bytes = mutate(&texts[which % 2], at, kind, &junk, times);
        if which % 2 == 0 {
            within_budget(&bytes, parse_position::<interstellar::Position>)?;
        } else {
            within_budget(&bytes, parse_position::<triangular::Position>)?;
        }
        // The other game's parser on the same bytes.
        if which >= 2 {
            within_budget(&bytes, parse_position::<triangular::Position>)?;
            within_budget(&bytes, parse_position::<interstellar::Position>)?;
        }
    }

    #[test]
    fn move_notation_is_total_and_linear(
        text in "[PQNBUSKRxX+#=:/!? 0-9a-z-]{0,60}", times in 1usize..500,
        bytes in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        let long = text.repeat(times);
        within_budget(long.as_bytes(), parse_moves::<interstellar::Position>)?;
        within_budget(long.as_bytes(), parse_moves::<triangular::Position>)?;
        within_budget(&bytes, parse_moves::<interstellar::Position>)?;
        within_budget(&bytes, parse_moves::<triangular::Position>)?;
    }
}
