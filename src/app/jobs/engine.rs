//! The engine worker: **one long-lived thread** per window that runs every search of
//! the engine — the analysis, the computer's move, hints, the answer to a draw offer,
//! the verdicts of Learn from your mistakes and the game report — one at a time, fed
//! through a control queue, as Rustic's `Search { handle, control_tx }` is.
//!
//! A search is a [`Job`] like any other ([`Job::on_engine`]: progress, cancel, a result
//! that wakes the window), but it runs on the worker instead of a thread of its own, so
//! two searches never fight for the cores and the analysis never slows the computer's
//! move. The searches the user waits for ([`EnginePriority::Waited`]) go before the
//! analysis and interrupt it; an interrupted analysis says so ([`Job::preempted`]) and
//! is started again after them. No egui here.

use std::cell::RefCell;
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};

use super::{Job, JobControl, Waker};

/// Where a search stands in the worker's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EnginePriority {
    /// The analysis: it runs until stopped, so anything else goes first.
    Analysis,
    /// A search the user waits for: the computer's move, a hint, a draw offer's
    /// answer, a verdict of Learn from your mistakes, the game report.
    Waited,
}

/// A search waiting for the worker, or running on it.
struct Task {
    priority: EnginePriority,
    control: Arc<JobControl>,
    work: Box<dyn FnOnce() + Send>,
}

/// What the window's handles and the worker's thread share: the queue and the search
/// running now.
#[derive(Default)]
struct Queue {
    waiting: Vec<Task>,
    running: Option<(EnginePriority, Arc<JobControl>)>,
    /// The window is gone: the thread ends.
    closed: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Closes the queue when the last handle of the window goes.
struct Handle {
    shared: Arc<Shared>,
    /// The worker's thread could not be started: searches run where they are asked for.
    inline: bool,
}

impl Drop for Handle {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        for task in queue.waiting.drain(..) {
            task.control.cancel();
        }
        if let Some((_, control)) = &queue.running {
            control.cancel();
        }
        self.shared.changed.notify_all();
    }
}

/// A window's engine worker (cloning it clones the handle, not the thread). The thread
/// starts with it and ends when the last handle is dropped, after cancelling what is
/// left.
#[derive(Clone)]
pub struct EngineWorker(Arc<Handle>);

thread_local! {
    static CURRENT: RefCell<Option<EngineWorker>> = const { RefCell::new(None) };
}

impl Default for EngineWorker {
    fn default() -> Self {
        EngineWorker::new()
    }
}

impl EngineWorker {
    /// A worker with its thread, `orrery-engine`, waiting for searches.
    pub fn new() -> EngineWorker {
        let shared = Arc::new(Shared::default());
        let on_thread = shared.clone();
        let spawned = std::thread::Builder::new().name("orrery-engine".into()).spawn(move || run(&on_thread));
        EngineWorker(Arc::new(Handle { shared, inline: spawned.is_err() }))
    }

    /// Makes `self` the worker of the searches this thread asks for from now on (the UI
    /// thread, at the start of each frame, as [`Waker::install`]).
    pub fn install(&self) {
        CURRENT.with(|c| *c.borrow_mut() = Some(self.clone()));
    }

    /// The worker installed on this thread; with none (a test driving a view without
    /// a window), one worker for the whole process.
    pub fn current() -> EngineWorker {
        static PROCESS: OnceLock<EngineWorker> = OnceLock::new();
        CURRENT.with(|c| c.borrow().clone()).unwrap_or_else(|| PROCESS.get_or_init(EngineWorker::new).clone())
    }

    /// Queues `task`: a waited-for search goes before any analysis and interrupts a
    /// running one ([`JobControl::preempt`]).
    fn submit(&self, task: Task) {
        if self.0.inline {
            (task.work)();
            return;
        }
        let shared = &self.0.shared;
        let mut queue = shared.lock();
        if task.priority == EnginePriority::Waited
            && let Some((EnginePriority::Analysis, running)) = &queue.running
        {
            running.preempt();
        }
        queue.waiting.push(task);
        shared.changed.notify_all();
    }

    /// How many searches wait, and whether one runs (for tests).
    pub fn load(&self) -> (usize, bool) {
        let queue = self.0.shared.lock();
        (queue.waiting.len(), queue.running.is_some())
    }
}

/// The worker's loop: the first of the highest priority waiting, one at a time; a
/// search cancelled while it waited is dropped unrun (its job sees
/// [`super::JobPoll::Gone`]); a search that panics is its job's loss, not the worker's.
fn run(shared: &Shared) {
    loop {
        let task = {
            let mut queue = shared.lock();
            loop {
                if queue.closed {
                    return;
                }
                queue.waiting.retain(|t| !t.control.cancelled());
                let best = queue.waiting.iter().map(|t| t.priority).max();
                if let Some(at) = best.and_then(|p| queue.waiting.iter().position(|t| t.priority == p)) {
                    let task = queue.waiting.remove(at);
                    queue.running = Some((task.priority, task.control.clone()));
                    break task;
                }
                queue = shared.changed.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task.work));
        shared.lock().running = None;
    }
}

impl<T: Send + 'static> Job<T> {
    /// Runs the search `work` on the engine worker installed on this thread
    /// ([`EngineWorker::current`]) with `priority`; the window is woken when it returns.
    pub fn on_engine(
        name: &'static str,
        priority: EnginePriority,
        work: impl FnOnce(&JobControl) -> T + Send + 'static,
    ) -> Job<T> {
        let control = Arc::new(JobControl::new(Waker::current()));
        let (sender, receiver) = mpsc::channel();
        let shared = control.clone();
        let work = Box::new(move || {
            let _ = sender.send(work(&shared));
            shared.wake();
        });
        EngineWorker::current().submit(Task { priority, control: control.clone(), work });
        Job { name, control, result: Some(receiver) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::jobs::JobPoll;
    use std::time::{Duration, Instant};

    fn wait<T: Send + 'static>(job: &mut Job<T>) -> JobPoll<T> {
        let start = Instant::now();
        loop {
            match job.wait(Duration::from_millis(20)) {
                JobPoll::Running if start.elapsed() < Duration::from_secs(20) => {}
                other => return other,
            }
        }
    }

    #[test]
    fn searches_run_one_at_a_time_and_a_waited_one_interrupts_the_analysis() {
        let worker = EngineWorker::new();
        worker.install();
        // An analysis that runs until stopped.
        let mut analysis = Job::on_engine("analysis", EnginePriority::Analysis, |control| {
            while !control.cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            "stopped"
        });
        let start = Instant::now();
        while worker.load() != (0, true) {
            assert!(start.elapsed() < Duration::from_secs(20), "the analysis did not start");
            std::thread::sleep(Duration::from_millis(1));
        }
        // The computer's move interrupts it and runs.
        let mut answer = Job::on_engine("opponent", EnginePriority::Waited, |_| 42);
        assert!(matches!(wait(&mut answer), JobPoll::Done(42)));
        assert!(matches!(wait(&mut analysis), JobPoll::Done("stopped")));
        assert!(analysis.preempted(), "the analysis knows it was interrupted, to start again");
        // A search cancelled while it waits is never run; one that panics loses only its
        // own result.
        let blocker = Job::on_engine("analysis", EnginePriority::Analysis, |control| {
            while !control.cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let mut queued: Job<u8> = Job::on_engine("analysis", EnginePriority::Analysis, |_| 1);
        queued.cancel();
        drop(blocker);
        assert!(matches!(wait(&mut queued), JobPoll::Gone));
        let mut failing: Job<u8> = Job::on_engine("hint", EnginePriority::Waited, |_| panic!("a search that fails"));
        assert!(matches!(wait(&mut failing), JobPoll::Gone));
        let mut after = Job::on_engine("hint", EnginePriority::Waited, |_| 7);
        assert!(matches!(wait(&mut after), JobPoll::Done(7)), "the worker goes on");
    }
}
