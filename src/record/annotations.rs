//! Commands embedded in comments beside the board marks, as chess programs write them:
//! `[%clk 0:04:58]` (the mover's clock after the move) and `[%eval 0.35]` /
//! `[%eval #-3]` (the engine's score after the move, from the first player's view),
//! and the `TimeControl` tag (`300+3`, `40/5400+30:1800+30`, `300d5`, `300b5`).
//! `docs/app.md` *Clocks and evaluations in records* describes the forms. Text in, text out.

use std::fmt;
use std::time::Duration;

/// The value of the first `[%name value]` command in `comment`, trimmed.
pub fn command_value<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    commands(comment).find(|(n, _, _)| *n == name).map(|(_, value, _)| value)
}

/// `comment` with every `[%name …]` command taken out and, when `value` is given, one
/// `[%name value]` written in place of the first (or at the end). Other text and
/// commands stay as they were.
pub fn with_command(comment: &str, name: &str, value: Option<&str>) -> String {
    let mut out = String::with_capacity(comment.len() + 24);
    let mut rest = 0;
    let mut placed = false;
    for (n, _, range) in commands(comment).collect::<Vec<_>>() {
        if n != name {
            continue;
        }
        out.push_str(&comment[rest..range.start]);
        if let Some(value) = value
            && !placed
        {
            out.push_str(&format!("[%{name} {value}]"));
            placed = true;
        }
        rest = range.end;
    }
    out.push_str(&comment[rest..]);
    if let Some(value) = value
        && !placed
    {
        if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(&format!("[%{name} {value}]"));
    }
    tidy(&out)
}

/// The comment's text without any `[%…]` command: what a reader of the move list sees.
pub fn without_commands(comment: &str) -> String {
    let mut out = String::with_capacity(comment.len());
    let mut rest = 0;
    for (_, _, range) in commands(comment) {
        out.push_str(&comment[rest..range.start]);
        rest = range.end;
    }
    out.push_str(&comment[rest..]);
    tidy(&out)
}

/// `comment` with its reader's text replaced by `text` and its `[%…]` commands kept
/// after it, in order: what editing a comment in the move list writes, so a clock or
/// an evaluation is never lost with the words around it.
pub fn with_text(comment: &str, text: &str) -> String {
    let mut out = text.trim().to_string();
    for (_, _, range) in commands(comment) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&comment[range]);
    }
    tidy(&out)
}

/// Runs of spaces made by taking a command out become one; no space at the ends.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').filter(|w| !w.is_empty()).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Every `[%name value]` command in `comment`: name, trimmed value, byte range.
fn commands(comment: &str) -> impl Iterator<Item = (&str, &str, std::ops::Range<usize>)> {
    let mut from = 0;
    std::iter::from_fn(move || {
        loop {
            let start = from + comment.get(from..)?.find("[%")?;
            let end = start + comment[start..].find(']')?;
            from = end + 1;
            let body = &comment[start + 2..end];
            let name_len = body.find(char::is_whitespace).unwrap_or(body.len());
            let name = &body[..name_len];
            if name.is_empty() {
                continue;
            }
            return Some((name, body[name_len..].trim(), start..end + 1));
        }
    })
}

/// A clock reading as `[%clk]` writes it: `h:mm:ss`, with tenths (`0:00:07.4`) when the
/// time is not a whole second.
pub fn clock_text(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    let (secs, tenth) = (tenths / 10, tenths % 10);
    let hms = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    if tenth == 0 { hms } else { format!("{hms}.{tenth}") }
}

/// Reads a clock reading: `h:mm:ss`, `m:ss` or `s`, each with an optional fraction of
/// a second (`0:00:07.4`). `None` for anything else.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let text = text.trim();
    let mut parts: Vec<&str> = text.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let last = parts.pop()?;
    let secs: f64 = if last.chars().all(|c| c.is_ascii_digit() || c == '.') && !last.is_empty() {
        last.parse().ok()?
    } else {
        return None;
    };
    if !parts.is_empty() && secs >= 60.0 {
        return None;
    }
    let mut whole: u64 = 0;
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) || part.len() > 6 {
            return None;
        }
        let n: u64 = part.parse().ok()?;
        // Minutes under an hour field stay under 60.
        if i > 0 && n >= 60 {
            return None;
        }
        whole = whole * 60 + n;
    }
    Some(Duration::from_secs(whole * 60) + Duration::try_from_secs_f64(secs).ok()?)
}

/// An engine score after a move as `[%eval]` writes it, from the first player's view:
/// `0.35` (in stars or pawns) or `#3` / `#-3` (a forced result in that many moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalText {
    /// Hundredths of a star or pawn.
    Cp(i32),
    /// A forced win in this many moves (negative: a forced loss).
    Mate(i32),
}

impl fmt::Display for EvalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EvalText::Cp(cp) => write!(f, "{:.2}", f64::from(cp) / 100.0),
            EvalText::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl EvalText {
    /// Reads `0.35`, `-1.2`, `#3`, `#-3`, `+0.5`. `None` for anything else.
    pub fn parse(text: &str) -> Option<EvalText> {
        let text = text.trim();
        if let Some(n) = text.strip_prefix('#') {
            return n.parse::<i32>().ok().filter(|n| *n != 0).map(EvalText::Mate);
        }
        let value: f64 = text.parse().ok().filter(|v: &f64| v.is_finite() && v.abs() < 1e6)?;
        Some(EvalText::Cp((value * 100.0).round() as i32))
    }
}

/// How a stage of a time control adds time after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// Nothing: sudden death.
    None,
    /// Fischer: this much added after every move (`+3`).
    Increment(Duration),
    /// Bronstein: the time a move used is given back, up to this much (`b3`).
    Bronstein(Duration),
    /// Simple (US) delay: the clock waits this long before it counts down (`d3`).
    Delay(Duration),
}

/// One stage of a time control: `moves` moves (all the rest when `None`) in `base`
/// time, with its bonus per move. The time left over from a stage carries into the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Moves to make in this stage; `None`: the rest of the game.
    pub moves: Option<u32>,
    /// Time added at the stage's start.
    pub base: Duration,
    /// Time added or waited per move.
    pub bonus: Bonus,
}

/// A time control: its stages in order; a last stage with a move count repeats.
///
/// The text form is the PGN `TimeControl` tag's, fields separated by `:`, each
/// `[moves/]seconds[bonus]` where the bonus is `+s` (Fischer increment), `ds` (simple
/// delay) or `bs` (Bronstein delay): `300+3` is 5 min + 3 s a move, `40/5400+30:1800+30`
/// is 40 moves in 90 min, then 30 min for the rest, each with 30 s a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The stages, never empty.
    pub stages: Vec<Stage>,
}

/// Why a `TimeControl` text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a time control ({why}); write e.g. 300+3, 600, 40/5400+30:1800+30, 300d5 or 300b5")]
pub struct TimeControlError {
    /// The text, shortened for messages.
    pub text: String,
    /// What was wrong.
    pub why: &'static str,
}

impl TimeControl {
    /// A one-stage control: `minutes` for the game and `bonus` a move.
    pub fn new(base: Duration, bonus: Bonus) -> TimeControl {
        TimeControl { stages: vec![Stage { moves: None, base, bonus }] }
    }

    /// Reads the tag's text (see the type's docs).
    ///
    /// # Errors
    /// Empty fields, a field that is not `[moves/]seconds[bonus]`, zero moves, a stage
    /// after one for the rest of the game, or no time at all.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let err = |why| TimeControlError { text: super::text::shown(text.trim()).to_string(), why };
        let fields: Vec<&str> = text.trim().split(':').collect();
        let mut stages = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            let field = field.trim();
            if field.is_empty() {
                return Err(err("an empty stage"));
            }
            let (moves, rest) = match field.split_once('/') {
                Some((m, rest)) => {
                    let m: u32 = m.trim().parse().map_err(|_| err("the moves before '/' are not a number"))?;
                    if m == 0 {
                        return Err(err("a stage of zero moves"));
                    }
                    (Some(m), rest.trim())
                }
                None => (None, field),
            };
            if moves.is_none() && i + 1 < fields.len() {
                return Err(err("a stage for the rest of the game comes last"));
            }
            let split = rest.find(['+', 'd', 'b']).unwrap_or(rest.len());
            let seconds = |s: &str| -> Result<Duration, TimeControlError> {
                let n: f64 = s.trim().parse().map_err(|_| err("a time is not a number of seconds"))?;
                Duration::try_from_secs_f64(n)
                    .ok()
                    .filter(|d| d.as_secs() < 1_000_000)
                    .ok_or(err("a time out of range"))
            };
            let base = seconds(&rest[..split])?;
            let bonus = match rest[split..].chars().next() {
                None => Bonus::None,
                Some(c) => {
                    let amount = seconds(&rest[split + 1..])?;
                    match c {
                        '+' => Bonus::Increment(amount),
                        'd' => Bonus::Delay(amount),
                        _ => Bonus::Bronstein(amount),
                    }
                }
            };
            stages.push(Stage { moves, base, bonus });
        }
        if stages.iter().all(|s| s.base.is_zero() && s.bonus == Bonus::None) {
            return Err(err("no time at all"));
        }
        Ok(TimeControl { stages })
    }

    /// The stage a side is in after it has made `moves_made` moves, and whether that
    /// move count just started it (its base time is then due). The last stage repeats
    /// when it has a move count.
    pub fn stage_after(&self, moves_made: u32) -> (usize, bool) {
        let mut start = 0u32;
        let mut i = 0;
        loop {
            let stage = &self.stages[i];
            let Some(n) = stage.moves else { return (i, moves_made == start) };
            if moves_made < start + n {
                return (i, moves_made == start);
            }
            start += n;
            if i + 1 < self.stages.len() {
                i += 1;
            } else if moves_made == start {
                return (i, true);
            } else {
                // The last stage repeats: skip whole rounds of it.
                let rounds = (moves_made - start) / n;
                start += rounds * n;
                if moves_made == start {
                    return (i, true);
                }
                return (i, false);
            }
        }
    }

    /// The control in words for menus and the panel: `5 min + 3 s`, `40 moves in 90
    /// min, then 30 min`, `5 min, delay 5 s`.
    pub fn describe(&self) -> String {
        let time = |d: Duration| {
            let s = d.as_secs_f64();
            if s >= 60.0 && s % 60.0 == 0.0 { format!("{} min", s / 60.0) } else { format!("{s} s") }
        };
        let parts: Vec<String> = self
            .stages
            .iter()
            .map(|st| {
                let mut text = match st.moves {
                    Some(n) => format!("{n} moves in {}", time(st.base)),
                    None => time(st.base),
                };
                match st.bonus {
                    Bonus::None => {}
                    Bonus::Increment(d) => text.push_str(&format!(" + {}", time(d))),
                    Bonus::Bronstein(d) => text.push_str(&format!(", Bronstein delay {}", time(d))),
                    Bonus::Delay(d) => text.push_str(&format!(", delay {}", time(d))),
                }
                text
            })
            .collect();
        parts.join(", then ")
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = |d: Duration| {
            let s = d.as_secs_f64();
            if s.fract() == 0.0 { format!("{}", d.as_secs()) } else { format!("{s}") }
        };
        for (i, st) in self.stages.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(n) = st.moves {
                write!(f, "{n}/")?;
            }
            f.write_str(&secs(st.base))?;
            match st.bonus {
                Bonus::None => {}
                Bonus::Increment(d) => write!(f, "+{}", secs(d))?,
                Bonus::Delay(d) => write!(f, "d{}", secs(d))?,
                Bonus::Bronstein(d) => write!(f, "b{}", secs(d))?,
            }
        }
        Ok(())
    }
}

/// The tag holding a game's time control.
pub const TIME_CONTROL_TAG: &str = "TimeControl";
/// The tag holding a handicap: seconds added to (or, negative, taken from) each side's
/// first stage, the first player's then the second's: `0,-120`.
pub const TIME_HANDICAP_TAG: &str = "TimeHandicap";

/// Reads a `TimeHandicap` tag: two signed whole numbers of seconds, `first,second`.
pub fn parse_handicap(text: &str) -> Option<[i64; 2]> {
    let (a, b) = text.split_once(',')?;
    Some([a.trim().parse().ok()?, b.trim().parse().ok()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_found_replaced_and_hidden() {
        let c = "good [%clk 0:05:00] [%csl Ga1]";
        assert_eq!(command_value(c, "clk"), Some("0:05:00"));
        assert_eq!(command_value(c, "eval"), None);
        assert_eq!(with_command(c, "clk", Some("0:04:58")), "good [%clk 0:04:58] [%csl Ga1]");
        assert_eq!(with_command(c, "clk", None), "good [%csl Ga1]");
        assert_eq!(with_command("", "eval", Some("0.35")), "[%eval 0.35]");
        assert_eq!(with_command("text", "eval", Some("#3")), "text [%eval #3]");
        assert_eq!(without_commands(c), "good");
        assert_eq!(without_commands("a [%x] b [%"), "a b [%");
    }

    #[test]
    fn new_text_keeps_the_commands() {
        let c = "good [%clk 0:05:00] move [%eval 0.3]";
        assert_eq!(with_text(c, "  a better  plan "), "a better plan [%clk 0:05:00] [%eval 0.3]");
        assert_eq!(with_text(c, ""), "[%clk 0:05:00] [%eval 0.3]");
        assert_eq!(with_text("old words", "new"), "new");
        assert_eq!(with_text("old words", ""), "");
        assert_eq!(without_commands(&with_text(c, "text")), "text");
    }

    #[test]
    fn clock_readings_round_trip() {
        for (text, ms) in [("0:05:00", 300_000), ("1:30:00", 5_400_000), ("0:00:07.4", 7_400), ("0:00:00", 0)] {
            let d = parse_clock(text).expect("a clock");
            assert_eq!(d.as_millis(), ms, "{text}");
            assert_eq!(clock_text(d), text);
        }
        assert_eq!(parse_clock("4:58").map(|d| d.as_secs()), Some(298));
        assert_eq!(parse_clock("12").map(|d| d.as_secs()), Some(12));
        for bad in ["", "a:00", "1:60:00", "0:5:61", "1::2", "1:2:3:4", "-1:00"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn evaluations_read_and_write() {
        assert_eq!(EvalText::parse("0.35"), Some(EvalText::Cp(35)));
        assert_eq!(EvalText::parse("-1.2"), Some(EvalText::Cp(-120)));
        assert_eq!(EvalText::parse("#-3"), Some(EvalText::Mate(-3)));
        assert_eq!(EvalText::parse("#0"), None);
        assert_eq!(EvalText::parse("nan"), None);
        assert_eq!(EvalText::Cp(-5).to_string(), "-0.05");
        assert_eq!(EvalText::Mate(2).to_string(), "#2");
    }

    #[test]
    fn time_controls_read_and_write() {
        for text in ["300+3", "600", "40/5400+30:1800+30", "300d5", "300b5", "40/7200", "60+0.5"] {
            let tc = TimeControl::parse(text).expect(text);
            assert_eq!(tc.to_string(), text);
        }
        let tc = TimeControl::parse("40/5400+30:1800+30").expect("stages");
        assert_eq!(tc.stages.len(), 2);
        assert_eq!(tc.stages[0].moves, Some(40));
        assert_eq!(tc.describe(), "40 moves in 90 min + 30 s, then 30 min + 30 s");
        for bad in ["", "+3", "abc", "0", "5:300", "40/", "0/300", "300x3", "300+", "1e9"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn stages_follow_the_move_count() {
        let tc = TimeControl::parse("40/5400:1800").expect("stages");
        assert_eq!(tc.stage_after(0), (0, true));
        assert_eq!(tc.stage_after(39), (0, false));
        assert_eq!(tc.stage_after(40), (1, true));
        assert_eq!(tc.stage_after(90), (1, false));
        let repeating = TimeControl::parse("40/7200").expect("repeating");
        assert_eq!(repeating.stage_after(40), (0, true));
        assert_eq!(repeating.stage_after(80), (0, true));
        assert_eq!(repeating.stage_after(81), (0, false));
    }

    #[test]
    fn handicaps_read() {
        assert_eq!(parse_handicap("0,-120"), Some([0, -120]));
        assert_eq!(parse_handicap("60"), None);
    }
}
