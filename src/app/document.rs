//! The document: the games of the open file (or of a new, unsaved game), which of them
//! is shown, the file it belongs to, whether it has unsaved changes, and for each game
//! where it stands in its file and what was wrong with it when read. No egui; the app
//! changes it only through its commands.
//!
//! A file's games are held as their texts ([`GameSet`], over
//! [`crate::files::StoredGame`]s: where each text lies and its row, 48 bytes a game),
//! and a game's tree is read only when it is shown, searched or saved; the trees held
//! are the shown game's, the changed games' and those read with a problem. So a file of
//! 100,000 games takes a few megabytes, and memory grows with what is shown and
//! changed, not with the file. The autosave names the unchanged games by number
//! ([`Document::journal`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::files::{FileError, GameOrigin, GameTexts, RecordIndex, RecordsRead, StoredGame};
use crate::record::AnyGame;
use crate::record::collection::{GameRow, RowPool};
use crate::record::game::roster;

/// One game of a document: its tree, where its text lies, or both.
#[derive(Clone, Debug, PartialEq)]
struct Slot {
    /// The tree: always for a game held as a tree (new, changed, read with a problem,
    /// from a `.ron` file), and for the shown game.
    game: Option<Arc<AnyGame>>,
    /// Where the game's text lies ([`GameSet::texts`]), while the game is unchanged
    /// since it was read or saved.
    stored: Option<StoredGame>,
    /// Its number in the file, problems, and text as read, for a game not stored.
    origin: Option<Box<GameOrigin>>,
}

impl Slot {
    fn tree(game: Arc<AnyGame>, origin: GameOrigin) -> Slot {
        Slot { game: Some(game), stored: None, origin: Some(Box::new(origin)) }
    }

    fn number(&self) -> usize {
        match (&self.stored, &self.origin) {
            (Some(stored), _) => stored.number as usize,
            (None, Some(origin)) => origin.number,
            (None, None) => 0,
        }
    }
}

/// The games of a document, each a tree or a text read again when wanted (a file of
/// many games is held as texts: see [`crate::files::StoredGame`]). Cheap to clone for
/// work in the background (the trees and texts are shared).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameSet {
    slots: Vec<Slot>,
    texts: Arc<GameTexts>,
    pool: Arc<RowPool>,
}

impl GameSet {
    /// How many games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there is no game.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Game `index`: its tree, read again from its text when not held.
    ///
    /// # Errors
    /// [`FileError`] when the text cannot be read again; `NotText` past the end.
    pub fn load(&self, index: usize) -> Result<Arc<AnyGame>, FileError> {
        let slot = self.slots.get(index).ok_or_else(|| FileError::NotText(PathBuf::new()))?;
        match (&slot.game, &slot.stored) {
            (Some(game), _) => Ok(game.clone()),
            (None, Some(stored)) => self.texts.game(stored).map(Arc::new),
            (None, None) => Err(FileError::NotText(PathBuf::new())),
        }
    }

    /// Game `index` ([`GameSet::load`]); `None` past the end or when its text cannot be
    /// read again.
    pub fn get(&self, index: usize) -> Option<Arc<AnyGame>> {
        self.load(index).ok()
    }

    /// The tree of game `index` when it is held (the shown game's always is).
    pub fn tree(&self, index: usize) -> Option<&Arc<AnyGame>> {
        self.slots.get(index)?.game.as_ref()
    }

    /// Every game in order, each read when reached (one at a time: a file of many games
    /// is never all in memory); a game whose text cannot be read again is `None`.
    pub fn iter(&self) -> impl Iterator<Item = Option<Arc<AnyGame>>> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The games list's row of game `index`, numbered `number` (from the held row of a
    /// stored game: nothing is read).
    pub fn row(&self, index: usize, number: usize) -> Option<GameRow> {
        let slot = self.slots.get(index)?;
        match (&slot.stored, &slot.game) {
            (Some(stored), _) => Some(self.pool.unpack(number, &stored.row)),
            (None, Some(game)) => Some(GameRow::new(number, game)),
            (None, None) => None,
        }
    }

    /// The tag pairs (name, value) of game `index`: read from the header of its text
    /// when it is held as text (its moves are not read), else the tree's. Empty when
    /// the game cannot be read. What the games list's filter searches (`chapter:`…).
    pub fn tags(&self, index: usize) -> Vec<(String, String)> {
        let Some(slot) = self.slots.get(index) else { return Vec::new() };
        match (&slot.game, &slot.stored) {
            (Some(game), _) => game.tags().iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            (None, Some(stored)) => {
                self.texts.text(stored).map(|t| crate::record::text::read_tags(&t)).unwrap_or_default()
            }
            (None, None) => Vec::new(),
        }
    }

    /// Which game game `index` is (from the held row of a stored game: nothing is read
    /// and nothing allocated, as a search over many games wants).
    pub fn variant(&self, index: usize) -> Option<crate::core::Variant> {
        let slot = self.slots.get(index)?;
        match (&slot.stored, &slot.game) {
            (Some(stored), _) => Some(stored.row.variant()),
            (None, Some(game)) => Some(game.variant()),
            (None, None) => None,
        }
    }

    /// Game `index`'s text as it stands in its file, while it is unchanged since read
    /// or saved: what saving writes back byte for byte.
    pub fn original(&self, index: usize) -> Option<Arc<str>> {
        let slot = self.slots.get(index)?;
        match (&slot.stored, &slot.origin) {
            (Some(stored), _) => self.texts.text(stored).ok().map(Arc::from),
            (None, Some(origin)) => origin.original.clone(),
            (None, None) => None,
        }
    }

    /// Whether game `index` is held as its text (not as a tree): nothing of it is in
    /// memory but its row.
    pub fn is_stored(&self, index: usize) -> bool {
        self.slots.get(index).is_some_and(|s| s.stored.is_some() && s.game.is_none())
    }

    /// What saving writes for game `index`: its text as read (a stored game's, read
    /// again), else the game written afresh; with its row.
    ///
    /// # Errors
    /// [`FileError`] when a stored game's text cannot be read again.
    pub fn text_and_row(&self, index: usize) -> Result<(String, GameRow), FileError> {
        let slot = self.slots.get(index).ok_or_else(|| FileError::NotText(PathBuf::new()))?;
        let number = index + 1;
        if let Some(stored) = &slot.stored {
            return Ok((self.texts.text(stored)?, self.pool.unpack(number, &stored.row)));
        }
        let game = self.load(index)?;
        let text = match slot.origin.as_ref().and_then(|o| o.original.clone()) {
            Some(text) => text.to_string(),
            None => crate::record::write_any(&game).trim_end_matches('\n').to_string(),
        };
        Ok((text, GameRow::new(number, &game)))
    }

    /// The trees of two games are the same (read again where need be; two stored games
    /// by their place).
    fn same(&self, a: &Slot, other: &GameSet, b: &Slot) -> bool {
        if let (Some(x), Some(y)) = (&a.game, &b.game)
            && Arc::ptr_eq(x, y)
        {
            return true;
        }
        if let (Some(x), Some(y)) = (&a.stored, &b.stored)
            && x == y
            && Arc::ptr_eq(&self.texts, &other.texts)
        {
            return true;
        }
        let tree = |set: &GameSet, slot: &Slot| match (&slot.game, &slot.stored) {
            (Some(game), _) => Some(game.clone()),
            (None, Some(stored)) => set.texts.game(stored).ok().map(Arc::new),
            (None, None) => None,
        };
        match (tree(self, a), tree(other, b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }
}

/// One piece of an autosave's list of games (see [`Document::journal`]): a run of the
/// file's games as the file holds them, or one game as it is now.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum JournalEntry {
    /// The file's games numbered `from` to `from + count − 1`, unchanged.
    File {
        /// The first one's 1-based number in the file.
        from: u32,
        /// How many.
        count: u32,
    },
    /// A game changed (or new, or read with problems), in the text format.
    Game(String),
}

/// The open records.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Every game of the file, the shown one at [`Document::current`] (as of the last
    /// change: the app writes the shown game back after each change), each a tree or
    /// the text it is read again from. Shared, so that work in the background (searches,
    /// saving, the autosave) takes the games without copying them; a change replaces a
    /// game.
    pub games: GameSet,
    /// Which game is shown (its tree is always held).
    current: usize,
    /// The file the games came from or were last saved to.
    pub file: Option<PathBuf>,
    /// Changes not yet saved.
    pub modified: bool,
    /// The games of the file that could not be read at all (they are not among
    /// [`Document::games`]).
    pub unread: Vec<GameOrigin>,
    /// Changes to the list of games (a new document, games added, deleted or moved)
    /// and to any game, as numbers no two documents share: views of the games keep
    /// what they work out until these move.
    revisions: (u64, u64),
    /// The games changed since the list of games last changed (their indices).
    changed: Vec<usize>,
    /// The games as the file holds them (as read, or as last saved), to tell when undo
    /// has brought the document back to them and to go back to them; `None` for games
    /// in no file.
    saved: Option<GameSet>,
    /// The file's size and time of change as Orrery last read or wrote it: Save asks
    /// before replacing a file another program changed since (`None`: not known).
    pub stamp: Option<crate::files::FileStamp>,
    /// The study's name, from the first game's `Study` tag (kept up to date with it).
    study: Option<String>,
}

/// A number no other revision of any document has.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Document {
    /// A document holding one new game, not saved anywhere.
    pub fn new(game: AnyGame) -> Document {
        Document::with_games(None, vec![game])
    }

    /// A document of the games read from `path` (at least one), the first shown.
    pub fn from_file(path: &Path, games: Vec<AnyGame>) -> Document {
        let mut document = Document::with_games(Some(path.to_path_buf()), games);
        document.stamp = crate::files::FileStamp::of(path);
        document
    }

    /// A document of `games` (at least one), numbered 1, 2, … with no problems.
    pub fn with_games(file: Option<PathBuf>, games: Vec<AnyGame>) -> Document {
        let slots = games
            .into_iter()
            .enumerate()
            .map(|(i, g)| Slot::tree(Arc::new(g), GameOrigin { number: i + 1, ..GameOrigin::default() }))
            .collect();
        Document::of_slots(file, GameSet { slots, ..GameSet::default() }, Vec::new(), None, false)
    }

    fn of_slots(
        file: Option<PathBuf>,
        games: GameSet,
        unread: Vec<GameOrigin>,
        stamp: Option<crate::files::FileStamp>,
        keep_saved: bool,
    ) -> Document {
        let revision = next_revision();
        let saved = (keep_saved && unread.is_empty()).then(|| games.clone());
        let mut document = Document {
            games,
            current: 0,
            file,
            modified: false,
            unread,
            revisions: (revision, revision),
            changed: Vec::new(),
            saved,
            stamp,
            study: None,
        };
        document.hold_shown();
        document.refresh_study();
        document
    }

    /// A document of what was read from `path` (at least one game), the first shown,
    /// with each game's origin and the games that could not be read.
    pub fn from_read(path: &Path, read: RecordsRead) -> Document {
        Document::from_index(path, RecordIndex { read, ..RecordIndex::default() })
    }

    /// A document of a file read as [`crate::files::index_records_with`] reads it: its
    /// stored games and its trees in file order, the first shown.
    pub fn from_index(path: &Path, index: RecordIndex) -> Document {
        let RecordIndex { read, stored, pool, texts } = index;
        let mut origins = read.origins;
        if origins.len() != read.games.len() {
            origins = (1..=read.games.len()).map(|number| GameOrigin { number, ..GameOrigin::default() }).collect();
        }
        let trees = read.games.into_iter().zip(origins).map(|(g, o)| Slot::tree(Arc::new(g), o));
        let stored = stored.into_iter().map(|s| Slot { game: None, stored: Some(s), origin: None });
        let mut slots: Vec<Slot> = trees.chain(stored).collect();
        slots.sort_by_key(Slot::number);
        let games = GameSet { slots, texts, pool };
        Document::of_slots(Some(path.to_path_buf()), games, read.unread, read.stamp, true)
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there is no game (never, but for a document being built).
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Which game is shown.
    pub fn current(&self) -> usize {
        self.current
    }

    /// Shows game `index`: its tree is read (from its text when not held), and the game
    /// shown before lets go of its tree when unchanged since read.
    ///
    /// # Errors
    /// [`FileError`] when the game's text cannot be read again (the shown game stays).
    pub fn show(&mut self, index: usize) -> Result<(), FileError> {
        let game = self.games.load(index)?;
        if index != self.current {
            if let Some(before) = self.games.slots.get_mut(self.current)
                && before.stored.is_some()
            {
                before.game = None;
            }
            self.current = index;
        }
        self.games.slots[index].game = Some(game);
        Ok(())
    }

    /// Makes sure the shown game's tree is held. A game whose text cannot be read again
    /// shows as a new game of its kind but keeps its place in the text: saving then
    /// fails with the reason instead of writing the new game over it.
    fn hold_shown(&mut self) {
        if self.current >= self.games.len() {
            self.current = self.games.len().saturating_sub(1);
        }
        if self.games.tree(self.current).is_none() && self.show(self.current).is_err() {
            let variant = self.games.slots.get(self.current).and_then(|s| s.stored).map(|s| s.row.variant());
            if let (Some(slot), Some(variant)) = (self.games.slots.get_mut(self.current), variant) {
                slot.game = Some(Arc::new(AnyGame::new(variant)));
            }
        }
    }

    /// Where game `index` came from (`None` past the end): its number, problems and
    /// text as read (read again for a stored game).
    pub fn origin(&self, index: usize) -> Option<GameOrigin> {
        let slot = self.games.slots.get(index)?;
        match &slot.origin {
            Some(origin) => Some((**origin).clone()),
            None => Some(GameOrigin {
                number: slot.number(),
                original: self.games.original(index),
                ..GameOrigin::default()
            }),
        }
    }

    /// How many errors and warnings game `index` had when read.
    pub fn problem_counts(&self, index: usize) -> (usize, usize) {
        self.games.slots.get(index).and_then(|s| s.origin.as_ref()).map_or((0, 0), |o| o.error_and_warning_counts())
    }

    /// The index in [`Document::games`] of the game numbered `number` in its file.
    pub fn index_of_number(&self, number: usize) -> Option<usize> {
        if number == 0 {
            return None;
        }
        self.games.slots.iter().position(|s| s.number() == number)
    }

    /// The study's name (the first game's `Study` tag), when the file is a study.
    pub fn study_name(&self) -> Option<&str> {
        self.study.as_deref()
    }

    fn refresh_study(&mut self) {
        self.study = self.games.get(0).and_then(|g| crate::record::study::study_name(&[g]));
    }

    /// The revision of the list of games: it moves when games are added, deleted or
    /// moved (and differs between documents).
    pub fn structure_revision(&self) -> u64 {
        self.revisions.0
    }

    /// The revision of the games: it moves with any change to the list or to a game.
    pub fn revision(&self) -> u64 {
        self.revisions.1
    }

    /// The games changed since the list of games last changed (indices, in the order
    /// first changed).
    pub fn changed_since_structure(&self) -> &[usize] {
        &self.changed
    }

    /// Game `index` is no longer as its text was read: it is held as a tree from now on.
    fn game_changed(&mut self, index: usize) {
        self.revisions.1 = next_revision();
        if !self.changed.contains(&index) {
            self.changed.push(index);
        }
        if let Some(slot) = self.games.slots.get_mut(index) {
            let number = slot.number();
            if let Some(stored) = slot.stored.take() {
                slot.origin = Some(Box::new(GameOrigin { number: stored.number as usize, ..GameOrigin::default() }));
            }
            match &mut slot.origin {
                Some(origin) => origin.original = None,
                None => slot.origin = Some(Box::new(GameOrigin { number, ..GameOrigin::default() })),
            }
        }
    }

    fn structure_changed(&mut self) {
        let revision = next_revision();
        self.revisions = (revision, revision);
        self.changed.clear();
        self.modified = true;
        self.refresh_study();
    }

    /// The number game `index` has in the list: its place (as saving numbers it), or
    /// its number in the file while games of the file could not be read (the list's
    /// order cannot change then).
    pub fn number_of(&self, index: usize) -> usize {
        if self.unread.is_empty() { index + 1 } else { self.games.slots.get(index).map_or(index + 1, Slot::number) }
    }

    /// Puts `game` at `index` (at most the number of games) with where it came from
    /// (a game taken out and put back keeps its text as read); the shown game stays
    /// shown.
    pub fn insert_game_from(&mut self, index: usize, game: AnyGame, origin: GameOrigin) {
        let index = index.min(self.games.len());
        self.games.slots.insert(index, Slot::tree(Arc::new(game), origin));
        if self.current >= index && self.games.len() > 1 {
            self.current += 1;
        }
        self.structure_changed();
    }

    /// Takes game `index` out (never the last game left); the shown game stays shown,
    /// or the next one (the one before at the end) when it is the one taken out.
    /// Returns the game and where it came from.
    pub fn remove_game(&mut self, index: usize) -> Option<(AnyGame, GameOrigin)> {
        if index >= self.games.len() || self.games.len() == 1 {
            return None;
        }
        let game = self.games.load(index).ok()?;
        let origin = self.origin(index).unwrap_or_default();
        self.games.slots.remove(index);
        if self.current > index || self.current == self.games.len() {
            self.current -= 1;
        }
        self.hold_shown();
        self.structure_changed();
        Some((Arc::unwrap_or_clone(game), origin))
    }

    /// Replaces game `index` (not the shown one's view: the caller keeps that in
    /// step) and marks the document modified, with the game's text as read when it is
    /// the game as read again (an undo: [`GameOrigin::original`]); `false` when there
    /// is no such game.
    pub fn replace_game(&mut self, index: usize, game: Arc<AnyGame>, original: Option<Arc<str>>) -> bool {
        let Some(slot) = self.games.slots.get(index) else { return false };
        let same = match &slot.game {
            Some(held) => Arc::ptr_eq(held, &game) || **held == *game,
            None => self.games.get(index).is_some_and(|held| *held == *game),
        };
        if !same {
            self.game_changed(index);
        }
        let slot = &mut self.games.slots[index];
        if !same || slot.game.is_some() {
            slot.game = Some(game);
        }
        if let Some(origin) = &mut slot.origin {
            origin.original = original;
        }
        if index == 0 {
            self.refresh_study();
        }
        self.modified = true;
        true
    }

    /// Swaps games `a` and `b` (the shown game stays shown, in its new place).
    pub fn swap_games(&mut self, a: usize, b: usize) {
        if a >= self.games.len() || b >= self.games.len() || a == b {
            return;
        }
        self.games.slots.swap(a, b);
        if self.current == a {
            self.current = b;
        } else if self.current == b {
            self.current = a;
        }
        self.structure_changed();
    }

    /// The shown game (shared with the shown game's view: cloning it counts a
    /// reference).
    pub fn shown(&self) -> &Arc<AnyGame> {
        static NONE: std::sync::OnceLock<Arc<AnyGame>> = std::sync::OnceLock::new();
        self.games
            .tree(self.current)
            .unwrap_or_else(|| NONE.get_or_init(|| Arc::new(AnyGame::new(crate::core::Variant::Interstellar))))
    }

    /// Replaces the shown game after a change and marks the document modified; the
    /// game will be written afresh, no longer as its text was read.
    pub fn change_shown(&mut self, game: Arc<AnyGame>) {
        self.game_changed(self.current);
        self.games.slots[self.current].game = Some(game);
        self.modified = true;
        if self.current == 0 {
            self.refresh_study();
        }
    }

    /// Replaces the shown game without marking a change (e.g. an undo back to the saved
    /// state keeps the modified flag the caller sets). A game that is not the same as
    /// before will be written afresh. The same shared game (a view that changed
    /// nothing) is not compared.
    pub fn set_shown(&mut self, game: Arc<AnyGame>) {
        let current = self.current;
        let Some(slot) = self.games.slots.get(current) else { return };
        let differs = match &slot.game {
            Some(held) => !Arc::ptr_eq(held, &game) && **held != *game,
            None => true,
        };
        if differs {
            self.game_changed(current);
        }
        self.games.slots[current].game = Some(game);
        if differs && current == 0 {
            self.refresh_study();
        }
    }

    /// The games were written to `path` as `written` says, which becomes the document's
    /// file: each game is held as its text there (numbered afresh, with no problems;
    /// the trees held stay held).
    pub fn saved_to(&mut self, path: &Path, written: crate::files::Written) {
        self.file = Some(path.to_path_buf());
        self.modified = false;
        let crate::files::Written { stored, pool, texts } = written;
        if stored.len() == self.games.len() {
            for (slot, stored) in self.games.slots.iter_mut().zip(stored) {
                slot.stored = Some(stored);
                slot.origin = None;
            }
            self.games.pool = pool;
            self.games.texts = texts;
        } else {
            // A `.ron` file: its games are held as trees.
            for i in 0..self.games.len() {
                if let Ok(game) = self.games.load(i) {
                    self.games.slots[i] = Slot::tree(game, GameOrigin { number: i + 1, ..GameOrigin::default() });
                }
            }
            self.games.texts = Arc::default();
            self.games.pool = Arc::default();
        }
        self.unread.clear();
        let revision = next_revision();
        self.revisions = (revision, revision);
        self.changed.clear();
        self.saved = Some(self.games.clone());
        self.stamp = crate::files::FileStamp::of(path);
    }

    /// Forgets which games the file holds (after a restore, the games shown are not
    /// known to be the file's): only a save makes the document unmodified again.
    pub fn forget_saved(&mut self) {
        self.saved = None;
    }

    /// The document as the file holds it (as read or last saved), the game at the
    /// shown game's place shown; `None` when that is not known.
    pub fn as_saved(&self) -> Option<Document> {
        let games = self.saved.clone()?;
        let mut document = Document::of_slots(self.file.clone(), games, Vec::new(), self.stamp, true);
        let shown = self.current.min(document.len().saturating_sub(1));
        if document.show(shown).is_err() {
            return None;
        }
        Some(document)
    }

    /// The games as an autosave keeps them: runs of the file's games unchanged since it
    /// was read or saved (as numbers: nothing of them is written), and the text of each
    /// other game, the shown one as `shown` (the view's game). `None` for games in no
    /// file (then every game's text is kept). The numbers are those of the file as read
    /// or last saved ([`Document::stamp`]).
    pub fn journal(&self, shown: &AnyGame) -> Option<Vec<JournalEntry>> {
        self.file.as_ref()?;
        let mut entries: Vec<JournalEntry> = Vec::new();
        for (i, slot) in self.games.slots.iter().enumerate() {
            let unchanged = i != self.current || slot.game.as_deref().is_some_and(|g| g == shown);
            match (&slot.stored, unchanged) {
                (Some(stored), true) => {
                    if let Some(JournalEntry::File { from, count }) = entries.last_mut()
                        && *from + *count == stored.number
                    {
                        *count += 1;
                    } else {
                        entries.push(JournalEntry::File { from: stored.number, count: 1 });
                    }
                }
                _ => {
                    let text = if i == self.current {
                        crate::record::write_any(shown).trim_end_matches('\n').to_string()
                    } else {
                        self.games.text_and_row(i).ok()?.0
                    };
                    entries.push(JournalEntry::Game(text));
                }
            }
        }
        Some(entries)
    }

    /// The document an autosave's `journal` describes, over the file read again as
    /// `index` (the file as it was when the autosave was written): the file's games
    /// where the journal names them, the others read from their text. The shown game
    /// is `shown`; the document is modified, and knows the file's own games.
    ///
    /// # Errors
    /// Why the journal does not fit the file (a number past its games) or a game's
    /// text cannot be read.
    pub fn from_journal(
        path: &Path,
        index: RecordIndex,
        journal: &[JournalEntry],
        shown: usize,
    ) -> Result<Document, String> {
        let file = Document::from_index(path, index);
        let by_number: std::collections::HashMap<usize, usize> =
            file.games.slots.iter().enumerate().map(|(i, s)| (s.number(), i)).collect();
        let mut slots = Vec::new();
        for entry in journal {
            match entry {
                JournalEntry::File { from, count } => {
                    for number in *from..from.saturating_add(*count) {
                        let i = by_number
                            .get(&(number as usize))
                            .ok_or_else(|| format!("the file has no game {number} any more"))?;
                        let mut slot = file.games.slots[*i].clone();
                        if slot.stored.is_some() {
                            slot.game = None;
                        }
                        slots.push(slot);
                    }
                }
                JournalEntry::Game(text) => {
                    let game = crate::record::read_one(text).map_err(|e| {
                        format!(
                            "a changed game could not be read: {}",
                            e.first().map_or_else(String::new, ToString::to_string)
                        )
                    })?;
                    let number = slots.len() + 1;
                    slots.push(Slot::tree(
                        Arc::new(game),
                        GameOrigin { number, original: Some(Arc::from(text.as_str())), ..GameOrigin::default() },
                    ));
                }
            }
        }
        if slots.is_empty() {
            return Err("the autosave lists no game".into());
        }
        let saved = file.games.clone();
        let games = GameSet { slots, texts: file.games.texts.clone(), pool: file.games.pool.clone() };
        let mut document = Document::of_slots(Some(path.to_path_buf()), games, Vec::new(), file.stamp, false);
        document.saved = Some(saved);
        document.show(shown.min(document.len() - 1)).map_err(|e| e.to_string())?;
        document.modified = true;
        Ok(document)
    }

    /// Whether another program changed `path` since Orrery read or wrote it as this
    /// document's file (its size or time of change differ; a file that is gone counts
    /// as unchanged: saving makes it again).
    pub fn changed_on_disk(&self, path: &Path) -> bool {
        self.file.as_deref() == Some(path)
            && self.stamp.is_some()
            && crate::files::FileStamp::of(path).is_some_and(|now| Some(now) != self.stamp)
    }

    /// Whether the games are again those of the file, as read or last saved (after
    /// undoing every change since); `None` when that is not known (games in no file).
    pub fn matches_saved(&self) -> Option<bool> {
        let saved = self.saved.as_ref()?;
        self.file.as_ref()?;
        Some(
            saved.len() == self.games.len()
                && saved.slots.iter().zip(&self.games.slots).all(|(a, b)| saved.same(a, &self.games, b)),
        )
    }

    /// Sets the modified flag after an undo or redo: cleared when the games are back to
    /// the file's, set when they differ; `fallback` when that is not known.
    pub fn refresh_modified(&mut self, fallback: bool) {
        self.modified = match self.matches_saved() {
            Some(same) => !same,
            None => fallback,
        };
    }

    /// The file's name for the window title (or "Untitled … game"), with `*` when
    /// modified.
    pub fn title(&self) -> String {
        let name = match &self.file {
            Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            None => format!("Untitled {} game", self.shown().variant().name()),
        };
        format!("Orrery — {name}{}", if self.modified { " *" } else { "" })
    }
}

/// A game's title for the games list: "White – Black" (each game's player tags), else
/// its Event, else "Game N" (`number` in its file).
pub fn game_title(game: &AnyGame, number: usize) -> String {
    title_from_tags(game.tags(), game.variant(), number)
}

/// [`game_title`] from a game's tags and its game (whose roster names the players'
/// tags), `number` its place in its file (from 1).
pub fn title_from_tags(tags: &crate::record::Tags, variant: crate::core::Variant, number: usize) -> String {
    let known = |key: &str| tags.get(key).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
    let [.., first, second] = roster(variant);
    match (known(first), known(second)) {
        (Some(a), Some(b)) => format!("{a} – {b}"),
        (Some(a), None) => format!("{a} – ?"),
        (None, Some(b)) => format!("? – {b}"),
        (None, None) => known("Event").map_or_else(|| format!("Game {number}"), str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;

    #[test]
    fn a_new_document_is_untitled_and_a_change_marks_it() {
        let mut doc = Document::new(AnyGame::new(Variant::Triangular));
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game");
        doc.change_shown(Arc::new(AnyGame::new(Variant::Triangular)));
        assert!(doc.modified);
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game *");
        doc.saved_to(Path::new("/tmp/club.pgn"), crate::files::Written::default());
        assert!(!doc.modified);
        assert_eq!(doc.title(), "Orrery — club.pgn");
    }

    #[test]
    fn a_games_title_is_its_players_else_its_event_else_its_number() {
        let text = "[Variant \"Triangular\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n1. Bc3d *\n";
        let game = crate::record::read_one(text).unwrap();
        assert_eq!(game_title(&game, 1), "Ann – Bo");
        assert_eq!(game.main_line_len(), 1);
        let text = "[Variant \"Interstellar\"]\n[Event \"Club night\"]\n\n*\n";
        assert_eq!(game_title(&crate::record::read_one(text).unwrap(), 2), "Club night");
        assert_eq!(game_title(&AnyGame::new(Variant::Interstellar), 3), "Game 3");
    }
}
