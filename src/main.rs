//! The `orrery` program: see [`orrery::cli`].

fn main() {
    std::process::exit(orrery::cli::main_with_args(std::env::args_os()));
}
