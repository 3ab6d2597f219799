//! The game clock (`docs/app.md` *Clocks*): a [`TimeControl`] of one or more stages
//! (sudden death, Fischer increment, Bronstein delay, simple delay), a handicap per
//! side, pause and added time. Time comes in as seconds from the caller (the app's
//! frame time, a test's fake time): the clock never reads a clock of its own, and it
//! never sleeps. No egui here.
//!
//! The record keeps the clock: each move of the main line carries the mover's time
//! after it as `[%clk h:mm:ss]`, and the tags hold the control ([`TIME_CONTROL_TAG`])
//! and the handicap ([`TIME_HANDICAP_TAG`]). So [`GameClock::from_record`] rebuilds
//! the clock after an undo, a take-back, autosave and restore, or opening the file.
//!
//! Sides are indices: `0` the side that moves first in the game, `1` the other.

use std::time::Duration;

use crate::record::Tags;
use crate::record::annotations::{
    Bonus, TIME_CONTROL_TAG, TIME_HANDICAP_TAG, TimeControl, command_value, parse_clock, parse_handicap,
};

/// A clock for a new game: the time control and the handicap.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockSetup {
    /// The time control.
    pub control: TimeControl,
    /// Seconds added to (negative: taken from) each side's first stage.
    pub handicap: [i64; 2],
}

/// The time controls the new-game windows offer, as tag text, with their names.
pub const PRESETS: [(&str, &str); 8] = [
    ("1+0", "60"),
    ("3+2", "180+2"),
    ("5+3", "300+3"),
    ("10+5", "600+5"),
    ("15+10", "900+10"),
    ("30+0", "1800"),
    ("5 min, delay 5 s", "300d5"),
    ("40 moves in 90 min, then 30 min, + 30 s", "40/5400+30:1800+30"),
];

/// The live clock of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    /// The time control both sides play.
    pub control: TimeControl,
    /// Seconds added to (negative: taken from) each side's first stage.
    pub handicap: [i64; 2],
    /// Each side's time at the start of its current turn (the side not to move: after
    /// its last move).
    remaining: [Duration; 2],
    /// The moves each side has made.
    moves: [u32; 2],
    /// The side to move.
    turn: usize,
    /// When the side to move's time began to count (seconds, the caller's time); `None`
    /// while it does not count (paused, its first move, a finished game, or not yet
    /// started by [`GameClock::tick`]).
    counting_since: Option<f64>,
    /// Paused by the user.
    paused: bool,
    /// The game is over: the clock stands.
    stopped: bool,
}

/// What a side's clock shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Time left.
    pub left: Duration,
    /// Whether it is counting now.
    pub running: bool,
    /// The simple delay left before it counts (zero outside a delay).
    pub delay_left: Duration,
}

impl GameClock {
    /// A clock at the start of a game: each side has the first stage's time plus its
    /// handicap; `first_to_move` is the side index to move at the start.
    pub fn new(control: TimeControl, handicap: [i64; 2], first_to_move: usize) -> GameClock {
        let base = control.stages[0].base;
        let start = |h: i64| {
            if h >= 0 {
                base + Duration::from_secs(h.unsigned_abs())
            } else {
                base.saturating_sub(Duration::from_secs(h.unsigned_abs()))
            }
        };
        GameClock {
            remaining: [start(handicap[0]), start(handicap[1])],
            control,
            handicap,
            moves: [0; 2],
            turn: first_to_move & 1,
            counting_since: None,
            paused: false,
            stopped: false,
        }
    }

    /// The clock a record's tags and main line describe, or `None` when the tags name
    /// no (readable) time control. `movers` gives, for each move of the main line in
    /// order, the side index that made it and its comment after; `turn` is the side to
    /// move at the end; `over` whether the game has ended. The clock is paused when the
    /// game already has moves (a game opened or restored goes on when the user says so)
    /// and stands when it is over.
    pub fn from_record<'a>(
        tags: &Tags,
        first_to_move: usize,
        movers: impl IntoIterator<Item = (usize, &'a str)>,
        turn: usize,
        over: bool,
    ) -> Option<GameClock> {
        let control = TimeControl::parse(tags.get(TIME_CONTROL_TAG)?).ok()?;
        let handicap = tags.get(TIME_HANDICAP_TAG).and_then(parse_handicap).unwrap_or([0, 0]);
        let mut clock = GameClock::new(control, handicap, first_to_move);
        for (side, comment) in movers {
            let side = side & 1;
            clock.moves[side] += 1;
            let (stage, fresh) = clock.control.stage_after(clock.moves[side]);
            if fresh {
                clock.remaining[side] += clock.control.stages[stage].base;
            }
            if let Some(left) = command_value(comment, "clk").and_then(parse_clock) {
                clock.remaining[side] = left;
            }
        }
        clock.turn = turn & 1;
        clock.paused = clock.moves.iter().sum::<u32>() > 0;
        clock.stopped = over;
        Some(clock)
    }

    /// Writes the control and the handicap into `tags`.
    pub fn write_tags(&self, tags: &mut Tags) {
        tags.set(TIME_CONTROL_TAG, &self.control.to_string());
        if self.handicap == [0, 0] {
            tags.remove(TIME_HANDICAP_TAG);
        } else {
            tags.set(TIME_HANDICAP_TAG, &format!("{},{}", self.handicap[0], self.handicap[1]));
        }
    }

    /// The side to move.
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// Whether the user paused it.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether it stands for good (the game is over).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the side to move's time should count: not paused, not over, and not its
    /// first move (each side's clock starts after its first move).
    fn should_count(&self) -> bool {
        !self.paused && !self.stopped && self.moves[self.turn] > 0
    }

    /// The bonus of the stage the side to move is in.
    fn bonus(&self, side: usize) -> Bonus {
        self.control.stages[self.control.stage_after(self.moves[side]).0].bonus
    }

    /// Starts the count of the side to move if it should count and does not yet;
    /// call once a frame with the time now.
    pub fn tick(&mut self, now: f64) {
        if self.should_count() && self.counting_since.is_none() {
            self.counting_since = Some(now);
        } else if !self.should_count() {
            self.counting_since = None;
        }
    }

    /// The time the side to move has used this turn (the simple delay not yet taken
    /// off), and the delay.
    fn used(&self, now: f64) -> (Duration, Duration) {
        let used = self.counting_since.map_or(Duration::ZERO, |since| Duration::from_secs_f64((now - since).max(0.0)));
        let delay = match self.bonus(self.turn) {
            Bonus::Delay(d) => d,
            _ => Duration::ZERO,
        };
        (used, delay)
    }

    /// What `side`'s clock shows at `now`.
    pub fn reading(&self, side: usize, now: f64) -> Reading {
        let side = side & 1;
        if side != self.turn || self.counting_since.is_none() {
            return Reading { left: self.remaining[side], running: false, delay_left: Duration::ZERO };
        }
        let (used, delay) = self.used(now);
        Reading {
            left: self.remaining[side].saturating_sub(used.saturating_sub(delay)),
            running: true,
            delay_left: delay.saturating_sub(used),
        }
    }

    /// The side whose time has run out at `now`, if one has.
    pub fn flag(&self, now: f64) -> Option<usize> {
        let reading = self.reading(self.turn, now);
        (reading.running && reading.left.is_zero()).then_some(self.turn)
    }

    /// The side to move made its move at `now`: its time after the move (with the
    /// increment, the Bronstein refund or the next stage's time), to write as `[%clk]`.
    /// The other side's turn begins (counting from `now`, unless it is that side's first
    /// move or the clock is paused).
    pub fn moved(&mut self, now: f64) -> Duration {
        let side = self.turn;
        let timed = self.counting_since.is_some();
        let (used, delay) = self.used(now);
        let bonus = self.bonus(side);
        let mut left = self.remaining[side].saturating_sub(used.saturating_sub(delay));
        if timed {
            match bonus {
                Bonus::Increment(inc) => left += inc,
                Bonus::Bronstein(d) => left += used.min(d).min(self.remaining[side]),
                Bonus::None | Bonus::Delay(_) => {}
            }
        }
        self.moves[side] += 1;
        let (stage, fresh) = self.control.stage_after(self.moves[side]);
        if fresh {
            left += self.control.stages[stage].base;
        }
        self.remaining[side] = left;
        self.turn = 1 - side;
        self.counting_since = None;
        self.tick(now);
        left
    }

    /// Pauses the clock at `now` (the time used so far is kept) or starts it again.
    pub fn set_paused(&mut self, paused: bool, now: f64) {
        if paused && !self.paused {
            let reading = self.reading(self.turn, now);
            self.remaining[self.turn] = reading.left;
        }
        self.paused = paused;
        self.counting_since = None;
        self.tick(now);
    }

    /// Gives `side` more time.
    pub fn add_time(&mut self, side: usize, time: Duration) {
        self.remaining[side & 1] += time;
    }

    /// Stops the clock for good (the game ended), keeping the readings at `now`.
    pub fn stop(&mut self, now: f64) {
        let reading = self.reading(self.turn, now);
        self.remaining[self.turn] = reading.left;
        self.stopped = true;
        self.counting_since = None;
    }

    /// The thinking time for the computer on move: a share of its time left plus most
    /// of its increment, never more than `cap` nor less than 50 ms (or what is left).
    pub fn budget(&self, now: f64, cap: Duration) -> Duration {
        let left = self.reading(self.turn, now).left;
        let bonus = match self.bonus(self.turn) {
            Bonus::Increment(d) | Bonus::Bronstein(d) | Bonus::Delay(d) => d * 3 / 4,
            Bonus::None => Duration::ZERO,
        };
        (left / 30 + bonus).min(left / 2).clamp(Duration::from_millis(50).min(left / 2), cap)
    }
}

/// A clock reading as the clock face shows it: `4:58`, `1:02:03`, and tenths under ten
/// seconds (`0:07.4`).
pub fn face_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = tenths / 10;
    if secs < 10 {
        format!("0:{:02}.{}", secs, tenths % 10)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// How long until a running clock's face ([`face_text`], or its simple delay in
/// tenths) shows other digits: the window draws again then, and not before.
pub fn face_changes_in(reading: &Reading) -> Duration {
    let (left, step) = if !reading.delay_left.is_zero() {
        (reading.delay_left, 100)
    } else if reading.left < Duration::from_secs(10) {
        (reading.left, 100)
    } else {
        (reading.left, 1000)
    };
    let into = u64::try_from(left.as_millis() % step).unwrap_or(0);
    // Just past the boundary, so that the frame sees the new digits.
    Duration::from_millis(into + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_face_changes_when_its_digits_do() {
        let at = |left_ms: u64, delay_ms: u64| {
            let reading = Reading {
                left: Duration::from_millis(left_ms),
                running: true,
                delay_left: Duration::from_millis(delay_ms),
            };
            face_changes_in(&reading).as_millis()
        };
        // Seconds over ten seconds: the next whole second.
        assert_eq!(at(65_400, 0), 401);
        assert_eq!(at(10_000, 0), 1);
        // Tenths under ten seconds, and in a delay.
        assert_eq!(at(9_950, 0), 51);
        assert_eq!(at(65_400, 1_230), 31);
        let before = face_text(Duration::from_millis(65_400));
        assert_ne!(face_text(Duration::from_millis(65_400 - 401)), before);
        assert_eq!(face_text(Duration::from_millis(65_400 - 399)), before);
    }

    fn control(text: &str) -> TimeControl {
        TimeControl::parse(text).expect("a control")
    }

    fn secs(c: &GameClock, side: usize, now: f64) -> f64 {
        c.reading(side, now).left.as_secs_f64()
    }

    #[test]
    fn each_side_starts_counting_after_its_first_move() {
        let mut c = GameClock::new(control("300"), [0, 0], 0);
        c.tick(0.0);
        assert!(!c.reading(0, 5.0).running, "the first move is not timed");
        assert_eq!(c.moved(10.0), Duration::from_secs(300));
        assert!(!c.reading(1, 20.0).running, "nor the second side's first move");
        c.moved(20.0);
        assert!(c.reading(0, 25.0).running);
        assert_eq!(secs(&c, 0, 25.0), 295.0);
        assert_eq!(c.moved(30.0), Duration::from_secs(290));
        assert!(c.reading(1, 31.0).running);
    }

    #[test]
    fn fischer_increment_is_added_after_each_timed_move() {
        let mut c = GameClock::new(control("300+3"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        assert_eq!(c.moved(10.0), Duration::from_secs(293));
    }

    #[test]
    fn bronstein_gives_back_the_time_used_up_to_the_delay() {
        let mut c = GameClock::new(control("300b5"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        assert_eq!(c.moved(3.0), Duration::from_secs(300), "3 s used, 3 s back");
        c.moved(3.0);
        assert_eq!(c.moved(13.0), Duration::from_secs(295), "10 s used, 5 s back");
    }

    #[test]
    fn simple_delay_waits_before_counting() {
        let mut c = GameClock::new(control("300d5"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        let r = c.reading(0, 3.0);
        assert_eq!(r.left, Duration::from_secs(300));
        assert_eq!(r.delay_left, Duration::from_secs(2));
        assert_eq!(secs(&c, 0, 8.0), 297.0);
        assert_eq!(c.moved(8.0), Duration::from_secs(297));
    }

    #[test]
    fn stages_add_their_time_when_reached() {
        let mut c = GameClock::new(control("2/60:30"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        // The first side's second move ends its first stage: 30 s more.
        assert_eq!(c.moved(10.0), Duration::from_secs(80));
        c.moved(10.0);
        assert_eq!(c.moved(20.0), Duration::from_secs(70));
    }

    #[test]
    fn a_handicap_changes_the_first_stage() {
        let c = GameClock::new(control("300"), [0, -120], 0);
        assert_eq!(secs(&c, 0, 0.0), 300.0);
        assert_eq!(secs(&c, 1, 0.0), 180.0);
    }

    #[test]
    fn pause_keeps_the_time_and_added_time_counts() {
        let mut c = GameClock::new(control("60"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        c.set_paused(true, 10.0);
        assert_eq!(secs(&c, 0, 100.0), 50.0);
        c.set_paused(false, 100.0);
        assert_eq!(secs(&c, 0, 105.0), 45.0);
        c.add_time(0, Duration::from_secs(15));
        assert_eq!(secs(&c, 0, 105.0), 60.0);
    }

    #[test]
    fn the_flag_falls_at_zero() {
        let mut c = GameClock::new(control("10"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        assert_eq!(c.flag(9.9), None);
        assert_eq!(c.flag(10.0), Some(0));
        c.stop(10.0);
        assert_eq!(c.flag(20.0), None);
    }

    #[test]
    fn the_record_rebuilds_the_clock() {
        let mut tags = Tags::new(crate::core::Variant::Triangular);
        let c = GameClock::new(control("300+3"), [0, -60], 0);
        c.write_tags(&mut tags);
        assert_eq!(tags.get(TIME_CONTROL_TAG), Some("300+3"));
        assert_eq!(tags.get(TIME_HANDICAP_TAG), Some("0,-60"));
        let moves = [(0, "[%clk 0:05:00]"), (1, "[%clk 0:04:00]"), (0, "ok [%clk 0:04:41.5]")];
        let back = GameClock::from_record(&tags, 0, moves, 1, false).expect("a clock");
        assert_eq!(back.reading(0, 0.0).left, Duration::from_millis(281_500));
        assert_eq!(back.reading(1, 0.0).left, Duration::from_secs(240));
        assert!(back.is_paused());
        assert_eq!(back.turn(), 1);
        tags.remove(TIME_CONTROL_TAG);
        assert!(GameClock::from_record(&tags, 0, [], 0, false).is_none());
    }

    #[test]
    fn the_face_shows_tenths_under_ten_seconds() {
        assert_eq!(face_text(Duration::from_millis(7_450)), "0:07.4");
        assert_eq!(face_text(Duration::from_secs(298)), "4:58");
        assert_eq!(face_text(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn the_computer_budget_is_a_share_of_its_time() {
        let mut c = GameClock::new(control("300+3"), [0, 0], 0);
        c.moved(0.0);
        c.moved(0.0);
        c.tick(0.0);
        let b = c.budget(0.0, Duration::from_secs(2));
        assert_eq!(b, Duration::from_secs(2));
        let mut short = GameClock::new(control("3"), [0, 0], 0);
        short.moved(0.0);
        short.moved(0.0);
        assert!(short.budget(0.0, Duration::from_secs(2)) <= Duration::from_millis(1500));
    }
}
