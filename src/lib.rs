//! Orrery: a rules engine, records and desktop app for chess-family games that until
//! now existed only as patents.
//!
//! - **Interstellar** (GB 2186198 A): 77 hexagons; planets, quasars, pulsars, nebulas,
//!   black holes and stars. Rules: `docs/rules-interstellar.md`.
//! - **Triangular** (HU 188326): chess on a hexagon of 96 triangles. Rules:
//!   `docs/rules-triangular.md`.
//!
//! Layers, each using only those before it (see `ARCHITECTURE.md`, checked by
//! `tests/architecture.rs`): [`core`] is the pure rules engine (the [`core::Game`] seam,
//! one folder per game); [`record`] the game records and their text and RON formats;
//! [`files`] every read and write on disk; [`solver`] solves puzzles ("Target Out in 2",
//! "mate in 3"); [`engine`] searches any position for the best move (analysis, play);
//! [`render`] draws boards as vector scenes (SVG, PNG); [`study`] is the work both
//! front ends share (the game report, GIFs); [`app`] is the desktop app and [`cli`] the
//! command line.
//!
//! ```
//! use orrery::core::{Game, interstellar::Position};
//!
//! let opening = Position::opening();
//! assert_eq!(orrery::core::perft::perft(&opening, 2), 770);
//! ```

pub mod app;
pub mod cli;
pub mod core;
pub mod engine;
pub mod files;
pub mod record;
pub mod render;
pub mod solver;
pub mod study;
