//! Orrery: a rules engine, records and desktop app for two chess-family games that
//! until now existed only as patents.
//!
//! - **Interstellar** (GB 2186198 A): 77 hexagons; planets, quasars, pulsars, nebulas,
//!   black holes and stars. Rules: `docs/rules-interstellar.md`.
//! - **Triangular** (HU 188326): chess on a hexagon of 96 triangles. Rules:
//!   `docs/rules-triangular.md`.
//!
//! Layers: [`core`] is the pure rules engine (geometry, positions, move generation,
//! outcomes, notation), with one folder per game and the shared mechanisms beside
//! them; [`render`] draws the boards as vector scenes (SVG, PNG; egui later); [`solver`]
//! solves and stores puzzles ("Target Out in 2", "mate in 3"); [`cli`] is the command
//! line on top of it.

#![warn(missing_docs)]

pub mod app;
pub mod cli;
pub mod core;
pub mod files;
pub mod record;
pub mod render;
pub mod solver;
