//! Time-boxed fuzzing of every reader: the record text reader, the RON reader and the
//! position strings of the three games, on valid input mutated at random (bytes
//! replaced, inserted, deleted, stretches repeated, spliced from other inputs). Each
//! target runs for `ORRERY_FUZZ_SECONDS` seconds (default 3; CI runs the default, a
//! longer campaign is `ORRERY_FUZZ_SECONDS=600 cargo test --release --test fuzz`).
//! Every input must be read without a panic, and whatever a reader accepts must be
//! written and read back unchanged.

mod record_support;

use std::time::{Duration, Instant};

use orrery::core::Game;
use orrery::core::{draughts, interstellar, triangular};
use orrery::record::ron_file::{read_ron, write_ron};
use orrery::record::{AnyGame, read_games, read_games_bytes, write_games};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use record_support::random_game;

/// How long each target runs.
fn budget() -> Duration {
    let seconds = std::env::var("ORRERY_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    Duration::from_secs_f64(seconds)
}

/// Bytes that mean something to one reader or another.
const JUNK: &[u8] = b"[]{}()\";$!?*.%-+/:,x \r\n\t\\\xef\xbb\xbf\xff0123456789aPQKWBHout";

/// `seed` mutated a few times at random.
fn mutate(rng: &mut StdRng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=bytes.len());
        match rng.random_range(0..6) {
            0 => {
                if at < bytes.len() {
                    bytes[at] = JUNK[rng.random_range(0..JUNK.len())];
                }
            }
            1 => {
                let n = rng.random_range(1..6);
                let junk: Vec<u8> = (0..n).map(|_| JUNK[rng.random_range(0..JUNK.len())]).collect();
                bytes.splice(at..at, junk);
            }
            2 => {
                let end = (at + rng.random_range(1..20)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let end = (at + rng.random_range(1..16)).min(bytes.len());
                let stretch = bytes[at..end].to_vec();
                let times = rng.random_range(1..50);
                let repeated: Vec<u8> = stretch.iter().copied().cycle().take(stretch.len() * times).collect();
                bytes.splice(at..at, repeated);
            }
            4 => {
                if at < bytes.len() {
                    bytes[at] = rng.random();
                }
            }
            _ => {
                // A piece of another input spliced in.
                let from = rng.random_range(0..=other.len());
                let end = (from + rng.random_range(1..40)).min(other.len());
                bytes.splice(at..at, other[from..end].iter().copied());
            }
        }
    }
    bytes
}

/// Runs `check` on mutations of `seeds` until the budget is spent; returns how many.
fn fuzz(name: &str, seeds: &[Vec<u8>], mut check: impl FnMut(&[u8])) -> usize {
    let mut rng = StdRng::seed_from_u64(0xF022_0000 ^ name.len() as u64);
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < budget() || runs < 50 {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let other = &seeds[rng.random_range(0..seeds.len())];
        let input = mutate(&mut rng, seed, other);
        check(&input);
        runs += 1;
    }
    eprintln!("{name}: {runs} inputs");
    runs
}

fn sample_games() -> Vec<AnyGame> {
    (0..6u64)
        .flat_map(|seed| {
            [
                AnyGame::Interstellar(random_game::<interstellar::Position>(seed, 30)),
                AnyGame::Triangular(random_game::<triangular::Position>(seed, 30)),
                AnyGame::Draughts(random_game::<draughts::Position>(seed, 30)),
            ]
        })
        .collect()
}

#[test]
fn the_text_reader_reads_anything_and_what_it_accepts_round_trips() {
    let games = sample_games();
    let mut seeds: Vec<Vec<u8>> = games.chunks(2).map(|g| write_games(g).into_bytes()).collect();
    seeds.push(include_bytes!("data/interstellar-invalid.txt").to_vec());
    fuzz("text", &seeds, |input| {
        let read = read_games_bytes(input);
        if read.games.is_empty() {
            return;
        }
        let written = write_games(&read.games);
        let again = read_games(&written);
        assert_eq!(again.games, read.games, "read back differently:\n{written}");
        assert!(
            again.errors.iter().all(|e| !e.is_error()),
            "the writer wrote what the reader refuses: {:?}\n{written}",
            again.errors
        );
    });
}

#[test]
fn the_ron_reader_reads_anything_and_what_it_accepts_round_trips() {
    let games = sample_games();
    let seeds: Vec<Vec<u8>> = games.chunks(2).map(|g| write_ron(g).into_bytes()).collect();
    fuzz("ron", &seeds, |input| {
        let (read, _) = read_ron(&String::from_utf8_lossy(input));
        if read.is_empty() {
            return;
        }
        let written = write_ron(&read);
        let (again, errors) = read_ron(&written);
        assert!(errors.is_empty(), "the writer wrote what the reader refuses: {errors:?}\n{written}");
        assert_eq!(again, read, "read back differently:\n{written}");
    });
}

/// Position strings of `G`: whatever reads is written and read back to the same
/// position.
fn position_strings<G: Game>(name: &str) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut seeds = vec![G::opening().position_string().into_bytes()];
    // Positions from random playouts, for strings with fewer pieces and clocks.
    for _ in 0..20 {
        let mut pos = G::opening();
        for _ in 0..rng.random_range(0..60) {
            let mut moves = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]);
        }
        seeds.push(pos.position_string().into_bytes());
    }
    fuzz(name, &seeds, |input| {
        let text = String::from_utf8_lossy(input);
        if let Ok(pos) = G::from_position_string(&text) {
            let written = pos.position_string();
            let again = G::from_position_string(&written).unwrap_or_else(|e| panic!("{written:?} refused: {e}"));
            assert_eq!(again, pos, "{text:?} → {written:?}");
        }
    });
}

#[test]
fn interstellar_position_strings_read_anything_and_round_trip() {
    position_strings::<interstellar::Position>("interstellar positions");
}

#[test]
fn triangular_position_strings_read_anything_and_round_trip() {
    position_strings::<triangular::Position>("triangular positions");
}

#[test]
fn draughts_position_strings_read_anything_and_round_trip() {
    position_strings::<draughts::Position>("draughts positions");
}
