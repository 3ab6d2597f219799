//! Measures what the app holds for a big collection: the real app (its model, jobs and
//! panes, drawn headless by egui_kittest: no window, no graphics driver) opens a file,
//! lists its games, searches the shown position in every game and shows another game;
//! prints resident memory (now and at its peak) and CPU time after each step.
//!
//! `cargo run --release --example app_collection -- FILE` (Linux: memory from
//! `/proc/self/status`, CPU time from `/proc/self/stat`). `scripts/collections.sh` runs
//! it on generated files of 100,000 and 1,000,000 games (issue 28's goals: 150 MB and
//! 1 GB).

#![allow(clippy::unwrap_used)] // a measuring tool: any failure ends it

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command};
use orrery::app::dialogs::FakeDialogs;
use orrery::app::games_list::PositionSearch;

/// A line of `/proc/self/status` in megabytes (`VmRSS`, `VmHWM`).
fn status_mb(key: &str) -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.trim().strip_suffix("kB")?.trim().parse::<u64>().ok())
        .map_or_else(|| "?".into(), |kb| (kb / 1024).to_string())
}

/// User and system CPU seconds of the process so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis: utime and stime are 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(14) + ticks(15)) / 100.0
}

fn report(step: &str, started: Instant) {
    println!(
        "{step:<34} RSS {:>6} MB  peak {:>6} MB  CPU {:>7.2} s  wall {:>7.2} s",
        status_mb("VmRSS:"),
        status_mb("VmHWM:"),
        cpu_seconds(),
        started.elapsed().as_secs_f64()
    );
}

/// Steps the app until `done` holds (at most ten minutes).
fn step_until(h: &mut Harness<'static, OrreryApp>, done: impl Fn(&OrreryApp) -> bool) {
    let until = Instant::now() + Duration::from_secs(600);
    while !done(h.state()) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(done(h.state()), "not done within ten minutes");
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: app_collection FILE");
    let data = std::env::temp_dir().join(format!("orrery-app-collection-{}", std::process::id()));
    let started = Instant::now();
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    app.attach_data_dir(Some(data.clone()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    h.run();
    report("started", started);
    h.state_mut().open_path_in_background(std::path::Path::new(&path));
    step_until(&mut h, |app| app.jobs().reading.is_none());
    h.state_mut().settings_mut().games_list = true;
    h.run();
    let n = h.state().workspace().document.len();
    report(&format!("opened and listed ({n} games)"), started);
    h.state_mut().shell_mut().games.search = PositionSearch::Exact;
    h.step();
    step_until(&mut h, |app| !app.jobs().positions.searching());
    h.run();
    report("searched the start position", started);
    h.state_mut().apply(Command::Act(Action::ShowGame(n / 2)));
    h.run();
    report("showed a game in the middle", started);
    h.state_mut().shell_mut().games.search = PositionSearch::Off;
    h.state_mut().shell_mut().games.sort = Some((orrery::app::games_list::GameColumn::Players, true));
    h.run();
    report("sorted by players", started);
    drop(h);
    let _ = std::fs::remove_dir_all(&data);
}
