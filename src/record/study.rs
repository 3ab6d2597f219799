//! Studies: a collection whose games are the chapters of one study, each with a title,
//! an optional section and a mode (as lichess studies have chapter modes). Everything
//! is kept in ordinary tags of each game, so other programs read every chapter as a
//! game:
//!
//! - `[Study "Name"]` — the study the chapter belongs to (a file is a study when its
//!   first game has one);
//! - `[Chapter "Title"]` — the chapter's title;
//! - `[Section "Name"]` — the section it stands in (chapters of one section are listed
//!   together, sections in the order they first appear);
//! - `[ChapterMode "normal" | "guess" | "recall"]` — how a reader goes through it;
//! - `[Orientation "black"]` (the second player's name, as lichess writes it) — in a
//!   guessing chapter the reader plays the second player: the chapter opens after the
//!   first move.
//!
//! Text in, text out: the app shows and edits them (`docs/app.md` *Studies*).

use super::game::{AnyGame, roster};

/// The tag naming a chapter's study.
pub const STUDY_TAG: &str = "Study";
/// The tag of a chapter's title.
pub const CHAPTER_TAG: &str = "Chapter";
/// The tag of a chapter's section.
pub const SECTION_TAG: &str = "Section";
/// The tag of a chapter's mode.
pub const MODE_TAG: &str = "ChapterMode";
/// The tag naming the side the reader plays (lichess's name for it).
pub const SIDE_TAG: &str = "Orientation";

/// How a reader goes through a chapter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChapterMode {
    /// A game like any other: every move shown.
    #[default]
    Normal,
    /// The moves after the shown one are hidden; the reader plays the side that moves
    /// first in the chapter and guesses each move of the main line; the other side's
    /// replies follow by themselves.
    Guess,
    /// The moves after the shown one are hidden and the reader plays every move of the
    /// main line, both sides, from memory.
    Recall,
}

impl ChapterMode {
    /// Every mode, in menu order.
    pub const ALL: [ChapterMode; 3] = [ChapterMode::Normal, ChapterMode::Guess, ChapterMode::Recall];

    /// The tag value: `normal`, `guess`, `recall`.
    pub const fn key(self) -> &'static str {
        match self {
            ChapterMode::Normal => "normal",
            ChapterMode::Guess => "guess",
            ChapterMode::Recall => "recall",
        }
    }

    /// The mode as the app names it.
    pub const fn label(self) -> &'static str {
        match self {
            ChapterMode::Normal => "Normal",
            ChapterMode::Guess => "Guess the moves",
            ChapterMode::Recall => "Recall the line",
        }
    }

    /// Reads a tag value (letter case ignored; lichess's `gamebook` is `guess`); `None`
    /// for anything else.
    pub fn parse(text: &str) -> Option<ChapterMode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "normal" | "" => Some(ChapterMode::Normal),
            "guess" | "gamebook" => Some(ChapterMode::Guess),
            "recall" => Some(ChapterMode::Recall),
            _ => None,
        }
    }

    /// Whether the reader plays the moves of the line (the next moves are hidden).
    pub const fn is_quiz(self) -> bool {
        !matches!(self, ChapterMode::Normal)
    }
}

/// One chapter of a study, as a game's tags describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chapter {
    /// The game's index in its collection.
    pub index: usize,
    /// The title: the `Chapter` tag, else the players, else the event, else
    /// `Chapter N`.
    pub title: String,
    /// The section (empty: none).
    pub section: String,
    /// The mode (an unknown `ChapterMode` value reads as normal).
    pub mode: ChapterMode,
    /// The side the reader plays (`0`: the first player; `1` when the `Orientation`
    /// tag names the second).
    pub side: usize,
}

impl Chapter {
    /// The chapter that game `index` of a collection is.
    pub fn of(game: &AnyGame, index: usize) -> Chapter {
        let tags = game.tags();
        let known = |key: &str| tags.get(key).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
        let [.., first, second] = roster(game.variant());
        let title = known(CHAPTER_TAG)
            .map(str::to_string)
            .or_else(|| match (known(first), known(second)) {
                (Some(a), Some(b)) => Some(format!("{a} – {b}")),
                _ => known("Event").map(str::to_string),
            })
            .unwrap_or_else(|| format!("Chapter {}", index + 1));
        Chapter {
            index,
            title,
            section: known(SECTION_TAG).unwrap_or_default().to_string(),
            mode: tags.get(MODE_TAG).and_then(ChapterMode::parse).unwrap_or_default(),
            side: reader_side(game),
        }
    }
}

/// The side the reader of `game` plays: `1` when its `Orientation` tag names the
/// second player (letter case ignored), else `0`.
pub fn reader_side(game: &AnyGame) -> usize {
    let second = crate::with_game!(game, g => side_names(g)[1]);
    usize::from(game.tags().get(SIDE_TAG).is_some_and(|v| v.trim().eq_ignore_ascii_case(second)))
}

/// The two players' names in a game (`white`, `black`; `positive`, `negative`).
pub fn side_names<G: crate::core::Game>(_: &super::game::GameRecord<G>) -> [&'static str; 2] {
    use crate::core::game::GameSide;
    G::Side::BOTH.map(GameSide::name)
}

/// The study a collection is: the first game's `Study` tag, when it has one. `games`
/// are games or shared games (`Arc<AnyGame>`).
pub fn study_name<G: std::borrow::Borrow<AnyGame>>(games: &[G]) -> Option<String> {
    games.first()?.borrow().tags().get(STUDY_TAG).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// The chapters by section: sections in the order they first appear (the chapters
/// without one under an empty name), each with its chapters in collection order.
pub fn sections(games: &[AnyGame]) -> Vec<(String, Vec<Chapter>)> {
    let mut out: Vec<(String, Vec<Chapter>)> = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let chapter = Chapter::of(game, i);
        match out.iter_mut().find(|(name, _)| *name == chapter.section) {
            Some((_, chapters)) => chapters.push(chapter),
            None => out.push((chapter.section.clone(), vec![chapter])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::read_games;

    const STUDY: &str = "[Variant \"Triangular\"]\n[Study \"Bishops\"]\n[Chapter \"The light bishop\"]\n\
        [Section \"Openings\"]\n[ChapterMode \"guess\"]\n\n1. Bc3d *\n\n\
        [Variant \"Triangular\"]\n[Study \"Bishops\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Section \"Games\"]\n\n*\n\n\
        [Variant \"Interstellar\"]\n[Study \"Bishops\"]\n[Chapter \"An aside\"]\n[Section \"Openings\"]\n\
        [ChapterMode \"Gamebook\"]\n\n*\n";

    #[test]
    fn chapters_come_from_their_tags_and_group_by_section() {
        let games = read_games(STUDY).games;
        assert_eq!(study_name(&games).as_deref(), Some("Bishops"));
        let by_section = sections(&games);
        let names: Vec<&str> = by_section.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(names, ["Openings", "Games"]);
        let openings: Vec<(&str, ChapterMode, usize)> =
            by_section[0].1.iter().map(|c| (c.title.as_str(), c.mode, c.index)).collect();
        assert_eq!(openings, [("The light bishop", ChapterMode::Guess, 0), ("An aside", ChapterMode::Guess, 2)]);
        assert_eq!(by_section[0].1[0].side, 0);
        // No Chapter tag: the players name it; no mode: normal.
        assert_eq!(by_section[1].1[0].title, "Ann – Bo");
        assert_eq!(by_section[1].1[0].mode, ChapterMode::Normal);
    }

    #[test]
    fn modes_read_leniently_and_write_one_way() {
        for mode in ChapterMode::ALL {
            assert_eq!(ChapterMode::parse(mode.key()), Some(mode));
            assert_eq!(ChapterMode::parse(&mode.key().to_uppercase()), Some(mode));
        }
        assert_eq!(ChapterMode::parse("gamebook"), Some(ChapterMode::Guess));
        assert_eq!(ChapterMode::parse("sideways"), None);
        assert!(!ChapterMode::Normal.is_quiz() && ChapterMode::Guess.is_quiz() && ChapterMode::Recall.is_quiz());
    }

    #[test]
    fn the_orientation_tag_names_the_readers_side() {
        let games = read_games(
            "[Variant \"Triangular\"]\n[Orientation \"Black\"]\n\n*\n\n[Variant \"Triangular\"]\n[Orientation \"white\"]\n\n*\n",
        )
        .games;
        assert_eq!(reader_side(&games[0]), 1);
        assert_eq!(reader_side(&games[1]), 0);
    }

    #[test]
    fn a_file_without_a_study_tag_is_no_study() {
        let games = read_games("[Variant \"Triangular\"]\n\n*\n").games;
        assert_eq!(study_name(&games), None);
        assert_eq!(sections(&games)[0].1[0].title, "Chapter 1");
    }
}
