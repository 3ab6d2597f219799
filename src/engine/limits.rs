//! How long a search may run: depth, nodes, a fixed time per move, a game clock, or
//! until stopped; and the time the search gives itself from them.

use std::time::Duration;

/// One side's clock in a timed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the side's clock.
    pub left: Duration,
    /// Time added after each of the side's moves.
    pub increment: Duration,
}

/// When a search stops: at the first limit reached, or when its stop flag is set.
/// With no limit at all ([`Limits::default`]) it runs until stopped ("infinite"), up to
/// [`super::MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (1 or more).
    pub depth: Option<u32>,
    /// The most nodes (positions visited, quiescence included).
    pub nodes: Option<u64>,
    /// The time for this move: the search uses it all (no new iteration is started
    /// when the last one proves a forced result within its depth).
    pub movetime: Option<Duration>,
    /// The clocks of the first and the second player (index [`crate::core::GameSide::index`]);
    /// the side to move's clock sets the time for this move.
    pub clocks: Option<[Clock; 2]>,
    /// Moves to play before the clocks get more time (UCI's `movestogo`); with a
    /// clock, the time left is shared among them rather than among 30.
    pub moves_to_go: Option<u32>,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A search of `time` for this move.
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }

    /// The time budget for the side with index `side`: `(soft, hard)`. The search
    /// starts no iteration after `soft` and stops at `hard`. A fixed move time gives it
    /// as both; a clock gives `left/30 + increment·3/4` (soft; `left/(movestogo+1)`
    /// when fewer than 30 moves are to go) and up to 3× that, never more than `left/4`
    /// (hard; `left/2` with one move to go), keeping 10 ms in hand. `None`: no time
    /// limit.
    pub fn budget(&self, side: usize) -> Option<(Duration, Duration)> {
        let mut best: Option<(Duration, Duration)> = self.movetime.map(|t| (t, t));
        if let Some(clocks) = self.clocks {
            let clock = clocks[side.min(1)];
            let reserve = Duration::from_millis(10);
            let left = clock.left.saturating_sub(reserve);
            let share = self.moves_to_go.map_or(30, |n| n.saturating_add(1).min(30));
            let soft = (left / share + clock.increment * 3 / 4).min(left);
            let hard = (soft * 3).min(left / 4).max(soft.min(left));
            best = Some(match best {
                Some((s, h)) => (s.min(soft), h.min(hard)),
                None => (soft, hard),
            });
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_gives_a_share_of_the_time_left() {
        let clock = Clock { left: Duration::from_secs(60), increment: Duration::from_secs(1) };
        let limits = Limits { clocks: Some([clock, clock]), ..Limits::default() };
        let (soft, hard) = limits.budget(0).expect("a budget");
        assert!(soft > Duration::from_secs(2) && soft < Duration::from_secs(3), "{soft:?}");
        assert!(hard >= soft && hard <= Duration::from_secs(15), "{hard:?}");
        assert_eq!(Limits::depth(3).budget(0), None);
        let t = Duration::from_millis(200);
        assert_eq!(Limits::movetime(t).budget(1), Some((t, t)));
    }
}
