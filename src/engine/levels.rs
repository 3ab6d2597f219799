//! Playing strengths 1–8 for play against the computer, and the players a match
//! pits against each other: a [`Level`], the one-move greedy player and the random
//! player ([`PlayerKind`]), each choosing moves through a [`Player`].
//!
//! A level limits the search (depth or nodes) and adds measured randomness: it
//! searches several lines (multi-PV), adds to each line's score a random bonus of
//! `0..=noise` centipawns and plays the line that then scores highest, so the move
//! played is never more than `noise` centipawns worse than the best line it found, and
//! a forced win or loss is never traded away by the noise (no bonus is added to mate
//! scores). The beginner levels also play some random moves (level 2: 30 %, level 3:
//! 12 %); from level 4 up every move comes from the search. Level 1 searches nothing:
//! half its moves are random and the others the most valuable capture (a random move
//! when there is none), so it is weaker than a player that always takes the best
//! capture. Level 8 is the whole engine, bounded only by the time it is given. The ladder's strength, measured in games with
//! `orrery match`, is in the README.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::game::EngineGame;
use super::limits::Limits;
use super::score::Score;
use super::search::{Engine, Options, SearchResult};
use crate::core::moves::MoveList;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level: the whole engine.
pub const MAX_LEVEL: u8 = 8;

/// How a level plays: its search limits and its randomness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// The chance, in percent, that a move is a random legal move instead.
    pub random_percent: u32,
    /// Whether the level searches at all (level 1 does not: its other moves are the
    /// most valuable capture).
    pub searches: bool,
    /// The deepest iteration, in plies; `None`: no depth limit.
    pub depth: Option<u32>,
    /// The most nodes a move's search may visit; `None`: no node limit.
    pub nodes: Option<u64>,
    /// The largest random bonus added to a line's score, in centipawns.
    pub noise: i32,
    /// How many lines (multi-PV) the bonus chooses among.
    pub lines: usize,
}

/// A playing strength, [`MIN_LEVEL`]`..=`[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The level `n`, or `None` outside `1..=8`.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= MIN_LEVEL && n <= MAX_LEVEL { Some(Level(n)) } else { None }
    }

    /// The strongest level.
    pub const MAX: Level = Level(MAX_LEVEL);

    /// The level's number, `1..=8`.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (MIN_LEVEL..=MAX_LEVEL).map(Level)
    }

    /// How the level plays: each level searches deeper or more nodes than the one
    /// below, with less noise. Level 2 searches one ply, levels 3–7 a number of
    /// nodes (so they play alike on any machine) and level 8 is limited only by time.
    pub const fn spec(self) -> LevelSpec {
        let base = LevelSpec { random_percent: 0, searches: true, depth: None, nodes: None, noise: 0, lines: 1 };
        match self.0 {
            1 => LevelSpec { random_percent: 50, searches: false, ..base },
            2 => LevelSpec { random_percent: 30, depth: Some(1), noise: 100, lines: 3, ..base },
            3 => LevelSpec { random_percent: 12, nodes: Some(600), noise: 60, lines: 2, ..base },
            4 => LevelSpec { nodes: Some(2_000), noise: 40, lines: 2, ..base },
            5 => LevelSpec { nodes: Some(5_000), noise: 20, lines: 2, ..base },
            6 => LevelSpec { nodes: Some(12_000), noise: 10, lines: 2, ..base },
            7 => LevelSpec { nodes: Some(35_000), noise: 5, lines: 2, ..base },
            _ => base,
        }
    }

    /// A short description for menus, by a strength a newcomer to these games
    /// understands: `Level 3 — a casual player`; [`Level::search_detail`] says how it
    /// searches (the menus' tooltips).
    pub fn describe(self) -> String {
        let words = match self.0 {
            1 => "a first game: random moves and captures",
            2 => "a beginner who looks one move ahead",
            3 => "a casual player",
            4 => "a player who knows the game",
            5 => "a strong player",
            6 => "a very strong player",
            7 => "near full strength",
            _ => "full strength",
        };
        format!("Level {} — {words}", self.0)
    }

    /// How the level searches, for a tooltip: `600 nodes`, `depth 1`, `random moves and
    /// captures`, `full strength`.
    pub fn search_detail(self) -> String {
        let spec = self.spec();
        match (spec.searches, spec.depth, spec.nodes) {
            (false, _, _) => "random moves and captures".to_string(),
            (_, Some(d), _) => format!("depth {d}"),
            (_, _, Some(n)) if n < 1000 => format!("{n} nodes"),
            (_, _, Some(n)) => format!("{} k nodes", n / 1000),
            _ => "full strength".to_string(),
        }
    }
}

/// Who plays: an engine level, the one-move greedy player or the random player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The engine at a [`Level`], with the search [`Options`] given (all on for play).
    Level(Level, Options),
    /// Plays the move after which the static evaluation is best for it (a win at once
    /// first), one move deep; ties broken at random.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

impl PlayerKind {
    /// Reads a player: `level=N` (`1..=8`) optionally followed by `,OPTION=off` or
    /// `,OPTION=on` for options of [`Options::NAMES`], `greedy` or `random`.
    ///
    /// # Errors
    /// A sentence naming the part that is not understood.
    pub fn parse(text: &str) -> Result<PlayerKind, String> {
        let text = text.trim();
        match text {
            "greedy" => return Ok(PlayerKind::Greedy),
            "random" => return Ok(PlayerKind::Random),
            _ => {}
        }
        let mut parts = text.split(',');
        let first = parts.next().unwrap_or_default().trim();
        let Some(number) = first.strip_prefix("level=") else {
            return Err(format!("`{text}` is not a player: write level=N (1 to 8), greedy or random"));
        };
        let level = number
            .trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("`{number}` is not a level: levels are 1 to 8"))?;
        let mut options = Options::default();
        for part in parts {
            let part = part.trim();
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            let on = match value {
                "on" => true,
                "off" => false,
                _ => return Err(format!("`{part}`: write OPTION=on or OPTION=off")),
            };
            if !options.set(name, on) {
                return Err(format!("`{name}` is not an option; options are {}", Options::NAMES.join(", ")));
            }
        }
        Ok(PlayerKind::Level(level, options))
    }
}

impl std::fmt::Display for PlayerKind {
    /// As [`PlayerKind::parse`] reads it: `level=8`, `level=8,lmr=off`, `greedy`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Level(level, options) => {
                write!(f, "level={}", level.number())?;
                let default = Options::default();
                for name in Options::NAMES {
                    let on = options.get(name);
                    if on != default.get(name) {
                        write!(f, ",{name}={}", if on == Some(true) { "on" } else { "off" })?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A player choosing moves for one game after another: an engine (its table kept
/// between moves) and a random source.
pub struct Player<G: EngineGame> {
    kind: PlayerKind,
    engine: Engine<G>,
    rng: StdRng,
}

/// A move chosen by a [`Player`], with the search behind it when there was one.
#[derive(Clone, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The search's result (`None` for a random, greedy or level-1 move).
    pub search: Option<SearchResult<M>>,
}

impl<G: EngineGame> Player<G> {
    /// A player of `kind` with a `hash_mb` MiB table; `seed` fixes its randomness.
    pub fn new(kind: PlayerKind, hash_mb: usize, seed: u64) -> Player<G> {
        let mut engine = Engine::new(hash_mb);
        if let PlayerKind::Level(_, options) = kind {
            engine.options = options;
        }
        Player { kind, engine, rng: StdRng::seed_from_u64(seed) }
    }

    /// Who this player is.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// Forgets what the engine learnt, as for a new game.
    pub fn new_game(&mut self) {
        self.engine.clear();
    }

    /// Chooses a move in `pos`; `history` as for [`Engine::search`]; `limits` bound the
    /// time (a level's own depth or node limit is added). `None` when the game is over.
    pub fn choose(&mut self, pos: &G, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Option<Choice<G::Move>> {
        choose_move(&mut self.engine, self.kind, &mut self.rng, pos, history, limits, stop)
    }
}

/// The move a player of `kind` chooses in `pos`, searching with `engine` and drawing
/// its chances from `rng` ([`Player::choose`], for an engine held elsewhere: the
/// protocol's `Skill Level`). `None` when the game is over.
pub fn choose_move<G: EngineGame>(
    engine: &mut Engine<G>,
    kind: PlayerKind,
    rng: &mut StdRng,
    pos: &G,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
) -> Option<Choice<G::Move>> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let random = moves[rng.random_range(0..moves.len())];
    let plain = |mv| Some(Choice { mv, search: None });
    let level = match kind {
        PlayerKind::Random => return plain(random),
        PlayerKind::Greedy => return plain(greedy_move(pos, &moves, rng)),
        PlayerKind::Level(level, _) => level,
    };
    let spec = level.spec();
    if spec.random_percent > 0 && rng.random_range(0..100) < spec.random_percent {
        return plain(random);
    }
    if !spec.searches {
        let best = moves
            .iter()
            .filter_map(|&mv| pos.tactical_value(mv).map(|v| (v, mv)))
            .max_by_key(|&(v, _)| v)
            .map_or(random, |(_, mv)| mv);
        return plain(best);
    }
    let mut bounded = *limits;
    bounded.depth = min_some(bounded.depth, spec.depth);
    bounded.nodes = min_some(bounded.nodes, spec.nodes);
    let result = engine.search(pos, history, &bounded, spec.lines, stop, &mut |_| {});
    let mv = if spec.noise > 0 && result.lines.len() > 1 {
        let noise = spec.noise;
        result
            .lines
            .iter()
            .filter_map(|line| {
                let bonus = if matches!(line.score, Score::Cp(_)) { rng.random_range(0..=noise) } else { 0 };
                Some((line.score.order_key() + i64::from(bonus), *line.pv.first()?))
            })
            .max_by_key(|&(key, _)| key)
            .map(|(_, mv)| mv)
    } else {
        result.best
    };
    let mv = mv.unwrap_or(random);
    Some(Choice { mv, search: Some(result) })
}

fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The one-move greedy choice: a move that wins at once, else the move after which
/// the static evaluation is best for the mover; ties at random.
fn greedy_move<G: EngineGame>(pos: &G, moves: &MoveList<G::Move>, rng: &mut StdRng) -> G::Move {
    let me = pos.side_to_move();
    let mut best: Option<(i64, G::Move)> = None;
    let mut ties = 0u32;
    for &mv in moves.iter() {
        let mut after = pos.clone();
        after.play(mv);
        let value = match after.outcome().map(G::winner) {
            Some(Some(w)) if w == me => i64::MAX,
            Some(Some(_)) => i64::MIN + 1,
            Some(None) => 0,
            None => -i64::from(after.evaluate()),
        };
        match best {
            Some((b, _)) if value < b => {}
            Some((b, _)) if value == b => {
                // Reservoir choice among equals.
                ties += 1;
                if rng.random_range(0..=ties) == 0 {
                    best = Some((value, mv));
                }
            }
            _ => {
                best = Some((value, mv));
                ties = 0;
            }
        }
    }
    best.map_or(moves[0], |(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_read_and_written_alike() {
        for text in ["level=8", "level=1", "greedy", "random", "level=8,lmr=off", "level=5,nullmove=off,quiescence=off"]
        {
            let kind = PlayerKind::parse(text).expect(text);
            assert_eq!(kind.to_string(), text);
        }
        assert!(PlayerKind::parse("level=9").is_err());
        assert!(PlayerKind::parse("level=8,turbo=on").is_err());
        assert!(PlayerKind::parse("level=8,lmr").is_err());
        assert!(PlayerKind::parse("stockfish").is_err());
    }

    #[test]
    fn each_level_searches_more_and_with_less_noise_than_the_one_below() {
        // Depth-limited levels come before node-limited ones, and the full engine last.
        let budget = |s: LevelSpec| match (s.searches, s.depth, s.nodes) {
            (false, _, _) => 0,
            (_, Some(d), _) => u64::from(d),
            (_, _, Some(n)) => 100 + n,
            _ => u64::MAX,
        };
        let specs: Vec<LevelSpec> = Level::all().map(Level::spec).collect();
        for pair in specs.windows(2) {
            assert!(budget(pair[1]) > budget(pair[0]), "{pair:?}");
            assert!(pair[1].random_percent <= pair[0].random_percent, "{pair:?}");
            if pair[0].searches {
                assert!(pair[1].noise < pair[0].noise || pair[1].noise == 0, "{pair:?}");
            }
        }
        assert_eq!(Level::MAX.spec().nodes, None);
        assert!(Level::new(0).is_none() && Level::new(9).is_none());
        assert_eq!(Level::new(3).map(Level::describe).as_deref(), Some("Level 3 — a casual player"));
        assert_eq!(Level::new(3).map(Level::search_detail).as_deref(), Some("600 nodes"));
        assert_eq!(Level::new(4).map(Level::search_detail).as_deref(), Some("2 k nodes"));
        assert_eq!(
            Level::new(1).map(Level::describe).as_deref(),
            Some("Level 1 — a first game: random moves and captures")
        );
    }
}
