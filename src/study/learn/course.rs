//! The lessons as data: a [`Course`] of [`Stage`]s of [`Level`]s, read from RON
//! (`assets/learn/<game>.ron`), and a level read for its game ([`LevelSetup`]).

use serde::{Deserialize, Serialize};

use crate::core::{BoardSetup, Game, Variant};

/// A course: the stages that teach one game, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Course {
    /// The game's key: `interstellar`, `triangular` or `draughts` ([`Variant::key`]).
    pub variant: String,
    /// The course's title ("Learn Interstellar").
    pub title: String,
    /// A paragraph shown above the stage map.
    pub intro: String,
    /// The stages, in the order they are taught.
    pub stages: Vec<Stage>,
}

/// A stage: a subject (a piece, a rule, an ending) taught by a few levels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    /// A short key, unique in the course, that names the stage in saved progress
    /// (`quasar`).
    pub key: String,
    /// The stage's title on the stage map ("The quasar").
    pub title: String,
    /// What the stage teaches, shown before its first level.
    pub intro: String,
    /// The levels, in order.
    pub levels: Vec<Level>,
}

/// A level: a position, what to bring about, and the fewest moves that do it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// The instruction shown beside the board.
    pub text: String,
    /// The position, as the game's position string (the side to move is the learner).
    pub position: String,
    /// Moves played from `position` before the level starts, in the game's notation
    /// (for a lesson on repetitions, whose history matters); usually empty.
    #[serde(default)]
    pub moves: Vec<String>,
    /// What to bring about.
    pub goal: Goal,
    /// The fewest of the learner's moves that reach the goal (three stars for as
    /// few); `None` only for [`Goal::Game`].
    #[serde(default)]
    pub par: Option<u32>,
    /// The headings of the rules page this level teaches (`docs/rules-*.md`, `##` or
    /// `###` headings, text as written).
    #[serde(default)]
    pub teaches: Vec<String>,
    /// Shown when the level is done (what it taught, in a sentence); optional.
    #[serde(default)]
    pub success: Option<String>,
}

/// What a level asks for. The learner is the side to move in the level's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// Collect the coins on these cells (the game's cell names): land on every one with the learner's
    /// pieces. The other side does not move; a move that leaves a learner's piece where
    /// an enemy piece could capture it fails.
    Coins(Vec<String>),
    /// Capture every piece of the other side but its planet or king. The other side
    /// does not move; a move that leaves a learner's piece where it could be captured
    /// fails.
    CaptureAll,
    /// Win within par moves against any defence (the solver's "win in N"; in
    /// Triangular, checkmate).
    Win,
    /// Interstellar: Target Out within par moves against any defence.
    TargetOut,
    /// One move after which the other side cannot win within this many of its moves
    /// (par is 1).
    Escape(u32),
    /// One move after which the game is drawn, or the learner may claim a draw (par
    /// is 1).
    Draw,
    /// A game against the computer at this level (1–8) from the position, won by the
    /// learner; no par.
    Game(u8),
}

impl Goal {
    /// Whether the other side stands still (coins and captures): the learner moves
    /// again after each move.
    pub fn other_side_passes(&self) -> bool {
        matches!(self, Goal::Coins(_) | Goal::CaptureAll)
    }

    /// A few words for the stage map and the checker's lines: "collect 3 coins",
    /// "win in 2".
    pub fn describe(&self, par: u32) -> String {
        let moves = |n: u32| if n == 1 { "1 move".to_string() } else { format!("{n} moves") };
        match self {
            Goal::Coins(cells) => format!("collect {} coin{} in {}", cells.len(), plural(cells.len()), moves(par)),
            Goal::CaptureAll => format!("capture everything in {}", moves(par)),
            Goal::Win => format!("win in {}", moves(par)),
            Goal::TargetOut => format!("Target Out in {}", moves(par)),
            Goal::Escape(n) => format!("escape (no loss within {})", moves(*n)),
            Goal::Draw => "draw in 1 move".to_string(),
            Goal::Game(level) => format!("beat level {level}"),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The stars a finished level earns, 1 to 3. Coins and captures count moves: par or
/// fewer gives 3, up to a quarter more (at least one more) gives 2, more gives 1.
/// Other goals count the tries that failed before: none gives 3, one gives 2, more 1.
pub fn stars_for(goal: &Goal, par: u32, moves: u32, failures: u32) -> u8 {
    if goal.other_side_passes() {
        let slack = par.div_ceil(4).max(1);
        if moves <= par {
            3
        } else if moves <= par + slack {
            2
        } else {
            1
        }
    } else {
        match failures {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }
}

/// Why a course's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CourseError {
    /// The RON text is not a course: where and why.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// The course names a game that does not exist.
    #[error("unknown game `{0}` (expected interstellar, triangular or draughts)")]
    UnknownVariant(String),
}

/// Why a level cannot be played: its data does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// The position string was refused (every problem, one a line).
    #[error("the position `{text}` is not valid: {why}")]
    Position {
        /// The position string.
        text: String,
        /// Why.
        why: String,
    },
    /// An earlier move does not read or is not legal.
    #[error("earlier move {index} `{text}`: {why}")]
    Move {
        /// 1-based index in `moves`.
        index: usize,
        /// The move's text.
        text: String,
        /// Why.
        why: String,
    },
    /// A coin's cell name does not read.
    #[error("`{0}` is not a cell of this board")]
    Cell(String),
    /// A coin stands on one of the learner's own pieces, or twice on a cell.
    #[error("the coin on {0} stands on the learner's own piece or on a cell given twice")]
    CoinCell(String),
    /// The game is over in the level's position.
    #[error("the game is already over: {0}")]
    Over(String),
    /// Par is missing, zero, or given to a game level; or not 1 for an escape or a draw.
    #[error("{0}")]
    Par(String),
    /// The goal does not exist in the game.
    #[error("{0}")]
    Goal(String),
}

impl Course {
    /// Reads a course from RON text.
    ///
    /// # Errors
    /// [`CourseError::Syntax`] with the place when the text is not a course;
    /// [`CourseError::UnknownVariant`] when the game's key is unknown.
    pub fn read(text: &str) -> Result<Course, CourseError> {
        let course: Course = ron::from_str(text).map_err(|e| CourseError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })?;
        course.game()?;
        Ok(course)
    }

    /// The course of `variant` shipped with Orrery (`assets/learn/<key>.ron`, compiled
    /// in; the test suite checks every one).
    ///
    /// # Errors
    /// As [`Course::read`]: only if the shipped file is broken.
    pub fn builtin(variant: Variant) -> Result<Course, CourseError> {
        Course::read(match variant {
            Variant::Interstellar => include_str!("../../../assets/learn/interstellar.ron"),
            Variant::Triangular => include_str!("../../../assets/learn/triangular.ron"),
            Variant::Draughts => include_str!("../../../assets/learn/draughts.ron"),
        })
    }

    /// The course's game.
    ///
    /// # Errors
    /// [`CourseError::UnknownVariant`] when `variant` is not a game's key.
    pub fn game(&self) -> Result<Variant, CourseError> {
        self.variant.parse().map_err(|_| CourseError::UnknownVariant(self.variant.clone()))
    }

    /// The key that names level `level` (0-based) of stage `stage` (0-based) in saved
    /// progress: `interstellar/quasar/2` (the level 1-based).
    pub fn level_key(&self, stage: usize, level: usize) -> String {
        let key = self.stages.get(stage).map_or("?", |s| s.key.as_str());
        format!("{}/{key}/{}", self.variant, level + 1)
    }

    /// Every level, with its stage's and its own 0-based index.
    pub fn levels(&self) -> impl Iterator<Item = (usize, usize, &Level)> {
        self.stages
            .iter()
            .enumerate()
            .flat_map(|(s, stage)| stage.levels.iter().enumerate().map(move |(l, level)| (s, l, level)))
    }
}

/// A level read for its game: the position to play from (after the earlier moves),
/// the keys of the positions so far (for repetitions), the star cells, the goal and par.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelSetup<G: Game> {
    /// The position the learner moves from.
    pub start: G,
    /// The Zobrist keys of every position from the level's position string on, the
    /// start's last.
    pub history: Vec<u64>,
    /// The cells to land on ([`Goal::Coins`]; empty otherwise), in the level's order.
    pub coins: Vec<G::Cell>,
    /// What to bring about.
    pub goal: Goal,
    /// The fewest moves that reach it (0 for a game level).
    pub par: u32,
}

impl Level {
    /// Reads the level for game `G`: its position, earlier moves, coin cells, and par
    /// as its goal wants it.
    ///
    /// # Errors
    /// A [`LevelError`] saying what does not fit.
    pub fn setup<G: Game>(&self) -> Result<LevelSetup<G>, LevelError> {
        let mut start = G::from_position_string(&self.position)
            .map_err(|e| LevelError::Position { text: self.position.clone(), why: e.problems().join("; ") })?;
        let mut history = vec![start.zobrist()];
        for (k, text) in self.moves.iter().enumerate() {
            let mv = start.parse_move(text).map_err(|e| LevelError::Move {
                index: k + 1,
                text: text.clone(),
                why: e.to_string(),
            })?;
            start.play(mv);
            history.push(start.zobrist());
        }
        if let Some(outcome) = start.outcome_in(&history) {
            return Err(LevelError::Over(G::outcome_sentence(outcome)));
        }
        let learner = start.side_to_move();
        let setup = start.to_setup();
        let mut coins = Vec::new();
        if let Goal::Coins(cells) = &self.goal {
            for name in cells {
                let cell: G::Cell = name.parse().map_err(|_| LevelError::Cell(name.clone()))?;
                let own = setup.piece_at(cell).is_some_and(|p| G::Setup::piece_side(p) == learner);
                if own || coins.contains(&cell) {
                    return Err(LevelError::CoinCell(name.clone()));
                }
                coins.push(cell);
            }
            if coins.is_empty() {
                return Err(LevelError::Goal("a coins level needs at least one coin".to_string()));
            }
        }
        match self.goal {
            Goal::TargetOut if G::VARIANT != Variant::Interstellar => {
                return Err(LevelError::Goal("Target Out is Interstellar's goal".to_string()));
            }
            Goal::Game(level) if !(1..=8).contains(&level) => {
                return Err(LevelError::Goal(format!("level {level} is not one of the computer's levels 1-8")));
            }
            Goal::Escape(0) => return Err(LevelError::Goal("an escape needs at least 1 move".to_string())),
            _ => {}
        }
        let par = match (&self.goal, self.par) {
            (Goal::Game(_), None) => 0,
            (Goal::Game(_), Some(_)) => return Err(LevelError::Par("a game level has no par".to_string())),
            (_, None | Some(0)) => return Err(LevelError::Par("par is missing or 0".to_string())),
            (Goal::Escape(_) | Goal::Draw, Some(p)) if p != 1 => {
                return Err(LevelError::Par(format!("an escape or a draw is one move: par {p} should be 1")));
            }
            (_, Some(p)) => p,
        };
        Ok(LevelSetup { start, history, coins, goal: self.goal.clone(), par })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::interstellar;

    #[test]
    fn stars_follow_the_moves_or_the_failures() {
        let coins = Goal::Coins(vec!["55".into()]);
        assert_eq!(stars_for(&coins, 4, 4, 9), 3);
        assert_eq!(stars_for(&coins, 4, 5, 0), 2);
        assert_eq!(stars_for(&coins, 4, 6, 0), 1);
        assert_eq!(stars_for(&coins, 8, 10, 0), 2);
        assert_eq!(stars_for(&Goal::Win, 2, 2, 0), 3);
        assert_eq!(stars_for(&Goal::Win, 2, 2, 1), 2);
        assert_eq!(stars_for(&Goal::Win, 2, 2, 2), 1);
    }

    #[test]
    fn a_course_that_does_not_read_says_where() {
        let err = Course::read("Course(variant: \"interstellar\",\n title: 3)").unwrap_err();
        assert!(matches!(err, CourseError::Syntax { line: 2, .. }), "{err}");
        let err = Course::read("Course(variant: \"chess\", title: \"\", intro: \"\", stages: [])").unwrap_err();
        assert_eq!(err, CourseError::UnknownVariant("chess".into()));
    }

    fn level(position: &str, goal: Goal, par: Option<u32>) -> Level {
        Level {
            text: String::new(),
            position: position.into(),
            moves: vec![],
            goal,
            par,
            teaches: vec![],
            success: None,
        }
    }

    #[test]
    fn a_level_that_does_not_fit_its_game_says_why() {
        let ok = "4p4/8/4s4/8/4Q4/8/9/8/4P4 +";
        assert!(level(ok, Goal::Coins(vec!["95".into()]), Some(2)).setup::<interstellar::Position>().is_ok());
        let bad = level("4p4/8/9/8/4Q4/8/9/8/4P4 +", Goal::Win, Some(1)).setup::<interstellar::Position>();
        assert!(matches!(bad, Err(LevelError::Position { .. })), "{bad:?}");
        let on_own = level(ok, Goal::Coins(vec!["55".into()]), Some(1)).setup::<interstellar::Position>();
        assert_eq!(on_own.unwrap_err(), LevelError::CoinCell("55".into()));
        let no_cell = level(ok, Goal::Coins(vec!["0".into()]), Some(1)).setup::<interstellar::Position>();
        assert_eq!(no_cell.unwrap_err(), LevelError::Cell("0".into()));
        let no_par = level(ok, Goal::Win, None).setup::<interstellar::Position>();
        assert!(matches!(no_par, Err(LevelError::Par(_))));
        let game_par = level(ok, Goal::Game(1), Some(3)).setup::<interstellar::Position>();
        assert!(matches!(game_par, Err(LevelError::Par(_))));
        let escape_par = level(ok, Goal::Escape(1), Some(2)).setup::<interstellar::Position>();
        assert!(matches!(escape_par, Err(LevelError::Par(_))));
        let mut moves = level(ok, Goal::Win, Some(1));
        moves.moves = vec!["PQ-99".into()];
        assert!(matches!(moves.setup::<interstellar::Position>(), Err(LevelError::Move { index: 1, .. })));
    }
}
