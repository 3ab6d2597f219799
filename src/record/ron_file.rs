//! Record files in RON: the same game tree as the text format, in structured form.
//!
//! Schema `version: 2` (extension `.ron`), written compactly, one game header and then
//! one move per line:
//!
//! ```text
//! (version:2,games:[
//! (variant:"Interstellar",tags:[("Event","Club")],position:Some("p7Q/... -"),
//!  comment:"...",marks:(arrows:["G4355"],cells:["R43"]),result:"*",nodes:[
//! (move:"PQ-33",nags:[1],comment_after:"..."),
//! (move:"PQ-37"),
//! (parent:0,move:"NQ-37",comment_before:"..."),
//! ]),
//! ])
//! ```
//!
//! `nodes` is the move tree as a flat list: each move follows the move numbered `parent`
//! (1 for `nodes[0]`, 2 for `nodes[1]`, …; 0 for the start position); without `parent`
//! it follows the move just before it in the list (the start position for the first).
//! A parent comes before its children, and a node's children are in the order of the
//! list: the first is the main line, the others its variations. However deep the
//! variations, nothing nests, so reading and writing never recurse. Empty fields are
//! left out; every field has a default, and unknown fields are ignored, so files from
//! later versions that only add fields stay readable.
//!
//! Version 1 files (`moves: [(move: "PQ-33", ..., variations: [[...]])]`, lines nested
//! in lines) are still read.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::game::RecordGame;
use crate::core::game::{Game, Variant};

use super::game::{AnyGame, DERIVED_TAGS, GameRecord, GameResult, Tags};
use super::text::{MAX_VARIATION_DEPTH, clean_message, is_tag_name, shown};
use super::tree::{MarkColor, MarkedCell, Marks, Nag, NodeId};

/// The schema version this code writes.
pub const VERSION: u32 = 2;

/// A whole `.ron` record file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordFile {
    /// Schema version (1 or 2).
    pub version: u32,
    /// The games, in order.
    pub games: Vec<GameData>,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// One game in a `.ron` file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameData {
    /// `Interstellar` or `Triangular`.
    pub variant: String,
    /// Header tags other than Variant, Result, SetUp and Position.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// The start position string for set-up games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Comment before the first move.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// Marks shown with the start position.
    #[serde(skip_serializing_if = "is_default")]
    pub marks: MarksData,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Version 2: the move tree as a flat list (see the module documentation).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<NodeData>,
    /// Version 1: the main line, variations nested in it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveData>,
}

/// One move of the flat move tree (version 2).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NodeData {
    /// The move this one follows: 0 for the start position, `k` for `nodes[k - 1]`;
    /// `None`: the move just before in the list. Written as a bare number.
    #[serde(skip_serializing_if = "Option::is_none", with = "bare_number")]
    pub parent: Option<u32>,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// NAG numbers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comment before the move (first moves of variations only).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment_before: String,
    /// Comment after the move.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment_after: String,
    /// Marks shown after the move.
    #[serde(skip_serializing_if = "is_default")]
    pub marks: MarksData,
}

/// An optional number written as the number alone (`parent:3`), not `Some(3)`.
mod bare_number {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &Option<u32>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(n) => s.serialize_u32(*n),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
        u32::deserialize(d).map(Some)
    }
}

/// One move with its annotations and the variations that replace it (version 1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MoveData {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// NAG numbers.
    pub nags: Vec<u8>,
    /// Comment before the move (first moves of variations only).
    pub comment_before: String,
    /// Comment after the move.
    pub comment_after: String,
    /// Marks shown after the move.
    pub marks: MarksData,
    /// Alternatives to this move, each a line of moves.
    pub variations: Vec<Vec<MoveData>>,
}

/// Marks as text: arrows `G4355` (colour, from-cell, to-cell; `B4-37` where the names
/// alone would not split one way only) and cells `R43`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MarksData {
    /// Arrows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<String>,
    /// Highlighted cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
}

/// A problem in a `.ron` record: where (1-based line and column in the file, and for
/// content the game and field) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RonError {
    /// The file is not valid RON or does not match the schema.
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// 1-based line.
        line: u32,
        /// 1-based column, in characters.
        column: u32,
        /// What is wrong.
        message: String,
    },
    /// A newer schema version than this program knows.
    #[error("{line}:{column}: the file has schema version {version}; this program reads version {VERSION} and older")]
    Version {
        /// The version the file names.
        version: u32,
        /// 1-based line of the version number.
        line: u32,
        /// 1-based column of the version number.
        column: u32,
    },
    /// The content of a game is wrong (unknown variant, bad position, illegal move, a
    /// tag the text format cannot hold, ...).
    #[error("{line}:{column}: game {game}, {field}: {message}")]
    Content {
        /// 1-based game number.
        game: usize,
        /// The field, as a path in the game: `nodes[3].move`, `tags[0].0`, `variant`.
        field: String,
        /// 1-based line of the field (of the nearest enclosing value written in the
        /// file, when the field itself is left out).
        line: u32,
        /// 1-based column, in characters.
        column: u32,
        /// What is wrong.
        message: String,
    },
}

/// One step of a path into a game's data: a field or a list index.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Field(&'static str),
    Index(usize),
    /// A member of a tuple, `.0`.
    Part(usize),
}

/// A content problem before it is located: the path in the game and the message.
#[derive(Clone, Debug)]
struct Problem {
    path: Vec<Step>,
    message: String,
}

impl Problem {
    /// A problem at `path`; its message cleaned as the text reader's are (control
    /// characters escaped, at most 300 characters).
    fn new(path: Vec<Step>, message: impl Into<String>) -> Problem {
        Problem { path, message: clean_message(&message.into()) }
    }
}

fn path_text(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Field(name) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
            }
            Step::Index(k) => {
                let _ = write!(out, "[{k}]");
            }
            Step::Part(k) => {
                let _ = write!(out, ".{k}");
            }
        }
    }
    if out.is_empty() { "game".to_string() } else { out }
}

fn marks_to_data<G: Game>(marks: &Marks<G::Cell>) -> MarksData {
    let name = |c: G::Cell| c.to_string();
    MarksData {
        arrows: marks.arrows.iter().map(super::text::marks::arrow_text::<G>).collect(),
        cells: marks.cells.iter().map(|c| format!("{}{}", c.color.letter(), name(c.cell))).collect(),
    }
}

fn marks_from_data<G: Game>(data: &MarksData, at: &[Step]) -> Result<Marks<G::Cell>, Problem> {
    let here = |field: &'static str, k: usize| {
        let mut path = at.to_vec();
        path.extend([Step::Field("marks"), Step::Field(field), Step::Index(k)]);
        path
    };
    let mut marks = Marks::default();
    for (k, a) in data.arrows.iter().enumerate() {
        let arrow = super::text::marks::parse_arrow::<G>(a).ok_or_else(|| {
            Problem::new(
                here("arrows", k),
                format!("'{}' is not an arrow (colour G, R, B or Y, then two cells)", shown(a)),
            )
        })?;
        marks.arrows.push(arrow);
    }
    for (k, c) in data.cells.iter().enumerate() {
        let mut chars = c.chars();
        let bad = || {
            Problem::new(
                here("cells", k),
                format!("'{}' is not a marked cell (colour G, R, B or Y, then a cell)", shown(c)),
            )
        };
        let color = chars.next().and_then(MarkColor::from_letter).ok_or_else(bad)?;
        let cell = chars.as_str().parse::<G::Cell>().map_err(|_| bad())?;
        marks.cells.push(MarkedCell { color, cell });
    }
    Ok(marks)
}

fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
}

/// Calls `f` with every move of the tree as a [`NodeData`], in list order: each line
/// in playing order, then the variations met along it, the latest branch first (so
/// parents come first, and siblings stay in order). Iterative, however deep.
fn for_each_node<G: Game>(record: &GameRecord<G>, mut f: impl FnMut(NodeData)) {
    let tree = &record.tree;
    // The list number of each arena node written so far (0: the root).
    let mut number = vec![0u32; tree.arena_len()];
    let mut count = 0u32;
    let mut stack: Vec<(NodeId, G)> = Vec::new();
    if let Some(&first) = tree.node(NodeId::ROOT).children.first() {
        stack.push((first, record.start.clone()));
    }
    while let Some((start, mut pos)) = stack.pop() {
        let mut id = start;
        loop {
            let node = tree.node(id);
            let Some(mv) = node.mv else { break };
            let parent = node.parent.unwrap_or(NodeId::ROOT);
            let parent_number = number[parent.0 as usize];
            count += 1;
            number[id.0 as usize] = count;
            f(NodeData {
                parent: (parent_number + 1 != count).then_some(parent_number),
                notation: pos.notation(mv),
                nags: node.nags.iter().map(|n| n.0).collect(),
                comment_before: node.comment_before.clone(),
                comment_after: node.comment_after.clone(),
                marks: marks_to_data::<G>(&node.marks),
            });
            let siblings = &tree.node(parent).children;
            if siblings.first() == Some(&id) {
                for &v in siblings[1..].iter().rev() {
                    stack.push((v, pos.clone()));
                }
            }
            pos.play(mv);
            match node.children.first() {
                Some(&next) => id = next,
                None => break,
            }
        }
    }
}

fn head_to_data<G: Game>(record: &GameRecord<G>) -> GameData {
    let root = record.tree.node(NodeId::ROOT);
    GameData {
        variant: G::VARIANT.name().to_string(),
        tags: record.tags.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        position: record.set_up.then(|| record.start.position_string()),
        comment: root.comment_after.clone(),
        marks: marks_to_data::<G>(&root.marks),
        result: record.result.token().to_string(),
        nodes: Vec::new(),
        moves: Vec::new(),
    }
}

/// The structured form of a game (schema version 2: the moves as a flat list).
pub fn game_to_data<G: Game>(record: &GameRecord<G>) -> GameData {
    let mut data = head_to_data(record);
    for_each_node(record, |n| data.nodes.push(n));
    data
}

fn tags_from_data(variant: Variant, pairs: &[(String, String)]) -> Result<Tags, Problem> {
    let mut tags = Tags::new(variant);
    let mut seen = std::collections::HashMap::new();
    for (k, (name, value)) in pairs.iter().enumerate() {
        let at = |part: usize| vec![Step::Field("tags"), Step::Index(k), Step::Part(part)];
        if !is_tag_name(name) {
            return Err(Problem::new(
                at(0),
                format!(
                    "'{}' is not a tag name (digits if any, a letter, then letters, digits or _ + # = : - / ! ? .)",
                    shown(name)
                ),
            ));
        }
        if DERIVED_TAGS.contains(&name.as_str()) {
            return Err(Problem::new(
                at(0),
                format!("{name} is written from the game itself (its variant, result and start), not from a tag"),
            ));
        }
        if let Some(first) = seen.insert(name.as_str(), k) {
            return Err(Problem::new(at(0), format!("tag {name} is already given as tags[{first}]")));
        }
        if value.contains(['\n', '\r']) {
            return Err(Problem::new(at(1), format!("the value of tag {name} holds a line break")));
        }
        tags.set(name, value);
    }
    Ok(tags)
}

/// Annotations of one move from `data`, at `path` (`nodes[3]`).
#[allow(clippy::too_many_arguments)]
fn annotate<G: Game>(
    record: &mut GameRecord<G>,
    parent: NodeId,
    node: NodeId,
    nags: &[u8],
    comment_before: &str,
    comment_after: &str,
    marks: &MarksData,
    path: &[Step],
) -> Result<(), Problem> {
    record.tree.set_nags(node, nags.iter().map(|&n| Nag(n)).collect());
    if !comment_before.is_empty() && !record.tree.set_comment_before(node, comment_before) {
        // Text before a move that starts no variation is the previous move's comment.
        let joined = format!("{} {comment_before}", record.tree.node(parent).comment_after);
        record.tree.set_comment_after(parent, &joined);
    }
    record.tree.set_comment_after(node, comment_after);
    let marks = marks_from_data::<G>(marks, path)?;
    record.tree.set_marks(node, marks);
    Ok(())
}

fn nodes_from_data<G: Game>(record: &mut GameRecord<G>, nodes: &[NodeData]) -> Result<(), Problem> {
    let here = |k: usize, field: &'static str| vec![Step::Field("nodes"), Step::Index(k), Step::Field(field)];
    // Which list numbers are named as a parent: their positions are kept for later.
    let mut branch = vec![false; nodes.len() + 1];
    for (k, data) in nodes.iter().enumerate() {
        if let Some(p) = data.parent {
            let Some(slot) = branch.get_mut(p as usize).filter(|_| (p as usize) <= k) else {
                return Err(Problem::new(
                    here(k, "parent"),
                    format!(
                        "parent {p} is not an earlier move (0 for the start, 1 to {k} for nodes[0] to nodes[{k}] - 1)"
                    ),
                ));
            };
            *slot = true;
        }
    }
    let mut ids = Vec::with_capacity(nodes.len() + 1);
    ids.push(NodeId::ROOT);
    let mut depths: Vec<u32> = Vec::with_capacity(nodes.len() + 1);
    depths.push(0);
    let mut kept = std::collections::HashMap::new();
    if branch[0] {
        kept.insert(0, record.start.clone());
    }
    // `pos` is the position after the move numbered `at` (0: the start).
    let mut pos = record.start.clone();
    let mut at = 0;
    for (k, data) in nodes.iter().enumerate() {
        let parent = data.parent.map_or(k, |p| p as usize);
        if parent != at {
            pos = kept.get(&parent).cloned().ok_or_else(|| Problem::new(here(k, "parent"), "no such move"))?;
        }
        let mv = pos.parse_move(&data.notation).map_err(|e| {
            Problem::new(
                here(k, "move"),
                format!("illegal move '{}': {}", shown(&data.notation), one_line(&e.to_string())),
            )
        })?;
        let parent_id = ids[parent];
        if record.tree.child_with_move(parent_id, mv).is_some() {
            return Err(Problem::new(
                here(k, "move"),
                format!(
                    "'{}' is already a continuation of the same move (a variation is another move)",
                    shown(&data.notation)
                ),
            ));
        }
        let node = record.tree.add_move(parent_id, mv);
        let depth = depths[parent] + u32::from(record.tree.starts_variation(node));
        if depth as usize > MAX_VARIATION_DEPTH {
            return Err(Problem::new(
                here(k, "parent"),
                format!("variations nested more than {MAX_VARIATION_DEPTH} deep (the text format's limit)"),
            ));
        }
        let path = [Step::Field("nodes"), Step::Index(k)];
        annotate(record, parent_id, node, &data.nags, &data.comment_before, &data.comment_after, &data.marks, &path)?;
        pos.play(mv);
        at = k + 1;
        ids.push(node);
        depths.push(depth);
        if branch[at] {
            kept.insert(at, pos.clone());
        }
    }
    Ok(())
}

/// Reads a version 1 line (variations nested in it; the nesting is bounded by the RON
/// reader's recursion limit).
fn line_from_data<G: Game>(
    record: &mut GameRecord<G>,
    parent: NodeId,
    position: &G,
    line: &[MoveData],
    path: &[Step],
) -> Result<(), Problem> {
    let mut at = parent;
    let mut pos = position.clone();
    for (k, data) in line.iter().enumerate() {
        let mut here = path.to_vec();
        here.push(Step::Index(k));
        let mv = pos.parse_move(&data.notation).map_err(|e| {
            let mut field = here.clone();
            field.push(Step::Field("move"));
            Problem::new(field, format!("illegal move '{}': {}", shown(&data.notation), one_line(&e.to_string())))
        })?;
        let node = record.tree.add_move(at, mv);
        annotate(record, at, node, &data.nags, &data.comment_before, &data.comment_after, &data.marks, &here)?;
        for (v, variation) in data.variations.iter().enumerate() {
            let mut inner = here.clone();
            inner.extend([Step::Field("variations"), Step::Index(v)]);
            line_from_data(record, at, &pos, variation, &inner)?;
        }
        pos.play(mv);
        at = node;
    }
    Ok(())
}

fn record_from_data<G: Game>(data: &GameData, version: u32) -> Result<GameRecord<G>, Problem> {
    let mut record = match &data.position {
        Some(text) => {
            let start = G::from_position_string(text).map_err(|e| {
                Problem::new(vec![Step::Field("position")], format!("invalid position: {}", one_line(&e.to_string())))
            })?;
            let mut r = GameRecord::from_position(start);
            r.set_up = true;
            r
        }
        None => GameRecord::new(),
    };
    record.tags = tags_from_data(G::VARIANT, &data.tags)?;
    let result_problem = |m: &str| Problem::new(vec![Step::Field("result")], m);
    record.result = if data.result.is_empty() {
        GameResult::Unknown
    } else {
        GameResult::from_token(&data.result).ok_or_else(|| {
            result_problem(&format!("'{}' is not a result (1-0, 0-1, 1/2-1/2, *)", shown(&data.result)))
        })?
    };
    if record.result == GameResult::Draw && G::VARIANT == Variant::Interstellar {
        return Err(result_problem("Interstellar has no draws: the result is 1-0, 0-1 or *"));
    }
    record.tree.set_comment_after(NodeId::ROOT, &data.comment);
    record.tree.set_marks(NodeId::ROOT, marks_from_data::<G>(&data.marks, &[])?);
    if version >= 2 {
        nodes_from_data(&mut record, &data.nodes)?;
    } else {
        let start = record.start.clone();
        line_from_data(&mut record, NodeId::ROOT, &start, &data.moves, &[Step::Field("moves")])?;
    }
    Ok(record)
}

/// Builds a game from its structured form, read as schema `version` (`nodes` from
/// version 2 on, `moves` in version 1).
///
/// # Errors
/// A message naming the field (`nodes[3].move: illegal move …`, `tags[0].0: …`).
pub fn game_from_data<G: Game>(data: &GameData, version: u32) -> Result<GameRecord<G>, String> {
    record_from_data(data, version).map_err(|p| format!("{}: {}", path_text(&p.path), p.message))
}

fn write_game_ron<G: Game>(record: &GameRecord<G>, out: &mut String) {
    // The header, compact, without its closing parenthesis; then the nodes, one a line.
    let head = ron::ser::to_string(&head_to_data(record)).unwrap_or_else(|_| "(".to_string());
    out.push_str(head.strip_suffix(')').unwrap_or(&head));
    out.push_str(",nodes:[\n");
    for_each_node(record, |node| {
        if let Ok(line) = ron::ser::to_string(&node) {
            out.push_str(&line);
            out.push_str(",\n");
        }
    });
    out.push_str("]),\n");
}

/// Writes games as a `.ron` record file: schema version 2, compact, one move a line.
///
/// ```
/// use orrery::core::triangular::Position;
/// use orrery::record::ron_file::{read_ron, write_ron};
/// use orrery::record::{AnyGame, GameRecord, NodeId};
///
/// let mut game: GameRecord<Position> = GameRecord::new();
/// let first = game.add_move_text(NodeId::ROOT, "Nbd3d")?;
/// game.tree.set_comment_after(first, "the b-file knight");
/// let text = write_ron(&[AnyGame::Triangular(game.clone())]);
/// assert!(text.contains("version:2"), "{text}");
/// assert!(text.contains("(move:\"Nbd3d\",comment_after:\"the b-file knight\"),"), "{text}");
/// let (games, errors) = read_ron(&text);
/// assert!(errors.is_empty(), "{errors:?}");
/// assert_eq!(games, [AnyGame::Triangular(game)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_ron<G: std::borrow::Borrow<AnyGame>>(games: &[G]) -> String {
    let mut out = ron_start();
    for game in games {
        out.push_str(&ron_game(game.borrow()));
    }
    out.push_str(RON_END);
    out
}

/// The start of a `.ron` record file, before its first game (for writing game by game:
/// `ron_start()`, then [`ron_game`] for each game, then [`RON_END`]; the same text as
/// [`write_ron`]).
pub fn ron_start() -> String {
    format!("(version:{VERSION},games:[\n")
}

/// One game of a `.ron` record file, as [`write_ron`] writes it (lines ending in `\n`).
pub fn ron_game(game: &AnyGame) -> String {
    let mut out = String::new();
    crate::with_game!(game, r => write_game_ron(r, &mut out));
    out
}

/// The end of a `.ron` record file, after its last game.
pub const RON_END: &str = "])\n";

/// Reads a `.ron` record file (schema version 1 or 2). Games that cannot be built are
/// reported, located at the field that is wrong, and skipped; the others are returned
/// (after a syntax error, those before it).
pub fn read_ron(text: &str) -> (Vec<AnyGame>, Vec<RonError>) {
    let mut games = Vec::new();
    let (_, errors) = read_ron_each(text, &mut |_, game| games.push(game));
    (games, errors)
}

/// Reads a `.ron` record file as [`read_ron`] does, handing each game to `each` with
/// its 1-based number in the file as soon as it is built, so that only one game is held at a time (for converting big files).
/// Returns how many games the file lists (built or not) and every problem. A file of a
/// newer schema version (its `version` before its games, as Orrery writes it) yields
/// no game.
pub fn read_ron_each(text: &str, each: &mut dyn FnMut(usize, AnyGame)) -> (usize, Vec<RonError>) {
    let mut locator = Locator::new(text);
    let options = ron::Options::default().with_recursion_limit(256);
    let mut problems = Vec::new();
    let mut count = 0usize;
    let seed = FileSeed { each, problems: &mut problems, count: &mut count };
    let version = match options.from_str_seed(text, seed) {
        Ok(v) => v,
        Err(e) => {
            let (line, column) = (e.span.start.line.max(1), e.span.start.col.max(1));
            let offset = locator.offset_of(line, column);
            let field = locator.field_at(offset);
            let message = if field.is_empty() { e.code.to_string() } else { format!("{field}: {}", e.code) };
            let message = clean_message(&message);
            return (count, vec![RonError::Syntax { line: line as u32, column: column as u32, message }]);
        }
    };
    if version > VERSION {
        let (line, column) = locator.position(locator.root_field("version"));
        return (count, vec![RonError::Version { version, line, column }]);
    }
    let errors = problems
        .into_iter()
        .map(|(k, problem)| {
            let offset = locator.game_field(k, &problem.path);
            let (line, column) = locator.position(offset);
            RonError::Content { game: k + 1, field: path_text(&problem.path), line, column, message: problem.message }
        })
        .collect();
    (count, errors)
}

/// Reads a file's fields (`version`, `games`), handing each game on as it is built;
/// its value is the file's schema version (0 when absent).
struct FileSeed<'f> {
    each: &'f mut dyn FnMut(usize, AnyGame),
    problems: &'f mut Vec<(usize, Problem)>,
    count: &'f mut usize,
}

impl<'de> serde::de::DeserializeSeed<'de> for FileSeed<'_> {
    type Value = u32;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<u32, D::Error> {
        deserializer.deserialize_struct("ReadFile", &["version", "games"], self)
    }
}

impl<'de> serde::de::Visitor<'de> for FileSeed<'_> {
    type Value = u32;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a record file: (version: N, games: [...])")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<u32, A::Error> {
        let mut version = 0;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "version" => version = map.next_value()?,
                // A newer schema's games are not read as this one's.
                "games" if version > VERSION => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
                "games" => map.next_value_seed(GamesSeed {
                    each: &mut *self.each,
                    problems: &mut *self.problems,
                    count: &mut *self.count,
                })?,
                _ => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(version)
    }
}

/// Reads the list of games, building each as soon as it is read, so the structured
/// form of only one game is held at a time.
struct GamesSeed<'f> {
    each: &'f mut dyn FnMut(usize, AnyGame),
    problems: &'f mut Vec<(usize, Problem)>,
    count: &'f mut usize,
}

impl<'de> serde::de::DeserializeSeed<'de> for GamesSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for GamesSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of games")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(data) = seq.next_element::<GameData>()? {
            match build_game(&data) {
                Ok(game) => (self.each)(*self.count + 1, game),
                Err(problem) => self.problems.push((*self.count, problem)),
            }
            *self.count += 1;
        }
        Ok(())
    }
}

/// Builds one game; its version is told by its fields (`nodes` from version 2 on,
/// `moves` in version 1), as the file's `version` may come after its games.
fn build_game(data: &GameData) -> Result<AnyGame, Problem> {
    let version = if data.nodes.is_empty() && !data.moves.is_empty() { 1 } else { VERSION };
    match data.variant.parse::<Variant>() {
        Err(e) => Err(Problem::new(vec![Step::Field("variant")], e.to_string())),
        Ok(variant) => crate::with_variant!(variant, G => record_from_data::<G>(data, version).map(G::into_any)),
    }
}

/// Finds where values stand in a RON text: a scanner that knows only brackets,
/// strings, comments and `name:` fields, enough to follow a path. Each question scans
/// only the containers on the path, and the games' offsets are found once, so locating
/// every error of a file takes time linear in the file.
struct Locator<'a> {
    text: &'a str,
    line_starts: Option<Vec<usize>>,
    games: Option<Vec<usize>>,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Locator<'a> {
        Locator { text, line_starts: None, games: None }
    }

    fn line_starts(&mut self) -> &[usize] {
        let text = self.text;
        self.line_starts.get_or_insert_with(|| {
            std::iter::once(0)
                .chain(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(k, _)| k + 1))
                .collect()
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    fn position(&mut self, offset: usize) -> (u32, u32) {
        let text = self.text;
        let offset = offset.min(text.len());
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let start = starts[line - 1];
        let column = text.get(start..offset).map_or(0, |s| s.chars().count()) + 1;
        (line as u32, column as u32)
    }

    /// The byte offset of a 1-based line and column (in characters).
    fn offset_of(&mut self, line: usize, column: usize) -> usize {
        let text = self.text;
        let starts = self.line_starts();
        let Some(&start) = starts.get(line - 1) else { return text.len() };
        let rest = &text[start..];
        rest.char_indices().nth(column - 1).map_or(text.len(), |(k, _)| start + k)
    }

    fn root_field(&self, name: &str) -> usize {
        children(self.text, 0).into_iter().find(|(n, _)| *n == Some(name)).map_or(0, |(_, at)| at)
    }

    /// The offset of `path` in game `game` (0-based); the nearest enclosing value when
    /// the path leads to a field left out.
    fn game_field(&mut self, game: usize, path: &[Step]) -> usize {
        let text = self.text;
        let games = self.games.get_or_insert_with(|| {
            let list = children(text, 0).into_iter().find(|(n, _)| *n == Some("games"));
            list.map(|(_, at)| children(text, at).into_iter().map(|(_, at)| at).collect()).unwrap_or_default()
        });
        let Some(&start) = games.get(game) else { return 0 };
        let mut at = start;
        for step in path {
            let kids = children(text, at);
            let next = match step {
                Step::Field(name) => kids.iter().find(|(n, _)| n == &Some(*name)).map(|&(_, o)| o),
                Step::Index(k) | Step::Part(k) => kids.get(*k).map(|&(_, o)| o),
            };
            match next {
                Some(o) => at = o,
                None => break,
            }
        }
        at
    }

    /// The path of the value around `offset`, as `game 2, nodes[3].nags` (empty at the
    /// top level).
    fn field_at(&self, offset: usize) -> String {
        let mut game = None;
        let mut rest = String::new();
        let mut at = 0;
        let mut depth = 0;
        loop {
            let kids = children(self.text, at);
            let Some(k) = kids.iter().rposition(|&(_, o)| o <= offset) else { break };
            let (name, o) = kids[k];
            if depth == 1 && game.is_none() && rest == "games" {
                game = Some(k + 1);
                rest.clear();
            } else {
                match name {
                    Some(n) => {
                        if !rest.is_empty() {
                            rest.push('.');
                        }
                        rest.push_str(n);
                    }
                    None => {
                        let _ = write!(rest, "[{k}]");
                    }
                }
            }
            if o == at {
                break;
            }
            at = o;
            depth += 1;
        }
        match (game, rest.is_empty()) {
            (Some(g), true) => format!("game {g}"),
            (Some(g), false) => format!("game {g}, {rest}"),
            (None, _) => rest,
        }
    }
}

/// Skips whitespace and comments (`// …` and nested `/* … */`).
fn skip_blank(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0usize;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else {
            return i;
        }
    }
}

fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i
}

/// The end of a quoted string or character starting at `i` (its quote `q`).
fn skip_quoted(b: &[u8], mut i: usize, q: u8) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == q => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The end of a raw string `r#"…"#` starting at `i`, or `None` when there is none.
fn skip_raw(b: &[u8], i: usize) -> Option<usize> {
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    if b.get(i + 1 + hashes) != Some(&b'"') {
        return None;
    }
    let mut j = i + 2 + hashes;
    while j < b.len() {
        if b[j] == b'"' && b[j + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

/// The values directly inside the container (struct, tuple, list, map, `Some(…)`) that
/// starts at `at`: for each, its field name (for `name: value`) and its offset.
fn children(text: &str, at: usize) -> Vec<(Option<&str>, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = skip_blank(b, at);
    let name_end = ident_end(b, i);
    if name_end > i {
        i = skip_blank(b, name_end);
    }
    if !matches!(b.get(i), Some(b'(' | b'[' | b'{')) {
        return out;
    }
    i += 1;
    loop {
        i = skip_blank(b, i);
        if i >= b.len() || matches!(b[i], b')' | b']' | b'}') {
            return out;
        }
        let end = ident_end(b, i);
        let colon = skip_blank(b, end);
        let value = if end > i && b.get(colon) == Some(&b':') {
            let v = skip_blank(b, colon + 1);
            out.push((text.get(i..end), v));
            v
        } else {
            out.push((None, i));
            i
        };
        let mut depth = 0usize;
        let mut j = value;
        loop {
            let Some(&c) = b.get(j) else { return out };
            match c {
                b'"' => j = skip_quoted(b, j, b'"'),
                b'\'' => j = skip_quoted(b, j, b'\''),
                b'/' if matches!(b.get(j + 1), Some(b'/' | b'*')) => j = skip_blank(b, j),
                b'r' if (j == 0 || !b[j - 1].is_ascii_alphanumeric()) && skip_raw(b, j).is_some() => {
                    j = skip_raw(b, j).unwrap_or(b.len());
                }
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    j += 1;
                }
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return out;
                    }
                    depth -= 1;
                    j += 1;
                }
                b',' if depth == 0 => {
                    i = j + 1;
                    break;
                }
                _ => j += 1,
            }
        }
    }
}
