//! Writes a generated collection of random legal games, for measuring what reading,
//! listing and searching a big file take (memory and time):
//! `cargo run --release --example generate_collection -- draughts 100000 60 /tmp/d100k.pgn`
//! (game, number of games, plies per game at most, file: `.pgn` or `.ron`). Each game
//! has players from a small pool, an event, a date and a result; the same arguments give
//! the same file. The games are written one at a time, so a million games need no more
//! memory than one.

use std::io::Write;

use orrery::core::Variant;
use orrery::core::moves::MoveList;
use orrery::record::ron_file::{RON_END, ron_game, ron_start};
use orrery::record::samples::sequence;
use orrery::record::{AnyGame, GameRecord, GameResult, NodeId, RecordGame, write_any};

const PLAYERS: [&str; 8] = ["Ada", "Babbage", "Curie", "Dirac", "Euler", "Fermat", "Gauss", "Hopper"];

fn random_game<G: RecordGame>(number: usize, plies: usize, next: &mut impl FnMut(usize) -> usize) -> AnyGame {
    let mut g = GameRecord::<G>::new();
    let (mut at, mut pos) = (NodeId::ROOT, g.start.clone());
    // Openings are shared (a few moves among the first three), then anything goes.
    for ply in 0..plies {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let breadth = if ply < 6 { 3 } else { usize::MAX };
        let mv = moves[next(moves.len().min(breadth))];
        at = g.add_move(at, mv);
        pos.play(mv);
    }
    let [.., first, second] = orrery::record::game::roster(G::VARIANT);
    let a = PLAYERS[next(PLAYERS.len())];
    let b = PLAYERS[next(PLAYERS.len())];
    g.tags.set(first, a);
    g.tags.set(second, b);
    g.tags.set("Event", &format!("Generated {}", number / 1000 + 1));
    g.tags.set("Date", &format!("20{:02}.{:02}.{:02}", 10 + next(16), 1 + next(12), 1 + next(28)));
    let results: &[GameResult] = if G::HAS_DRAWS {
        &[GameResult::FirstPlayerWins, GameResult::SecondPlayerWins, GameResult::Draw, GameResult::Unknown]
    } else {
        &[GameResult::FirstPlayerWins, GameResult::SecondPlayerWins, GameResult::Unknown]
    };
    g.result = results[next(results.len())];
    G::into_any(g)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, count, plies, path] = args.as_slice() else {
        eprintln!("usage: generate_collection GAME COUNT PLIES FILE.pgn|FILE.ron");
        std::process::exit(2);
    };
    let variant: Variant = game.parse().map_err(std::io::Error::other)?;
    let count: usize = count.parse().map_err(std::io::Error::other)?;
    let plies: usize = plies.parse().map_err(std::io::Error::other)?;
    let ron = path.ends_with(".ron");
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut next = sequence(0x0005_EED0_FC01_1EC7 ^ count as u64);
    if ron {
        out.write_all(ron_start().as_bytes())?;
    }
    for number in 0..count {
        let game = orrery::with_variant!(variant, G => random_game::<G>(number, plies, &mut next));
        if ron {
            out.write_all(ron_game(&game).as_bytes())?;
        } else {
            if number > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(write_any(&game).as_bytes())?;
        }
    }
    if ron {
        out.write_all(RON_END.as_bytes())?;
    }
    out.flush()?;
    eprintln!("wrote {count} {} games to {path}", variant.name());
    Ok(())
}
