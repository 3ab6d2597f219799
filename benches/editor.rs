//! The notation editor on a 10,000-ply game (release, headless egui, the whole app
//! frame): opening the editor, the frame that handles one typed character (in the middle
//! of the game), the frame that shows the background reading of that edit (its error
//! underlined), and an idle frame with the editor open. Target: under 16 ms a keystroke.
//! Run: `cargo bench --bench editor`.
//!
//! Each sample times one frame; the frames around it (undoing the last keystroke, waiting
//! for the background reading) are set up untimed. Divan reports wall time, which on a
//! busy machine includes waiting for a core; so each bench also prints the CPU time of
//! its timed frames (this thread's CPU clock; the reading runs on another thread and is
//! waited for outside the timing).

#![allow(clippy::unwrap_used)] // benches may unwrap

use std::cell::RefCell;
use std::time::Duration;

use divan::Bencher;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::app::editor::NotationEditor;
use orrery::record::{AnyGame, NodeId};

fn main() {
    divan::main();
    // The CPU times, after divan's table (printing them within it would cut its rows).
    for line in CPU_REPORT.lock().map(|lines| lines.clone()).unwrap_or_default() {
        println!("{line}");
    }
}

/// The CPU-time lines of the benches run, printed at the end.
static CPU_REPORT: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The plies of the game.
const PLIES: usize = 10_000;

/// The app, its egui context and the input clock.
struct Bench {
    app: OrreryApp,
    ctx: egui::Context,
    time: f64,
}

impl Bench {
    /// The app showing a 10,000-ply game at its middle move, the notation editor open
    /// (when `editor`) and settled.
    fn new(editor: bool) -> Bench {
        let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
        let record = orrery::record::samples::long_quiet_game(PLIES, 42);
        let middle = record.tree.main_line_from(NodeId::ROOT)[PLIES / 2];
        app.apply(Command::Act(Action::ReplaceGame {
            game: std::sync::Arc::new(AnyGame::Interstellar(record)),
            caret: None,
        }));
        app.apply(Command::Game(GameCommand::Jump(middle)));
        app.settings_mut().notation_editor = editor;
        if editor {
            app.shell_mut().editor.focus();
        }
        let mut bench = Bench { app, ctx: egui::Context::default(), time: 0.0 };
        bench.settle();
        bench
    }

    /// One frame with these input events.
    fn frame(&mut self, events: Vec<egui::Event>) -> usize {
        self.time += 1.0 / 60.0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            time: Some(self.time),
            focused: true,
            events,
            ..Default::default()
        };
        let app = &mut self.app;
        let mut output = self.ctx.run_ui(input, |ui| app.show(ui));
        output.textures_delta.clear();
        self.ctx.tessellate(output.shapes, output.pixels_per_point).len()
    }

    /// Frames until the editor has read its text (the pause over, the background reading
    /// taken), then a few more.
    fn settle(&mut self) {
        for _ in 0..400 {
            self.time += 0.2;
            self.frame(Vec::new());
            if !self.app.shell().editor.is_dirty() || !self.app.shell().editor.errors.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        for _ in 0..3 {
            self.frame(Vec::new());
        }
    }

    /// Starts the background reading of the last edit and waits (untimed) until its
    /// result is ready, without taking it: the next frame takes it.
    fn wait_for_reading_started(&mut self) {
        self.time += 0.2;
        self.frame(Vec::new()); // the pause is over: the reading starts
        // Reading a 10,000-ply text takes well under this.
        std::thread::sleep(Duration::from_millis(600));
    }
}

/// The CPU time this thread has used, in nanoseconds (Linux; 0 elsewhere).
fn thread_cpu_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            tv_sec: i64,
            tv_nsec: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut time = Timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `time` is a valid, writable timespec; the call only writes it.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) } == 0 {
            return (time.tv_sec as u64) * 1_000_000_000 + time.tv_nsec as u64;
        }
    }
    0
}

/// The CPU times of a bench's timed frames.
#[derive(Default)]
struct CpuTimes(RefCell<Vec<u64>>);

impl CpuTimes {
    /// Runs `f`, noting its CPU time.
    fn time<R>(&self, f: impl FnOnce() -> R) -> R {
        let start = thread_cpu_ns();
        let r = f();
        self.0.borrow_mut().push(thread_cpu_ns().saturating_sub(start));
        r
    }

    /// Notes the fastest, median and slowest CPU time, to be printed at the end.
    fn report(&self, name: &str) {
        let mut times = self.0.borrow().clone();
        times.sort_unstable();
        if let (Some(first), Some(last)) = (times.first(), times.last()) {
            let ms = |ns: u64| ns as f64 / 1e6;
            let line = format!(
                "{name}: CPU time of the timed frame: fastest {:.2} ms, median {:.2} ms, slowest {:.2} ms ({} samples)",
                ms(*first),
                ms(times[times.len() / 2]),
                ms(*last),
                times.len()
            );
            if let Ok(mut lines) = CPU_REPORT.lock() {
                lines.push(line);
            }
        }
    }
}

fn typed(c: &str) -> Vec<egui::Event> {
    vec![egui::Event::Text(c.into())]
}

fn backspace() -> Vec<egui::Event> {
    vec![egui::Event::Key {
        key: egui::Key::Backspace,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }]
}

/// Opening the notation editor on the game: the first two frames with it open (the text
/// written from the game and laid out).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn open_editor(bencher: Bencher) {
    let bench = RefCell::new(Bench::new(false));
    let cpu = CpuTimes::default();
    bencher
        .with_inputs(|| {
            let mut b = bench.borrow_mut();
            b.app.settings_mut().notation_editor = false;
            b.app.shell_mut().editor = NotationEditor::default();
            b.frame(Vec::new());
            b.frame(Vec::new());
        })
        .bench_local_values(|()| {
            cpu.time(|| {
                let mut b = bench.borrow_mut();
                b.app.settings_mut().notation_editor = true;
                b.frame(Vec::new()) + b.frame(Vec::new())
            })
        });
    cpu.report("open_editor");
}

/// The frame that handles one character typed in the middle of the game's text.
#[divan::bench(sample_count = 30, sample_size = 1)]
fn keystroke(bencher: Bencher) {
    let bench = RefCell::new(Bench::new(true));
    let cpu = CpuTimes::default();
    bencher
        .with_inputs(|| {
            let mut b = bench.borrow_mut();
            if b.app.shell().editor.is_dirty() {
                // Take back the last keystroke and let the text read cleanly again.
                b.frame(backspace());
                b.settle();
            }
        })
        .bench_local_values(|()| cpu.time(|| bench.borrow_mut().frame(typed("x"))));
    cpu.report("keystroke");
}

/// The frame that takes the background reading of a typed character (the text now has
/// an error, underlined and listed).
#[divan::bench(sample_count = 15, sample_size = 1)]
fn reading_shown(bencher: Bencher) {
    let bench = RefCell::new(Bench::new(true));
    let cpu = CpuTimes::default();
    bencher
        .with_inputs(|| {
            let mut b = bench.borrow_mut();
            if b.app.shell().editor.is_dirty() {
                b.frame(backspace());
                b.settle();
            }
            b.frame(typed("x"));
            b.wait_for_reading_started();
        })
        .bench_local_values(|()| cpu.time(|| bench.borrow_mut().frame(Vec::new())));
    cpu.report("reading_shown");
}

/// A frame with nothing new (the caret blinking), the editor open on the game.
#[divan::bench(sample_count = 30, sample_size = 1)]
fn idle_frame(bencher: Bencher) {
    let bench = RefCell::new(Bench::new(true));
    let cpu = CpuTimes::default();
    bencher.bench_local(|| cpu.time(|| bench.borrow_mut().frame(Vec::new())));
    cpu.report("idle_frame");
}
