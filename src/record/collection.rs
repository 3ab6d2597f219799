//! A collection of games (the records of one file): one [`GameRow`] per game for a
//! game list, [`Query`], the search by players, result and position, and
//! [`opening_tree`] (`orrery record list`, `orrery record search`, `orrery record
//! tree`).
//!
//! A position matches by its board key ([`Game::board_key`]): the pieces by side and
//! kind on their cells and the side to move, but not the clocks nor the names a game
//! gives its pieces, so a position reached by different move orders is found every
//! time, whichever of two like pieces went where. A query that names its pieces
//! ([`Query::names`]) also matches the names exactly.

use crate::core::game::{BoardCell, BoardSetup, Game, GameSide, Variant};

use super::game::{AnyGame, GameRecord, GameResult, RecordGame, VariantMove, roster};
use super::tree::NodeId;

/// One game of a collection as a game list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's 1-based number in its file.
    pub number: usize,
    /// Its game.
    pub variant: Variant,
    /// The first player's name (White, Positive), `?` when unknown.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The result.
    pub result: GameResult,
    /// The plies of the main line.
    pub plies: usize,
    /// The Event tag.
    pub event: String,
    /// The Date tag.
    pub date: String,
    /// The Stipulation tag of a puzzle.
    pub stipulation: Option<String>,
}

impl GameRow {
    /// The row of `game`, number `number` in its file.
    pub fn new(number: usize, game: &AnyGame) -> GameRow {
        crate::with_game!(game, g => Self::of_record(number, g))
    }

    fn of_record<G: Game>(number: usize, g: &GameRecord<G>) -> GameRow {
        let [.., first, second] = roster(G::VARIANT);
        let tag = |k: &str| g.tags.get(k).unwrap_or("?").to_string();
        GameRow {
            number,
            variant: G::VARIANT,
            first: tag(first),
            second: tag(second),
            result: g.result,
            plies: g.tree.main_line_from(NodeId::ROOT).len(),
            event: tag("Event"),
            date: tag("Date"),
            stipulation: g.tags.get("Stipulation").map(str::to_string),
        }
    }

    /// The row as one line of tab-separated fields: number, game, first player, second
    /// player, result, plies, event, date, stipulation (empty when none).
    pub fn line(&self) -> String {
        [
            self.number.to_string(),
            self.variant.name().to_string(),
            self.first.clone(),
            self.second.clone(),
            self.result.token().to_string(),
            self.plies.to_string(),
            self.event.clone(),
            self.date.clone(),
            self.stipulation.clone().unwrap_or_default(),
        ]
        .map(|f| f.replace(['\t', '\n', '\r'], " "))
        .join("\t")
    }
}

impl GameRow {
    /// Whether every word of `filter` holds for the row, its tags not consulted: as
    /// [`GameRow::matches_filter`] with no tags beyond the row's own fields.
    pub fn matches_words(&self, filter: &str) -> bool {
        self.matches_filter(filter, Vec::new)
    }

    /// Whether every word of `filter` ([`filter_words`]: split at white space, `"…"`
    /// keeping spaces; letter case ignored) holds for the row, as Scid's header search
    /// does. A plain word must stand in one of the row's texts (players, event, date,
    /// result, game, stipulation) or in the value of any of the game's tags. A word
    /// `field:text` must stand in that field (`white:` or `first:` or `positive:`,
    /// `black:` or `second:` or `negative:`, `player:`, `event:`, `date:`, `result:`,
    /// `game:`, `stipulation:`), and `tag:text` for any other name must stand in the
    /// value of the game's tag of that name (`chapter:`, `section:`, `round:`, a tag of
    /// the file's own); `plies>N`, `plies<N`, `plies>=N`, `plies<=N` and `plies=N`
    /// compare the main line's length. An empty filter matches every row. `tags` gives
    /// the game's tags (name, value) and is called only when a word needs them, at most
    /// once.
    pub fn matches_filter(&self, filter: &str, tags: impl FnOnce() -> Vec<(String, String)>) -> bool {
        let fields = [
            self.first.as_str(),
            self.second.as_str(),
            self.event.as_str(),
            self.date.as_str(),
            self.result.token(),
            self.variant.name(),
            self.stipulation.as_deref().unwrap_or(""),
        ]
        .map(str::to_lowercase);
        let mut tags = Some(tags);
        let mut held: Option<Vec<(String, String)>> = None;
        let mut tags = move || -> Vec<(String, String)> {
            if held.is_none() {
                let read = tags.take().map(|f| f()).unwrap_or_default();
                held = Some(read.into_iter().map(|(k, v)| (k.to_lowercase(), v.to_lowercase())).collect());
            }
            held.clone().unwrap_or_default()
        };
        filter_words(filter).into_iter().map(|w| w.to_lowercase()).all(|word| {
            if let Some(holds) = self.plies_condition(&word) {
                return holds;
            }
            let field = |k: usize| fields[k].as_str();
            let row_field: Option<&[usize]> = word.split_once(':').and_then(|(name, _)| match name {
                "white" | "first" | "positive" => Some(&[0][..]),
                "black" | "second" | "negative" => Some(&[1][..]),
                "player" => Some(&[0, 1][..]),
                "event" => Some(&[2][..]),
                "date" => Some(&[3][..]),
                "result" => Some(&[4][..]),
                "game" | "variant" => Some(&[5][..]),
                "stipulation" => Some(&[6][..]),
                _ => None,
            });
            match word.split_once(':') {
                // `name:` alone: the game has that field or tag, with a value.
                Some((name, "")) if !name.is_empty() => {
                    let known = |v: &str| !v.is_empty() && v != "?" && v != "????.??.??" && v != "*";
                    match row_field {
                        Some(within) => within.iter().any(|&k| known(field(k))),
                        None => tags().iter().any(|(k, v)| k == name && known(v)),
                    }
                }
                Some((name, text)) if !name.is_empty() => match row_field {
                    Some(within) => within.iter().any(|&k| field(k).contains(text)),
                    None => {
                        let tags = tags();
                        tags.iter().any(|(k, v)| k == name && v.contains(text))
                            || fields.iter().any(|f| f.contains(&word))
                            || tags.iter().any(|(_, v)| v.contains(&word))
                    }
                },
                _ => fields.iter().any(|f| f.contains(&word)) || tags().iter().any(|(_, v)| v.contains(&word)),
            }
        })
    }

    /// [`GameRow::matches_filter`] for a game whose result and length are secret (a
    /// study chapter that quizzes its line): a `plies` comparison never holds, the
    /// result reads as unknown (`*`) and the tags that tell how the game ends
    /// ([`OUTCOME_TAGS`]) are not read, so that neither the filter nor the list give
    /// the answer away.
    pub fn matches_filter_outcome_hidden(&self, filter: &str, tags: impl FnOnce() -> Vec<(String, String)>) -> bool {
        if filter_words(filter).iter().any(|w| self.plies_condition(&w.to_lowercase()).is_some()) {
            return false;
        }
        let hidden = GameRow { result: GameResult::Unknown, ..self.clone() };
        hidden.matches_filter(filter, || {
            tags().into_iter().filter(|(k, _)| !OUTCOME_TAGS.iter().any(|t| t.eq_ignore_ascii_case(k))).collect()
        })
    }

    /// `plies>40` and the like: whether the row's length holds; `None` when the word is
    /// no such comparison.
    fn plies_condition(&self, word: &str) -> Option<bool> {
        let rest = word.strip_prefix("plies")?;
        let (op, number) = [">=", "<=", ">", "<", "="].iter().find_map(|op| rest.strip_prefix(op).map(|n| (*op, n)))?;
        let n: usize = number.parse().ok()?;
        Some(match op {
            ">=" => self.plies >= n,
            "<=" => self.plies <= n,
            ">" => self.plies > n,
            "<" => self.plies < n,
            _ => self.plies == n,
        })
    }
}

/// The tags that tell how a game ends or how long it is: left out of the filter for a
/// game whose outcome is secret ([`GameRow::matches_filter_outcome_hidden`]).
pub const OUTCOME_TAGS: [&str; 3] = ["Result", "Termination", "PlyCount"];

/// The field names a filter word may start with that a [`GameRow`] answers itself
/// (`white:` … `stipulation:`): any other `name:` word reads the game's tags.
pub const ROW_FIELDS: [&str; 13] = [
    "white",
    "first",
    "positive",
    "black",
    "second",
    "negative",
    "player",
    "event",
    "date",
    "result",
    "game",
    "variant",
    "stipulation",
];

/// Whether [`GameRow::matches_filter`] may read games' tags for `filter`: a word of free
/// text (matched against every tag when the row's fields lack it) or a `name:` word for
/// a tag the row does not hold (`chapter:`, `round:`, …). Only `plies` comparisons and
/// the row's own fields (`white:`, `result:`, `stipulation:`, …) never do.
pub fn filter_reads_tags(filter: &str) -> bool {
    filter_words(filter).iter().any(|word| {
        let word = word.to_lowercase();
        let plies = word.strip_prefix("plies").is_some_and(|rest| {
            rest.trim_start_matches(['>', '<', '=']).parse::<usize>().is_ok() && rest.starts_with(['>', '<', '='])
        });
        if plies {
            return false;
        }
        match word.split_once(':') {
            Some((name, _)) if !name.is_empty() => !ROW_FIELDS.contains(&name),
            _ => true,
        }
    })
}

/// The words of a games-list filter: split at white space, a `"…"` stretch kept as one
/// word with its spaces and without its quotes (`event:"World Cup"`, `"Ada Lovelace"`);
/// a quote left open runs to the end.
pub fn filter_words(filter: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in filter.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A [`GameRow`] packed for an index of many games: 28 bytes, its texts as numbers in a
/// [`RowPool`] (a collection's players, events and dates repeat, so each text is kept
/// once). Made by [`RowPool::pack`], read back by [`RowPool::unpack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedRow {
    variant: Variant,
    result: GameResult,
    plies: u32,
    /// First player, second player, event, date, stipulation ([`NO_TEXT`] for none).
    texts: [u32; 5],
}

/// The stipulation of a [`PackedRow`] of a game without one.
const NO_TEXT: u32 = u32::MAX;

impl PackedRow {
    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }
}

/// The texts of [`PackedRow`]s, each kept once.
#[derive(Clone, Debug, Default)]
pub struct RowPool {
    texts: Vec<std::sync::Arc<str>>,
    numbers: std::collections::HashMap<std::sync::Arc<str>, u32>,
}

impl PartialEq for RowPool {
    /// The same texts under the same numbers.
    fn eq(&self, other: &Self) -> bool {
        self.texts == other.texts
    }
}

impl RowPool {
    /// `row` packed, its texts added to the pool (a text already there is shared).
    pub fn pack(&mut self, row: &GameRow) -> PackedRow {
        let [first, second, event, date] = [&row.first, &row.second, &row.event, &row.date].map(|t| self.number(t));
        let stipulation = row.stipulation.as_deref().map_or(NO_TEXT, |t| self.number(t));
        PackedRow {
            variant: row.variant,
            result: row.result,
            plies: u32::try_from(row.plies).unwrap_or(u32::MAX),
            texts: [first, second, event, date, stipulation],
        }
    }

    fn number(&mut self, text: &str) -> u32 {
        if let Some(&n) = self.numbers.get(text) {
            return n;
        }
        let n = u32::try_from(self.texts.len()).unwrap_or(NO_TEXT - 1);
        let text: std::sync::Arc<str> = text.into();
        self.texts.push(text.clone());
        self.numbers.insert(text, n);
        n
    }

    fn text(&self, n: u32) -> &str {
        self.texts.get(n as usize).map_or("?", |t| t)
    }

    /// The row `packed` stands for, numbered `number`: [`RowPool::pack`] undone.
    pub fn unpack(&self, number: usize, packed: &PackedRow) -> GameRow {
        let [first, second, event, date, stipulation] = packed.texts;
        GameRow {
            number,
            variant: packed.variant,
            first: self.text(first).to_string(),
            second: self.text(second).to_string(),
            result: packed.result,
            plies: packed.plies as usize,
            event: self.text(event).to_string(),
            date: self.text(date).to_string(),
            stipulation: (stipulation != NO_TEXT).then(|| self.text(stipulation).to_string()),
        }
    }

    /// How many different texts it holds.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether it holds no text.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Drops the table that finds a text's number: packing is done, and only
    /// [`RowPool::unpack`] is used from here (halves the pool's memory).
    pub fn finish(&mut self) {
        self.numbers = std::collections::HashMap::new();
    }
}

/// What to look for in a collection. Every condition given must hold; an empty query
/// matches every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// A player whose name contains this text (letter case ignored), on either side.
    pub player: Option<String>,
    /// The result.
    pub result: Option<GameResult>,
    /// A position that occurs in the game, anywhere in its tree (variations
    /// included): its game and board key ([`position_key`]).
    pub position: Option<(Variant, u64)>,
    /// For a position query that names its pieces (an Interstellar string with
    /// `(name)`s): its Zobrist key ([`Game::zobrist`]), which the same place must have
    /// too. `None`: any names.
    pub names: Option<u64>,
}

impl Query {
    /// Whether `game` matches.
    pub fn matches(&self, game: &AnyGame) -> bool {
        let row = GameRow::new(0, game);
        if let Some(name) = &self.player {
            let name = name.to_lowercase();
            if !row.first.to_lowercase().contains(&name) && !row.second.to_lowercase().contains(&name) {
                return false;
            }
        }
        if self.result.is_some_and(|r| r != row.result) {
            return false;
        }
        match self.position {
            Some((variant, key)) => {
                variant == row.variant
                    && match self.names {
                        None => !occurrences(game, key).is_empty(),
                        Some(exact) => crate::with_game!(game, g => {
                            let mut found = false;
                            walk(g, |_, pos| found |= pos.board_key() == key && pos.zobrist() == exact);
                            found
                        }),
                    }
            }
            None => true,
        }
    }
}

/// Every position of a collection's games (main lines and variations, start positions
/// included) by its Zobrist key, for exact-position search: a sorted array of
/// `(key, game)` pairs, 12 bytes a distinct position of a game, searched by bisection.
/// Keys are salted by game, so positions of different games never meet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionIndex {
    keys: Vec<u64>,
    games: Vec<u32>,
}

/// A per-game salt for [`PositionIndex`] keys.
fn salted(variant: Variant, key: u64) -> u64 {
    let salt = match variant {
        Variant::Interstellar => 0,
        Variant::Triangular => 0x9E37_79B9_7F4A_7C15,
        Variant::Draughts => 0xC2B2_AE3D_27D4_EB4F,
    };
    key ^ salt
}

impl PositionIndex {
    /// The index of `games` (indices into the slice). Walks every tree once.
    pub fn build<G: std::borrow::Borrow<AnyGame>>(games: &[G]) -> PositionIndex {
        let mut pairs: Vec<(u64, u32)> = Vec::new();
        for (i, game) in games.iter().map(std::borrow::Borrow::borrow).enumerate() {
            let variant = game.variant();
            let start = pairs.len();
            crate::with_game!(game, g => walk(g, |_, pos| pairs.push((salted(variant, pos.board_key()), i as u32))));
            // One entry per distinct position of the game.
            pairs[start..].sort_unstable();
            let mut w = start;
            for r in start..pairs.len() {
                if r == start || pairs[r] != pairs[w - 1] {
                    pairs[w] = pairs[r];
                    w += 1;
                }
            }
            pairs.truncate(w);
        }
        pairs.sort_unstable();
        let (keys, games) = pairs.into_iter().unzip();
        PositionIndex { keys, games }
    }

    /// How many (position, game) entries it holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The games (indices, ascending) in which the position of `variant` with Zobrist key
    /// `key` stands anywhere.
    pub fn games_with(&self, variant: Variant, key: u64) -> Vec<usize> {
        let k = salted(variant, key);
        let from = self.keys.partition_point(|&x| x < k);
        let to = self.keys.partition_point(|&x| x <= k);
        self.games[from..to].iter().map(|&g| g as usize).collect()
    }
}

/// The board key ([`Game::board_key`]) of a position string of `variant`.
///
/// # Errors
/// Every problem of the string, one per line.
pub fn position_key(variant: Variant, text: &str) -> Result<u64, String> {
    crate::with_variant!(variant, G => <G as Game>::from_position_string(text).map(|p| p.board_key()).map_err(|e| e.to_string()))
}

/// For a position string that names its pieces (`Q(NQ)`, Interstellar), its Zobrist
/// key with the names ([`Game::zobrist`], for [`Query::names`]); `None` when it names
/// none (or cannot be read).
pub fn named_position_key(variant: Variant, text: &str) -> Option<u64> {
    if !text.contains('(') {
        return None;
    }
    crate::with_variant!(variant, G => <G as Game>::from_position_string(text).ok().map(|p| p.zobrist()))
}

/// The nodes of `game` whose position has Zobrist key `key` ([`NodeId::ROOT`] for the
/// start position), in the order a depth-first walk of the tree meets them.
/// Iterative: deep variations do not recurse.
pub fn occurrences(game: &AnyGame, key: u64) -> Vec<NodeId> {
    crate::with_game!(game, g => occurrences_in(g, key))
}

/// The first place in `game` (main line first, then variations in order) where the
/// position with key `key` stands, as the child indices that lead there from the start
/// (empty: the start position itself); `None` when it never does.
pub fn occurrence_path(game: &AnyGame, key: u64) -> Option<Vec<usize>> {
    crate::with_game!(game, g => {
        let node = *occurrences_in(g, key).first()?;
        Some(child_path(g, node))
    })
}

/// A position to look for by its kind rather than by its exact key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionPattern {
    /// The same pieces, side by side and kind by kind, wherever they stand (the same
    /// material), as in this position string of the game.
    Material(String),
    /// These pieces on these cells (the setup's position string: every piece it holds
    /// must stand on its cell; the other cells and the side to move are free).
    Pieces(String),
}

/// The first place in `game` (main line first, then variations in order) whose
/// position fits `pattern` of game `variant`, as child indices from the start;
/// `None` when none does or `game` is of another game. A string that cannot be read
/// fits nothing.
pub fn pattern_path(game: &AnyGame, variant: Variant, pattern: &PositionPattern) -> Option<Vec<usize>> {
    if game.variant() != variant {
        return None;
    }
    crate::with_game!(game, g => {
        let node = pattern_node(g, pattern)?;
        Some(child_path(g, node))
    })
}

fn pattern_node<G: Game>(g: &GameRecord<G>, pattern: &PositionPattern) -> Option<NodeId> {
    let mut found = None;
    match pattern {
        PositionPattern::Material(text) => {
            let wanted = material(&G::Setup::parse(text).ok()?);
            walk(g, |id, pos| {
                if found.is_none() && material(&pos.to_setup()) == wanted {
                    found = Some(id);
                }
            });
        }
        PositionPattern::Pieces(text) => {
            let setup = G::Setup::parse(text).ok()?;
            let pieces: Vec<(G::Cell, _)> = G::Cell::all().filter_map(|c| setup.piece_at(c).map(|p| (c, p))).collect();
            walk(g, |id, pos| {
                if found.is_none() {
                    let here = pos.to_setup();
                    if pieces.iter().all(|&(c, p)| here.piece_at(c) == Some(p)) {
                        found = Some(id);
                    }
                }
            });
        }
    }
    found
}

/// A setup's material: each piece as (side, kind), sorted.
fn material<S: BoardSetup>(setup: &S) -> Vec<(usize, &'static str)> {
    let mut out: Vec<(usize, &'static str)> =
        S::Cell::all().filter_map(|c| setup.piece_at(c)).map(|p| (S::piece_side(p).index(), S::kind_name(p))).collect();
    out.sort_unstable();
    out
}

/// The child indices from the start to `node`.
fn child_path<G: Game>(g: &GameRecord<G>, node: NodeId) -> Vec<usize> {
    g.tree
        .path_to(node)
        .iter()
        .map(|&id| {
            let parent = g.tree.node(id).parent.unwrap_or(NodeId::ROOT);
            g.tree.node(parent).children.iter().position(|&c| c == id).unwrap_or(0)
        })
        .collect()
}

fn occurrences_in<G: Game>(g: &GameRecord<G>, key: u64) -> Vec<NodeId> {
    let mut found = Vec::new();
    walk(g, |id, pos| {
        if pos.board_key() == key {
            found.push(id);
        }
    });
    found
}

/// Calls `f` with every node of the record's tree and its position, depth first, each
/// node's children in order (the main line first). Iterative: deep variations do not
/// recurse.
fn walk<G: Game>(g: &GameRecord<G>, mut f: impl FnMut(NodeId, &G)) {
    let mut stack = vec![(NodeId::ROOT, g.start.clone())];
    while let Some((id, pos)) = stack.pop() {
        f(id, &pos);
        for &child in g.tree.node(id).children.iter().rev() {
            if let Some(mv) = g.tree.node(child).mv {
                let mut next = pos.clone();
                next.play(mv);
                stack.push((child, next));
            }
        }
    }
}

/// One move of an opening tree ([`opening_tree`]): how often the games played it from
/// the position and how they ended for the side that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// The move in the game's notation.
    pub notation: String,
    /// The move itself (what playing it from the tree plays).
    pub mv: VariantMove,
    /// The games that played it from the position (each game once).
    pub games: usize,
    /// Of those, the games won, drawn and lost by the side that played it; games
    /// without a result count in none.
    pub won: usize,
    /// Drawn games.
    pub drawn: usize,
    /// Lost games.
    pub lost: usize,
}

impl TreeMove {
    /// The score of the side that played the move, 0–100 %, over the games with a
    /// result; `None` when none has one.
    pub fn score_percent(&self) -> Option<f64> {
        let decided = self.won + self.drawn + self.lost;
        (decided > 0).then(|| (self.won as f64 + self.drawn as f64 / 2.0) * 100.0 / decided as f64)
    }
}

/// The opening tree of `games` at the position with key `key` of game `variant`: every
/// move their main lines play from that position (wherever in the game it stands, so
/// transpositions are merged), the most played first (then in notation order). A game
/// that reaches the position twice and plays two moves counts for both.
pub fn opening_tree<'a>(games: impl IntoIterator<Item = &'a AnyGame>, variant: Variant, key: u64) -> Vec<TreeMove> {
    let mut tree = OpeningTree::default();
    for game in games {
        tree.add(game, variant, key);
    }
    tree.moves()
}

/// An [`opening_tree`] built one game at a time, so that a file's games can be read,
/// counted and dropped in one pass.
#[derive(Clone, Debug, Default)]
pub struct OpeningTree {
    moves: Vec<TreeMove>,
}

impl OpeningTree {
    /// Counts the moves `game`'s main line plays from the position with key `key` of
    /// game `variant` (nothing for a game of another kind).
    pub fn add(&mut self, game: &AnyGame, variant: Variant, key: u64) {
        self.add_played(game, variant, key);
    }

    /// Counts as [`OpeningTree::add`] does, and gives the notation of each move counted.
    pub fn add_played(&mut self, game: &AnyGame, variant: Variant, key: u64) -> Vec<String> {
        if game.variant() != variant {
            return Vec::new();
        }
        let played = crate::with_game!(game, g => main_line_moves_from(g, key));
        let notations = played.iter().map(|(n, _, _)| n.clone()).collect();
        for (notation, mv, mover_first) in played {
            let at = match self.moves.iter().position(|m| m.notation == notation) {
                Some(k) => k,
                None => {
                    self.moves.push(TreeMove { notation, mv, games: 0, won: 0, drawn: 0, lost: 0 });
                    self.moves.len() - 1
                }
            };
            let m = &mut self.moves[at];
            m.games += 1;
            match (game_result(game), mover_first) {
                (GameResult::FirstPlayerWins, true) | (GameResult::SecondPlayerWins, false) => m.won += 1,
                (GameResult::FirstPlayerWins, false) | (GameResult::SecondPlayerWins, true) => m.lost += 1,
                (GameResult::Draw, _) => m.drawn += 1,
                (GameResult::Unknown, _) => {}
            }
        }
        notations
    }

    /// The moves counted, the most played first (then in notation order).
    pub fn moves(mut self) -> Vec<TreeMove> {
        self.moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.notation.cmp(&b.notation)));
        self.moves
    }
}

/// The games (their indices in `games`) whose main line plays the move written
/// `notation` from the position with key `key` ([`opening_tree`]'s count of that move).
pub fn games_playing<'a>(
    games: impl IntoIterator<Item = &'a AnyGame>,
    variant: Variant,
    key: u64,
    notation: &str,
) -> Vec<usize> {
    games
        .into_iter()
        .enumerate()
        .filter(|(_, g)| g.variant() == variant)
        .filter(|(_, g)| crate::with_game!(g, r => main_line_moves_from(r, key)).iter().any(|(n, _, _)| n == notation))
        .map(|(i, _)| i)
        .collect()
}

/// Whether the main line of `game` reaches the position with key `key` (its start
/// included).
pub fn main_line_reaches(game: &AnyGame, key: u64) -> bool {
    crate::with_game!(game, g => {
        let mut pos = g.start.clone();
        let mut found = pos.board_key() == key;
        for id in g.tree.main_line_from(NodeId::ROOT) {
            if found {
                break;
            }
            let Some(mv) = g.tree.node(id).mv else { break };
            pos.play(mv);
            found = pos.board_key() == key;
        }
        found
    })
}

fn game_result(game: &AnyGame) -> GameResult {
    crate::with_game!(game, g => g.result)
}

/// The distinct moves a record's main line plays from positions with key `key`, each
/// with whether the first player played it.
fn main_line_moves_from<G: RecordGame>(g: &GameRecord<G>, key: u64) -> Vec<(String, VariantMove, bool)> {
    let mut out: Vec<(String, VariantMove, bool)> = Vec::new();
    let mut pos = g.start.clone();
    for id in g.tree.main_line_from(NodeId::ROOT) {
        let Some(mv) = g.tree.node(id).mv else { break };
        if pos.board_key() == key {
            let entry = (pos.notation(mv), G::move_into_any(mv), pos.is_first_player_to_move());
            if !out.contains(&entry) {
                out.push(entry);
            }
        }
        pos.play(mv);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_filter_said_not_to_read_tags_never_reads_them() {
        let row = GameRow::new(1, &AnyGame::new(crate::core::Variant::Triangular));
        for filter in [
            "white:ann",
            "result:1-0 plies>40",
            "stipulation:mate event:\"world cup\"",
            "plies<=3",
            "chapter:intro",
            "ann",
            "round:2 white:bo",
            "plies>x",
            "player:\"ada l\" game:tri",
        ] {
            let read = std::cell::Cell::new(false);
            let _ = row.matches_filter(filter, || {
                read.set(true);
                Vec::new()
            });
            if read.get() {
                assert!(filter_reads_tags(filter), "{filter} read the tags");
            }
        }
        assert!(!filter_reads_tags("white:ann result:1-0 plies>40"));
        assert!(filter_reads_tags("chapter:intro") && filter_reads_tags("ann"));
    }

    use super::*;
    use crate::core::draughts;

    proptest::proptest! {
        /// Every row packed and unpacked is the row again, texts shared between rows.
        #[test]
        fn a_packed_row_unpacks_to_the_same_row(
            rows in proptest::collection::vec(
                (0usize..3, "[a-z ?]{0,6}", "[a-z ?]{0,6}", 0usize..4, 0usize..400, "[a-z]{0,3}",
                 proptest::option::of("[a-z0-9 ]{0,8}")),
                1..20,
            )
        ) {
            let mut pool = RowPool::default();
            let rows: Vec<GameRow> = rows
                .into_iter()
                .enumerate()
                .map(|(k, (v, first, second, r, plies, event, stipulation))| GameRow {
                    number: k + 1,
                    variant: Variant::ALL[v],
                    first,
                    second,
                    result: [
                        GameResult::FirstPlayerWins,
                        GameResult::SecondPlayerWins,
                        GameResult::Draw,
                        GameResult::Unknown,
                    ][r],
                    plies,
                    event: event.clone(),
                    date: event,
                    stipulation,
                })
                .collect();
            let packed: Vec<PackedRow> = rows.iter().map(|r| pool.pack(r)).collect();
            pool.finish();
            for (row, p) in rows.iter().zip(&packed) {
                proptest::prop_assert_eq!(&pool.unpack(row.number, p), row);
            }
            proptest::prop_assert!(pool.len() <= 5 * rows.len());
        }
    }

    fn game(moves: &[&str]) -> AnyGame {
        let mut r = GameRecord::<draughts::Position>::new();
        let mut at = NodeId::ROOT;
        let mut pos = r.start.clone();
        for m in moves {
            let mv = pos.parse_move_text(m).unwrap();
            at = r.add_move(at, mv);
            pos.play(mv);
        }
        r.tags.set("White", "Ada Lovelace");
        r.tags.set("Black", "Charles Babbage");
        r.result = GameResult::FirstPlayerWins;
        AnyGame::Draughts(r)
    }

    /// `count` random draughts games of `plies` plies, mostly among the first three
    /// moves so games share their openings, with random results.
    fn random_games(count: usize, plies: usize) -> Vec<AnyGame> {
        let mut next = crate::record::samples::sequence(0x9E37_79B9_7F4A_7C15);
        let mut games = crate::record::samples::random_draughts_games(count, plies, 3, &mut next);
        for g in &mut games {
            if let AnyGame::Draughts(r) = g {
                r.result =
                    [GameResult::FirstPlayerWins, GameResult::SecondPlayerWins, GameResult::Draw, GameResult::Unknown]
                        [next(4)];
            }
        }
        games
    }

    #[test]
    fn the_opening_tree_agrees_with_a_plain_count_over_generated_games() {
        let games = random_games(300, 8);
        // Every position of the first ten games' main lines.
        let mut positions: Vec<draughts::Position> = Vec::new();
        for g in &games[..10] {
            let AnyGame::Draughts(r) = g else { unreachable!() };
            let mut pos = r.start.clone();
            positions.push(pos.clone());
            for id in r.tree.main_line_from(NodeId::ROOT) {
                pos.play(r.tree.node(id).mv.unwrap());
                positions.push(pos.clone());
            }
        }
        for target in &positions {
            // The plain count: replay every game, compare whole position strings.
            let mut plain: Vec<(String, usize, usize, usize, usize)> = Vec::new();
            for g in &games {
                let AnyGame::Draughts(r) = g else { unreachable!() };
                let mut pos = r.start.clone();
                let mut seen: Vec<String> = Vec::new();
                for id in r.tree.main_line_from(NodeId::ROOT) {
                    let mv = r.tree.node(id).mv.unwrap();
                    if pos.position_string() == target.position_string() {
                        let text = pos.notation(mv);
                        if !seen.contains(&text) {
                            seen.push(text.clone());
                            let mover_first = pos.is_first_player_to_move();
                            let k = match plain.iter().position(|m| m.0 == text) {
                                Some(k) => k,
                                None => {
                                    plain.push((text, 0, 0, 0, 0));
                                    plain.len() - 1
                                }
                            };
                            plain[k].1 += 1;
                            match (r.result, mover_first) {
                                (GameResult::FirstPlayerWins, true) | (GameResult::SecondPlayerWins, false) => {
                                    plain[k].2 += 1
                                }
                                (GameResult::Draw, _) => plain[k].3 += 1,
                                (GameResult::Unknown, _) => {}
                                _ => plain[k].4 += 1,
                            }
                        }
                    }
                    pos.play(mv);
                }
            }
            plain.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            let tree: Vec<(String, usize, usize, usize, usize)> =
                opening_tree(&games, Variant::Draughts, target.zobrist())
                    .into_iter()
                    .map(|m| (m.notation, m.games, m.won, m.drawn, m.lost))
                    .collect();
            assert_eq!(tree, plain, "at {}", target.position_string());
            // The games the tree's counts filter to are those the plain count found.
            for (text, count, ..) in &plain {
                assert_eq!(games_playing(&games, Variant::Draughts, target.zobrist(), text).len(), *count);
            }
        }
    }

    #[test]
    fn the_opening_tree_counts_games_and_scores_for_the_mover() {
        let won = game(&["34-26", "18x34", "37x30"]);
        let mut lost = game(&["34-26", "18x34", "38x29"]);
        if let AnyGame::Draughts(r) = &mut lost {
            r.result = GameResult::SecondPlayerWins;
        }
        let mut other = game(&["33-28"]);
        if let AnyGame::Draughts(r) = &mut other {
            r.result = GameResult::Unknown;
        }
        let games = [won, lost, other];
        let tree = opening_tree(&games, Variant::Draughts, draughts::Position::opening().zobrist());
        let summary: Vec<(&str, usize, Option<f64>)> =
            tree.iter().map(|m| (m.notation.as_str(), m.games, m.score_percent())).collect();
        assert_eq!(summary, [("34-26", 2, Some(50.0)), ("33-28", 1, None)]);
        // After 1. 34-26 18x34: White recaptured two ways, one game each.
        let mut after = draughts::Position::opening();
        for m in ["34-26", "18x34"] {
            after.play(after.parse_move_text(m).unwrap());
        }
        let tree = opening_tree(&games, Variant::Draughts, after.zobrist());
        let summary: Vec<(&str, usize, usize, usize)> =
            tree.iter().map(|m| (m.notation.as_str(), m.games, m.won, m.lost)).collect();
        assert_eq!(summary, [("37x30", 1, 1, 0), ("38x29", 1, 0, 1)]);
        // Black's answer scores for Black: it lost game 1 and won game 2.
        let mut after_one = draughts::Position::opening();
        after_one.play(after_one.parse_move_text("34-26").unwrap());
        let tree = opening_tree(&games, Variant::Draughts, after_one.zobrist());
        assert_eq!((tree[0].notation.as_str(), tree[0].won, tree[0].lost), ("18x34", 1, 1));
    }

    #[test]
    fn the_position_index_finds_the_games_a_walk_finds() {
        let games = [game(&["34-26", "18x34", "37x30"]), game(&["33-28"]), game(&["34-26", "18x34", "38x29"])];
        let index = PositionIndex::build(&games);
        let mut after = draughts::Position::opening();
        let mut keys = vec![after.zobrist()];
        for m in ["34-26", "18x34", "37x30"] {
            after.play(after.parse_move_text(m).unwrap());
            keys.push(after.zobrist());
        }
        for key in keys {
            let walked: Vec<usize> = (0..games.len()).filter(|&i| !occurrences(&games[i], key).is_empty()).collect();
            assert_eq!(index.games_with(Variant::Draughts, key), walked);
        }
        assert_eq!(index.games_with(Variant::Draughts, draughts::Position::opening().zobrist()), [0, 1, 2]);
        // Another game's position with the same key is not these games'.
        assert!(index.games_with(Variant::Triangular, draughts::Position::opening().zobrist()).is_empty());
        // 4 + 2 + 4 distinct positions.
        assert_eq!(index.len(), 10);
    }

    #[test]
    fn same_material_and_pieces_on_cells_are_found_where_they_first_stand() {
        // 34-26 18x34 37x30: a man each side taken by the third ply.
        let g = game(&["34-26", "18x34", "37x30"]);
        let mut pos = draughts::Position::opening();
        for m in ["34-26", "18x34", "37x30"] {
            let mv = pos.parse_move_text(m).unwrap();
            pos.play(mv);
        }
        // The same men, elsewhere: 17 men a side is found after the third ply.
        let material = PositionPattern::Material(pos.position_string());
        assert_eq!(pattern_path(&g, Variant::Draughts, &material), Some(vec![0, 0, 0]));
        // The opening's material: at the start.
        let start = PositionPattern::Material(draughts::Position::opening().position_string());
        assert_eq!(pattern_path(&g, Variant::Draughts, &start), Some(vec![]));
        // A white man on 26 (after 34-26), whatever else stands.
        let man_on_26 = PositionPattern::Pieces("W:W26:B".into());
        assert_eq!(pattern_path(&g, Variant::Draughts, &man_on_26), Some(vec![0]));
        // A black man on 34 (after 18x34), and never a white king on 1.
        assert_eq!(pattern_path(&g, Variant::Draughts, &PositionPattern::Pieces("W:W:B34".into())), Some(vec![0, 0]));
        assert_eq!(pattern_path(&g, Variant::Draughts, &PositionPattern::Pieces("W:WK1:B".into())), None);
        // Another game's pattern or an unreadable string fits nothing.
        assert_eq!(pattern_path(&g, Variant::Triangular, &man_on_26), None);
        assert_eq!(pattern_path(&g, Variant::Draughts, &PositionPattern::Pieces("W:W99".into())), None);
    }

    #[test]
    fn a_filter_keeps_the_rows_holding_every_word() {
        let row = GameRow::new(1, &game(&["34-26"]));
        assert!(row.matches_words(""));
        assert!(row.matches_words("ada BABBAGE"));
        assert!(row.matches_words("draughts 1-0"));
        assert!(!row.matches_words("ada turing"));
        // Fields and lengths.
        assert!(row.matches_words("white:ada"));
        assert!(!row.matches_words("black:ada"));
        assert!(row.matches_words("player:babb result:1-0"));
        assert!(row.matches_words("game:draughts plies=1 plies>=1 plies<2"));
        assert!(!row.matches_words("plies>1"));
        assert!(!row.matches_words("event:ada"));
        // A word naming no field is plain text.
        assert!(!row.matches_words("colour:white"));
        assert!(!row.matches_words("plies>x"), "no comparison: plain text, found nowhere");
    }

    #[test]
    fn a_filter_searches_any_tag_by_name_and_every_tag_by_text() {
        let row = GameRow::new(1, &game(&["34-26"]));
        let tags = || {
            vec![
                ("Chapter".to_string(), "The Lasker Trap".to_string()),
                ("Section".to_string(), "Openings".to_string()),
                ("Annotator".to_string(), "Grace Hopper".to_string()),
            ]
        };
        assert!(row.matches_filter("chapter:lasker", tags));
        assert!(row.matches_filter("CHAPTER:trap section:open", tags));
        assert!(!row.matches_filter("chapter:openings", tags), "another tag's value");
        assert!(row.matches_filter("chapter:", tags), "a tag named alone: the game has it");
        assert!(!row.matches_filter("round:", tags), "a tag the game lacks");
        assert!(row.matches_filter("white:", || panic!("a row field named alone needs no tags")));
        assert!(row.matches_filter("hopper", tags), "free text over every tag");
        assert!(row.matches_filter("chapter:\"lasker trap\" ada", tags), "a quoted value keeps its space");
        assert!(!row.matches_filter("chapter:\"trap lasker\"", tags));
        assert!(!row.matches_filter("round:3", tags), "a tag the game lacks");
        assert!(row.matches_filter("white:ada", || panic!("the row's own fields need no tags")));
        assert_eq!(filter_words(" a  \"b c\"d \"e"), vec!["a", "b cd", "e"]);
    }

    #[test]
    fn a_row_names_the_players_result_and_length() {
        let row = GameRow::new(3, &game(&["34-26", "18x34"]));
        assert_eq!(row.line(), "3\tTriangular draughts\tAda Lovelace\tCharles Babbage\t1-0\t2\t?\t????.??.??\t");
    }

    #[test]
    fn positions_are_found_by_their_key_anywhere_in_the_game() {
        let g = game(&["34-26", "18x34", "37x30"]);
        let mut after = draughts::Position::opening();
        for m in ["34-26", "18x34"] {
            after.play(after.parse_move_text(m).unwrap());
        }
        let key = after.zobrist();
        assert_eq!(occurrences(&g, key).len(), 1);
        let q = Query { position: Some((Variant::Draughts, key)), ..Query::default() };
        assert!(q.matches(&g));
        let opening_key = draughts::Position::opening().zobrist();
        assert_eq!(occurrences(&g, opening_key), [NodeId::ROOT]);
        // The wrong game, player or result does not match.
        assert!(!Query { position: Some((Variant::Triangular, key)), ..Query::default() }.matches(&g));
        assert!(Query { player: Some("babbage".into()), ..Query::default() }.matches(&g));
        assert!(!Query { player: Some("Turing".into()), ..Query::default() }.matches(&g));
        assert!(!Query { result: Some(GameResult::Draw), ..Query::default() }.matches(&g));
    }
}
