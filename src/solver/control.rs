//! Watching and stopping a solve from another thread: [`SolveControl`] (a cancel flag
//! and the [`Progress`]), shared between the solving thread and the user interface.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How far a running solve has got. Shared between the solving thread (which writes)
/// and the user interface (which reads); every read is a snapshot.
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    tried: AtomicU32,
    total: AtomicU32,
    current: Mutex<String>,
}

impl Progress {
    /// Positions visited so far (each move played counts one), updated every few
    /// thousand nodes and at the end.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// `(tried, total)`: how many of the attacker's first moves have been examined, out
    /// of how many legal first moves.
    pub fn tried(&self) -> (u32, u32) {
        (self.tried.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }

    /// The first move being examined, in the game's notation (empty before the start
    /// and while the solution tree is built).
    pub fn current_move(&self) -> String {
        self.current.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub(crate) fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    pub(crate) fn set_tried(&self, tried: u32, total: u32) {
        self.tried.store(tried, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    pub(crate) fn set_current(&self, text: &str) {
        if let Ok(mut s) = self.current.lock() {
            s.clear();
            s.push_str(text);
        }
    }
}

/// The handle shared between the solving thread and whoever watches it: a cancel flag
/// and the [`Progress`]. Cloning shares both (they are behind [`Arc`]s).
#[derive(Clone, Debug, Default)]
pub struct SolveControl {
    cancel: Arc<AtomicBool>,
    progress: Arc<Progress>,
}

impl SolveControl {
    /// A fresh handle: not cancelled, no progress.
    pub fn new() -> SolveControl {
        SolveControl::default()
    }

    /// A handle on an existing cancel flag (e.g. one the app already owns).
    pub fn with_cancel_flag(cancel: Arc<AtomicBool>) -> SolveControl {
        SolveControl { cancel, progress: Arc::default() }
    }

    /// Asks the solve to stop; it returns
    /// [`SolveError::Cancelled`](crate::solver::SolveError::Cancelled) within a few
    /// thousand nodes (milliseconds).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`SolveControl::cancel`] has been called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The cancel flag itself.
    pub fn cancel_flag(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// The progress of the solve.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
}
