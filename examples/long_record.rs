//! Writes a 10,000-ply Interstellar record (quiet moves, comments, variations) to the
//! path given, for measuring the app with a large record open:
//! `cargo run --release --example long_record -- /tmp/long.pgn`.

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "long.pgn".into());
    let game = orrery::record::AnyGame::Interstellar(orrery::record::samples::long_quiet_game(10_000, 42));
    orrery::files::write_record_file(std::path::Path::new(&path), &[game]).expect("write the record");
    println!("wrote {path}");
}
