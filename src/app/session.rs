//! The game being played or studied in the app: a game record, the cursor (the move
//! whose position the board shows), the selected piece, and the editing operations
//! the board, the move list and the menus call. No egui here, so it is tested directly.

use crate::core::game::{BoardCell, Game, GameSide, Variant};
use crate::core::moves::MoveList;
use crate::core::{interstellar, triangular};
use crate::record::{AnyGame, GameRecord, GameResult, NodeId};

/// What happened when the user tried to move a piece from one cell to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveAttempt {
    /// The move was played (or an existing continuation was followed).
    Played,
    /// Several moves go from..to (Triangular promotion): ask which piece.
    NeedsPromotion {
        /// From-cell.
        from: u8,
        /// To-cell.
        to: u8,
    },
    /// Not a legal move; the reason, for the status bar.
    Illegal(String),
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

/// The notation of every move of the tree, by node id, kept while the tree's arena
/// (each slot's parent and move) and the start position stay the same: a node's
/// notation depends only on the moves on its path, which its slot fixes.
/// Each arena slot's parent and move: what a node's notation depends on.
type ArenaShape<M> = Vec<(Option<NodeId>, Option<M>)>;

#[derive(Clone, Debug)]
struct NotationCache<G: Game> {
    key: Option<(G, ArenaShape<G::Move>)>,
    texts: Vec<String>,
}

impl<G: Game> Default for NotationCache<G> {
    fn default() -> Self {
        NotationCache { key: None, texts: Vec::new() }
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
pub struct GameSession<G: Game> {
    /// The record: tags, start, move tree, result.
    pub record: GameRecord<G>,
    /// The node whose position the board shows.
    pub cursor: NodeId,
    /// The selected cell (a piece of the side to move), if any.
    pub selected: Option<u8>,
    cache: PositionCache<G>,
    notations: NotationCell<G>,
}

impl<G: Game> GameSession<G> {
    /// A new game from the opening.
    pub fn new() -> Self {
        GameSession {
            record: GameRecord::new(),
            cursor: NodeId::ROOT,
            selected: None,
            cache: PositionCache::default(),
            notations: NotationCell::default(),
        }
    }

    /// A session over an existing record, the cursor at the end of its main line.
    pub fn from_record(record: GameRecord<G>) -> Self {
        let cursor = record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
        GameSession {
            record,
            cursor,
            selected: None,
            cache: PositionCache::default(),
            notations: NotationCell::default(),
        }
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
    /// and deleted slots). Worked out again only when the tree's arena changed.
    pub fn notations(&self) -> std::cell::Ref<'_, Vec<String>> {
        let tree = &self.record.tree;
        let shape: ArenaShape<G::Move> =
            (0..tree.arena_len()).map(|i| tree.node(NodeId(i as u32))).map(|n| (n.parent, n.mv)).collect();
        {
            let cache = self.notations.0.borrow();
            if let Some((start, key)) = &cache.key
                && *key == shape
                && *start == self.record.start
            {
                return std::cell::Ref::map(cache, |c| &c.texts);
            }
        }
        {
            let mut cache = self.notations.0.borrow_mut();
            let mut texts = vec![String::new(); shape.len()];
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
            *cache = NotationCache { key: Some((self.record.start.clone(), shape)), texts };
        }
        std::cell::Ref::map(self.notations.0.borrow(), |c| &c.texts)
    }

    /// The legal moves at the cursor, none once the game has been resigned or agreed
    /// drawn at the end of the main line.
    pub fn legal_moves(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        if !self.closed_by_decision() {
            self.position().legal_moves(&mut moves);
        }
        moves
    }

    /// Whether a decision (resignation, draw) closed the game and the cursor is at the
    /// end of the main line where it was taken.
    pub fn closed_by_decision(&self) -> bool {
        self.record.tags.get("Termination").is_some()
            && self.record.result != GameResult::Unknown
            && self.cursor == self.main_line_end()
    }

    fn main_line_end(&self) -> NodeId {
        self.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT)
    }

    /// The cells the selected piece may move to.
    pub fn targets_of(&self, from: u8) -> Vec<u8> {
        let mut out: Vec<u8> = self
            .legal_moves()
            .iter()
            .map(|&m| move_slots::<G>(m))
            .filter(|&(f, _)| f == from)
            .map(|(_, t)| t)
            .collect();
        out.dedup();
        out
    }

    /// The cell moved from and to by the move at the cursor (for the last-move tint).
    pub fn last_move(&self) -> Option<(u8, u8)> {
        self.record.tree.node(self.cursor).mv.map(move_slots::<G>)
    }

    /// A click on `cell`: selects a piece that can move, plays a move from the
    /// selection, or clears the selection.
    pub fn click(&mut self, cell: u8) -> MoveAttempt {
        match self.selected {
            Some(from) if from == cell => {
                self.selected = None;
                MoveAttempt::Played
            }
            Some(_) if !self.targets_of(cell).is_empty() => {
                // Another piece that can move: select it instead.
                self.selected = Some(cell);
                MoveAttempt::Played
            }
            Some(from) => {
                let result = self.try_move(from, cell, None);
                if !matches!(result, MoveAttempt::NeedsPromotion { .. }) {
                    self.selected = None;
                }
                result
            }
            None => {
                if self.targets_of(cell).is_empty() {
                    let pos = self.position();
                    MoveAttempt::Illegal(if self.closed_by_decision() {
                        "The game is over".to_string()
                    } else if pos.outcome().is_some() {
                        format!("The game is over: {}", pos.outcome().map(|o| o.to_string()).unwrap_or_default())
                    } else if pos.is_in_check() && pos.outcome().is_none() {
                        match G::VARIANT {
                            Variant::Interstellar => {
                                "Your planet is in Target: capture the attacker, block it, or move the planet"
                                    .to_string()
                            }
                            Variant::Triangular => {
                                "Your king is in check: capture the checking piece, block, or move the king".to_string()
                            }
                        }
                    } else {
                        format!("Choose a piece of {} that can move", pos.side_to_move().name())
                    })
                } else {
                    self.selected = Some(cell);
                    MoveAttempt::Played
                }
            }
        }
    }

    /// Tries the move from..to (with `promotion`, the notation letter of the chosen
    /// piece, when several moves share the cells). A legal move is added to the tree:
    /// an existing continuation is followed, a new one becomes a variation, never
    /// overwriting anything.
    pub fn try_move(&mut self, from: u8, to: u8, promotion: Option<char>) -> MoveAttempt {
        let pos = self.position();
        let candidates: Vec<G::Move> =
            self.legal_moves().iter().copied().filter(|&m| move_slots::<G>(m) == (from, to)).collect();
        let chosen = match (candidates.len(), promotion) {
            (0, _) => {
                let reason = match (G::Cell::from_slot(from), G::Cell::from_slot(to)) {
                    (Some(from), Some(to)) => pos.illegal_move(from, to).to_string(),
                    _ => "That is not a cell of the board".to_string(),
                };
                return MoveAttempt::Illegal(reason);
            }
            (1, _) => candidates[0],
            (_, None) => return MoveAttempt::NeedsPromotion { from, to },
            (_, Some(letter)) => {
                match candidates.iter().copied().find(|&m| promotion_letter::<G>(&pos, m) == Some(letter)) {
                    Some(m) => m,
                    None => return MoveAttempt::Illegal(format!("Cannot promote to {letter} here")),
                }
            }
        };
        self.cursor = self.record.add_move(self.cursor, chosen);
        self.selected = None;
        MoveAttempt::Played
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

impl<G: Game> Default for GameSession<G> {
    fn default() -> Self {
        GameSession::new()
    }
}

/// A move's from- and to-cells as slots.
fn move_slots<G: Game>(mv: G::Move) -> (u8, u8) {
    let (from, to) = G::move_cells(mv);
    (from.slot(), to.slot())
}

/// The promotion letter a move's notation carries (`=Q` → `Q`), if any.
fn promotion_letter<G: Game>(pos: &G, mv: G::Move) -> Option<char> {
    let text = pos.notation(mv);
    let at = text.find('=')?;
    text[at + 1..].chars().next()
}

/// The game in the app: one of the two variants.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Session {
    /// An Interstellar game.
    Interstellar(GameSession<interstellar::Position>),
    /// A Triangular game.
    Triangular(GameSession<triangular::Position>),
}

/// Runs `$body` with `$s` bound to the inner [`GameSession`], whatever its game.
macro_rules! with_session {
    ($session:expr, $s:ident => $body:expr) => {
        match $session {
            $crate::app::session::Session::Interstellar($s) => $body,
            $crate::app::session::Session::Triangular($s) => $body,
        }
    };
}
pub(crate) use with_session;

impl Session {
    /// A new game of `variant` from its opening.
    pub fn new(variant: Variant) -> Session {
        match variant {
            Variant::Interstellar => Session::Interstellar(GameSession::new()),
            Variant::Triangular => Session::Triangular(GameSession::new()),
        }
    }

    /// A session over a record read from a file.
    pub fn from_game(game: AnyGame) -> Session {
        match game {
            AnyGame::Interstellar(r) => Session::Interstellar(GameSession::from_record(r)),
            AnyGame::Triangular(r) => Session::Triangular(GameSession::from_record(r)),
        }
    }

    /// The record, for saving.
    pub fn to_game(&self) -> AnyGame {
        match self {
            Session::Interstellar(s) => AnyGame::Interstellar(s.record.clone()),
            Session::Triangular(s) => AnyGame::Triangular(s.record.clone()),
        }
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        match self {
            Session::Interstellar(_) => Variant::Interstellar,
            Session::Triangular(_) => Variant::Triangular,
        }
    }

    /// The cursor.
    pub fn cursor(&self) -> NodeId {
        with_session!(self, s => s.cursor)
    }

    /// A path of child indices from the root to the cursor (to restore it after a restart).
    pub fn cursor_path(&self) -> Vec<usize> {
        with_session!(self, s => {
            let tree = &s.record.tree;
            tree.path_to(s.cursor)
                .iter()
                .map(|&id| {
                    let parent = tree.node(id).parent.unwrap_or(NodeId::ROOT);
                    tree.node(parent).children.iter().position(|&c| c == id).unwrap_or(0)
                })
                .collect()
        })
    }

    /// Moves the cursor along a path of child indices (stopping where it no longer fits).
    pub fn follow_path(&mut self, path: &[usize]) {
        with_session!(self, s => {
            let mut at = NodeId::ROOT;
            for &k in path {
                match s.record.tree.node(at).children.get(k) {
                    Some(&c) => at = c,
                    None => break,
                }
            }
            s.cursor = at;
        })
    }

    /// A one-line description for the status bar: who is to move, Target/check.
    pub fn status(&self) -> (String, bool) {
        with_session!(self, s => {
            let pos = s.position();
            let mut text = format!("{} to move", capitalise(pos.side_to_move().name()));
            let warn = pos.is_in_check();
            if warn {
                text.push_str(match self.variant() {
                    Variant::Interstellar => " — planet in Target!",
                    Variant::Triangular => " — check!",
                });
            }
            (text, warn)
        })
    }

    /// The ending to announce at the cursor: the rules' outcome, or a decision taken at
    /// the end of the main line (resignation, agreed or claimed draw).
    pub fn banner(&self) -> Option<String> {
        with_session!(self, s => {
            if let Some(outcome) = s.position().outcome() {
                return Some(describe_outcome(&outcome.to_string()));
            }
            if s.closed_by_decision() {
                return s.record.tags.get("Termination").map(str::to_string);
            }
            None
        })
    }
}

/// "positive wins by target-out" → "Positive wins by Target Out".
pub fn describe_outcome(text: &str) -> String {
    let mut out = capitalise(text);
    for (key, title) in [
        ("super-nova", "Super Nova"),
        ("total-annihilation", "Total Annihilation"),
        ("target-out", "Target Out"),
        ("by blocked", "by blockade (no legal move)"),
    ] {
        out = out.replace(key, title);
    }
    out
}

/// Upper-cases the first letter.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::interstellar::Cell;

    fn slot(r: u8, i: u8) -> u8 {
        Cell::new(r, i).unwrap().slot()
    }

    #[test]
    fn click_click_plays_a_move_and_variations_never_overwrite() {
        let mut s: GameSession<interstellar::Position> = GameSession::new();
        // PQS on (2,4) to (3,4)? Its forward cells are (3,4) and (3,5)... play PQ-33:
        // quasar (1,4) to (3,3).
        assert_eq!(s.click(slot(1, 4)), MoveAttempt::Played);
        assert_eq!(s.selected, Some(slot(1, 4)));
        assert_eq!(s.click(slot(3, 3)), MoveAttempt::Played);
        assert_eq!(s.notation_of(s.cursor), "PQ-33");
        s.back();
        assert_eq!(s.try_move(slot(1, 6), slot(3, 7), None), MoveAttempt::Played);
        let root = s.record.tree.node(NodeId::ROOT);
        assert_eq!(root.children.len(), 2, "the second move became a variation");
        s.switch_variation(1);
        assert_eq!(s.notation_of(s.cursor), "PQ-33");
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut s: GameSession<interstellar::Position> = GameSession::new();
        match s.try_move(slot(1, 4), slot(3, 4), None) {
            MoveAttempt::Illegal(reason) => assert!(reason.contains("cannot move there"), "{reason}"),
            other => panic!("{other:?}"),
        }
        match s.try_move(slot(9, 4), slot(7, 3), None) {
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
        let (from, to) = move_slots::<triangular::Position>(*promo);
        assert_eq!(s.try_move(from, to, None), MoveAttempt::NeedsPromotion { from, to });
        assert_eq!(s.try_move(from, to, Some('N')), MoveAttempt::Played);
        assert!(s.notation_of(s.cursor).contains("=N"));
    }

    #[test]
    fn cursor_path_round_trips() {
        let mut session = Session::new(Variant::Interstellar);
        if let Session::Interstellar(s) = &mut session {
            s.try_move(slot(1, 4), slot(3, 3), None);
            s.back();
            s.try_move(slot(1, 6), slot(3, 7), None);
        }
        let path = session.cursor_path();
        assert_eq!(path, vec![1]);
        let cursor = session.cursor();
        if let Session::Interstellar(s) = &mut session {
            s.home();
        }
        session.follow_path(&path);
        assert_eq!(session.cursor(), cursor);
    }

    #[test]
    fn outcomes_read_well() {
        assert_eq!(describe_outcome("positive wins by target-out"), "Positive wins by Target Out");
        assert_eq!(describe_outcome("draw by stalemate"), "Draw by stalemate");
    }
}
