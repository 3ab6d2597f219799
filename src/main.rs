//! The `orrery` program: with no arguments it opens the desktop app
//! ([`orrery::app`]); with a subcommand it runs the command line ([`orrery::cli`]).

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let code = if args.len() <= 1 { orrery::app::run_native(None) } else { orrery::cli::main_with_args(args) };
    std::process::exit(code);
}
