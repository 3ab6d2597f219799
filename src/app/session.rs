//! One game being played or studied in the app, generic over the rules: a game
//! record, the cursor (the move whose position the board shows), the selected piece,
//! and the editing operations the board, the move list and the menus call. No egui
//! here, so it is tested directly.

use crate::core::game::{Game, GameSide, Landing};
use crate::core::moves::MoveList;
use crate::record::{GameRecord, GameResult, NodeId, RecordGame, SharedRecord};

/// What happened when the user tried to move a piece from one cell to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveAttempt<C> {
    /// The move was played (or an existing continuation was followed), or the
    /// selection changed.
    Played,
    /// Several moves go from..to (a promotion): ask which piece.
    NeedsPromotion {
        /// From-cell.
        from: C,
        /// To-cell.
        to: C,
    },
    /// Not a legal move; the reason, for the status bar.
    Illegal(String),
    /// Part of a move entered click by click (a landing cell of a capture of several
    /// pieces): the move is not complete yet; what to do next, for the status bar.
    Partial(String),
}

/// A capture being entered click by click (`docs/app.md` *Playing a move*): the
/// landing cells clicked so far and, once clicked while several captures end there,
/// the final cell. Belongs to the selected piece `from`; any other selection makes it
/// void.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<C> {
    /// The piece the entry belongs to.
    pub from: Option<C>,
    /// The landing cells clicked, in order.
    pub landed: Vec<C>,
    /// The final cell, when it was clicked and several captures end there.
    pub final_cell: Option<C>,
}

impl<C> Default for Entry<C> {
    fn default() -> Self {
        Entry { from: None, landed: Vec::new(), final_cell: None }
    }
}

/// What the board shows of a capture being entered ([`GameSession::entry_marks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryMarks<C> {
    /// The landing cells clicked (and the final cell, once clicked).
    pub landed: Vec<C>,
    /// Where the piece may land next.
    pub next: Vec<C>,
    /// The pieces jumped so far.
    pub jumped: Vec<C>,
}

impl<C> Default for EntryMarks<C> {
    fn default() -> Self {
        EntryMarks { landed: Vec::new(), next: Vec::new(), jumped: Vec::new() }
    }
}

/// A legal move that fits the landing cells clicked so far, with its routes that do
/// ([`GameSession::fitting_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit<G: Game> {
    /// The move.
    pub mv: G::Move,
    /// Its routes that land on the clicked cells in order.
    pub routes: Vec<Vec<Landing<G::Cell>>>,
}

/// Whether `clicks` land, in order, on cells of `route`.
fn is_subsequence<C: PartialEq>(clicks: &[C], route: &[Landing<C>]) -> bool {
    let mut steps = route.iter();
    clicks.iter().all(|c| steps.any(|l| l.cell == *c))
}

/// How many landings of `route` the clicks use up: the index after the last clicked
/// one (clicks matched in order).
fn matched_prefix<C: PartialEq>(clicks: &[C], route: &[Landing<C>]) -> usize {
    let mut at = 0;
    for c in clicks {
        match route[at..].iter().position(|l| l.cell == *c) {
            Some(k) => at += k + 1,
            None => break,
        }
    }
    at
}

/// The position at one node, kept so that a frame does not replay the game from the
/// start for every panel. A node's position never changes while the node exists (its
/// path from the start is fixed), so the node id is the whole key. Not part of a
/// session's value: it compares equal always.
#[derive(Clone, Debug)]
struct PositionCache<G>(std::cell::RefCell<Option<(NodeId, G)>>);

impl<G> Default for PositionCache<G> {
    fn default() -> Self {
        PositionCache(std::cell::RefCell::new(None))
    }
}

impl<G> PartialEq for PositionCache<G> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<G> Eq for PositionCache<G> {}

/// The outcome at one node with the game's history ([`GameSession::outcome`]), kept so
/// that the legal moves, the banner and the board do not replay the game several times a
/// frame; keyed by the node and its position's key. Compares equal always.
#[derive(Clone, Debug)]
struct OutcomeCache<O>(std::cell::RefCell<Option<(NodeId, u64, Option<O>)>>);

impl<O> Default for OutcomeCache<O> {
    fn default() -> Self {
        OutcomeCache(std::cell::RefCell::new(None))
    }
}

impl<O> PartialEq for OutcomeCache<O> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<O> Eq for OutcomeCache<O> {}

/// The notation of every move of the tree, by node id, for the record's revision.
#[derive(Clone, Debug)]
struct NotationCache<G: Game> {
    revision: Option<u64>,
    texts: Vec<String>,
    game: std::marker::PhantomData<G>,
}

impl<G: Game> Default for NotationCache<G> {
    fn default() -> Self {
        NotationCache { revision: None, texts: Vec::new(), game: std::marker::PhantomData }
    }
}

/// Not part of a session's value: compares equal always.
#[derive(Clone, Debug)]
struct NotationCell<G: Game>(std::cell::RefCell<NotationCache<G>>);

impl<G: Game> Default for NotationCell<G> {
    fn default() -> Self {
        NotationCell(std::cell::RefCell::new(NotationCache::default()))
    }
}

impl<G: Game> PartialEq for NotationCell<G> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<G: Game> Eq for NotationCell<G> {}

/// One game in the app, generic over the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSession<G: RecordGame> {
    /// The record: tags, start, move tree, result; shared with the document and undo
    /// (changed through [`SharedRecord::make_mut`], which moves its revision).
    pub record: SharedRecord<G>,
    /// The node whose position the board shows.
    pub cursor: NodeId,
    /// The selected cell (a piece of the side to move), if any.
    pub selected: Option<G::Cell>,
    /// The capture being entered from the selected piece, landing by landing.
    pub entry: Entry<G::Cell>,
    cache: PositionCache<G>,
    outcome: OutcomeCache<G::Outcome>,
    notations: NotationCell<G>,
    /// The Termination tag the record came with, when its main line then ended in a
    /// finished position with the recorded result (another program's "checkmate",
    /// PGN's "normal"): the board's ending in other words, taken back as the board's
    /// own are when the main line changes.
    pub board_termination: Option<String>,
}

impl<G: RecordGame> GameSession<G> {
    /// A new game from the opening.
    pub fn new() -> Self {
        GameSession {
            record: SharedRecord::new(GameRecord::new()),
            cursor: NodeId::ROOT,
            selected: None,
            entry: Entry::default(),
            cache: PositionCache::default(),
            outcome: OutcomeCache::default(),
            notations: NotationCell::default(),
            board_termination: None,
        }
    }

    /// A session over an existing record, the cursor at the end of its main line.
    pub fn from_record(record: GameRecord<G>) -> Self {
        GameSession::from_shared(SharedRecord::new(record))
    }

    /// A session over a shared record (not copied), the cursor at the end of its main
    /// line.
    pub fn from_shared(record: SharedRecord<G>) -> Self {
        let cursor = record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
        let mut session = GameSession {
            record,
            cursor,
            selected: None,
            entry: Entry::default(),
            cache: PositionCache::default(),
            outcome: OutcomeCache::default(),
            notations: NotationCell::default(),
            board_termination: None,
        };
        if let Some(termination) = session.record.tags.get("Termination")
            && session.main_line_end_outcome().is_some_and(|o| result_of::<G>(o) == session.record.result)
        {
            session.board_termination = Some(termination.to_string());
        }
        session
    }

    /// The position at the cursor (replayed from the start once per cursor move).
    pub fn position(&self) -> G {
        let mut cache = self.cache.0.borrow_mut();
        match &*cache {
            Some((node, pos)) if *node == self.cursor => pos.clone(),
            _ => {
                let pos = self.record.position_at(self.cursor);
                *cache = Some((self.cursor, pos.clone()));
                pos
            }
        }
    }

    /// The notation of every move in the tree, indexed by node id (empty for the root
    /// and deleted slots). Worked out again only when the record changed (its revision moved).
    pub fn notations(&self) -> std::cell::Ref<'_, Vec<String>> {
        let revision = self.record.revision();
        {
            let cache = self.notations.0.borrow();
            if cache.revision == Some(revision) {
                return std::cell::Ref::map(cache, |c| &c.texts);
            }
        }
        {
            let tree = &self.record.tree;
            let mut cache = self.notations.0.borrow_mut();
            let mut texts = vec![String::new(); tree.arena_len()];
            let mut stack = vec![(NodeId::ROOT, self.record.start.clone())];
            while let Some((id, pos)) = stack.pop() {
                for &child in &tree.node(id).children {
                    if let Some(mv) = tree.node(child).mv {
                        texts[child.0 as usize] = pos.notation(mv);
                        let mut next = pos.clone();
                        next.play(mv);
                        stack.push((child, next));
                    }
                }
            }
            *cache = NotationCache { revision: Some(revision), texts, game: std::marker::PhantomData };
        }
        std::cell::Ref::map(self.notations.0.borrow(), |c| &c.texts)
    }

    /// The legal moves at the cursor, none once the game has been resigned or agreed
    /// drawn at the end of the main line.
    pub fn legal_moves(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        // A game closed by a decision (resigned, adjudicated, agreed drawn) still has
        // its moves: a reader plays on from its end to analyse (against the computer,
        // the view refuses them).
        if !(G::ENDS_BY_HISTORY && self.outcome().is_some()) {
            self.position().legal_moves(&mut moves);
        }
        moves
    }

    /// How the game stands at the cursor: [`Game::outcome_in`] with the positions
    /// that led there (a draughts game ends at once on a third repetition).
    pub fn outcome(&self) -> Option<G::Outcome> {
        let pos = self.position();
        if !G::ENDS_BY_HISTORY {
            return pos.outcome();
        }
        let key = pos.zobrist();
        if let Some((node, k, outcome)) = *self.outcome.0.borrow()
            && node == self.cursor
            && k == key
        {
            return outcome;
        }
        let outcome = pos.outcome_in(&self.position_keys());
        *self.outcome.0.borrow_mut() = Some((self.cursor, key, outcome));
        outcome
    }

    /// How the game stands at the end of its main line, its history included.
    pub fn main_line_end_outcome(&self) -> Option<G::Outcome> {
        if !G::ENDS_BY_HISTORY {
            return self.main_line_end_position().outcome();
        }
        let mut p = self.record.start.clone();
        let mut keys = vec![p.zobrist()];
        for id in self.record.tree.main_line_from(NodeId::ROOT) {
            if let Some(mv) = self.record.tree.node(id).mv {
                p.play(mv);
                keys.push(p.zobrist());
            }
        }
        p.outcome_in(&keys)
    }

    /// Whether a decision (resignation, draw) closed the game and the cursor is at the
    /// end of the main line where it was taken.
    pub fn closed_by_decision(&self) -> bool {
        self.record.tags.get("Termination").is_some()
            && self.record.result != GameResult::Unknown
            && self.cursor == self.main_line_end()
    }

    /// Whether the game is decided: its main line ends in a finished position, or a
    /// decision (resignation, draw) closed it. Resigning or agreeing a draw is then
    /// refused wherever the board stands.
    pub fn game_over(&self) -> bool {
        (self.record.tags.get("Termination").is_some() && self.record.result != GameResult::Unknown)
            || self.main_line_end_outcome().is_some()
    }

    /// The position at the end of the main line (the cursor's, without replaying the
    /// game, when the cursor is there).
    pub fn main_line_end_position(&self) -> G {
        let end = self.main_line_end();
        if end == self.cursor { self.position() } else { self.record.position_at(end) }
    }

    fn main_line_end(&self) -> NodeId {
        self.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT)
    }

    /// The cells the selected piece may move to.
    pub fn targets_of(&self, from: G::Cell) -> Vec<G::Cell> {
        let mut out: Vec<G::Cell> =
            self.legal_moves().iter().map(|&m| G::move_cells(m)).filter(|&(f, _)| f == from).map(|(_, t)| t).collect();
        out.dedup();
        out
    }

    /// The cell moved from and to by the move at the cursor (for the last-move tint).
    pub fn last_move(&self) -> Option<(G::Cell, G::Cell)> {
        self.record.tree.node(self.cursor).mv.map(G::move_cells)
    }

    /// A click on `cell`: selects a piece that can move, plays a move from the
    /// selection, or clears the selection.
    pub fn click(&mut self, cell: G::Cell) -> MoveAttempt<G::Cell> {
        match self.selected {
            Some(from) => self.click_from(from, cell),
            None if self.targets_of(cell).is_empty() => {
                MoveAttempt::Illegal(self.position().no_move_from(cell).to_string())
            }
            None => {
                self.selected = Some(cell);
                self.entry = Entry::default();
                MoveAttempt::Played
            }
        }
    }

    /// The board as it is drawn: the position, and while a capture is entered landing
    /// by landing, its piece on the last cell it landed on (the pieces it jumped stay
    /// until the move ends, as the rules say).
    pub fn shown_setup(&self) -> G::Setup {
        use crate::core::BoardSetup;
        let mut setup = self.position().to_setup();
        let entry = self.current_entry();
        if let (Some(from), Some(&last)) = (entry.from, entry.landed.last())
            && last != from
            && let Some(piece) = setup.remove(from)
        {
            setup.place(last, piece);
        }
        setup
    }

    /// The capture being entered from the selected piece (empty when none).
    fn current_entry(&self) -> Entry<G::Cell> {
        match self.selected {
            Some(from) if self.entry.from == Some(from) => self.entry.clone(),
            _ => Entry { from: self.selected, ..Entry::default() },
        }
    }

    /// The legal moves from `from` that fit an entry: a route lands on every clicked
    /// cell in order (and ends on the final cell, once that was clicked). Each comes
    /// with its fitting routes.
    pub fn fitting_moves(&self, from: G::Cell, landed: &[G::Cell], final_cell: Option<G::Cell>) -> Vec<Fit<G>> {
        let pos = self.position();
        self.legal_moves()
            .iter()
            .filter(|&&m| {
                let (f, t) = G::move_cells(m);
                f == from && final_cell.is_none_or(|fc| fc == t)
            })
            .filter_map(|&m| {
                let routes: Vec<Vec<Landing<G::Cell>>> =
                    pos.move_routes(m).into_iter().filter(|r| is_subsequence(landed, r)).collect();
                (!routes.is_empty()).then_some(Fit { mv: m, routes })
            })
            .collect()
    }

    /// A click on `cell` while the piece on `from` is selected: a landing cell of the
    /// move being entered, the move's last cell, another piece to select, or a
    /// mistake.
    fn click_from(&mut self, from: G::Cell, cell: G::Cell) -> MoveAttempt<G::Cell> {
        let entry = self.current_entry();
        let mut landed = entry.landed.clone();
        landed.push(cell);
        let fits = self.fitting_moves(from, &landed, entry.final_cell);
        let fresh = entry.landed.is_empty() && entry.final_cell.is_none();
        if fits.is_empty() {
            if cell == from || !self.targets_of(cell).is_empty() {
                // The piece again: start over; another piece that can move: select it.
                self.selected = (cell != from).then_some(cell);
                self.entry = Entry::default();
                return MoveAttempt::Played;
            }
            if !fresh {
                return MoveAttempt::Illegal(format!(
                    "No capture from {from} lands on {cell} after the cells clicked; click another landing cell, or {from} to start over"
                ));
            }
            let result = self.try_move(from, cell, None);
            self.selected = None;
            return result;
        }
        let ending: Vec<&Fit<G>> = fits.iter().filter(|f| G::move_cells(f.mv).1 == cell).collect();
        let finished = |fit: &Fit<G>| {
            let to = G::move_cells(fit.mv).1;
            entry.final_cell == Some(to) || landed.last() == Some(&to)
        };
        if fits.len() == 1 && finished(&fits[0]) {
            let mv = fits[0].mv;
            return self.play_entered(mv);
        }
        if entry.final_cell.is_none() && ending.len() == 1 {
            // The move that ends here, rather than one that goes on through it.
            let mv = ending[0].mv;
            return self.play_entered(mv);
        }
        if entry.final_cell.is_none() && ending.len() > 1 {
            let same_routes = ending.iter().all(|f| f.routes == ending[0].routes);
            if same_routes && fresh {
                // Moves that differ only in the piece promoted to.
                return self.try_move(from, cell, None);
            }
            self.entry = Entry { from: Some(from), landed: entry.landed, final_cell: Some(cell) };
            return MoveAttempt::Partial(format!(
                "{} captures end on {cell}: click a cell it lands on the way, to choose",
                ending.len()
            ));
        }
        self.entry = Entry { from: Some(from), landed, final_cell: entry.final_cell };
        MoveAttempt::Partial(match fits.len() {
            1 => "The capture goes on: click where the piece lands next, or its last cell".to_string(),
            n => format!(
                "The capture goes on ({n} different captures still fit): click where the piece lands next, or its last cell"
            ),
        })
    }

    /// Plays a move entered on the board and clears the selection and the entry.
    fn play_entered(&mut self, mv: G::Move) -> MoveAttempt<G::Cell> {
        self.entry = Entry::default();
        self.selected = None;
        self.cursor = self.record.add_move(self.cursor, mv);
        MoveAttempt::Played
    }

    /// A piece dragged from `from` and dropped on `to`: the move, when `to` decides
    /// it; otherwise the start of an entry (as if `from` and then `to` were clicked).
    pub fn drop_on(&mut self, from: G::Cell, to: G::Cell) -> MoveAttempt<G::Cell> {
        self.selected = Some(from);
        self.entry = Entry::default();
        let result = self.click_from(from, to);
        if matches!(result, MoveAttempt::Illegal(_)) {
            self.selected = None;
            self.entry = Entry::default();
        }
        result
    }

    /// While a piece is selected: the clicked landings, the cells where it may land next
    /// (before any click, the first landing of every route), and the pieces jumped so
    /// far (along the first fitting route).
    pub fn entry_marks(&self) -> EntryMarks<G::Cell> {
        let entry = self.current_entry();
        let Some(from) = entry.from else { return EntryMarks::default() };
        let fits = self.fitting_moves(from, &entry.landed, entry.final_cell);
        let mut next = Vec::new();
        let mut jumped = Vec::new();
        for (i, fit) in fits.iter().enumerate() {
            for route in &fit.routes {
                let matched = matched_prefix(&entry.landed, route);
                if let Some(step) = route.get(matched)
                    && !next.contains(&step.cell)
                    && Some(step.cell) != entry.final_cell
                {
                    next.push(step.cell);
                }
                if i == 0 && jumped.is_empty() {
                    jumped = route[..matched].iter().filter_map(|l| l.jumped).collect();
                }
            }
        }
        let mut landed = entry.landed.clone();
        landed.extend(entry.final_cell);
        EntryMarks { landed, next, jumped }
    }

    /// The cells of the pieces that may move when every legal move jumps over pieces (a
    /// compulsory draughts capture); empty otherwise.
    pub fn bound_to_capture(&self) -> Vec<G::Cell> {
        let pos = self.position();
        let moves = self.legal_moves();
        let jumps = |m: G::Move| pos.move_routes(m).first().and_then(|r| r.first()).is_some_and(|l| l.jumped.is_some());
        if moves.is_empty() || !moves.iter().all(|&m| jumps(m)) {
            return Vec::new();
        }
        let mut origins: Vec<G::Cell> = moves.iter().map(|&m| G::move_cells(m).0).collect();
        origins.sort();
        origins.dedup();
        origins
    }

    /// The legal moves from `from` to `to` (several when a pawn promotes).
    pub fn moves_between(&self, from: G::Cell, to: G::Cell) -> Vec<G::Move> {
        self.legal_moves().iter().copied().filter(|&m| G::move_cells(m) == (from, to)).collect()
    }

    /// Tries the move from..to (with `choice`, one of [`Self::moves_between`], when
    /// several moves share the cells). A legal move is added to the tree: an existing
    /// continuation is followed, a new one becomes a variation, never overwriting
    /// anything.
    pub fn try_move(&mut self, from: G::Cell, to: G::Cell, choice: Option<G::Move>) -> MoveAttempt<G::Cell> {
        let candidates = self.moves_between(from, to);
        let chosen = match (candidates.len(), choice) {
            (0, _) => return MoveAttempt::Illegal(self.position().illegal_move(from, to).to_string()),
            (1, _) => candidates[0],
            (_, None) => return MoveAttempt::NeedsPromotion { from, to },
            (_, Some(mv)) if candidates.contains(&mv) => mv,
            (_, Some(_)) => return MoveAttempt::Illegal("That piece cannot be chosen here".to_string()),
        };
        self.cursor = self.record.add_move(self.cursor, chosen);
        self.selected = None;
        MoveAttempt::Played
    }

    /// A path of child indices from the root to the cursor (to restore it after a
    /// restart or an undo).
    pub fn cursor_path(&self) -> Vec<usize> {
        let tree = &self.record.tree;
        tree.path_to(self.cursor)
            .iter()
            .map(|&id| {
                let parent = tree.node(id).parent.unwrap_or(NodeId::ROOT);
                tree.node(parent).children.iter().position(|&c| c == id).unwrap_or(0)
            })
            .collect()
    }

    /// Moves the cursor along a path of child indices (stopping where it no longer fits).
    pub fn follow_path(&mut self, path: &[usize]) {
        let mut at = NodeId::ROOT;
        for &k in path {
            match self.record.tree.node(at).children.get(k) {
                Some(&c) => at = c,
                None => break,
            }
        }
        self.cursor = at;
        self.selected = None;
    }

    /// A one-line description for the status bar: who is to move, Target/check; the
    /// flag says it is a warning.
    pub fn status(&self) -> (String, bool) {
        let pos = self.position();
        let mut text = format!("{} to move", capitalise(pos.side_to_move().name()));
        let warn = pos.is_in_check();
        if warn {
            text.push_str(&format!(" — {}!", G::CHECK_NAME));
        }
        (text, warn)
    }

    /// The ending to announce at the cursor: the rules' outcome ("Positive wins by
    /// Target Out"), or a decision taken at the end of the main line (resignation,
    /// agreed or claimed draw).
    pub fn banner(&self) -> Option<String> {
        if let Some(outcome) = self.outcome() {
            return Some(describe_outcome::<G>(outcome));
        }
        if self.closed_by_decision() {
            return self.record.tags.get("Termination").map(str::to_string);
        }
        None
    }

    /// The Zobrist keys of every position from the start to the cursor, the cursor's
    /// last (for repetition claims).
    pub fn position_keys(&self) -> Vec<u64> {
        let mut keys = vec![self.record.start.zobrist()];
        let mut p = self.record.start.clone();
        for id in self.record.tree.path_to(self.cursor) {
            if let Some(mv) = self.record.tree.node(id).mv {
                p.play(mv);
                keys.push(p.zobrist());
            }
        }
        keys
    }

    /// Steps back one move.
    pub fn back(&mut self) {
        if let Some(parent) = self.record.tree.node(self.cursor).parent {
            self.cursor = parent;
        }
        self.selected = None;
    }

    /// Steps forward along the main continuation.
    pub fn forward(&mut self) {
        if let Some(&next) = self.record.tree.node(self.cursor).children.first() {
            self.cursor = next;
        }
        self.selected = None;
    }

    /// To the start position.
    pub fn home(&mut self) {
        self.cursor = NodeId::ROOT;
        self.selected = None;
    }

    /// To the end of the current line.
    pub fn end(&mut self) {
        if let Some(&last) = self.record.tree.main_line_from(self.cursor).last() {
            self.cursor = last;
        }
        self.selected = None;
    }

    /// Switches to the previous (`-1`) or next (`+1`) alternative of the current move.
    pub fn switch_variation(&mut self, step: i32) {
        let Some(parent) = self.record.tree.node(self.cursor).parent else { return };
        let siblings = &self.record.tree.node(parent).children;
        if let Some(k) = siblings.iter().position(|&c| c == self.cursor) {
            let n = siblings.len() as i32;
            let j = (k as i32 + step).rem_euclid(n) as usize;
            self.cursor = siblings[j];
        }
        self.selected = None;
    }

    /// Jumps to a node.
    pub fn jump(&mut self, node: NodeId) {
        self.cursor = node;
        self.selected = None;
    }

    /// The moves of the current line up to the cursor, written in notation (for tests
    /// and the status bar).
    pub fn notation_of(&self, node: NodeId) -> String {
        let Some(mv) = self.record.tree.node(node).mv else { return String::new() };
        let parent = self.record.tree.node(node).parent.unwrap_or(NodeId::ROOT);
        self.record.position_at(parent).notation(mv)
    }
}

impl<G: RecordGame> Default for GameSession<G> {
    fn default() -> Self {
        GameSession::new()
    }
}

/// How a finished game ended, in a sentence: "Positive wins by Target Out", "Draw by
/// stalemate".
pub fn describe_outcome<G: Game>(outcome: G::Outcome) -> String {
    G::outcome_sentence(outcome)
}

/// "a" or "an" before `word` (by its first letter).
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// Upper-cases the first letter.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The result a finished position gives: the winner's, or a draw.
pub fn result_of<G: RecordGame>(outcome: G::Outcome) -> GameResult {
    match G::winner(outcome) {
        Some(w) if w == G::Side::BOTH[0] => GameResult::FirstPlayerWins,
        Some(_) => GameResult::SecondPlayerWins,
        None => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::interstellar::{self, Cell};
    use crate::core::triangular;

    fn cell(r: u8, i: u8) -> Cell {
        Cell::new(r, i).unwrap()
    }

    #[test]
    fn click_click_plays_a_move_and_variations_never_overwrite() {
        let mut s: GameSession<interstellar::Position> = GameSession::new();
        // The quasar on (1,4) to (3,3): PQ-33.
        assert_eq!(s.click(cell(1, 4)), MoveAttempt::Played);
        assert_eq!(s.selected, Some(cell(1, 4)));
        assert_eq!(s.click(cell(3, 3)), MoveAttempt::Played);
        assert_eq!(s.notation_of(s.cursor), "PQ-33");
        s.back();
        assert_eq!(s.try_move(cell(1, 6), cell(3, 7), None), MoveAttempt::Played);
        let root = s.record.tree.node(NodeId::ROOT);
        assert_eq!(root.children.len(), 2, "the second move became a variation");
        s.switch_variation(1);
        assert_eq!(s.notation_of(s.cursor), "PQ-33");
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut s: GameSession<interstellar::Position> = GameSession::new();
        match s.try_move(cell(1, 4), cell(3, 4), None) {
            MoveAttempt::Illegal(reason) => assert!(reason.contains("cannot move there"), "{reason}"),
            other => panic!("{other:?}"),
        }
        match s.try_move(cell(9, 4), cell(7, 3), None) {
            MoveAttempt::Illegal(reason) => assert!(reason.contains("positive's move"), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.cursor, NodeId::ROOT);
    }

    #[test]
    fn triangular_promotion_asks_for_the_piece() {
        // A White pawn on the dark e8d steps sideways onto e8l or f8l, both promotion cells.
        let pos = triangular::Position::from_position_string("2P6/11/13/15/15/13/11/1K5k1 w 0 1").unwrap();
        let mut s = GameSession::from_record(GameRecord::from_position(pos));
        let mut moves = MoveList::new();
        s.position().legal_moves(&mut moves);
        let promo = moves.iter().find(|m| m.promotion.is_some()).expect("a promotion");
        let (from, to) = <triangular::Position as Game>::move_cells(*promo);
        assert_eq!(s.try_move(from, to, None), MoveAttempt::NeedsPromotion { from, to });
        let knight = s
            .moves_between(from, to)
            .into_iter()
            .find(|m| m.promotion == Some(triangular::Kind::Knight))
            .expect("a knight promotion");
        assert_eq!(s.try_move(from, to, Some(knight)), MoveAttempt::Played);
        assert!(s.notation_of(s.cursor).contains("=N"));
    }

    #[test]
    fn a_capture_entered_landing_by_landing_shows_its_piece_on_the_last_landing() {
        use crate::core::draughts;
        // The rules page's king example: the king on 29 takes three men (12, 13, 25).
        let pos = draughts::Position::from_position_string("W:WK29:B12,13,25").unwrap();
        let mut s = GameSession::from_record(GameRecord::from_position(pos.clone()));
        let c = |n: u8| draughts::Cell::new(n).unwrap();
        assert_eq!(s.click(c(29)), MoveAttempt::Played);
        assert_eq!(s.shown_setup().piece_at(c(29)), pos.to_setup().piece_at(c(29)), "picked up, not moved");
        assert!(matches!(s.click(c(6)), MoveAttempt::Partial(_)));
        let shown = s.shown_setup();
        assert!(shown.piece_at(c(29)).is_none(), "the king left its start");
        assert_eq!(shown.piece_at(c(6)), pos.to_setup().piece_at(c(29)), "the king stands on its landing");
        assert!(shown.piece_at(c(13)).is_some(), "the jumped man stays until the move ends");
        assert_eq!(s.position(), pos, "nothing is played yet");
    }

    #[test]
    fn cursor_path_round_trips() {
        let mut s: GameSession<interstellar::Position> = GameSession::new();
        s.try_move(cell(1, 4), cell(3, 3), None);
        s.back();
        s.try_move(cell(1, 6), cell(3, 7), None);
        let path = s.cursor_path();
        assert_eq!(path, vec![1]);
        let cursor = s.cursor;
        s.home();
        s.follow_path(&path);
        assert_eq!(s.cursor, cursor);
    }

    #[test]
    fn outcomes_read_well() {
        let target_out =
            interstellar::Outcome { winner: interstellar::Side::Positive, ending: interstellar::Ending::TargetOut };
        assert_eq!(describe_outcome::<interstellar::Position>(target_out), "Positive wins by Target Out");
        let blocked =
            interstellar::Outcome { winner: interstellar::Side::Negative, ending: interstellar::Ending::Blocked };
        assert_eq!(describe_outcome::<interstellar::Position>(blocked), "Negative wins by blockade (no legal move)");
        assert_eq!(describe_outcome::<triangular::Position>(triangular::Outcome::Stalemate), "Draw by stalemate");
    }
}
