//! The work both front ends share, above the libraries and below the app and the
//! command line: the game report ([`report`]: every main-line position searched,
//! `[%eval]`, mistakes judged, better lines; Game → Analyse game and `orrery report`)
//! animated GIFs with the engine's arrows ([`gif`]: Game → Export GIF… and
//! `orrery gif`), and the courses that teach each game ([`learn`]: Help → Learn and
//! `orrery learn check`). No egui here.

pub mod gif;
pub mod learn;
pub mod report;
