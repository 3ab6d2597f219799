//! The engine's output as text, UCI style: moves as single tokens and `info` lines.
//!
//! A move is written in its game's notation (`docs/rules-interstellar.md` §8 *Writing
//! down moves*, `docs/rules-triangular.md` §7 *Writing down moves*) without the Target or check
//! suffix (`+`, `++`, ` out`, `#`), so that each move is one token.

use std::fmt::Write as _;

use super::search::Report;
use crate::core::game::Game;

/// `mv` in `pos`'s notation, suffix removed: `PQ-73`, `Qxf8l`, `e8l=Q`.
pub fn move_token<G: Game>(pos: &G, mv: G::Move) -> String {
    let text = pos.notation(mv);
    let text = text.trim_end();
    let text = text.strip_suffix("out").unwrap_or(text).trim_end();
    text.trim_end_matches(['+', '#']).to_string()
}

/// The moves of `pv` from `pos`, as tokens separated by spaces. Stops at the first
/// move that is not legal in the position reached (none is, for a search's line).
pub fn line_text<G: Game>(pos: &G, pv: &[G::Move]) -> String {
    let mut out = String::new();
    let mut here = pos.clone();
    let mut legal = crate::core::moves::MoveList::new();
    for &mv in pv {
        legal.clear();
        here.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&move_token(&here, mv));
        here.play(mv);
    }
    out
}

/// A report as a UCI `info` line: `info depth 6 seldepth 14 multipv 1 score cp 23
/// nodes 51234 nps 2100000 time 24 pv PQ-33 …` (time in milliseconds).
pub fn info_line<G: Game>(pos: &G, report: &Report<G::Move>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        report.depth,
        report.seldepth,
        report.multipv,
        report.score,
        report.nodes,
        report.nps,
        report.time.as_millis(),
        line_text(pos, &report.pv)
    );
    out
}
