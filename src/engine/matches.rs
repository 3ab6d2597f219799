//! Engine against engine: the short openings a match starts from, and one game
//! played to its end (or adjudicated). `orrery match` runs many of these and
//! reports them with [`super::rating`].

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::external::Contestant;
use super::game::EngineGame;
use super::limits::Limits;
use super::score::Score;
use super::search::Engine;
use crate::core::game::GameSide;
use crate::core::moves::MoveList;

/// How far from level a match opening may be: its score at depth 4, in centipawns.
pub const OPENING_MARGIN: i32 = 120;

/// The advantage, in centipawns, at which a game past its ply limit is given to the
/// side ahead; below it the game is adjudicated drawn.
pub const ADJUDICATION_MARGIN: i32 = 300;

/// `count` distinct short openings of `plies` random legal moves each from the
/// opening position, each roughly level (the engine scores it within
/// [`OPENING_MARGIN`] at depth 4) and not over. The same `seed` gives the same
/// openings. Fewer than `count` when the game has fewer such openings to find
/// (after 50 tries per opening).
pub fn openings<G: EngineGame>(count: usize, plies: usize, seed: u64) -> Vec<Vec<G::Move>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut engine = Engine::<G>::new(4);
    let stop = AtomicBool::new(false);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut moves = MoveList::new();
    let mut tries = 0;
    while out.len() < count && tries < 50 * count.max(1) {
        tries += 1;
        let mut pos = G::opening();
        let mut line = Vec::with_capacity(plies);
        for _ in 0..plies {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv);
            line.push(mv);
        }
        if line.len() < plies || pos.outcome().is_some() || !seen.insert(pos.zobrist()) {
            continue;
        }
        let result = engine.search(&pos, &[], &Limits::depth(4), 1, &stop, &mut |_| {});
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= OPENING_MARGIN) {
            out.push(line);
        }
    }
    out
}

/// How a match game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules: the game's ending title ("Target Out", "checkmate", …).
    Rules(&'static str),
    /// A claimable draw (fifty moves, threefold repetition), claimed at once.
    DrawClaimed,
    /// Past the ply limit, given to the side ahead by [`ADJUDICATION_MARGIN`] or
    /// drawn; the score is the adjudicating search's, for the side to move.
    Adjudicated(Score),
    /// Lost by the player to move, who gave no legal move: why (an engine silent past
    /// its deadline, gone, or naming an illegal move).
    Forfeit(String),
}

/// A finished match game.
#[derive(Clone, Debug)]
pub struct PlayedGame<M> {
    /// Every move from the opening position, the opening's first.
    pub moves: Vec<M>,
    /// How many of `moves` were the opening's.
    pub opening_plies: usize,
    /// Points for the first player (the side that moves first): 1, ½ or 0.
    pub first_points: f64,
    /// How it ended.
    pub end: GameEnd,
}

/// Plays one game from the opening position through `opening`, `first` moving
/// first, each move searched within `limits`, until the rules end it, a draw can be
/// claimed, or `max_plies` plies have been played (then `adjudicator` searches 20,000
/// nodes and the side ahead by [`ADJUDICATION_MARGIN`] wins; otherwise it is drawn —
/// a match device only for Interstellar, which has no draws). `stop` ends the game early
/// (adjudicated at once).
pub fn play_game<'p, G: EngineGame>(
    first: &mut (dyn Contestant<G> + 'p),
    second: &mut (dyn Contestant<G> + 'p),
    opening: &[G::Move],
    limits: &Limits,
    max_plies: usize,
    adjudicator: &mut Engine<G>,
    stop: &AtomicBool,
) -> PlayedGame<G::Move> {
    let mut pos = G::opening();
    let mut keys = vec![pos.zobrist()];
    let mut moves: Vec<G::Move> = Vec::with_capacity(max_plies + opening.len());
    for &mv in opening {
        pos.play(mv);
        keys.push(pos.zobrist());
        moves.push(mv);
    }
    let first_side = G::opening().side_to_move();
    let points_for = |winner: Option<G::Side>| match winner {
        None => 0.5,
        Some(w) if w == first_side => 1.0,
        Some(_) => 0.0,
    };
    // A player that cannot start the game loses it.
    for (player, side) in [(&mut *first, first_side), (&mut *second, first_side.other())] {
        if let Err(why) = player.new_game() {
            return PlayedGame {
                moves,
                opening_plies: opening.len(),
                first_points: points_for(Some(side.other())),
                end: GameEnd::Forfeit(why),
            };
        }
    }
    loop {
        if let Some(outcome) = pos.outcome_in(&keys) {
            let end = GameEnd::Rules(G::ending_title(outcome));
            return PlayedGame {
                moves,
                opening_plies: opening.len(),
                first_points: points_for(G::winner(outcome)),
                end,
            };
        }
        if G::HAS_DRAWS && pos.can_claim_draw(&keys) {
            return PlayedGame { moves, opening_plies: opening.len(), first_points: 0.5, end: GameEnd::DrawClaimed };
        }
        let stopping = stop.load(std::sync::atomic::Ordering::Relaxed);
        if moves.len() >= max_plies + opening.len() || stopping {
            let never = AtomicBool::new(false);
            let result = adjudicator.search(&pos, &keys, &Limits::nodes(20_000), 1, &never, &mut |_| {});
            let mover = pos.side_to_move();
            let winner = match result.score {
                Score::Mate(n) if n > 0 => Some(mover),
                Score::Mate(_) => Some(mover.other()),
                Score::Cp(cp) if cp >= ADJUDICATION_MARGIN => Some(mover),
                Score::Cp(cp) if cp <= -ADJUDICATION_MARGIN => Some(mover.other()),
                Score::Cp(_) => None,
            };
            let end = GameEnd::Adjudicated(result.score);
            return PlayedGame { moves, opening_plies: opening.len(), first_points: points_for(winner), end };
        }
        let player = if pos.side_to_move() == first_side { &mut *first } else { &mut *second };
        let history = &keys[..keys.len() - 1];
        let mv = match player.pick(&pos, history, &moves, limits, stop) {
            Ok(mv) => mv,
            Err(why) => {
                // No legal move from the player: the mover's loss.
                let winner = Some(pos.side_to_move().other());
                return PlayedGame {
                    moves,
                    opening_plies: opening.len(),
                    first_points: points_for(winner),
                    end: GameEnd::Forfeit(why),
                };
            }
        };
        pos.play(mv);
        keys.push(pos.zobrist());
        moves.push(mv);
    }
}
