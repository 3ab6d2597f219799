//! `orrery match`: engine against engine.
//!
//! `orrery match --variant V --a PLAYER --b PLAYER --games N (--movetime MS | --nodes N)
//! [--openings-plies P] [--max-plies P] [--concurrency C] [--sprt ELO0,ELO1]
//! [--alpha A] [--beta B] [--seed S] [--hash MB] [--record FILE]`
//!
//! Players are `level=N` (1–8, optionally `,OPTION=off`), `greedy` or `random`
//! ([`PlayerKind::parse`]), or `engine=CMD`: another engine run by the shell and
//! spoken to over the protocol ([`ExternalEngine`]), as cutechess-cli does — another
//! build of Orrery (`engine="/path/to/orrery engine"`) or any program that speaks it. Games start from short random openings that the engine
//! scores as roughly level ([`openings`]); each opening is played twice, each player
//! moving first once. A game past `--max-plies` is adjudicated ([`play_game`]). The
//! report: one line per game, then wins/draws/losses for A, the score, the Elo
//! difference with its 95 % error bar, and with `--sprt` the test's verdict (the match
//! stops early when the test decides). `--record FILE` writes every game as a record
//! (atomically), for the tuning tool (`orrery tune`).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use super::shared::CliError;
use crate::core::game::Variant;
use crate::engine::matches::{GameEnd, PlayedGame, openings, play_game};
use crate::engine::rating::{GamePoints, Sprt, Tally, Verdict};
use crate::engine::{Contestant, Engine, EngineGame, ExternalEngine, Limits, Player, PlayerKind, Score};
use crate::record::{GameRecord, GameResult, NodeId};

/// The arguments of `orrery match`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["movetime", "nodes"])))]
pub struct MatchArgs {
    /// `interstellar`, `triangular` or `draughts`.
    #[arg(long)]
    pub variant: Variant,
    /// Player A: `level=N` (1 to 8, e.g. `level=8,lmr=off`), `greedy`, `random`, or
    /// `engine=CMD` (another engine run by the shell, e.g. `engine="./baseline engine"`).
    #[arg(long, value_parser = Entrant::parse)]
    pub a: Entrant,
    /// Player B, as for `--a`.
    #[arg(long, value_parser = Entrant::parse)]
    pub b: Entrant,
    /// How many games (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Milliseconds a move (a level's own depth or node limit applies too).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Nodes a move, for both players (instead of a time).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Plies after the opening before a game is adjudicated.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Run an SPRT of H0 "A is ELO0 better" against H1 "A is ELO1 better"; stops when
    /// it decides. Written `ELO0,ELO1`, e.g. `0,50`.
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<(f64, f64)>,
    /// The SPRT's chance of a false H1.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's chance of a false H0.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Fixes the openings and the players' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Each player's transposition table, in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Write the games to this record file.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

/// A player of a match as named on the command line: a built-in player, or another
/// engine's command.
#[derive(Debug, Clone, PartialEq)]
pub enum Entrant {
    /// A level, greedy or random ([`PlayerKind`]).
    Builtin(PlayerKind),
    /// `engine=CMD`: the command, run by the shell.
    Engine(String),
}

impl Entrant {
    /// Reads `engine=CMD` or a [`PlayerKind`].
    ///
    /// # Errors
    /// As [`PlayerKind::parse`], or an empty command.
    pub fn parse(text: &str) -> Result<Entrant, String> {
        match text.trim().strip_prefix("engine=") {
            Some(command) => {
                let command = command.trim().trim_matches('"').trim();
                if command.is_empty() {
                    return Err("engine= needs a command, e.g. engine=\"./orrery engine\"".into());
                }
                Ok(Entrant::Engine(command.to_string()))
            }
            None => PlayerKind::parse(text)
                .map(Entrant::Builtin)
                .map_err(|e| format!("{e}, or engine=CMD for another engine")),
        }
    }

    /// The player, ready to play `G` (an engine is started and set up).
    fn start<G: EngineGame + Send + 'static>(&self, hash: usize, seed: u64) -> Result<Box<dyn Contestant<G>>, String>
    where
        G::Move: Send,
    {
        Ok(match self {
            Entrant::Builtin(kind) => Box::new(Player::<G>::new(*kind, hash, seed)),
            Entrant::Engine(command) => Box::new(ExternalEngine::start(command, G::VARIANT.key(), hash)?),
        })
    }
}

impl std::fmt::Display for Entrant {
    /// As [`Entrant::parse`] reads it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entrant::Builtin(kind) => write!(f, "{kind}"),
            Entrant::Engine(command) => write!(f, "engine=\"{command}\""),
        }
    }
}

fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("`{text}`: write ELO0,ELO1 with ELO0 < ELO1, e.g. 0,50");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a < b { Ok((a, b)) } else { Err(bad()) }
}

/// Runs `orrery match`, writing its report to `out`.
///
/// # Errors
/// A one-line [`CliError`]: bad SPRT error rates, no openings found, a failed write.
pub fn run_match(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rate = |r: f64| r > 0.0 && r < 0.5;
    if !rate(args.alpha) || !rate(args.beta) {
        return Err(CliError("--alpha and --beta must lie between 0 and 0.5".into()));
    }
    crate::with_variant!(args.variant, G => run::<G>(args, out))
}

struct Finished<M> {
    index: usize,
    game: PlayedGame<M>,
}

fn run<G: EngineGame + Send + 'static>(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError>
where
    G::Move: Send,
{
    let pairs = args.games.div_ceil(2) as usize;
    let lines = Arc::new(openings::<G>(pairs, args.opening_plies, args.seed));
    if lines.is_empty() {
        return Err(CliError(format!("no level opening of {} plies was found", args.opening_plies)));
    }
    let games = 2 * pairs;
    let limits = Limits { movetime: args.movetime.map(Duration::from_millis), nodes: args.nodes, ..Limits::default() };
    let threads =
        args.concurrency.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, 64);
    let limit = match (args.movetime, args.nodes) {
        (Some(ms), _) => format!("{ms} ms a move"),
        (None, Some(n)) => format!("{n} nodes a move"),
        (None, None) => String::new(),
    };
    writeln!(out, "{} vs {}: {} games of {}, {limit}, {threads} at once", args.a, args.b, games, args.variant.name())?;

    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::channel::<Finished<G::Move>>();
    let mut workers = Vec::new();
    // Every player is started here, before any game: an engine that cannot start stops
    // the match with its reason.
    let (hash, seed, max_plies) = (args.hash.clamp(1, 1024), args.seed, args.max_plies);
    let mut pairs_of_players = Vec::with_capacity(threads);
    for thread in 0..threads {
        let player_a = args.a.start::<G>(hash, seed ^ (thread as u64).wrapping_mul(0x9E37_79B9)).map_err(CliError)?;
        let player_b =
            args.b.start::<G>(hash, seed ^ (thread as u64).wrapping_mul(0x7F4A_7C15) ^ 1).map_err(CliError)?;
        pairs_of_players.push((player_a, player_b));
    }
    for (mut player_a, mut player_b) in pairs_of_players {
        let (next, stop, send, lines) = (next.clone(), stop.clone(), send.clone(), lines.clone());
        workers.push(std::thread::spawn(move || {
            let mut adjudicator = Engine::<G>::new(4);
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games || stop.load(Ordering::Relaxed) {
                    break;
                }
                let opening = &lines[(index / 2) % lines.len()];
                let a_first = index % 2 == 0;
                let (first, second) =
                    if a_first { (&mut *player_a, &mut *player_b) } else { (&mut *player_b, &mut *player_a) };
                let game = play_game(first, second, opening, &limits, max_plies, &mut adjudicator, &stop);
                if send.send(Finished { index, game }).is_err() {
                    break;
                }
            }
        }));
    }
    drop(send);

    let sprt = args.sprt.map(|(elo0, elo1)| Sprt { elo0, elo1, alpha: args.alpha, beta: args.beta });
    let mut tally = Tally::default();
    let mut played: Vec<Option<PlayedGame<G::Move>>> = (0..games).map(|_| None).collect();
    let mut verdict = Verdict::Continue;
    let mut failure: Option<std::io::Error> = None;
    for finished in receive {
        let a_first = finished.index % 2 == 0;
        let a_points = if a_first { finished.game.first_points } else { 1.0 - finished.game.first_points };
        tally.add(a_points);
        let line = format!(
            "game {}: A {} {}, {} plies: {}",
            finished.index + 1,
            if a_first { "first" } else { "second" },
            GamePoints::of(a_points).word(),
            finished.game.moves.len(),
            describe_end(&finished.game.end, args.variant),
        );
        if failure.is_none()
            && let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush())
        {
            failure = Some(e);
            stop.store(true, Ordering::Relaxed);
        }
        played[finished.index] = Some(finished.game);
        if let Some(test) = &sprt {
            verdict = test.verdict(&tally);
            if verdict != Verdict::Continue {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    writeln!(out, "{}", summary(args, &tally))?;
    if let Some(test) = &sprt {
        let (lower, upper) = test.bounds();
        let word = match verdict {
            Verdict::H1 => "H1 accepted (A is stronger by at least ELO1)",
            Verdict::H0 => "H0 accepted (A is not stronger by ELO1)",
            Verdict::Continue => "undecided: play more games",
        };
        writeln!(
            out,
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} (bounds {:.2}, {:.2}): {word}",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            test.llr(&tally),
            lower,
            upper
        )?;
    }
    if let Some(path) = &args.record {
        let text = records::<G>(args, &played);
        crate::files::write_atomic_bytes(path, text.as_bytes())
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        writeln!(out, "games written to {}", path.display())?;
    }
    Ok(())
}

/// How a game ended, in words a reader of the record understands (the `Termination`
/// tag): an adjudicated game says who was ahead and by how much, in the game's own
/// unit (a pawn, a man, Interstellar's star), not in the engine's centipawns.
fn describe_end(end: &GameEnd, variant: Variant) -> String {
    match end {
        GameEnd::Rules(title) => (*title).to_string(),
        GameEnd::DrawClaimed => "draw claimed (repetition or fifty moves)".to_string(),
        GameEnd::Adjudicated(Score::Mate(n)) if *n > 0 => {
            format!("adjudicated at the move limit: the side to move had a forced win in {n}")
        }
        GameEnd::Adjudicated(Score::Mate(n)) => {
            format!("adjudicated at the move limit: the side to move was lost in {}", n.unsigned_abs())
        }
        GameEnd::Adjudicated(Score::Cp(cp)) => {
            let unit = match variant {
                Variant::Interstellar => "stars",
                Variant::Triangular => "pawns",
                Variant::Draughts => "men",
            };
            let amount = f64::from(cp.unsigned_abs()) / 100.0;
            match cp.signum() {
                0 => "adjudicated at the move limit: level".to_string(),
                1 => format!("adjudicated at the move limit: the side to move was {amount:.1} {unit} ahead"),
                _ => format!("adjudicated at the move limit: the side to move was {amount:.1} {unit} behind"),
            }
        }
        GameEnd::Forfeit(why) => format!("forfeit: {why}"),
    }
}

fn summary(args: &MatchArgs, tally: &Tally) -> String {
    let mut text = format!(
        "A {} against B {}: {} won, {} drawn, {} lost of {} games; score {:.1} %",
        args.a,
        args.b,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score()
    );
    match tally.elo() {
        Some((elo, error)) => text.push_str(&format!("; Elo difference {elo:+.1} ± {error:.1} (95 %)")),
        None if tally.games() > 0 => text.push_str("; Elo difference unbounded (one side scored every point)"),
        None => {}
    }
    text
}

/// The played games as a record text, in game order.
fn records<G: EngineGame>(args: &MatchArgs, played: &[Option<PlayedGame<G::Move>>]) -> String {
    let roster = crate::record::game::roster(G::VARIANT);
    let mut text = String::new();
    for (index, game) in played.iter().enumerate() {
        let Some(game) = game else { continue };
        let mut record = GameRecord::<G>::new();
        let a_first = index % 2 == 0;
        let (first, second) = if a_first { (&args.a, &args.b) } else { (&args.b, &args.a) };
        record.tags.set("Event", "orrery match");
        record.tags.set("Round", &(index + 1).to_string());
        record.tags.set(roster[4], &first.to_string());
        record.tags.set(roster[5], &second.to_string());
        record.tags.set("OpeningPlies", &game.opening_plies.to_string());
        record.tags.set("Termination", &describe_end(&game.end, G::VARIANT));
        let mut at = NodeId::ROOT;
        for &mv in &game.moves {
            at = record.add_move(at, mv);
        }
        record.result = match GamePoints::of(game.first_points) {
            GamePoints::Won => GameResult::FirstPlayerWins,
            GamePoints::Lost => GameResult::SecondPlayerWins,
            // Interstellar has no draws: an adjudicated level game stays unfinished.
            GamePoints::Drew if !G::HAS_DRAWS => GameResult::Unknown,
            GamePoints::Drew => GameResult::Draw,
        };
        text.push_str(&crate::record::write_game(&record));
        text.push('\n');
    }
    text
}
