//! User settings, kept between runs in the app's data folder (see [`super::autosave`]).

use serde::{Deserialize, Serialize};

use crate::render::view::{BoardScheme, Labels};
use std::path::PathBuf;

/// Light or dark interface (the boards keep their own colours in both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Light panels.
    Light,
    /// Dark panels.
    #[default]
    Dark,
}

/// Settings kept between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface theme.
    pub theme: Theme,
    /// Board turned half a turn (the second player at the bottom).
    pub flipped: bool,
    /// Row and column labels around the board.
    pub coordinates: bool,
    /// Dots and rings on the selected piece's legal targets.
    pub hints: bool,
    /// Recently opened or saved files, newest first (at most 10).
    pub recent: Vec<PathBuf>,
    /// The folder of the last file dialog.
    pub last_folder: Option<PathBuf>,
    /// The study files chapters were added to or that were opened, newest first (at
    /// most 8): Add to study offers them.
    pub studies: Vec<PathBuf>,
    /// The notation editor panel is shown.
    pub notation_editor: bool,
    /// The study marks (arrows, marked cells) of the shown move are drawn.
    pub show_marks: bool,
    /// The analysis panel is shown (and the engine searching). Off at every start.
    #[serde(skip)]
    pub analysis: bool,
    /// How many lines the analysis shows (1–5).
    pub analysis_lines: u8,
    /// How long each analysis searches, in seconds; `None`: until the position changes
    /// or the panel is hidden.
    pub analysis_seconds: Option<u32>,
    /// The analysis engine's transposition table, in MiB.
    pub analysis_hash_mb: usize,
    /// The analysis shows the threat (the opponent's best move if it were its turn).
    #[serde(skip)]
    pub threat: bool,
    /// Nodes the game report searches per position.
    pub report_nodes: u64,
    /// The puzzles solved in solving mode, by file (its path; `""` for puzzles not
    /// from a file): each puzzle as `position string|stipulation`, so a puzzle keeps
    /// its mark when the file's games are reordered.
    pub solved_puzzles: std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
    /// Each game's board colours (by the game's key; Classic when absent).
    pub board_schemes: std::collections::BTreeMap<String, BoardScheme>,
    /// Whose numbering the coordinates follow (Interstellar).
    pub labels: LabelChoice,
    /// Sounds for moves, captures, Target or check, and the end of a game.
    pub sounds: bool,
    /// The docked panes' arrangement (which pane where, tabs, sizes).
    pub layout: super::layout::Layout,
    /// The version of the default layout `layout` was made from: a layout older than
    /// [`LAYOUT_VERSION`] (whose default crowded the right column) is put back to the
    /// default once. Absent in older settings files: 0.
    #[serde(default)]
    pub layout_version: u32,
    /// The games list pane is shown (it also opens by itself for a file of several
    /// games).
    pub games_list: bool,
    /// The opening tree pane is shown.
    pub opening_tree: bool,
    /// Help → Learn: the stars earned per level, by level key (`interstellar/quasar/2`).
    pub learn_progress: super::learn::LearnProgress,
}

/// View → Labels: whose cell numbering the coordinates in the margin follow, for
/// Interstellar, where each player counts cells from their own side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum LabelChoice {
    /// The player at the bottom's.
    #[default]
    Bottom,
    /// Always positive's (the board's fixed names).
    First,
    /// The side to move's (the numbering its next move is written in).
    SideToMove,
    /// Both players'.
    Both,
}

impl LabelChoice {
    /// Every choice, in menu order.
    pub const ALL: [LabelChoice; 4] =
        [LabelChoice::Bottom, LabelChoice::First, LabelChoice::SideToMove, LabelChoice::Both];

    /// The choice's words in the View menu.
    pub fn name(self) -> &'static str {
        match self {
            LabelChoice::Bottom => "The player at the bottom's",
            LabelChoice::First => "Positive's",
            LabelChoice::SideToMove => "The side to move's",
            LabelChoice::Both => "Both players'",
        }
    }

    /// The drawing layer's labels when player `to_move` (0 or 1) is to move.
    pub fn resolve(self, to_move: usize) -> Labels {
        match self {
            LabelChoice::Bottom => Labels::Bottom,
            LabelChoice::First => Labels::Player(0),
            LabelChoice::SideToMove => Labels::Player(to_move),
            LabelChoice::Both => Labels::Both,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::Dark,
            flipped: false,
            coordinates: true,
            hints: true,
            recent: Vec::new(),
            last_folder: None,
            studies: Vec::new(),
            notation_editor: false,
            show_marks: true,
            analysis: false,
            analysis_lines: 3,
            analysis_seconds: Some(10),
            analysis_hash_mb: 64,
            threat: false,
            report_nodes: crate::study::report::DEFAULT_NODES,
            solved_puzzles: std::collections::BTreeMap::new(),
            board_schemes: std::collections::BTreeMap::new(),
            labels: LabelChoice::Bottom,
            sounds: false,
            layout: super::layout::Layout::default(),
            layout_version: LAYOUT_VERSION,
            games_list: false,
            opening_tree: false,
            learn_progress: Default::default(),
        }
    }
}

/// The version of [`super::layout::Layout::default`]: raised when a new default should
/// replace the layouts kept by older versions.
pub const LAYOUT_VERSION: u32 = 1;

impl Settings {
    /// The settings as read from an older version's file, brought up to date: a layout
    /// made from an older default is put back to the current one.
    pub fn upgraded(mut self) -> Settings {
        if self.layout_version < LAYOUT_VERSION {
            self.layout = super::layout::Layout::default();
            self.layout_version = LAYOUT_VERSION;
        }
        self
    }

    /// The board colours chosen for `variant`.
    pub fn scheme_of(&self, variant: crate::core::Variant) -> BoardScheme {
        self.board_schemes.get(variant.key()).copied().unwrap_or_default()
    }

    /// Puts `path` first among the recent files.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        if let Some(parent) = path.parent() {
            self.last_folder = Some(parent.to_path_buf());
        }
        self.recent.insert(0, path);
        self.recent.truncate(10);
    }

    /// Puts `path` first among the studies Add to study offers.
    pub fn remember_study(&mut self, path: PathBuf) {
        self.studies.retain(|p| p != &path);
        self.studies.insert(0, path);
        self.studies.truncate(8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut s = Settings::default();
        for k in 0..12 {
            s.remember(PathBuf::from(format!("/tmp/g{k}.pgn")));
        }
        s.remember(PathBuf::from("/tmp/g5.pgn"));
        assert_eq!(s.recent.len(), 10);
        assert_eq!(s.recent[0], PathBuf::from("/tmp/g5.pgn"));
        assert_eq!(s.recent.iter().filter(|p| p.ends_with("g5.pgn")).count(), 1);
        assert_eq!(s.last_folder, Some(PathBuf::from("/tmp")));
    }

    #[test]
    fn a_layout_from_an_older_default_is_put_back_once() {
        // A settings file from before `layout_version`: the field reads as 0.
        let old: Settings = ron::from_str("(sounds: true)").expect("older settings");
        assert_eq!(old.layout_version, 0);
        let mut old = old;
        old.layout = super::super::layout::Layout {
            tree: egui_tiles::Tree::new_tabs(
                egui::Id::unique("orrery-layout"),
                vec![super::super::layout::Pane::Board],
            ),
        };
        let up = old.upgraded();
        assert_eq!(up.layout_version, LAYOUT_VERSION);
        assert!(up.layout.is_whole() && up.sounds);
        // A layout of the current default's version is the user's: kept.
        let mut mine = up.clone();
        mine.layout = super::super::layout::Layout {
            tree: egui_tiles::Tree::new_tabs(
                egui::Id::unique("orrery-layout"),
                vec![super::super::layout::Pane::Board],
            ),
        };
        assert!(!mine.upgraded().layout.is_whole());
    }
}
