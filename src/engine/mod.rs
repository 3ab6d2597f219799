//! The engine: a game-playing search over any [`EngineGame`], for analysis ("what was
//! better here?") and, later, play. A library: it uses only the rules core (the same
//! move generation and Zobrist keys as the solver, which stays the exact mode).
//!
//! - [`game`]: [`EngineGame`], what the engine needs beyond [`Game`](crate::core::Game)
//!   (an evaluation, cheap facts about moves), implemented for both games.
//! - [`eval`]: the evaluations, one file per game, with named weights.
//! - [`search`]: [`Engine`] and its iterative-deepening alpha-beta search
//!   ([`Engine::search`]), with its [`Report`]s and [`SearchResult`].
//! - [`limits`]: [`Limits`] (depth, nodes, move time, clocks) and [`Clock`].
//! - [`levels`]: [`Level`]s 1–8 for play, and the [`Player`]s a match pits against
//!   each other ([`PlayerKind`]: a level, greedy, random).
//! - [`mod@matches`]: engine against engine — short openings, one game to its end.
//! - [`external`]: the [`Contestant`]s of a match, among them another engine spoken to
//!   over the protocol ([`ExternalEngine`]).
//! - [`mod@bench`]: fixed positions of every game searched to a fixed depth: the search's
//!   fingerprint (its node count) and its speed.
//! - [`rating`]: a match's score, Elo difference with error bar, and SPRT.
//! - [`tune`]: fitting the evaluation's weights to game results (Texel's method).
//! - [`table`]: the transposition table.
//! - [`score`]: [`Score`] (centipawns or mate in N) and the mate band.
//! - [`text`]: moves as tokens and UCI-style `info` lines.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use orrery::core::Game;
//! use orrery::core::interstellar::Position;
//! use orrery::engine::{Engine, Limits, Score};
//!
//! // The solver's Target Out in 1, which also has a Total Annihilation in 1 (PPux76):
//! // the engine reports a win in one move and plays one.
//! let pos = Position::from_position_string("9/U7/3p1q3/8/9/8/9/4Q3/3P5 +")?;
//! let mut engine = Engine::<Position>::new(1);
//! let result = engine.search(&pos, &[], &Limits::depth(3), 1, &AtomicBool::new(false), &mut |_| {});
//! assert_eq!(result.score, Score::Mate(1));
//! let mut after = pos.clone();
//! after.play(result.best.expect("a move"));
//! assert!(after.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bench;
pub mod eval;
pub mod external;
pub mod game;
pub mod levels;
pub mod limits;
pub mod matches;
pub mod rating;
pub mod score;
pub mod search;
pub mod table;
pub mod text;
pub mod tune;

pub use external::{Contestant, ExternalEngine};
pub use game::EngineGame;
pub use levels::{Level, Player, PlayerKind, choose_move};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use search::{Engine, Line, MAX_DEPTH, MAX_MULTI_PV, MAX_PLY, Options, Report, SearchResult};
