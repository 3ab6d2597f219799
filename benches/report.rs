//! The game report (Game → Analyse game) on a 60-move game (120 plies, 121 positions)
//! of each game, at the app's default of 150,000 nodes a position, on as many threads
//! as the app uses (the machine's cores, at most 8). Run: `cargo bench --bench report`.
//! The games are level-4 self-play from the opening, made once before measuring.
//! Measured 2026-12-01 on this 2-core machine: see `docs/app.md` *Game report*.

use divan::Bencher;
use orrery::core::{interstellar, triangular};
use orrery::engine::{EngineGame, Level, Limits, Player, PlayerKind};
use orrery::record::{GameRecord, NodeId};
use orrery::study::report::{DEFAULT_NODES, analyse_positions, main_line_positions};

fn main() {
    divan::main();
}

/// The first level-4 self-play game (seeds 1, 2, …) that lasts 120 plies, cut there
/// (the longest one, if none of 40 does).
fn game<G: EngineGame>() -> GameRecord<G> {
    let mut longest = GameRecord::<G>::new();
    for seed in 1..=40 {
        let record = game_with_seed::<G>(seed);
        let plies = record.tree.main_line_from(NodeId::ROOT).len();
        if plies > longest.tree.main_line_from(NodeId::ROOT).len() {
            longest = record;
        }
        if plies >= 120 {
            break;
        }
    }
    longest
}

/// A game of up to 120 plies between two level-4 players (fewer if it ends sooner).
fn game_with_seed<G: EngineGame>(seed: u64) -> GameRecord<G> {
    let mut record = GameRecord::<G>::new();
    let level = Level::new(4).expect("level 4");
    let mut players = [
        Player::<G>::new(PlayerKind::Level(level, Default::default()), 16, seed),
        Player::new(PlayerKind::Level(level, Default::default()), 16, seed + 1000),
    ];
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut at = NodeId::ROOT;
    let mut pos = record.start.clone();
    let mut keys = Vec::new();
    for ply in 0..120 {
        if pos.outcome().is_some() {
            break;
        }
        let Some(choice) = players[ply % 2].choose(&pos, &keys, &Limits::default(), &stop) else { break };
        keys.push(pos.zobrist());
        pos.play(choice.mv);
        at = record.add_move(at, choice.mv);
    }
    record
}

fn report<G: EngineGame + Send + 'static>(bencher: Bencher)
where
    G::Move: Send,
{
    let record = game::<G>();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    eprintln!("{} positions, {workers} threads", main_line_positions(&record).len());
    bencher.bench(|| {
        let never = std::sync::atomic::AtomicBool::new(false);
        analyse_positions(&main_line_positions(&record), DEFAULT_NODES, workers, &never, &|_, _| {})
            .map(|evals| evals.len())
    });
}

#[divan::bench(sample_count = 2, sample_size = 1)]
fn interstellar_60_moves(bencher: Bencher) {
    report::<interstellar::Position>(bencher);
}

#[divan::bench(sample_count = 2, sample_size = 1)]
fn triangular_60_moves(bencher: Bencher) {
    report::<triangular::Position>(bencher);
}
