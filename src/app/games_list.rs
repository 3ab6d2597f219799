//! The games list (View → Games list, Ctrl+G): the games of the open file as a table —
//! number, players, result, plies, event, date, stipulation, a mark for games read
//! with problems — sortable by any column (click its header; again to reverse), with
//! a filter box, a count, and "only games with the shown position" (exact position,
//! anywhere in a game's tree; a game opens at the move where it stands). The shown
//! game's buttons add a new game after it, duplicate it, delete it (after asking) and
//! move it up or down; saving writes the games in the list's file order.
//!
//! The rows, their filtering and sorting and the position search are kept between
//! frames and worked out again only when the document or the choices change, so a file
//! of 100,000 games scrolls smoothly (the rows are drawn only where visible).

use egui::{RichText, Sense};

use super::command::{Action, Command};
use super::document::{Document, game_title};
use super::theme;
use crate::core::game::Variant;

use super::jobs::{Job, JobPoll};

use super::position_finder::quizzes;
pub use super::position_finder::{Found, PositionFinder};
pub use super::study_panel::{ChapterForm, StudyPanel, chapter_note};
use crate::record::collection::{GameRow, PositionPattern, pattern_path};
use crate::record::study::Chapter;

/// A column of the games list, by which it can be sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameColumn {
    /// The game's number in the file.
    Number,
    /// Which game (Interstellar, Triangular, Triangular draughts).
    Game,
    /// The players (the title: "White – Black", else the event, else "Game N").
    Players,
    /// The result.
    Result,
    /// Plies in the main line.
    Plies,
    /// The Event tag.
    Event,
    /// The Date tag.
    Date,
    /// A puzzle's stipulation.
    Stipulation,
}

impl GameColumn {
    /// Every column, left to right.
    pub const ALL: [GameColumn; 8] = [
        GameColumn::Number,
        GameColumn::Game,
        GameColumn::Players,
        GameColumn::Result,
        GameColumn::Plies,
        GameColumn::Event,
        GameColumn::Date,
        GameColumn::Stipulation,
    ];

    /// The header's text.
    pub const fn title(self) -> &'static str {
        match self {
            GameColumn::Number => "#",
            GameColumn::Game => "Game",
            GameColumn::Players => "Players",
            GameColumn::Result => "Result",
            GameColumn::Plies => "Plies",
            GameColumn::Event => "Event",
            GameColumn::Date => "Date",
            GameColumn::Stipulation => "Stipulation",
        }
    }

    /// The column's width in points.
    const fn width(self) -> f32 {
        match self {
            GameColumn::Number => 40.0,
            GameColumn::Game => 78.0,
            GameColumn::Players => 170.0,
            GameColumn::Result => 54.0,
            GameColumn::Plies => 48.0,
            GameColumn::Event => 120.0,
            GameColumn::Date => 80.0,
            GameColumn::Stipulation => 90.0,
        }
    }
}

/// One row as kept: where the game is and its number (its texts are worked out when
/// drawn, filtered or sorted: a list of 100,000 games keeps 40 bytes a row).
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Index in the document's games (`None`: a game of the file that was not read).
    index: Option<usize>,
    /// The number shown (the game's number in the file).
    number: usize,
    /// Errors and warnings when read.
    problems: (u32, u32),
}

/// A row's texts: the title (players, or a study's chapter) and the game's row.
struct RowTexts {
    number: usize,
    read: bool,
    title: String,
    game: GameRow,
    /// A study chapter that hides its moves (guess, recall): its result and length
    /// would give the answer away, so the columns leave them out.
    quiz: bool,
}

impl RowTexts {
    /// The texts of `row` of `document` (`study`: titles are chapter titles).
    fn of(document: &Document, row: &Row, study: bool) -> RowTexts {
        let blank = || GameRow::new(row.number, &crate::record::AnyGame::new(Variant::ALL[0]));
        let Some(i) = row.index else {
            return RowTexts { number: row.number, read: false, title: String::new(), game: blank(), quiz: false };
        };
        let game = document.games.row(i, row.number).unwrap_or_else(blank);
        let mut quiz = false;
        let title = if study {
            document.games.get(i).map_or_else(String::new, |g| {
                let chapter = Chapter::of(&g, i);
                quiz = chapter.mode.is_quiz();
                if chapter.section.is_empty() {
                    chapter.title
                } else {
                    format!("{}: {}", chapter.section, chapter.title)
                }
            })
        } else {
            row_title(&game)
        };
        RowTexts { number: row.number, read: true, title, game, quiz }
    }

    fn text(&self, column: GameColumn) -> String {
        match column {
            GameColumn::Number => self.number.to_string(),
            GameColumn::Game => match self.game.variant {
                Variant::Draughts => "Draughts".to_string(),
                v => v.name().to_string(),
            },
            GameColumn::Players => self.title.clone(),
            GameColumn::Result | GameColumn::Plies if self.quiz => "–".to_string(),
            GameColumn::Result => self.game.result.token().to_string(),
            GameColumn::Plies => self.game.plies.to_string(),
            GameColumn::Event => shown_tag(&self.game.event),
            GameColumn::Date => shown_tag(&self.game.date),
            GameColumn::Stipulation => self.game.stipulation.clone().unwrap_or_default(),
        }
    }

    /// The row in one line, as before columns: what screen readers and tests read.
    fn summary(&self) -> String {
        if !self.read {
            return format!("{}. could not be read", self.number);
        }
        if self.quiz {
            return format!("{}. {}   (moves hidden)", self.number, self.title);
        }
        format!(
            "{}. {}   {}   {} pl{}",
            self.number,
            self.title,
            self.game.result.token(),
            self.game.plies,
            if self.game.plies == 1 { "y" } else { "ies" }
        )
    }
}

/// A game's title from its row, as [`game_title`] gives it from the game: "White –
/// Black", else its Event, else "Game N".
fn row_title(row: &GameRow) -> String {
    let known = |v: &str| Some(v.trim()).filter(|v| !v.is_empty() && *v != "?").map(str::to_string);
    match (known(&row.first), known(&row.second)) {
        (Some(a), Some(b)) => format!("{a} – {b}"),
        (Some(a), None) => format!("{a} – ?"),
        (None, Some(b)) => format!("? – {b}"),
        (None, None) => known(&row.event).unwrap_or_else(|| format!("Game {}", row.number)),
    }
}

/// The filter box.
fn filter_ui(ui: &mut egui::Ui, filter: &mut String) {
    {
        let label = ui.label("Filter");
        ui.add(
            egui::TextEdit::singleline(filter)
                .hint_text("players, any tag, chapter:name, result:1-0, plies>40…")
                .desired_width(260.0),
        )
        .labelled_by(label.id)
        .on_hover_text(
            "Every word must stand in the players, event, date, result, game, stipulation \
         or any other tag of the game. A word can name its field (white:, black:, player:, \
         event:, date:, result:, game:, stipulation:) or any tag (chapter:, section:, \
         round:, annotator:, a tag of your own), or compare the length (plies>40, \
         plies<=20). Quotes keep spaces: event:\"World Cup\".",
        );
    }
}

/// Why a length comparison of the filter that is no number matches nothing.
fn filter_warning_ui(ui: &mut egui::Ui, filter: &str) {
    for word in filter.split_whitespace() {
        let lower = word.to_lowercase();
        if let Some(rest) = lower.strip_prefix("plies")
            && let Some(number) = [">=", "<=", ">", "<", "="].iter().find_map(|op| rest.strip_prefix(op))
            && number.parse::<usize>().is_err()
        {
            ui.label(
                RichText::new(format!("\"{word}\": the length is a number of plies, as in plies>40"))
                    .color(theme::WARNING),
            );
        }
    }
}

/// An unknown value (`?`, a date `????.??.??`) as an empty cell.
fn shown_tag(value: &str) -> String {
    if value.chars().all(|c| c == '?' || c == '.' || c.is_whitespace()) { String::new() } else { value.to_string() }
}

/// How the games list looks for positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PositionSearch {
    /// Every game, whatever its positions.
    #[default]
    Off,
    /// Games where the shown position stands (by its key, anywhere in their trees).
    Exact,
    /// Games with a position of the shown position's material.
    Material,
    /// Games with a position holding the board editor's pieces on their cells.
    Pieces,
}

/// What a position search looks for: the game, and the key or pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SearchFor {
    Exact(Variant, u64),
    Pattern(Variant, PositionPattern),
}

/// Work over the games done on a job for a key (the document's revision and what is
/// looked for): the job running, and its result once in. A new key starts the work
/// again (the job of the old key is dropped, which cancels it).
struct KeyedJob<K, T> {
    running: Option<(K, Job<T>)>,
    done: Option<(K, T)>,
}

impl<K, T> Default for KeyedJob<K, T> {
    fn default() -> Self {
        KeyedJob { running: None, done: None }
    }
}

impl<K: Clone + PartialEq, T: Send + 'static> KeyedJob<K, T> {
    /// The result for `key`: taken from the job when it is in; the job started with
    /// `start` when none runs for `key`; `None` while it runs.
    fn get(&mut self, key: &K, start: impl FnOnce() -> Job<T>) -> Option<&T> {
        if let Some((k, job)) = self.running.as_mut()
            && let JobPoll::Done(value) = job.poll()
        {
            self.done = Some((k.clone(), value));
            self.running = None;
        }
        let done = self.done.as_ref().is_some_and(|(k, _)| k == key);
        if !done && self.running.as_ref().is_none_or(|(k, _)| k != key) {
            self.running = Some((key.clone(), start()));
        }
        self.done.as_ref().filter(|_| done).map(|(_, value)| value)
    }

    /// The last result in, whatever its key.
    fn last(&self) -> Option<&T> {
        self.done.as_ref().map(|(_, value)| value)
    }

    /// How far the running job has come (0–1), while one runs.
    fn fraction(&self) -> Option<f32> {
        self.running.as_ref().map(|(_, job)| job.fraction())
    }

    /// Stops the running job, if any.
    fn stop(&mut self) {
        if let Some((_, job)) = self.running.take() {
            job.cancel();
        }
    }
}

/// Each game's first matching place (child indices from its start), if any.
type Paths = Vec<Option<Vec<usize>>>;

/// The games list's choices and what it keeps between frames.
#[derive(Default)]
pub struct GamesList {
    /// The column sorted by (`None`: file order) and whether ascending.
    pub sort: Option<(GameColumn, bool)>,
    /// How the list looks for positions.
    pub search: PositionSearch,
    /// The game waiting for "Delete" to be confirmed (its index).
    pub confirm_delete: Option<usize>,
    /// Only these games (indices, for the list of games of that revision), described
    /// ("played Bc3d here"): set from the opening tree.
    pub only: Option<(String, Vec<usize>, u64)>,
    /// With `only`: the key of the position those games were found at, where a game
    /// clicked opens.
    pub only_at: Option<u64>,
    /// The study's part: Make a study, the shown chapter's window.
    pub study: StudyPanel,
    rows: Vec<Row>,
    rows_revision: Option<(u64, u64)>,
    /// Whether the rows were made for a study (chapter titles).
    rows_study: bool,
    /// The rows shown (indices into `rows`), for the filter, sort and position.
    shown: Vec<usize>,
    /// The rows' keys for the sort by a column of text (for which list of games,
    /// column and study).
    sort_keys: Option<SortKeys>,
    /// The table scrolls to its top at the next frame (the filter or search changed).
    to_top: bool,
    shown_for: Option<ShownFor>,
    /// The pattern search running or done, and its result once done.
    pattern: KeyedJob<(u64, Variant, PositionPattern), Paths>,
    /// The filter running on a job, and its result once done (each game: whether it
    /// matches).
    filter_job: KeyedJob<(u64, String), Vec<bool>>,
    /// The board editor's position as last seen open (its game and position string):
    /// the pieces search goes on with it after the editor closes, so that a game it
    /// found can be opened and the next one after it.
    editor_pieces: Option<(Variant, String)>,
}

/// The rows' sort keys (indexed by row) and what they were worked out for: the list of
/// games' revision, the column and whether titles are chapter titles.
type SortKeys = ((u64, GameColumn, bool), Vec<String>);

/// What `shown` was worked out for.
#[derive(Clone, Debug, PartialEq)]
struct ShownFor {
    revision: (u64, u64),
    filter: String,
    sort: Option<(GameColumn, bool)>,
    search: Option<SearchFor>,
    /// Whether a pattern search's result was in.
    pattern_ready: bool,
    /// Whether the filter's result worked out on a job was in.
    filter_ready: bool,
    only: Option<Vec<usize>>,
}

/// A document of more games than this is filtered on a job when the filter reads the
/// games' tags ([`crate::record::collection::filter_reads_tags`]): reading every game's
/// header would hold up the window.
pub const FILTER_ON_JOB: usize = 2_000;

impl GamesList {
    /// Keeps the rows up to date: all of them after a change to the list of games, the
    /// shown game's alone after a change to it.
    fn refresh_rows(&mut self, document: &Document) {
        let revision = (document.structure_revision(), document.revision());
        let study = document.study_name().is_some();
        match self.rows_revision {
            Some((structure, _)) if structure == revision.0 && study == self.rows_study => {
                if self.rows_revision != Some(revision) {
                    // Only the games changed since the list last changed.
                    let mut changed = document.changed_since_structure().to_vec();
                    changed.push(document.current());
                    for i in changed {
                        // The rows of the games come first, in game order.
                        if let Some(row) = self.rows.get_mut(i).filter(|r| r.index == Some(i)) {
                            *row = row_of(document, i);
                        }
                    }
                }
            }
            _ => {
                self.rows = (0..document.len()).map(|i| row_of(document, i)).collect();
                self.study.chapter = None;
                self.rows.extend(document.unread.iter().map(|u| {
                    let (errors, warnings) = u.error_and_warning_counts();
                    Row { index: None, number: u.number, problems: (errors as u32, warnings as u32) }
                }));
            }
        }
        self.rows_revision = Some(revision);
        self.rows_study = study;
    }

    /// Which games hold the shown position (`None` while searching).
    fn games_with(finder: &mut PositionFinder, document: &Document, position: (Variant, u64)) -> Option<Vec<bool>> {
        let found = finder.get(document, position)?;
        let mut with = vec![false; document.len()];
        for &i in &found.games {
            if let Some(w) = with.get_mut(i) {
                *w = true;
            }
        }
        Some(with)
    }

    /// The pattern search's result for the document as it is: started on a thread when
    /// the pattern or the games change; `None` while it runs.
    fn pattern_matches(
        &mut self,
        document: &Document,
        variant: Variant,
        pattern: &PositionPattern,
    ) -> Option<&[Option<Vec<usize>>]> {
        let wanted = (document.revision(), variant, pattern.clone());
        let games = document.games.clone();
        let pattern = pattern.clone();
        self.pattern
            .get(&wanted, move || {
                // Wakes the window when done.
                Job::start("pattern", move |control| -> Paths {
                    (0..games.len())
                        .take_while(|_| !control.cancelled())
                        .map(|i| {
                            if i % 1024 == 0 {
                                control.set_progress(i, games.len());
                            }
                            // Only the games of the pattern's kind are read.
                            let kind = games.variant(i) == Some(variant);
                            kind.then(|| games.get(i)).flatten().and_then(|g| pattern_path(&g, variant, &pattern))
                        })
                        .collect()
                })
            })
            .map(Vec::as_slice)
    }

    /// The filter's result for the document as it is, worked out on a job (a big
    /// document whose filter reads the games' tags); `None` while it runs.
    fn filter_matches(&mut self, document: &Document, filter: &str) -> Option<&[bool]> {
        let wanted = (document.revision(), filter.to_string());
        let games = document.games.clone();
        let filter = filter.to_string();
        let study = document.study_name().is_some();
        self.filter_job
            .get(&wanted, move || {
                // The window is woken when it is done.
                Job::start("filter", move |control| -> Vec<bool> {
                    (0..games.len())
                        .take_while(|_| !control.cancelled())
                        .map(|i| {
                            if i % 1024 == 0 {
                                control.set_progress(i, games.len());
                            }
                            games.row(i, i + 1).is_some_and(|row| {
                                if study && quizzes(&games.tags(i)) {
                                    row.matches_filter_outcome_hidden(&filter, || games.tags(i))
                                } else {
                                    row.matches_filter(&filter, || games.tags(i))
                                }
                            })
                        })
                        .collect()
                })
            })
            .map(Vec::as_slice)
    }

    /// Every row's key for sorting by `column` (lower-case text; plies as digits), kept
    /// between frames: after a change to a game only the changed games' keys are worked
    /// out again (a list of many games sorts again without reading every row).
    fn sort_keys<'k>(
        cache: &'k mut Option<SortKeys>,
        rows: &[Row],
        document: &Document,
        column: GameColumn,
        study: bool,
    ) -> &'k [String] {
        let key = |row: &Row| match column {
            // A quiz chapter's length is secret: it sorts as the longest.
            GameColumn::Plies => match RowTexts::of(document, row, study) {
                texts if texts.quiz => "–".to_string(),
                texts => format!("{:010}", texts.game.plies),
            },
            GameColumn::Result => RowTexts::of(document, row, study).text(column).to_lowercase(),
            _ => RowTexts::of(document, row, study && column == GameColumn::Players).text(column).to_lowercase(),
        };
        let for_ = (document.structure_revision(), column, study);
        match cache {
            Some((f, keys)) if *f == for_ && keys.len() == rows.len() => {
                let mut changed = document.changed_since_structure().to_vec();
                changed.push(document.current());
                for i in changed {
                    // The rows of the games come first, in game order.
                    if let Some(row) = rows.get(i).filter(|r| r.index == Some(i)) {
                        keys[i] = key(row);
                    }
                }
            }
            _ => *cache = Some((for_, rows.iter().map(key).collect())),
        }
        cache.as_ref().map_or(&[], |(_, keys)| keys.as_slice())
    }

    fn refresh_shown(
        &mut self,
        finder: &mut PositionFinder,
        document: &Document,
        filter: &str,
        search: Option<SearchFor>,
    ) {
        // A search's progress first (cheap once it is done).
        let pattern_ready = match &search {
            Some(SearchFor::Pattern(variant, pattern)) => self.pattern_matches(document, *variant, pattern).is_some(),
            Some(SearchFor::Exact(variant, key)) => finder.get(document, (*variant, *key)).is_some(),
            None => false,
        };
        // A big document's filter that reads the games' tags runs on a job.
        let on_job = document.len() > FILTER_ON_JOB && crate::record::collection::filter_reads_tags(filter);
        let filter_ready = on_job && self.filter_matches(document, filter).is_some();
        if !on_job {
            self.filter_job.stop();
        }
        let wanted = ShownFor {
            revision: (document.structure_revision(), document.revision()),
            filter: filter.to_string(),
            sort: self.sort,
            search,
            pattern_ready,
            filter_ready,
            only: self.only.as_ref().map(|(_, games, _)| games.clone()),
        };
        if self.shown_for.as_ref() == Some(&wanted) {
            return;
        }
        // Another filter or search starts the list at its top.
        self.to_top |= self.shown_for.as_ref().is_some_and(|before| {
            before.filter != wanted.filter || before.search != wanted.search || before.only != wanted.only
        });
        let with: Option<Vec<bool>> = match &wanted.search {
            None => None,
            Some(SearchFor::Exact(variant, key)) => {
                Some(Self::games_with(finder, document, (*variant, *key)).unwrap_or_default())
            }
            Some(SearchFor::Pattern(..)) => Some(match (self.pattern.last(), pattern_ready) {
                (Some(paths), true) => paths.iter().map(Option::is_some).collect(),
                // Still searching: nothing shown yet.
                _ => Vec::new(),
            }),
        };
        let only = self.only.as_ref().map(|(_, games, _)| {
            let mut keep = vec![false; document.len()];
            for &i in games {
                if let Some(k) = keep.get_mut(i) {
                    *k = true;
                }
            }
            keep
        });
        let searching = !filter.trim().is_empty() || with.is_some() || only.is_some();
        let study = self.rows_study;
        let words = !filter.trim().is_empty();
        // The job's answer, once in (nothing shown while it runs).
        let by_job: Option<&[bool]> = match (on_job, self.filter_job.last()) {
            (true, Some(keep)) if filter_ready => Some(keep.as_slice()),
            (true, _) => Some(&[]),
            (false, _) => None,
        };
        let mut shown: Vec<usize> = (0..self.rows.len())
            .filter(|&r| {
                let row = &self.rows[r];
                match row.index {
                    // Games not read have nothing to match.
                    None => !searching,
                    Some(i) => {
                        with.as_ref().is_none_or(|w| w.get(i).copied().unwrap_or(false))
                            && only.as_ref().is_none_or(|keep| keep.get(i).copied().unwrap_or(false))
                            && (!words
                                || match by_job {
                                    Some(keep) => keep.get(i).copied().unwrap_or(false),
                                    None => {
                                        let texts = RowTexts::of(document, row, study);
                                        if texts.quiz {
                                            texts.game.matches_filter_outcome_hidden(filter, || document.games.tags(i))
                                        } else {
                                            texts.game.matches_filter(filter, || document.games.tags(i))
                                        }
                                    }
                                })
                    }
                }
            })
            .collect();
        let rows = &self.rows;
        match self.sort {
            None => shown.sort_by_key(|&r| rows[r].number),
            Some((GameColumn::Number, ascending)) => {
                shown.sort_by_key(|&r| rows[r].number);
                if !ascending {
                    shown.reverse();
                }
            }
            Some((column, ascending)) => {
                let keys = Self::sort_keys(&mut self.sort_keys, rows, document, column, study);
                shown.sort_by(|&a, &b| {
                    let order = keys[a].cmp(&keys[b]).then(rows[a].number.cmp(&rows[b].number));
                    if ascending { order } else { order.reverse() }
                });
            }
        }
        self.shown = shown;
        self.shown_for = Some(wanted);
    }

    /// The games list pane: pushes [`Action::ShowGame`] / [`Action::ShowGameAt`] for a
    /// click on a row and the game commands for its buttons. `filter` is the filter
    /// box's text; `shown` is the shown position (game, key, position string) and
    /// `editor` the board editor's position string while it is open.
    #[allow(clippy::too_many_arguments)] // the pane reads each of the app's parts it shows
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        document: &Document,
        filter: &mut String,
        shown: (Variant, u64, String),
        editor: Option<String>,
        finder: &mut PositionFinder,
        commands: &mut Vec<Command>,
    ) {
        let (variant, key, position_string) = shown;
        if let Some(text) = &editor {
            self.editor_pieces = Some((variant, text.clone()));
        }
        // The filter and the position search on one row: the rows get the room.
        ui.horizontal_wrapped(|ui| {
            filter_ui(ui, filter);
            self.positions_ui(ui);
        });
        filter_warning_ui(ui, filter);
        let search = match self.search {
            PositionSearch::Off => None,
            PositionSearch::Exact => Some(SearchFor::Exact(variant, key)),
            PositionSearch::Material => {
                Some(SearchFor::Pattern(variant, PositionPattern::Material(position_string.clone())))
            }
            PositionSearch::Pieces => self
                .editor_pieces
                .clone()
                .map(|(variant, text)| SearchFor::Pattern(variant, PositionPattern::Pieces(text))),
        };
        if self.only.as_ref().is_some_and(|(_, _, structure)| *structure != document.structure_revision()) {
            self.only = None;
        }
        let mut show_all = false;
        if let Some((what, _, _)) = &self.only {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("Only the games that {what}")).strong());
                show_all = ui.button("Show all").clicked();
            });
        }
        if show_all {
            self.only = None;
        }
        self.refresh_rows(document);
        let pattern = match &search {
            Some(SearchFor::Pattern(_, p)) => Some(p.clone()),
            _ => None,
        };
        let exact = matches!(search, Some(SearchFor::Exact(..)));
        self.refresh_shown(finder, document, filter, search);
        let searching = match (&pattern, self.pattern.fraction(), self.filter_job.fraction()) {
            (Some(_), Some(fraction), _) | (_, _, Some(fraction)) => Some(fraction),
            _ => (exact && finder.searching()).then(|| finder.fraction()),
        };
        if let Some(fraction) = searching {
            ui.horizontal(|ui| {
                crate::app::busy::busy_ui(ui);
                ui.label(format!("Searching the games… {:.0} %", fraction * 100.0));
            });
        }
        let n = document.len();
        let count = if filter.trim().is_empty() && self.search == PositionSearch::Off && self.only.is_none() {
            format!("{n} game{} open", if n == 1 { "" } else { "s" })
        } else if searching.is_some() {
            format!("Searching {n} game{}…", if n == 1 { "" } else { "s" })
        } else {
            let matched = self.shown.iter().filter(|&&r| self.rows[r].index.is_some()).count();
            format!("{matched} of {n} game{} match", if n == 1 { "" } else { "s" })
        };
        self.buttons(ui, document, &count, commands);
        self.study.ui(ui, document, commands);
        if let Some(i) = self.confirm_delete {
            self.confirm(ui, document, i, commands);
        }
        self.table_ui(ui, document, key, pattern.as_ref(), commands);
    }

    /// The table: its header, then the rows shown (a click shows the game, at the
    /// position searched for when there is one).
    fn table_ui(
        &mut self,
        ui: &mut egui::Ui,
        document: &Document,
        key: u64,
        pattern: Option<&PositionPattern>,
        commands: &mut Vec<Command>,
    ) {
        ui.separator();
        self.header(ui);
        let row_height = ui.spacing().interact_size.y;
        let mut area =
            egui::ScrollArea::both().max_height(ui.available_height().max(120.0)).auto_shrink([false, false]);
        if std::mem::take(&mut self.to_top) {
            area = area.vertical_scroll_offset(0.0);
        }
        area.show_rows(ui, row_height, self.shown.len(), |ui, range| {
            for &r in &self.shown[range] {
                let row = &self.rows[r];
                let texts = RowTexts::of(document, row, self.rows_study);
                if self.row_ui(ui, row, &texts, document.current(), row_height).clicked()
                    && let Some(i) = row.index
                {
                    let path = match (pattern, self.search) {
                        (Some(_), _) => self.pattern.last().and_then(|paths| paths.get(i).cloned().flatten()),
                        (None, PositionSearch::Exact) => {
                            document.games.get(i).and_then(|g| crate::record::collection::occurrence_path(&g, key))
                        }
                        _ => match (&self.only, self.only_at) {
                            (Some(_), Some(at)) => {
                                document.games.get(i).and_then(|g| crate::record::collection::occurrence_path(&g, at))
                            }
                            _ => None,
                        },
                    };
                    commands.push(match path {
                        Some(path) => Command::Act(Action::ShowGameAt(i, path)),
                        None => Command::Act(Action::ShowGame(i)),
                    });
                }
            }
        });
    }

    /// The position search: any position, this position, the same material or the
    /// board editor's pieces, in a list beside the filter.
    fn positions_ui(&mut self, ui: &mut egui::Ui) {
        let label = ui.label("Positions");
        let name = |search: PositionSearch| match search {
            PositionSearch::Off => "Any",
            PositionSearch::Exact => "This position",
            PositionSearch::Material => "Same material",
            PositionSearch::Pieces => "The board editor's pieces",
        };
        egui::ComboBox::from_id_salt("position-search")
            .selected_text(name(self.search))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.search, PositionSearch::Off, name(PositionSearch::Off))
                    .on_hover_text("Every game, whatever positions it holds");
                ui.selectable_value(&mut self.search, PositionSearch::Exact, name(PositionSearch::Exact))
                    .on_hover_text(
                        "Games where the position on the board stands, in the main line or a variation, \
                     whatever the move order; a game opens at that move",
                    );
                ui.selectable_value(&mut self.search, PositionSearch::Material, name(PositionSearch::Material))
                    .on_hover_text(
                        "Games with a position of the same pieces, side by side and kind by kind, wherever they stand",
                    );
                let pieces = ui.add_enabled(
                    self.editor_pieces.is_some(),
                    egui::Button::selectable(self.search == PositionSearch::Pieces, name(PositionSearch::Pieces)),
                );
                if pieces.clicked() {
                    self.search = PositionSearch::Pieces;
                }
                pieces
                    .on_hover_text(
                        "Games with a position where every piece set in the board editor stands on its cell \
                         (the other cells are free); the pieces last set count after the editor closes",
                    )
                    .on_disabled_hover_text(
                        "Open the board editor (Ctrl+B), set the pieces that must stand, then choose this",
                    );
            })
            .response
            .labelled_by(label.id);
    }

    /// New game, Duplicate, Delete…, Move up, Move down (for the shown game).
    fn buttons(&mut self, ui: &mut egui::Ui, document: &Document, count: &str, commands: &mut Vec<Command>) {
        // A file with games that could not be read is saved under a new name with the
        // games that were read: its order is left alone until then.
        let editable = document.unread.is_empty();
        let why = "This file has games that could not be read: save it under a new name first";
        let current = document.current();
        // Delete and Move act on the shown game only while the list shows it: a game the
        // filter hides is not touched unseen.
        let listed = self.shown.iter().any(|&r| self.rows[r].index == Some(current));
        let hidden = "The shown game is not in the list (the filter or search hides it)";
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(count).weak());
            let enabled = |ui: &mut egui::Ui, on: bool, text: &str, hover: &str| {
                let r = ui.add_enabled(on, egui::Button::new(text));
                if on { r.on_hover_text(hover) } else { r.on_disabled_hover_text(if editable { hover } else { why }) }
            };
            let unlisted = |ui: &mut egui::Ui, on: bool, text: &str, hover: &str| {
                if listed {
                    enabled(ui, on, text, hover)
                } else {
                    ui.add_enabled(false, egui::Button::new(text)).on_disabled_hover_text(hidden)
                }
            };
            if enabled(ui, editable, "New game", "A new game of the shown kind after the shown one").clicked() {
                commands.push(Command::NewGameInFile);
            }
            if enabled(ui, editable, "Duplicate", "A copy of the shown game after it").clicked() {
                commands.push(Command::DuplicateGame);
            }
            if ui.button("Copy game").on_hover_text("The shown game's text, for another file or program").clicked() {
                commands.push(Command::CopyGameText);
            }
            if ui
                .button("Add to study…")
                .on_hover_text("The shown game or position as a study's next chapter")
                .clicked()
            {
                commands.push(Command::AddToStudyForm);
            }
            if enabled(ui, editable, "Paste games", "The games on the clipboard, after the shown one").clicked() {
                commands.push(Command::PasteGamesIntoFile);
            }
            if unlisted(ui, editable && document.games.len() > 1, "Delete…", "Delete the shown game from the file")
                .clicked()
            {
                self.confirm_delete = Some(current);
            }
            if unlisted(ui, editable && current > 0, "Move up", "Move the shown game one place up in the file")
                .clicked()
            {
                commands.push(Command::Act(Action::MoveGame { from: current, to: current - 1 }));
            }
            if unlisted(
                ui,
                editable && current + 1 < document.games.len(),
                "Move down",
                "Move the shown game one place down in the file",
            )
            .clicked()
            {
                commands.push(Command::Act(Action::MoveGame { from: current, to: current + 1 }));
            }
            if document.study_name().is_none()
                && ui
                    .add(egui::Button::new("Make a study").selected(self.study.making_study))
                    .on_hover_text("Make this file a study: its games become chapters, with titles, sections and modes")
                    .clicked()
            {
                self.study.making_study = !self.study.making_study;
            }
        });
    }

    /// "Delete game N?" with Delete and Keep.
    fn confirm(&mut self, ui: &mut egui::Ui, document: &Document, index: usize, commands: &mut Vec<Command>) {
        let Some(game) = document.games.get(index) else {
            self.confirm_delete = None;
            return;
        };
        // In a study the game is a chapter, named by its title.
        let (what, title) = if document.study_name().is_some() {
            ("chapter", crate::record::study::Chapter::of(&game, index).title)
        } else {
            ("game", game_title(&game, index + 1))
        };
        ui.group(|ui| {
            ui.label(
                RichText::new(format!(
                    "Delete {what} {} ({title}) from the file? Undo (Ctrl+Z) puts it back; the file on disk keeps it until you save.",
                    index + 1,
                ))
                .color(theme::WARNING),
            );
            ui.horizontal(|ui| {
                if ui.button("Delete").clicked() {
                    commands.push(Command::Act(Action::DeleteGame(index)));
                    self.confirm_delete = None;
                }
                if ui.button("Keep").clicked() {
                    self.confirm_delete = None;
                }
            });
        });
    }

    /// The column headers: a click sorts by the column, a second click reverses.
    fn header(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.add_space(ui.spacing().icon_width + ui.spacing().item_spacing.x);
            for column in GameColumn::ALL {
                let sorted = self.sort.filter(|&(c, _)| c == column).map(|(_, ascending)| ascending);
                let title = if self.rows_study && column == GameColumn::Players { "Chapter" } else { column.title() };
                let button = egui::Button::new(RichText::new(title).strong()).frame(false);
                let hover = match sorted {
                    Some(true) => "Sorted by this column, A to Z (click to reverse)",
                    Some(false) => "Sorted by this column, Z to A (click to reverse)",
                    None => "Sort by this column",
                };
                let response =
                    ui.add_sized([column.width(), ui.spacing().interact_size.y], button).on_hover_text(hover);
                if let Some(ascending) = sorted {
                    // A small triangle at the header's right: up for ascending.
                    let c = egui::pos2(response.rect.right() - 4.0, response.rect.center().y);
                    let (tip, base) = if ascending { (-4.0, 3.0) } else { (4.0, -3.0) };
                    let points = vec![c + egui::vec2(0.0, tip), c + egui::vec2(-4.0, base), c + egui::vec2(4.0, base)];
                    let color = ui.visuals().strong_text_color();
                    ui.painter().add(egui::Shape::convex_polygon(points, color, egui::Stroke::NONE));
                }
                if response.clicked() {
                    self.sort = match self.sort {
                        Some((c, ascending)) if c == column => Some((column, !ascending)),
                        _ => Some((column, true)),
                    };
                }
            }
        });
    }

    /// One row: the problem mark, then each column's text, clickable as a whole.
    fn row_ui(&self, ui: &mut egui::Ui, row: &Row, texts: &RowTexts, current: usize, height: f32) -> egui::Response {
        let mark_width = ui.spacing().icon_width + ui.spacing().item_spacing.x;
        let width: f32 = GameColumn::ALL.iter().map(|c| c.width() + ui.spacing().item_spacing.x).sum::<f32>();
        let (errors, warnings) = row.problems;
        let (response, rect) = ui
            .horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                let (mark_rect, mark) = ui.allocate_exact_size(egui::vec2(mark_width, height), Sense::hover());
                let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), Sense::click());
                if errors + warnings > 0 {
                    mark.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, "!"));
                    let color = if errors > 0 { theme::ERROR } else { theme::WARNING };
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    ui.painter().text(
                        mark_rect.left_center() + egui::vec2(4.0, 0.0),
                        egui::Align2::LEFT_CENTER,
                        "!",
                        font,
                        color,
                    );
                    mark.clone().on_hover_text(format!(
                        "When read: {errors} error{}, {warnings} warning{}",
                        if errors == 1 { "" } else { "s" },
                        if warnings == 1 { "" } else { "s" }
                    ));
                }
                (response, rect)
            })
            .inner;
        let summary = texts.summary();
        let selected = row.index == Some(current);
        response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &summary));
        if !ui.is_rect_visible(rect) {
            return response;
        }
        let visuals = ui.style().interact_selectable(&response, selected);
        if selected || response.hovered() {
            ui.painter().rect_filled(rect, 2.0, visuals.weak_bg_fill);
        }
        let font = egui::TextStyle::Body.resolve(ui.style());
        let text_color = if row.index.is_some() { visuals.text_color() } else { ui.visuals().weak_text_color() };
        let mut x = rect.left();
        let mut elided = false;
        for column in GameColumn::ALL {
            let text = match (row.index, column) {
                (None, GameColumn::Players) => "could not be read".to_string(),
                (None, GameColumn::Number) => row.number.to_string(),
                (None, _) => String::new(),
                _ => texts.text(column),
            };
            let cell = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(column.width(), height));
            // A text wider than its column ends in "…" (the whole row in the tooltip).
            let mut job =
                egui::text::LayoutJob::single_section(text, egui::TextFormat::simple(font.clone(), text_color));
            job.wrap = egui::text::TextWrapping::truncate_at_width(column.width() - 4.0);
            let galley = ui.painter().layout_job(job);
            elided |= galley.elided;
            let at = egui::pos2(cell.left() + 2.0, cell.center().y - galley.size().y / 2.0);
            ui.painter().with_clip_rect(cell.intersect(ui.clip_rect())).galley(at, galley, text_color);
            x += column.width() + ui.spacing().item_spacing.x;
        }
        if row.index.is_none() {
            return response.on_hover_text("This game is not open; the file keeps it as it is");
        }
        if elided { response.on_hover_text(summary) } else { response }
    }
}

/// The row of game `i` of the document.
fn row_of(document: &Document, i: usize) -> Row {
    let (errors, warnings) = document.problem_counts(i);
    Row { index: Some(i), number: document.number_of(i), problems: (errors as u32, warnings as u32) }
}
