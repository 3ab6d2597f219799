//! Animated GIFs of a game with the engine's moves as arrows: what Game → Export GIF…
//! and `orrery gif` both make ([`gif_bytes`]), drawn by [`crate::render::gif`].

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::{Engine, EngineGame, Limits};
use crate::record::GameRecord;
use crate::render::DrawGame;
use crate::render::gif::{ENGINE_ARROW, GifError, GifOptions, encode_gif, frame_scenes, move_arrows};
use crate::render::overlay::Arrow;

/// Nodes the engine searches in each position for engine arrows, by default (about
/// 15–25 ms a position on one core).
pub const DEFAULT_ENGINE_NODES: u64 = 20_000;

/// The GIF of plies `from..=to` of a record's main line (`to`: `None` for the end),
/// with the engine's move as an arrow in every position when `engine_nodes` is given
/// (one engine searching that many nodes a position, the positions in order, so the
/// same record gives the same bytes). `progress(done, total)` counts the frames drawn,
/// rasterised and written; `cancel` is read between frames.
///
/// # Errors
/// [`GifError`]: options out of range, a stretch not in the main line, cancelled, or
/// rasterising or encoding failed.
pub fn gif_bytes<G: EngineGame + DrawGame>(
    record: &GameRecord<G>,
    from: usize,
    to: Option<usize>,
    options: &GifOptions,
    engine_nodes: Option<u64>,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<u8>, GifError> {
    crate::render::gif::check_options(options)?;
    let frames = crate::render::gif::main_line_stretch(record, from, to)?.len();
    let mut engine = engine_nodes.map(|_| Engine::<G>::new(16));
    let mut drawn = 0;
    let mut cancelled = false;
    let scenes = frame_scenes(record, from, to, options, &mut |_, position| {
        drawn += 1;
        progress(drawn, 3 * frames);
        if cancel.load(Ordering::Relaxed) {
            cancelled = true;
        }
        match (engine.as_mut(), engine_nodes) {
            (Some(engine), Some(nodes)) if !cancelled => engine_arrow(engine, position, nodes),
            _ => Vec::new(),
        }
    })?;
    if cancelled {
        return Err(GifError::Cancelled);
    }
    encode_gif(&scenes, options, &|done, total| progress(frames + done * 2 * frames / total.max(1), 3 * frames), cancel)
}

/// The engine's move in `position` after a search of `nodes` nodes, as a blue arrow
/// (none when the game is over).
pub fn engine_arrow<G: EngineGame + DrawGame>(engine: &mut Engine<G>, position: &G, nodes: u64) -> Vec<Arrow<G::Cell>> {
    if position.outcome().is_some() {
        return Vec::new();
    }
    let result = engine.search(position, &[], &Limits::nodes(nodes), 1, &AtomicBool::new(false), &mut |_| {});
    result.best.map(|mv| move_arrows(position, mv, ENGINE_ARROW)).unwrap_or_default()
}
