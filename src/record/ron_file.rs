//! Record files in RON: the same game tree as the text format, in structured form.
//!
//! Schema `version: 1` (extension `.ron`):
//!
//! ```text
//! (version: 1, games: [(
//!     variant: "Interstellar",
//!     tags: [("Event", "Club"), ...],
//!     position: Some("p7Q/... -"),     // set-up games only
//!     comment: "...", marks: (arrows: ["G4355"], cells: ["R43"]),
//!     moves: [(move: "PQ-33", nags: [1], comment_before: "", comment_after: "...",
//!              marks: (...), variations: [[(move: "PQ-23", ...)]]), ...],
//!     result: "*",
//! )])
//! ```
//!
//! Lines are flat lists (a 10,000-ply game nests no deeper than its variations). Every
//! field has a default, and unknown fields are ignored, so files from later versions
//! that only add fields stay readable.

use serde::{Deserialize, Serialize};

use crate::core::game::{Game, Variant};
use crate::core::{interstellar, triangular};

use super::game::{AnyGame, GameRecord, GameResult, Tags};
use super::tree::{Arrow, MarkColor, MarkedCell, Marks, Nag, NodeId};

/// The schema version this code writes.
pub const VERSION: u32 = 1;

/// A whole `.ron` record file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordFile {
    /// Schema version (1).
    pub version: u32,
    /// The games, in order.
    pub games: Vec<GameData>,
}

/// One game in a `.ron` file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameData {
    /// `Interstellar` or `Triangular`.
    pub variant: String,
    /// Header tags other than Variant, Result, SetUp and Position.
    pub tags: Vec<(String, String)>,
    /// The start position string for set-up games.
    pub position: Option<String>,
    /// Comment before the first move.
    pub comment: String,
    /// Marks shown with the start position.
    pub marks: MarksData,
    /// The main line.
    pub moves: Vec<MoveData>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// One move with its annotations and the variations that replace it.
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

/// Marks as text: arrows `G4355` (colour, from-cell, to-cell) and cells `R43`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MarksData {
    /// Arrows.
    pub arrows: Vec<String>,
    /// Highlighted cells.
    pub cells: Vec<String>,
}

/// A problem in a `.ron` record: where (line and column for syntax, or game and move
/// for content) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RonError {
    /// The file is not valid RON or does not match the schema.
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What is wrong.
        message: String,
    },
    /// A newer schema version than this program knows.
    #[error("the file has schema version {0}; this program reads version {VERSION} and older")]
    Version(u32),
    /// The content of a game is wrong (unknown variant, bad position, illegal move, ...).
    #[error("game {game}: {message}")]
    Content {
        /// 1-based game number.
        game: usize,
        /// What is wrong, and at which move.
        message: String,
    },
}

fn marks_to_data<G: Game>(marks: &Marks<G::Cell>) -> MarksData {
    let name = |c: G::Cell| c.to_string();
    MarksData {
        arrows: marks.arrows.iter().map(|a| format!("{}{}{}", a.color.letter(), name(a.from), name(a.to))).collect(),
        cells: marks.cells.iter().map(|c| format!("{}{}", c.color.letter(), name(c.cell))).collect(),
    }
}

fn marks_from_data<G: Game>(data: &MarksData) -> Result<Marks<G::Cell>, String> {
    let mut marks = Marks::default();
    for a in &data.arrows {
        let mut chars = a.chars();
        let color =
            chars.next().and_then(MarkColor::from_letter).ok_or_else(|| format!("bad arrow colour in '{a}'"))?;
        let cells = chars.as_str();
        let arrow = (1..cells.len())
            .filter(|&k| cells.is_char_boundary(k))
            .find_map(|k| {
                Some(Arrow {
                    color,
                    from: cells[..k].parse::<G::Cell>().ok()?,
                    to: cells[k..].parse::<G::Cell>().ok()?,
                })
            })
            .ok_or_else(|| format!("'{a}' is not an arrow between two cells"))?;
        marks.arrows.push(arrow);
    }
    for c in &data.cells {
        let mut chars = c.chars();
        let color = chars.next().and_then(MarkColor::from_letter).ok_or_else(|| format!("bad cell colour in '{c}'"))?;
        let cell = chars.as_str().parse::<G::Cell>().ok().ok_or_else(|| format!("'{c}' is not a marked cell"))?;
        marks.cells.push(MarkedCell { color, cell });
    }
    Ok(marks)
}

fn line_to_data<G: Game>(record: &GameRecord<G>, first: NodeId, position: G) -> Vec<MoveData> {
    let tree = &record.tree;
    let mut out = Vec::new();
    let mut pos = position;
    let mut id = first;
    loop {
        let node = tree.node(id);
        let Some(mv) = node.mv else { break };
        let mut data = MoveData {
            notation: pos.notation(mv),
            nags: node.nags.iter().map(|n| n.0).collect(),
            comment_before: node.comment_before.clone(),
            comment_after: node.comment_after.clone(),
            marks: marks_to_data::<G>(&node.marks),
            variations: Vec::new(),
        };
        if let Some(parent) = node.parent {
            let siblings = &tree.node(parent).children;
            if siblings.first() == Some(&id) {
                data.variations = siblings[1..].iter().map(|&v| line_to_data(record, v, pos.clone())).collect();
            }
        }
        out.push(data);
        pos.play(mv);
        match node.children.first() {
            Some(&next) => id = next,
            None => break,
        }
    }
    out
}

/// The structured form of a game.
pub fn game_to_data<G: Game>(record: &GameRecord<G>) -> GameData {
    let root = record.tree.node(NodeId::ROOT);
    GameData {
        variant: G::VARIANT.name().to_string(),
        tags: record.tags.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        position: record.set_up.then(|| record.start.position_string()),
        comment: root.comment_after.clone(),
        marks: marks_to_data::<G>(&root.marks),
        moves: root.children.first().map(|&f| line_to_data(record, f, record.start.clone())).unwrap_or_default(),
        result: record.result.token().to_string(),
    }
}

fn line_from_data<G: Game>(
    record: &mut GameRecord<G>,
    parent: NodeId,
    position: &G,
    line: &[MoveData],
    path: &str,
) -> Result<(), String> {
    let mut at = parent;
    let mut pos = position.clone();
    for (k, data) in line.iter().enumerate() {
        let here = format!("{path}move {} '{}'", k + 1, data.notation);
        let mv = pos.parse_move(&data.notation).map_err(|e| format!("{here}: {e}"))?;
        let node = record.tree.add_move(at, mv);
        record.tree.set_nags(node, data.nags.iter().map(|&n| Nag(n)).collect());
        if !data.comment_before.is_empty() && !record.tree.set_comment_before(node, &data.comment_before) {
            let joined = format!("{} {}", record.tree.node(at).comment_after, data.comment_before);
            record.tree.set_comment_after(at, &joined);
        }
        record.tree.set_comment_after(node, &data.comment_after);
        record.tree.set_marks(node, marks_from_data::<G>(&data.marks).map_err(|e| format!("{here}: {e}"))?);
        for (v, variation) in data.variations.iter().enumerate() {
            line_from_data(record, at, &pos, variation, &format!("{here}, variation {}, ", v + 1))?;
        }
        pos.play(mv);
        at = node;
    }
    Ok(())
}

/// Builds a game from its structured form.
///
/// # Errors
/// A message naming the move (and variation) that is illegal, or the bad position,
/// marks or result.
pub fn game_from_data<G: Game>(data: &GameData) -> Result<GameRecord<G>, String> {
    let mut record = match &data.position {
        Some(text) => {
            let start = G::from_position_string(text)
                .map_err(|e| format!("invalid position: {}", e.to_string().replace('\n', "; ")))?;
            let mut r = GameRecord::from_position(start);
            r.set_up = true;
            r
        }
        None => GameRecord::new(),
    };
    let mut tags = Tags::new(G::VARIANT);
    for (k, v) in &data.tags {
        tags.set(k, v);
    }
    record.tags = tags;
    record.result = if data.result.is_empty() {
        GameResult::Unknown
    } else {
        GameResult::from_token(&data.result)
            .ok_or_else(|| format!("'{}' is not a result (1-0, 0-1, 1/2-1/2, *)", data.result))?
    };
    if record.result == GameResult::Draw && G::VARIANT == Variant::Interstellar {
        return Err("Interstellar has no draws: the result is 1-0, 0-1 or *".into());
    }
    record.tree.set_comment_after(NodeId::ROOT, &data.comment);
    record.tree.set_marks(NodeId::ROOT, marks_from_data::<G>(&data.marks)?);
    let start = record.start.clone();
    line_from_data(&mut record, NodeId::ROOT, &start, &data.moves, "")?;
    Ok(record)
}

/// Writes games as a `.ron` record file (pretty-printed).
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
/// assert!(text.contains("version: 1"), "{text}");
/// let (games, errors) = read_ron(&text);
/// assert!(errors.is_empty(), "{errors:?}");
/// assert_eq!(games, [AnyGame::Triangular(game)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_ron(games: &[AnyGame]) -> String {
    let file = RecordFile {
        version: VERSION,
        games: games.iter().map(|g| crate::with_game!(g, r => game_to_data(r))).collect(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(false);
    ron::ser::to_string_pretty(&file, config).unwrap_or_default() + "\n"
}

/// Reads a `.ron` record file. Games that cannot be built are reported and skipped;
/// the others are returned.
pub fn read_ron(text: &str) -> (Vec<AnyGame>, Vec<RonError>) {
    let options = ron::Options::default().with_recursion_limit(256);
    let file: RecordFile = match options.from_str(text) {
        Ok(f) => f,
        Err(e) => {
            return (
                Vec::new(),
                vec![RonError::Syntax {
                    line: e.span.start.line as u32,
                    column: e.span.start.col as u32,
                    message: e.code.to_string(),
                }],
            );
        }
    };
    if file.version > VERSION {
        return (Vec::new(), vec![RonError::Version(file.version)]);
    }
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for (k, data) in file.games.iter().enumerate() {
        let built = match data.variant.parse::<Variant>() {
            Err(e) => Err(e.to_string()),
            Ok(Variant::Interstellar) => game_from_data::<interstellar::Position>(data).map(AnyGame::Interstellar),
            Ok(Variant::Triangular) => game_from_data::<triangular::Position>(data).map(AnyGame::Triangular),
        };
        match built {
            Ok(g) => games.push(g),
            Err(message) => errors.push(RonError::Content { game: k + 1, message }),
        }
    }
    (games, errors)
}
