//! Which games of the open file hold a position ([`PositionFinder`], on a thread): the
//! games list's "This position" and the opening tree share it. Split from
//! `games_list.rs`, whose search it is.

use std::sync::Arc;

use super::document::{Document, GameSet};
use super::jobs::{Job, JobPoll};
use crate::core::game::Variant;
use crate::record::collection::{OpeningTree, TreeMove, main_line_reaches, occurrences};
use crate::record::study::{ChapterMode, MODE_TAG};

/// Whether a game with `tags` is a study chapter that quizzes its line (guess, recall).
pub(crate) fn quizzes(tags: &[(String, String)]) -> bool {
    tags.iter().any(|(k, v)| k == MODE_TAG && ChapterMode::parse(v).is_some_and(ChapterMode::is_quiz))
}

/// The games that hold a position, worked out on a thread for the document as it is:
/// each game is walked once (read again from its text when not held), so a file of
/// many games is searched in time linear in its size and in little memory. The games
/// list's "This position" and the opening tree share it.
#[derive(Default)]
pub struct PositionFinder {
    done: Option<((u64, Variant, u64), Arc<Found>)>,
    job: Option<((u64, Variant, u64), Job<Found>)>,
}

/// What [`PositionFinder`] found for one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// The games holding the position anywhere in their trees (indices, in order).
    pub games: Vec<usize>,
    /// The moves their main lines play from it, the most played first.
    pub moves: Vec<TreeMove>,
    /// How many games reach it in their main line.
    pub reaching: usize,
    /// Which game plays which of [`Found::moves`] (game index, move index).
    pub played: Vec<(u32, u32)>,
}

impl Found {
    /// The games whose main line plays move `k` of [`Found::moves`] from the position.
    pub fn games_playing(&self, k: usize) -> Vec<usize> {
        let mut games: Vec<usize> =
            self.played.iter().filter(|&&(_, m)| m as usize == k).map(|&(g, _)| g as usize).collect();
        games.dedup();
        games
    }

    /// Walks every game of `games` for the position with board key `key` of `variant`,
    /// telling `progress` how many games of how many it has walked, and stopping (with
    /// what was found so far) as soon as `cancel` is set.
    pub fn search(
        games: &GameSet,
        variant: Variant,
        key: u64,
        cancel: &std::sync::atomic::AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Found {
        let mut found = Found::default();
        let mut tree = OpeningTree::default();
        let mut played: Vec<(u32, String)> = Vec::new();
        for i in 0..games.len() {
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            if i % 1024 == 0 {
                progress(i, games.len());
            }
            // Only the games of the position's kind are read.
            if games.variant(i) != Some(variant) {
                continue;
            }
            let Some(game) = games.get(i) else { continue };
            if occurrences(&game, key).is_empty() {
                continue;
            }
            found.games.push(i);
            // A study chapter that quizzes its line keeps its moves and result to
            // itself: the tree of another chapter must not give them away.
            if game.tags().get(MODE_TAG).and_then(ChapterMode::parse).is_some_and(ChapterMode::is_quiz) {
                continue;
            }
            found.reaching += usize::from(main_line_reaches(&game, key));
            for notation in tree.add_played(&game, variant, key) {
                played.push((i as u32, notation));
            }
        }
        found.moves = tree.moves();
        found.played = played
            .into_iter()
            .filter_map(|(g, n)| found.moves.iter().position(|m| m.notation == n).map(|k| (g, k as u32)))
            .collect();
        found
    }
}

impl PositionFinder {
    /// What was found for `position` in the document as it is; `None` while the search
    /// runs (the window is drawn again when it ends). A small document is searched
    /// within the frame.
    pub fn get(&mut self, document: &Document, position: (Variant, u64)) -> Option<Arc<Found>> {
        let wanted = (document.revision(), position.0, position.1);
        if let Some((for_, job)) = &mut self.job {
            // Only a search just started is waited for (below): the frame never blocks.
            match job.poll() {
                JobPoll::Done(found) => {
                    self.done = Some((*for_, Arc::new(found)));
                    self.job = None;
                }
                JobPoll::Gone => self.job = None,
                JobPoll::Running => {}
            }
        }
        if let Some((for_, found)) = &self.done
            && *for_ == wanted
        {
            return Some(found.clone());
        }
        if self.job.as_ref().is_none_or(|(for_, _)| *for_ != wanted) {
            let games = document.games.clone();
            // Wakes the window when done.
            // A search no longer wanted is cancelled when its job is dropped.
            let mut job = Job::start("positions", move |control| {
                let mut progress = |done: usize, total: usize| control.set_progress(done, total);
                Found::search(&games, position.0, position.1, control.cancel_flag(), &mut progress)
            });
            if let JobPoll::Done(found) = job.wait(FIND_WAIT) {
                let found = Arc::new(found);
                self.done = Some((wanted, found.clone()));
                self.job = None;
                return Some(found);
            }
            self.job = Some((wanted, job));
        }
        None
    }

    /// Whether a search runs.
    pub fn searching(&self) -> bool {
        self.job.is_some()
    }

    /// How far the search that runs has come (`0.0..=1.0`).
    pub fn fraction(&self) -> f32 {
        self.job.as_ref().map_or(0.0, |(_, job)| job.fraction())
    }
}

/// How long a frame waits for a position search (a small document's is done by then).
const FIND_WAIT: std::time::Duration = std::time::Duration::from_millis(30);
