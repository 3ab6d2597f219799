//! Composes puzzles by random search: sparse random positions, kept when the solver
//! proves exactly one key, no shorter solution, and a quiet key (no capture; for N ≥ 2
//! no Target or check either). Prints each find with its solution tree. The built-in
//! puzzles in `assets/puzzles/` were chosen from its output and are fixed files.
//!
//! `cargo run --release --example compose_puzzles -- interstellar out2 [seed] [how-many]`
//! `cargo run --release --example compose_puzzles -- triangular mate3 7 3`
//! `cargo run --example compose_puzzles -- record triangular mate2 POSITION TITLE SOURCE [COMMENT]`

use orrery::core::{Variant, interstellar, triangular};
use orrery::record::{NodeId, write_game};
use orrery::solver::{SolveControl, SolveOptions, SolverGame, Stipulation, solution_record, solve};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn interstellar_string(rng: &mut StdRng) -> String {
    let mut board: Vec<Vec<char>> = (1..=9).map(|r| vec!['.'; if r % 2 == 1 { 9 } else { 8 }]).collect();
    place(rng, &mut board, 'p', 5..=9);
    place(rng, &mut board, 'P', 1..=4);
    let attackers = rng.random_range(2..=4);
    for _ in 0..attackers {
        let c = ['Q', 'U', 'N', 'B', 'S', 'Q', 'N'][rng.random_range(0..7)];
        place(rng, &mut board, c, 2..=8);
    }
    let defenders = rng.random_range(1..=3);
    for _ in 0..defenders {
        let c = ['q', 'u', 'n', 'b', 's', 's'][rng.random_range(0..6)];
        place(rng, &mut board, c, 2..=9);
    }
    let rows: Vec<String> = (1..=9).rev().map(|r| run_length(&board[r - 1])).collect();
    format!("{} +", rows.join("/"))
}

fn triangular_string(rng: &mut StdRng) -> String {
    const LENGTHS: [usize; 8] = [9, 11, 13, 15, 15, 13, 11, 9];
    let mut board: Vec<Vec<char>> = LENGTHS.iter().map(|&n| vec!['.'; n]).collect();
    place(rng, &mut board, 'k', 5..=8);
    place(rng, &mut board, 'K', 1..=4);
    let attackers = rng.random_range(2..=3);
    for _ in 0..attackers {
        let c = ['Q', 'R', 'B', 'N', 'P', 'R', 'N'][rng.random_range(0..7)];
        place(rng, &mut board, c, 2..=7);
    }
    let defenders = rng.random_range(0..=3);
    for _ in 0..defenders {
        let c = ['r', 'b', 'n', 'p', 'p'][rng.random_range(0..5)];
        place(rng, &mut board, c, 2..=8);
    }
    let rows: Vec<String> = (1..=8).rev().map(|r| run_length(&board[r - 1])).collect();
    format!("{} w 0 1", rows.join("/"))
}

fn place(rng: &mut StdRng, board: &mut [Vec<char>], c: char, rows: std::ops::RangeInclusive<usize>) {
    loop {
        let r = rng.random_range(rows.clone());
        let i = rng.random_range(0..board[r - 1].len());
        if board[r - 1][i] == '.' {
            board[r - 1][i] = c;
            return;
        }
    }
}

fn run_length(row: &[char]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for &c in row {
        if c == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

fn try_one<G: SolverGame>(text: &str, stipulation: Stipulation) -> Option<String> {
    let pos = G::from_position_string(text).ok()?;
    let control = SolveControl::new();
    let quick = SolveOptions { tree: false, table_bits: 16, tries: false };
    if stipulation.moves > 1 {
        let shorter = Stipulation { moves: stipulation.moves - 1, ..stipulation };
        if !solve(&pos, shorter, &quick, &control).ok()?.keys.is_empty() {
            return None;
        }
    }
    let found = solve(&pos, stipulation, &quick, &control).ok()?;
    if !found.is_unique() {
        return None;
    }
    let key = found.keys[0].mv;
    let mut after = pos.clone();
    after.play(key);
    let captures = found.keys[0].notation.contains('x') || (stipulation.moves > 1 && after.is_in_check());
    if captures {
        return None;
    }
    let full = solve(&pos, stipulation, &SolveOptions::default(), &control).ok()?;
    let defences = full.tree[0].defences.len();
    if stipulation.moves > 1 && defences < 3 {
        return None;
    }
    Some(format!(
        "position: {text}\nkey: {}\nnodes: {} ({:?})\n{}",
        full.keys[0].notation,
        full.nodes,
        full.elapsed,
        full.tree_text()
    ))
}

/// `record VARIANT STIPULATION POSITION TITLE SOURCE [COMMENT]`: prints the puzzle
/// record of a solve (solution tree as variations), ready for `assets/puzzles/`.
fn print_record(args: &[String]) {
    let variant: Variant = args[2].parse().expect("variant");
    let stipulation: Stipulation = args[3].parse().expect("stipulation");
    fn build<G: SolverGame>(args: &[String], stipulation: Stipulation) -> String {
        let pos = G::from_position_string(&args[4]).expect("position");
        let solution = solve(&pos, stipulation, &SolveOptions::default(), &SolveControl::new()).expect("solves");
        let mut record = solution_record(&solution);
        record.tags.set("Event", "Orrery puzzles");
        record.tags.set("Site", "Orrery");
        record.tags.set("Title", &args[5]);
        record.tags.set("Author", "Orrery");
        record.tags.set("Source", &args[6]);
        if let Some(comment) = args.get(7) {
            record.tree.set_comment_after(NodeId::ROOT, comment);
        }
        write_game(&record)
    }
    let text = orrery::with_variant!(variant, G => build::<G>(args, stipulation));
    print!("{text}");
}

/// `stress FILE.pgn STIPULATION`: solves the stipulation (with the tree) at every
/// position of the record's main line where the first player is to move, and prints
/// the time and nodes of each, the slowest last.
fn stress(args: &[String]) {
    let text = std::fs::read_to_string(&args[2]).expect("record file");
    let stipulation: Stipulation = args[3].parse().expect("stipulation");
    let game = orrery::record::read_one(&text).expect("one game");
    let orrery::record::AnyGame::Interstellar(record) = game else { panic!("an Interstellar record") };
    let mut results = Vec::new();
    for id in record.tree.main_line_from(NodeId::ROOT) {
        let pos = record.position_at(id);
        if pos.side_to_move() != interstellar::Side::Positive {
            continue;
        }
        let s = solve(&pos, stipulation, &SolveOptions::default(), &SolveControl::new()).expect("solves");
        results.push((s.elapsed, s.nodes, s.keys.len(), pos.position_string()));
    }
    results.sort();
    for (elapsed, nodes, keys, position) in results {
        println!("{elapsed:?} nodes {nodes} keys {keys} {position}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("stress") {
        stress(&args);
        return;
    }
    if args.get(1).map(String::as_str) == Some("record") {
        print_record(&args);
        return;
    }
    let variant: Variant = args.get(1).map(|s| s.parse().expect("variant")).unwrap_or(Variant::Interstellar);
    let stipulation: Stipulation = args
        .get(2)
        .map(|s| s.parse().expect("stipulation"))
        .unwrap_or(Stipulation { goal: orrery::solver::Goal::TargetOut, moves: 2 });
    let seed: u64 = args.get(3).map(|s| s.parse().expect("seed")).unwrap_or(1);
    let wanted: usize = args.get(4).map(|s| s.parse().expect("count")).unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = 0;
    for attempt in 0..2_000_000u64 {
        let result = match variant {
            Variant::Interstellar => try_one::<interstellar::Position>(&interstellar_string(&mut rng), stipulation),
            Variant::Triangular => try_one::<triangular::Position>(&triangular_string(&mut rng), stipulation),
            Variant::Draughts => panic!("random draughts positions are not composed here"),
        };
        if let Some(text) = result {
            println!("--- attempt {attempt}\n{text}");
            found += 1;
            if found >= wanted {
                break;
            }
        }
    }
}
