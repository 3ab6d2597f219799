//! The work both front ends share, above the libraries and below the app and the
//! command line: the game report ([`report`]: every main-line position searched,
//! `[%eval]`, mistakes judged, better lines; Game → Analyse game and `orrery report`)
//! and animated GIFs with the engine's arrows ([`gif`]: Game → Export GIF… and
//! `orrery gif`). No egui here.

pub mod gif;
pub mod report;
