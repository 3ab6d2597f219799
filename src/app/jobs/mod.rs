//! Background work: **one job type** for everything the app does beside the window —
//! reading and saving files, parsing the notation editor's text, the solver, position
//! searches, GIFs, sounds, file dialogs and the engine's searches. A [`Job`] is a named
//! thread with a [`JobControl`] (progress, a cancel flag, the waker) and a result the
//! window takes with [`Job::poll`] between frames; the engine's searches run as jobs on
//! the one [`engine::EngineWorker`]. These two files are the only ones of the app
//! that start threads.
//!
//! The window never polls on a timer: a job wakes it ([`Waker`]) when its result is
//! ready, and at most a few times a second while it reports progress
//! ([`JobControl::set_progress`], [`JobControl::wake_soon`]). The waker is the window's
//! own (`egui::Context::request_repaint`), installed on the UI thread each frame with
//! [`Waker::install`]; a job takes the one installed on the thread that starts it, so
//! tests and command-line callers, which install none, need no window. No egui here.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

pub mod engine;

/// How often a job's progress may wake the window (a progress bar moves, analysis lines
/// arrive): a few times a second.
pub const PROGRESS_WAKE: Duration = Duration::from_millis(200);

/// Wakes the window so that it draws a frame (and so polls its jobs). Cloned into every
/// job; waking with no window does nothing.
#[derive(Clone, Default)]
pub struct Waker(Option<Arc<dyn Fn() + Send + Sync>>);

thread_local! {
    static CURRENT: RefCell<Waker> = RefCell::new(Waker::default());
}

impl Waker {
    /// A waker that calls `wake` (the window's repaint request).
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Waker {
        Waker(Some(Arc::new(wake)))
    }

    /// Makes `self` the waker of the jobs this thread starts from now on (the UI thread,
    /// at the start of each frame).
    pub fn install(self) {
        CURRENT.with(|c| *c.borrow_mut() = self);
    }

    /// The waker installed on this thread (none: a waker that does nothing).
    pub fn current() -> Waker {
        CURRENT.with(|c| c.borrow().clone())
    }

    /// Wakes the window now.
    pub fn wake(&self) {
        if let Some(wake) = &self.0 {
            wake();
        }
    }
}

/// A last wake that never happened.
const NEVER: u64 = u64::MAX;

/// The milliseconds since the first call in this process (for throttling
/// wakes without a lock).
fn millis_now() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    u64::try_from(START.get_or_init(Instant::now).elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// What a running job shares with the window: its progress, its cancel flag and the
/// waker. The job's work receives it by reference; the window reads it through
/// [`Job`].
pub struct JobControl {
    done: AtomicUsize,
    total: AtomicUsize,
    cancel: AtomicBool,
    preempted: AtomicBool,
    last_wake_ms: AtomicU64,
    waker: Waker,
}

impl JobControl {
    fn new(waker: Waker) -> JobControl {
        JobControl {
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(0),
            cancel: AtomicBool::new(false),
            preempted: AtomicBool::new(false),
            last_wake_ms: AtomicU64::new(NEVER),
            waker,
        }
    }

    /// Records progress (`done` of `total` steps) and wakes the window if it was not
    /// woken in the last [`PROGRESS_WAKE`].
    pub fn set_progress(&self, done: usize, total: usize) {
        self.done.store(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        self.wake_soon();
    }

    /// Wakes the window unless it was woken in the last [`PROGRESS_WAKE`] (new analysis
    /// lines, a progress step): at most a few frames a second for a busy job.
    pub fn wake_soon(&self) {
        let now = millis_now();
        let last = self.last_wake_ms.load(Ordering::Relaxed);
        if (last == NEVER || now.saturating_sub(last) >= PROGRESS_WAKE.as_millis() as u64)
            && self.last_wake_ms.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            self.waker.wake();
        }
    }

    /// Wakes the window now.
    pub fn wake(&self) {
        self.waker.wake();
    }

    /// Whether the window asked the job to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The cancel flag itself, for work that reads one (the engine, the reader).
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Stops the job to make way for another (the engine worker interrupts the analysis
    /// for a search the user waits for): cancelled, and marked so.
    pub fn preempt(&self) {
        self.preempted.store(true, Ordering::Relaxed);
        self.cancel();
    }

    /// The steps done and their number, as last set.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }
}

/// What [`Job::poll`] found.
#[derive(Debug)]
pub enum JobPoll<T> {
    /// Still working.
    Running,
    /// Finished with this result (given once; polled again, [`JobPoll::Gone`]).
    Done(T),
    /// No result will come: the job's thread stopped without one (it panicked), or
    /// its result was taken already.
    Gone,
}

/// One piece of background work: a named thread, its [`JobControl`] and its result.
/// Dropping a job asks it to stop (its result, if it still comes, is dropped).
pub struct Job<T> {
    name: &'static str,
    control: Arc<JobControl>,
    result: Option<Receiver<T>>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread named `orrery-{name}`, with the waker installed on this
    /// thread; the window is woken when it returns. When no thread can be had, the work
    /// runs here, at once (slower, never lost).
    pub fn start(name: &'static str, work: impl FnOnce(&JobControl) -> T + Send + 'static) -> Job<T> {
        let control = Arc::new(JobControl::new(Waker::current()));
        let (sender, receiver) = mpsc::channel();
        let shared = control.clone();
        let work = Arc::new(std::sync::Mutex::new(Some(work)));
        let on_thread = work.clone();
        let spawned = std::thread::Builder::new().name(format!("orrery-{name}")).spawn(move || {
            let work = on_thread.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            if let Some(work) = work {
                let _ = sender.send(work(&shared));
            }
            shared.wake();
        });
        let mut receiver = receiver;
        if spawned.is_err() {
            let (sender, here) = mpsc::channel();
            let work = work.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            if let Some(work) = work {
                let _ = sender.send(work(&control));
            }
            receiver = here;
        }
        Job { name, control, result: Some(receiver) }
    }

    /// Takes the result if it has come.
    pub fn poll(&mut self) -> JobPoll<T> {
        let Some(receiver) = &self.result else { return JobPoll::Gone };
        match receiver.try_recv() {
            Ok(result) => {
                self.result = None;
                JobPoll::Done(result)
            }
            Err(TryRecvError::Empty) => JobPoll::Running,
            Err(TryRecvError::Disconnected) => {
                self.result = None;
                JobPoll::Gone
            }
        }
    }

    /// Waits up to `timeout` for the result (a file that reads in a moment opens without
    /// a progress window; the app's exit waits for the last autosave).
    pub fn wait(&mut self, timeout: Duration) -> JobPoll<T> {
        let Some(receiver) = &self.result else { return JobPoll::Gone };
        match receiver.recv_timeout(timeout) {
            Ok(result) => {
                self.result = None;
                JobPoll::Done(result)
            }
            Err(mpsc::RecvTimeoutError::Timeout) => JobPoll::Running,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.result = None;
                JobPoll::Gone
            }
        }
    }
}

impl<T> Job<T> {
    /// Its name (the thread's, without `orrery-`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Asks it to stop.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// Whether it was stopped to make way for another search ([`JobControl::preempt`]):
    /// its work is to be asked for again.
    pub fn preempted(&self) -> bool {
        self.control.preempted.load(Ordering::Relaxed)
    }

    /// Its progress: steps done and their number, as the work last set them.
    pub fn progress(&self) -> (usize, usize) {
        self.control.progress()
    }

    /// Its progress as a share, `0.0..=1.0` (0 before the work names a total).
    pub fn fraction(&self) -> f32 {
        let (done, total) = self.progress();
        if total == 0 { 0.0 } else { (done as f32 / total as f32).min(1.0) }
    }
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("name", &self.name).field("progress", &self.progress()).finish()
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.control.cancel();
    }
}

/// Runs `work` on a thread of its own and forgets it (a sound being played): nothing
/// waits for it and nothing comes back.
pub fn detach(name: &'static str, work: impl FnOnce() + Send + 'static) {
    let _ = std::thread::Builder::new().name(format!("orrery-{name}")).spawn(work);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn a_job_gives_its_result_once_and_wakes_the_window() {
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = woken.clone();
        Waker::new(move || {
            counter.fetch_add(1, Ordering::Relaxed);
        })
        .install();
        let mut job = Job::start("test", |control| {
            control.set_progress(1, 2);
            6 * 7
        });
        let result = loop {
            match job.wait(Duration::from_secs(10)) {
                JobPoll::Done(r) => break r,
                JobPoll::Running => {}
                JobPoll::Gone => panic!("the job stopped without a result"),
            }
        };
        assert_eq!(result, 42);
        assert!(matches!(job.poll(), JobPoll::Gone));
        assert_eq!(job.progress(), (1, 2));
        // The thread wakes the window after sending its result: wait for that too.
        let start = Instant::now();
        while woken.load(Ordering::Relaxed) < 2 {
            assert!(start.elapsed() < Duration::from_secs(10), "the window was not woken");
            std::thread::yield_now();
        }
        Waker::default().install();
    }

    #[test]
    fn a_dropped_job_is_asked_to_stop_and_a_panic_is_gone() {
        let (sender, receiver) = mpsc::channel();
        let job = Job::start("test", move |control| {
            while !control.cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = sender.send(());
        });
        drop(job);
        assert!(receiver.recv_timeout(Duration::from_secs(10)).is_ok(), "the job did not stop");
        let mut failing: Job<u8> = Job::start("test", |_| panic!("a job that fails"));
        let start = Instant::now();
        while matches!(failing.poll(), JobPoll::Running) {
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(matches!(failing.poll(), JobPoll::Gone));
    }
}
