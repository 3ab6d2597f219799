//! The `orrery` program: with no arguments it opens the desktop app
//! ([`orrery::app`]); with a subcommand it runs the command line ([`orrery::cli`]);
//! with the path of a record file alone (`orrery games.pgn`) it opens the app on it,
//! as `orrery open games.pgn` does.

fn main() {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `orrery FILE`: a record file that exists, not a subcommand's name.
    if args.len() == 2 {
        let path = std::path::Path::new(&args[1]);
        let record = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("ron"));
        if record && path.is_file() {
            args.insert(1, "open".into());
        }
    }
    let code = if args.len() <= 1 { orrery::app::run_native(None) } else { orrery::cli::main_with_args(args) };
    std::process::exit(code);
}
