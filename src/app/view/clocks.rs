//! Clocks of the shown game: rebuilt from the record's `[%clk]` stamps, stamped after each move, flag falls and added time.

use super::*;

impl<G: AppGame> GameView<G> {
    /// The side index (`0`: the side that moves first in the game) of `side`.
    pub(super) fn side_index(side: G::Side) -> usize {
        usize::from(side != G::opening().side_to_move())
    }

    /// The clock the record's tags and `[%clk]` stamps describe (paused when the game
    /// has moves; standing when it is over).
    pub(super) fn clock_from_record(&self) -> Option<GameClock> {
        let line = self.session.record.tree.main_line_from(NodeId::ROOT);
        let turn = Self::side_index(self.session.main_line_end_position().side_to_move());
        self.clock_along(&line, turn, self.session.game_over())
    }

    /// The clocks as the stamps on the way to `node` give them (standing).
    pub(super) fn clock_at(&self, node: NodeId) -> Option<GameClock> {
        let path = self.session.record.tree.path_to(node);
        let first = Self::side_index(self.session.record.start.side_to_move());
        self.clock_along(&path, (first + path.len()) % 2, true)
    }

    /// The clock after the moves of `line` (nodes from the start, the sides taking turns
    /// from the start's side to move), `turn` to move.
    pub(super) fn clock_along(&self, line: &[NodeId], turn: usize, over: bool) -> Option<GameClock> {
        let record = &self.session.record;
        let first = Self::side_index(record.start.side_to_move());
        let movers =
            line.iter().enumerate().map(|(i, &id)| ((first + i) % 2, record.tree.node(id).comment_after.as_str()));
        GameClock::from_record(&record.tags, first, movers, turn, over)
    }

    /// The clock again from the record (after an undo, a take-back, a deletion), going
    /// on from now unless it was paused.
    pub(super) fn rebuild_clock(&mut self) {
        let paused = self.clock.as_ref().is_none_or(GameClock::is_paused);
        self.clock = self.clock_from_record();
        if let Some(clock) = &mut self.clock {
            clock.set_paused(paused && clock.is_paused(), self.now);
        }
    }

    /// The node at the end of the main line.
    pub(super) fn main_line_end(&self) -> NodeId {
        self.session.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT)
    }

    /// After a change of the record: a move added at the end of the main line is
    /// timed and stamped with the mover's clock (`[%clk]`); any other change of the main
    /// line rebuilds the clock from the stamps; an ended game stops it.
    pub(super) fn clock_after_change(&mut self, end_before: NodeId) {
        if self.clock.is_none() {
            return;
        }
        let end = self.main_line_end();
        let added = end != end_before && self.session.record.tree.node(end).parent == Some(end_before);
        if added {
            let now = self.now;
            let left = self.clock.as_mut().map(|c| c.moved(now)).unwrap_or_default();
            self.stamp_clock(end, left);
        } else if end != end_before
            || (self.clock.as_ref().is_some_and(GameClock::is_stopped) && !self.session.game_over())
        {
            // The main line changed, or a decision was taken back: the clock from the record.
            self.rebuild_clock();
        }
        if self.session.game_over()
            && let Some(clock) = &mut self.clock
        {
            clock.stop(self.now);
        }
    }

    /// Gives `side` more time. For the side not to move the time is written into its
    /// last `[%clk]` at once (so undo and redo keep it); the side to move's next stamp
    /// carries it.
    pub(super) fn add_time(&mut self, side: usize, seconds: u32) -> Applied {
        let Some(clock) = &mut self.clock else { return Applied::default() };
        if clock.is_stopped() {
            return Applied::say("The game is over");
        }
        clock.add_time(side, std::time::Duration::from_secs(u64::from(seconds)));
        if side == clock.turn() {
            return Applied::default();
        }
        let left = clock.reading(side, self.now).left;
        let record = &self.session.record;
        let first = Self::side_index(record.start.side_to_move());
        let line = record.tree.main_line_from(NodeId::ROOT);
        // The moves alternate from the start's side: `side`'s last one.
        let last = line.iter().enumerate().rev().find(|(i, _)| (first + i) % 2 == side).map(|(_, &id)| id);
        let Some(node) = last else { return Applied::default() };
        self.stamp_clock(node, left);
        Applied::changed()
    }

    /// Writes `left` as the `[%clk]` of the move at `node` (replacing its old one).
    pub(super) fn stamp_clock(&mut self, node: NodeId, left: std::time::Duration) {
        let tree = &mut self.session.record.make_mut().tree;
        let text = crate::record::annotations::clock_text(left);
        let comment = crate::record::annotations::with_command(&tree.node(node).comment_after, "clk", Some(&text));
        tree.set_comment_after(node, &comment);
    }

    /// The side to move's time ran out: it loses, or — in a game with draws — the game
    /// is drawn when the other side cannot win (`docs/app.md` *Clocks*).
    pub(super) fn flag_fall(&mut self) -> Applied {
        let Some(clock) = &mut self.clock else { return Applied::default() };
        if self.session.game_over() || clock.flag(self.now).is_none() {
            return Applied::default();
        }
        clock.stop(self.now);
        let s = &mut self.session;
        let pos = s.main_line_end_position();
        let loser = pos.side_to_move();
        let name = capitalise(loser.name());
        if pos.cannot_win(loser.other()) {
            s.record.make_mut().result = GameResult::Draw;
            s.record.make_mut().tags.set(
                "Termination",
                &format!("Draw: {name}'s time ran out and {} cannot win", capitalise(loser.other().name())),
            );
        } else {
            s.record.make_mut().result =
                if Self::side_index(loser) == 0 { GameResult::SecondPlayerWins } else { GameResult::FirstPlayerWins };
            s.record.make_mut().tags.set("Termination", &format!("{name} lost on time"));
        }
        if let Some(o) = &mut self.opponent {
            o.halt();
        }
        Applied { changed: true, message: Some(format!("{name}'s time ran out")) }
    }

    /// Pause clock, or let it run again.
    pub(super) fn toggle_clock_pause(&mut self) -> Applied {
        let now = self.now;
        match &mut self.clock {
            Some(clock) if !clock.is_stopped() => {
                let paused = !clock.is_paused();
                clock.set_paused(paused, now);
                Applied::say(if paused { "Clock paused" } else { "Clock running" })
            }
            _ => Applied::say("There is no running clock"),
        }
    }
}
