//! The computer as an opponent: a [`Player`] at a [`Level`] that thinks on a
//! background thread whenever it is its turn at the end of the game's main line, so the
//! app stays usable (flip the board, step through earlier moves) while it thinks.
//!
//! Which side the computer plays and at which level are kept in the record's tags
//! ([`LEVEL_TAG`], [`SIDE_TAG`]), so a game against the computer survives saving,
//! autosave and restore, and carries on when opened again. No egui here.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::jobs::Job;
use super::jobs::engine::EnginePriority;
use crate::core::game::GameSide;
use crate::engine::levels::Level;
use crate::engine::{EngineGame, Limits, Player, PlayerKind};
use crate::record::Tags;

/// The tag naming the computer's level (`1`–`8`).
pub const LEVEL_TAG: &str = "ComputerLevel";
/// The tag naming the side the computer plays (the side's name: `positive`, `black`, …).
pub const SIDE_TAG: &str = "ComputerSide";
/// The time the strongest level thinks a move (the weaker levels stop at their node
/// limits long before).
pub const THINKING_TIME: Duration = Duration::from_secs(2);

/// A seed for the computer's randomness from the clock: different in every game.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64)
}

/// The computer playing one side of a game.
pub struct Opponent<G: EngineGame> {
    /// The side it plays.
    pub side: G::Side,
    /// Its level.
    pub level: Level,
    player: Arc<Mutex<Player<G>>>,
    /// The position it is thinking about (its Zobrist key), if any.
    thinking: Option<u64>,
    answer: Answer<G::Move>,
    /// Its search, while it thinks (dropped: asked to stop).
    job: Option<Job<()>>,
}

/// The move chosen, with the Zobrist key of the position it is for.
type Answer<M> = Arc<Mutex<Option<(u64, M)>>>;

impl<G: EngineGame + Send + 'static> Opponent<G>
where
    G::Move: Send,
{
    /// The computer at `level` playing `side`; `seed` fixes its randomness.
    pub fn new(side: G::Side, level: Level, seed: u64) -> Opponent<G> {
        let player = Player::new(PlayerKind::Level(level, Default::default()), 32, seed);
        Opponent {
            side,
            level,
            player: Arc::new(Mutex::new(player)),
            thinking: None,
            answer: Arc::new(Mutex::new(None)),
            job: None,
        }
    }

    /// The opponent a record's tags name, if they name one.
    pub fn from_tags(tags: &Tags, seed: u64) -> Option<Opponent<G>> {
        let level = tags.get(LEVEL_TAG)?.trim().parse::<u8>().ok().and_then(Level::new)?;
        let side_name = tags.get(SIDE_TAG)?.trim().to_ascii_lowercase();
        let first = G::opening().side_to_move();
        let side = [first, first.other()].into_iter().find(|s| s.name().eq_ignore_ascii_case(&side_name))?;
        Some(Opponent::new(side, level, seed))
    }

    /// Writes the opponent into `tags`: its level and side, and its name as the
    /// player of its side (`player_tags`: the roster's first and second player tags).
    pub fn write_tags(&self, tags: &mut Tags, player_tags: [&str; 2]) {
        tags.set(LEVEL_TAG, &self.level.number().to_string());
        tags.set(SIDE_TAG, self.side.name());
        let first = G::opening().side_to_move();
        let (computer, human) =
            if self.side == first { (player_tags[0], player_tags[1]) } else { (player_tags[1], player_tags[0]) };
        tags.set(computer, &format!("Orrery level {}", self.level.number()));
        tags.set(human, "You");
    }

    /// Its name for messages: `Orrery (level 3)`.
    pub fn name(&self) -> String {
        format!("Orrery (level {})", self.level.number())
    }

    /// Whether it is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Starts thinking about `pos` (the end of the main line; `history` gives the keys
    /// of the positions before it, called only when thinking starts) if it is the
    /// computer's move there and it is not already thinking about it; stops thinking
    /// about any other position. `think` caps the time it may take (the strongest level
    /// uses it all; the others stop at their node limits).
    pub fn consider(&mut self, pos: &G, history: impl FnOnce() -> Vec<u64>, think: Duration) {
        let key = pos.zobrist();
        if self.thinking == Some(key) {
            return;
        }
        self.halt();
        if pos.side_to_move() != self.side || pos.outcome().is_some() {
            return;
        }
        let history = history();
        if G::ENDS_BY_HISTORY && pos.outcome_in(&[history.as_slice(), &[key]].concat()).is_some() {
            return;
        }
        self.thinking = Some(key);
        let (player, answer) = (self.player.clone(), self.answer.clone());
        let pos = pos.clone();
        // The window is woken when the move is chosen.
        self.job = Some(Job::on_engine("opponent", EnginePriority::Waited, move |control| {
            let mut player = player.lock().unwrap_or_else(PoisonError::into_inner);
            if control.cancelled() {
                return;
            }
            let choice = player.choose(&pos, &history, &Limits::movetime(think), control.cancel_flag());
            if let Some(choice) = choice
                && !control.cancelled()
            {
                *answer.lock().unwrap_or_else(PoisonError::into_inner) = Some((key, choice.mv));
            }
        }));
    }

    /// The move it chose for the position with Zobrist key `key`, once it has one
    /// (taken: asked again, `None`).
    pub fn take_answer(&mut self, key: u64) -> Option<G::Move> {
        let mut answer = self.answer.lock().unwrap_or_else(PoisonError::into_inner);
        match *answer {
            Some((k, mv)) if k == key => {
                *answer = None;
                self.thinking = None;
                Some(mv)
            }
            _ => None,
        }
    }

    /// Stops thinking (a take-back, a resignation, a new game).
    pub fn halt(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.thinking = None;
        *self.answer.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::core::{Game, triangular};

    #[test]
    fn the_opponent_answers_on_its_turn_only_and_lives_in_the_tags() {
        let mut tags = Tags::new(Variant::Triangular);
        let first = <triangular::Position as Game>::opening().side_to_move();
        let mut opponent = Opponent::<triangular::Position>::new(first.other(), Level::new(2).expect("a level"), 1);
        opponent.write_tags(&mut tags, ["White", "Black"]);
        assert_eq!(tags.get("Black"), Some("Orrery level 2"));
        assert_eq!(tags.get("White"), Some("You"));
        let mut again = Opponent::<triangular::Position>::from_tags(&tags, 2).expect("an opponent");
        assert_eq!((again.side, again.level.number()), (first.other(), 2));
        // Not its move at the opening.
        let mut pos = <triangular::Position as Game>::opening();
        again.consider(&pos, Vec::new, THINKING_TIME);
        assert!(!again.is_thinking());
        let mut moves = crate::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        pos.play(moves[0]);
        again.consider(&pos, Vec::new, THINKING_TIME);
        assert!(again.is_thinking());
        let start = std::time::Instant::now();
        let mv = loop {
            if let Some(mv) = again.take_answer(pos.zobrist()) {
                break mv;
            }
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(5));
        };
        moves.clear();
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&mv));
        assert!(!again.is_thinking());
        opponent.halt();
    }
}
