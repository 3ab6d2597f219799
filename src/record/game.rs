//! A game record: header tags, a start position, the move tree and the result.
//!
//! Generic over any [`Game`]; [`AnyGame`] holds a record of either variant, as read
//! from a file.

use crate::core::game::{Game, Variant};
use crate::core::{draughts, interstellar, triangular};

use super::tree::{NodeId, Tree};

/// How a game ended, as the record's result token says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: the first player (positive, White) won.
    FirstPlayerWins,
    /// `0-1`: the second player (negative, Black) won.
    SecondPlayerWins,
    /// `1/2-1/2`: a draw (Triangular only; Interstellar has no draws).
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::FirstPlayerWins => "1-0",
            GameResult::SecondPlayerWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token.
    pub fn from_token(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::FirstPlayerWins),
            "0-1" => Some(GameResult::SecondPlayerWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// The tags every record carries, in the order they are written, after `Variant`:
/// PGN's seven-tag roster with each game's player names. `Result` is written from
/// [`GameRecord::result`], `SetUp`/`Position` from the start position.
pub fn roster(variant: Variant) -> [&'static str; 6] {
    match variant {
        Variant::Interstellar => ["Event", "Site", "Date", "Round", "Positive", "Negative"],
        Variant::Triangular | Variant::Draughts => ["Event", "Site", "Date", "Round", "White", "Black"],
    }
}

/// Tags written from the record's own fields, never stored among [`Tags`].
pub const DERIVED_TAGS: [&str; 4] = ["Variant", "Result", "SetUp", "Position"];

/// Header tags in canonical order: the roster first (each present, `?` or
/// `????.??.??` when unknown), then any others in the order they were set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    variant: Variant,
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// The roster with unknown values.
    pub fn new(variant: Variant) -> Tags {
        let pairs = roster(variant)
            .iter()
            .map(|&k| (k.to_string(), if k == "Date" { "????.??.??".to_string() } else { "?".to_string() }))
            .collect();
        Tags { variant, pairs }
    }

    /// The value of tag `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Sets tag `key` (roster tags keep their place; new ones go last). Tags that the
    /// record derives from its fields (`Variant`, `Result`, `SetUp`, `Position`) are
    /// ignored; returns `false` for them. Quotes and backslashes are kept as given.
    pub fn set(&mut self, key: &str, value: &str) -> bool {
        if DERIVED_TAGS.contains(&key) || key.is_empty() {
            return false;
        }
        let value = value.replace(['\n', '\r'], " ");
        match self.pairs.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value,
            None => self.pairs.push((key.to_string(), value)),
        }
        true
    }

    /// Sets many tags like [`Tags::set`] in one pass (linear in their number; a tag
    /// given twice keeps its last value).
    pub fn set_all<'a>(&mut self, pairs: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let mut index: std::collections::HashMap<String, usize> =
            self.pairs.iter().enumerate().map(|(i, (k, _))| (k.clone(), i)).collect();
        for (key, value) in pairs {
            if DERIVED_TAGS.contains(&key) || key.is_empty() {
                continue;
            }
            let value = value.replace(['\n', '\r'], " ");
            match index.get(key) {
                Some(&i) => self.pairs[i].1 = value,
                None => {
                    index.insert(key.to_string(), self.pairs.len());
                    self.pairs.push((key.to_string(), value));
                }
            }
        }
    }

    /// Removes a tag that is not in the roster; returns whether it was there.
    pub fn remove(&mut self, key: &str) -> bool {
        if roster(self.variant).contains(&key) {
            return false;
        }
        let before = self.pairs.len();
        self.pairs.retain(|(k, _)| k != key);
        before != self.pairs.len()
    }

    /// All tags in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// A game record of one game: tags, start, moves with variations and annotations, result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<G: Game> {
    /// Header tags.
    pub tags: Tags,
    /// The position before the first move.
    pub start: G,
    /// Whether the start is a set-up position (written as `[SetUp "1"]` and
    /// `[Position "…"]`); `false` means the opening position.
    pub set_up: bool,
    /// The moves.
    pub tree: Tree<G::Move, G::Cell>,
    /// The result token.
    pub result: GameResult,
}

impl<G: Game> GameRecord<G> {
    /// An empty record from the opening position.
    pub fn new() -> GameRecord<G> {
        GameRecord {
            tags: Tags::new(G::VARIANT),
            start: G::opening(),
            set_up: false,
            tree: Tree::new(),
            result: GameResult::Unknown,
        }
    }

    /// An empty record from a set-up position (a puzzle, a composed position).
    pub fn from_position(start: G) -> GameRecord<G> {
        let set_up = start != G::opening();
        GameRecord { tags: Tags::new(G::VARIANT), start, set_up, tree: Tree::new(), result: GameResult::Unknown }
    }

    /// The position after the move of `node` (the start for the root).
    pub fn position_at(&self, node: NodeId) -> G {
        let mut pos = self.start.clone();
        for id in self.tree.path_to(node) {
            if let Some(mv) = self.tree.node(id).mv {
                pos.play(mv);
            }
        }
        pos
    }

    /// Plays `mv` after `at` (see [`Tree::add_move`]). `mv` must be legal there.
    pub fn add_move(&mut self, at: NodeId, mv: G::Move) -> NodeId {
        self.tree.add_move(at, mv)
    }

    /// Reads a move in the game's notation in the position after `at` and adds it.
    ///
    /// # Errors
    /// The game's notation error when the text is not a legal move there.
    pub fn add_move_text(&mut self, at: NodeId, text: &str) -> Result<NodeId, G::NotationError> {
        let mv = self.position_at(at).parse_move(text)?;
        Ok(self.tree.add_move(at, mv))
    }

    /// The number of the move played from a position `ply` plies after the start, and
    /// whether the first player makes it.
    pub fn move_number_at_ply(&self, ply: usize) -> (u32, bool) {
        let first_starts = self.start.is_first_player_to_move();
        let start_number = self.start.move_number() as usize;
        let shifted = ply + usize::from(!first_starts);
        ((start_number + shifted / 2) as u32, shifted.is_multiple_of(2))
    }
}

impl<G: Game> Default for GameRecord<G> {
    fn default() -> Self {
        GameRecord::new()
    }
}

/// A record of either game, as a file holds it.
// Both variants hold a few hundred bytes of start position; boxing would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// An Interstellar game.
    Interstellar(GameRecord<interstellar::Position>),
    /// A Triangular game.
    Triangular(GameRecord<triangular::Position>),
    /// A Triangular draughts game.
    Draughts(GameRecord<draughts::Position>),
}

/// A move of any game: how a move crosses between parts that do not know the game (the
/// opening tree, the analysis panel, the app's commands) as one typed value, never as
/// notation text read back. [`RecordGame::move_into_any`] and
/// [`RecordGame::move_of_any`] convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantMove {
    /// An Interstellar move.
    Interstellar(<interstellar::Position as Game>::Move),
    /// A Triangular move.
    Triangular(<triangular::Position as Game>::Move),
    /// A Triangular draughts move.
    Draughts(<draughts::Position as Game>::Move),
}

/// Runs `$body` with `$g` bound to the inner record of an [`AnyGame`], whatever its game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::record::game::AnyGame::Interstellar($g) => $body,
            $crate::record::game::AnyGame::Triangular($g) => $body,
            $crate::record::game::AnyGame::Draughts($g) => $body,
        }
    };
}

/// A game whose records an [`AnyGame`] can hold: the conversions between a typed
/// record and the erased one, so code generic over the game never names a variant.
pub trait RecordGame: Game {
    /// Wraps a record.
    fn into_any(record: GameRecord<Self>) -> AnyGame;
    /// The record inside, when `game` is of this game; else `game` back.
    ///
    /// # Errors
    /// `game` itself, when it is a record of another game.
    #[allow(clippy::result_large_err)] // the game is handed back whole, not copied
    fn from_any(game: AnyGame) -> Result<GameRecord<Self>, AnyGame>;
    /// A reference to the record inside, when `game` is of this game.
    fn of_any(game: &AnyGame) -> Option<&GameRecord<Self>>;
    /// A mutable reference to the record inside, when `game` is of this game.
    fn of_any_mut(game: &mut AnyGame) -> Option<&mut GameRecord<Self>>;
    /// Wraps a move.
    fn move_into_any(mv: Self::Move) -> VariantMove;
    /// The move inside, when `mv` is a move of this game.
    fn move_of_any(mv: VariantMove) -> Option<Self::Move>;
}

impl RecordGame for interstellar::Position {
    fn into_any(record: GameRecord<Self>) -> AnyGame {
        AnyGame::Interstellar(record)
    }
    #[allow(clippy::result_large_err)]
    fn from_any(game: AnyGame) -> Result<GameRecord<Self>, AnyGame> {
        match game {
            AnyGame::Interstellar(r) => Ok(r),
            other => Err(other),
        }
    }
    fn of_any(game: &AnyGame) -> Option<&GameRecord<Self>> {
        match game {
            AnyGame::Interstellar(r) => Some(r),
            _ => None,
        }
    }
    fn of_any_mut(game: &mut AnyGame) -> Option<&mut GameRecord<Self>> {
        match game {
            AnyGame::Interstellar(r) => Some(r),
            _ => None,
        }
    }
    fn move_into_any(mv: Self::Move) -> VariantMove {
        VariantMove::Interstellar(mv)
    }
    fn move_of_any(mv: VariantMove) -> Option<Self::Move> {
        match mv {
            VariantMove::Interstellar(m) => Some(m),
            _ => None,
        }
    }
}

impl RecordGame for triangular::Position {
    fn into_any(record: GameRecord<Self>) -> AnyGame {
        AnyGame::Triangular(record)
    }
    #[allow(clippy::result_large_err)]
    fn from_any(game: AnyGame) -> Result<GameRecord<Self>, AnyGame> {
        match game {
            AnyGame::Triangular(r) => Ok(r),
            other => Err(other),
        }
    }
    fn of_any(game: &AnyGame) -> Option<&GameRecord<Self>> {
        match game {
            AnyGame::Triangular(r) => Some(r),
            _ => None,
        }
    }
    fn of_any_mut(game: &mut AnyGame) -> Option<&mut GameRecord<Self>> {
        match game {
            AnyGame::Triangular(r) => Some(r),
            _ => None,
        }
    }
    fn move_into_any(mv: Self::Move) -> VariantMove {
        VariantMove::Triangular(mv)
    }
    fn move_of_any(mv: VariantMove) -> Option<Self::Move> {
        match mv {
            VariantMove::Triangular(m) => Some(m),
            _ => None,
        }
    }
}

impl RecordGame for draughts::Position {
    fn into_any(record: GameRecord<Self>) -> AnyGame {
        AnyGame::Draughts(record)
    }
    #[allow(clippy::result_large_err)]
    fn from_any(game: AnyGame) -> Result<GameRecord<Self>, AnyGame> {
        match game {
            AnyGame::Draughts(r) => Ok(r),
            other => Err(other),
        }
    }
    fn of_any(game: &AnyGame) -> Option<&GameRecord<Self>> {
        match game {
            AnyGame::Draughts(r) => Some(r),
            _ => None,
        }
    }
    fn of_any_mut(game: &mut AnyGame) -> Option<&mut GameRecord<Self>> {
        match game {
            AnyGame::Draughts(r) => Some(r),
            _ => None,
        }
    }
    fn move_into_any(mv: Self::Move) -> VariantMove {
        VariantMove::Draughts(mv)
    }
    fn move_of_any(mv: VariantMove) -> Option<Self::Move> {
        match mv {
            VariantMove::Draughts(m) => Some(m),
            _ => None,
        }
    }
}

/// A record of game `G` shared copy-on-write: cloning it, or handing its
/// [`AnyGame`] to a document or an undo history ([`SharedRecord::any`]), counts a
/// reference instead of copying the tree; the first change after that copies it once
/// ([`SharedRecord::make_mut`]). Every change moves its revision, a number no other
/// revision of any shared record has, so caches of what is read from the record are
/// keyed by it instead of comparing records.
#[derive(Clone, Debug)]
pub struct SharedRecord<G: RecordGame> {
    any: std::sync::Arc<AnyGame>,
    revision: u64,
    game: std::marker::PhantomData<G>,
}

/// A revision number no other shared record has had.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl<G: RecordGame> SharedRecord<G> {
    /// Shares `record`.
    pub fn new(record: GameRecord<G>) -> SharedRecord<G> {
        SharedRecord {
            any: std::sync::Arc::new(G::into_any(record)),
            revision: next_revision(),
            game: std::marker::PhantomData,
        }
    }

    /// Shares the record in `any`, without copying it.
    ///
    /// # Errors
    /// `any` itself, when it holds a record of another game.
    pub fn from_any(any: std::sync::Arc<AnyGame>) -> Result<SharedRecord<G>, std::sync::Arc<AnyGame>> {
        if G::of_any(&any).is_none() {
            return Err(any);
        }
        Ok(SharedRecord { any, revision: next_revision(), game: std::marker::PhantomData })
    }

    /// The erased record, shared (a reference count, not a copy).
    pub fn any(&self) -> &std::sync::Arc<AnyGame> {
        &self.any
    }

    /// The revision: it moves with every [`SharedRecord::make_mut`].
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Adds `mv` after `at` as [`GameRecord::add_move`] does; a move already there is
    /// followed without changing the record (no copy, the revision stays).
    pub fn add_move(&mut self, at: NodeId, mv: G::Move) -> NodeId {
        match self.tree.child_with_move(at, mv) {
            Some(existing) => existing,
            None => self.make_mut().add_move(at, mv),
        }
    }

    /// The record, to change: copied first when it is shared (with a document or an
    /// undo snapshot); the revision moves.
    pub fn make_mut(&mut self) -> &mut GameRecord<G> {
        self.revision = next_revision();
        match G::of_any_mut(std::sync::Arc::make_mut(&mut self.any)) {
            Some(record) => record,
            // Built only from records of `G` (checked in `from_any`).
            None => unreachable!("a shared record holds a record of its game"),
        }
    }
}

impl<G: RecordGame> std::ops::Deref for SharedRecord<G> {
    type Target = GameRecord<G>;

    fn deref(&self) -> &GameRecord<G> {
        match G::of_any(&self.any) {
            Some(record) => record,
            // Built only from records of `G` (checked in `from_any`).
            None => unreachable!("a shared record holds a record of its game"),
        }
    }
}

impl<G: RecordGame> PartialEq for SharedRecord<G> {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.any, &other.any) || *self.any == *other.any
    }
}

impl<G: RecordGame> Eq for SharedRecord<G> {}

impl AnyGame {
    /// A new game of `variant` from its opening.
    pub fn new(variant: Variant) -> AnyGame {
        crate::with_variant!(variant, G => G::into_any(GameRecord::<G>::new()))
    }

    /// Which game the record is of.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Interstellar(_) => Variant::Interstellar,
            AnyGame::Triangular(_) => Variant::Triangular,
            AnyGame::Draughts(_) => Variant::Draughts,
        }
    }

    /// Moves in the record, variations included.
    pub fn move_count(&self) -> usize {
        with_game!(self, g => g.tree.move_count())
    }

    /// Moves in the main line (plies), variations left out.
    pub fn main_line_len(&self) -> usize {
        with_game!(self, g => g.tree.main_line_from(NodeId::ROOT).len())
    }

    /// The header tags.
    pub fn tags(&self) -> &Tags {
        with_game!(self, g => &g.tags)
    }

    /// The result.
    pub fn result(&self) -> GameResult {
        with_game!(self, g => g.result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_of_any_game_comes_back_as_itself_and_only_to_its_game() {
        fn round_trip<G: RecordGame>() {
            let mut moves = crate::core::moves::MoveList::new();
            G::opening().legal_moves(&mut moves);
            assert!(!moves.is_empty());
            for &mv in moves.iter() {
                let any = G::move_into_any(mv);
                assert_eq!(G::move_of_any(any), Some(mv));
                let others = usize::from(interstellar::Position::move_of_any(any).is_some())
                    + usize::from(triangular::Position::move_of_any(any).is_some())
                    + usize::from(draughts::Position::move_of_any(any).is_some());
                assert_eq!(others, 1, "{any:?} is a move of one game only");
            }
        }
        round_trip::<interstellar::Position>();
        round_trip::<triangular::Position>();
        round_trip::<draughts::Position>();
    }

    #[test]
    fn a_shared_record_is_copied_only_when_changed_while_shared() {
        let mut shared = SharedRecord::new(GameRecord::<triangular::Position>::new());
        let held = shared.any().clone();
        let first = shared.revision();
        // Following a move already there changes nothing: no copy, the same revision.
        let mut moves = crate::core::moves::MoveList::new();
        triangular::Position::opening().legal_moves(&mut moves);
        let node = shared.add_move(NodeId::ROOT, moves[0]);
        assert_ne!(shared.revision(), first, "a new move changes the record");
        assert!(!std::sync::Arc::ptr_eq(shared.any(), &held), "shared, so the change copied it");
        assert_eq!(held.move_count(), 0, "the snapshot kept the record as it was");
        let (copy, second) = (shared.any().clone(), shared.revision());
        assert_eq!(shared.add_move(NodeId::ROOT, moves[0]), node);
        assert_eq!(shared.revision(), second, "following a move there is not a change");
        assert!(std::sync::Arc::ptr_eq(shared.any(), &copy), "nor a copy");
        // Not shared any more: a change is made in place.
        drop(copy);
        let before = std::sync::Arc::as_ptr(shared.any());
        shared.make_mut().tags.set("Event", "Club");
        assert_eq!(std::sync::Arc::as_ptr(shared.any()), before, "changed in place");
        assert_eq!(shared.tags.get("Event"), Some("Club"));
        // A record of another game is refused.
        let other = std::sync::Arc::new(AnyGame::new(Variant::Draughts));
        assert!(SharedRecord::<triangular::Position>::from_any(other).is_err());
    }

    #[test]
    fn tags_keep_the_roster_first_and_ignore_derived_ones() {
        let mut t = Tags::new(Variant::Interstellar);
        assert!(t.set("Stipulation", "Target Out in 2"));
        assert!(t.set("Event", "Club"));
        assert!(!t.set("Result", "1-0"));
        let keys: Vec<&str> = t.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["Event", "Site", "Date", "Round", "Positive", "Negative", "Stipulation"]);
        assert_eq!(t.get("Event"), Some("Club"));
        assert!(!t.remove("Event"));
        assert!(t.remove("Stipulation"));
    }

    #[test]
    fn move_numbers_follow_the_start() {
        let g: GameRecord<interstellar::Position> = GameRecord::new();
        assert_eq!(g.move_number_at_ply(0), (1, true));
        assert_eq!(g.move_number_at_ply(1), (1, false));
        assert_eq!(g.move_number_at_ply(2), (2, true));
        let black_first =
            interstellar::Position::from_position_string("nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN -").unwrap();
        let g = GameRecord::from_position(black_first);
        assert!(g.set_up);
        assert_eq!(g.move_number_at_ply(0), (1, false));
        assert_eq!(g.move_number_at_ply(1), (2, true));
    }
}
