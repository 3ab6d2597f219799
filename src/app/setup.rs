//! The board editor (setup mode): build a position piece by piece, for any game, with
//! every problem listed until the position is valid.
//!
//! The editor holds an unchecked setup ([`Game::Setup`]), so any arrangement can be
//! built on the way; the rules core checks it (`docs/rules-*.md`, *What counts as a
//! valid position*) and lists every problem. No egui here: the panel in
//! [`super::setup_ui`] draws it, and tests drive it directly.

use crate::core::game::{BoardCell, BoardSetup, Game, GameSide};
use crate::record::{AnyGame, GameRecord, RecordGame};
use crate::solver::Goal;

use super::puzzle::goals_of;

use super::session::{GameSession, article, capitalise, describe_outcome};

/// What the board editor's panel and board ask of it, for any game: cells by their
/// slot ([`BoardCell::slot`]), pieces by their place in the palette
/// ([`BoardSetup::palette`]), sides by their index (0 moves first). The panel pushes
/// these as commands; [`SetupMode::apply`] carries them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Empty the board.
    Clear,
    /// Put the opening position on the board.
    Opening,
    /// Set the side to move (its index: 0 moves first).
    SideToMove(usize),
    /// The position-string field's text was typed.
    Text(String),
    /// Choose the palette piece with this index to place (`None`: no piece; clicks
    /// select).
    Choose(Option<usize>),
    /// Rename the piece on a cell.
    Rename {
        /// The cell's slot.
        slot: u8,
        /// The new name (one of [`SetupMode::free_names`]).
        name: String,
    },
    /// A click on a cell: places the chosen piece (the same piece again removes it);
    /// with no piece chosen, selects the cell (to rename its piece).
    Click(u8),
    /// A right-click on a cell: removes its piece.
    RightClick(u8),
    /// A piece dragged from a cell and dropped on another (moved), or off the board
    /// (`None`: removed).
    Drop {
        /// Where it came from.
        from: u8,
        /// Where it was dropped.
        to: Option<u8>,
    },
}

/// The board editor's state for a game `G`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupMode<G: Game> {
    /// The setup on the board.
    pub board: G::Setup,
    /// The palette piece that a click on the board places (none: clicks select).
    pub chosen: Option<G::Piece>,
    /// The text of the position-string field.
    pub text: String,
    /// What is wrong with the text typed in the field, if it cannot be applied.
    pub text_problems: Vec<String>,
    /// The cell selected (to rename its piece, where the game names pieces).
    pub selected: Option<G::Cell>,
}

impl<G: Game> SetupMode<G> {
    /// An editor holding `board`.
    pub fn new(board: G::Setup) -> SetupMode<G> {
        let text = board.position_string();
        SetupMode { board, chosen: None, text, text_problems: Vec::new(), selected: None }
    }

    /// An editor on `position`, read back from its position string (so only names that
    /// differ from the default naming are spelt out in the editor's field).
    pub fn of_position(position: &G) -> SetupMode<G> {
        SetupMode::from_position_string(&position.position_string())
    }

    /// An editor starting from a position string (the opening when the string cannot
    /// be read).
    pub fn from_position_string(text: &str) -> SetupMode<G> {
        SetupMode::new(G::Setup::parse(text).unwrap_or_else(|_| G::opening().to_setup()))
    }

    /// The setup's position string (valid or not).
    pub fn position_string(&self) -> String {
        self.board.position_string()
    }

    fn changed(&mut self) {
        self.text = self.position_string();
        self.text_problems.clear();
    }

    /// Puts `piece` on `cell`, replacing what stood there.
    pub fn place(&mut self, cell: G::Cell, piece: G::Piece) {
        self.board.place(cell, piece);
        self.changed();
    }

    /// The piece standing on `cell`, if any.
    pub fn piece_at(&self, cell: G::Cell) -> Option<G::Piece> {
        self.board.piece_at(cell)
    }

    /// Takes the piece off `cell`, if any.
    pub fn remove(&mut self, cell: G::Cell) {
        self.board.remove(cell);
        if self.selected == Some(cell) {
            self.selected = None;
        }
        self.changed();
    }

    /// Moves the piece on `from` to `to` (replacing what stood there); the piece keeps
    /// what the game remembers of it (an Interstellar piece its name).
    pub fn move_piece(&mut self, from: G::Cell, to: G::Cell) {
        if self.board.move_piece(from, to) {
            self.selected = Some(to);
            self.changed();
        }
    }

    /// Empties the board (the side to move stays).
    pub fn clear(&mut self) {
        self.board.clear();
        self.selected = None;
        self.changed();
    }

    /// Puts the opening position on the board.
    pub fn opening(&mut self) {
        self.board = G::opening().to_setup();
        self.selected = None;
        self.changed();
    }

    /// The side to move.
    pub fn side_to_move(&self) -> G::Side {
        self.board.side_to_move()
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: G::Side) {
        self.board.set_side_to_move(side);
        self.changed();
    }

    /// Every problem that keeps the setup from being a valid position (empty when it
    /// is valid), one sentence each.
    pub fn problems(&self) -> Vec<String> {
        match G::from_setup(&self.board) {
            Ok(_) => Vec::new(),
            Err(list) => list.iter().map(|e| capitalise(&e.to_string())).collect(),
        }
    }

    /// The setup as a position, when it is valid.
    pub fn position(&self) -> Option<G> {
        G::from_setup(&self.board).ok()
    }

    /// The setup as a game session starting from it, when it is a valid position.
    pub fn to_session(&self) -> Option<GameSession<G>>
    where
        G: RecordGame,
    {
        self.position().map(|p| GameSession::from_record(GameRecord::from_position(p)))
    }

    /// How the game stands in this position when it is valid and already over: e.g.
    /// "Positive wins by Target Out".
    pub fn outcome(&self) -> Option<String> {
        self.position().and_then(|p| p.outcome()).map(describe_outcome::<G>)
    }

    /// The text field changed: reads it and puts it on the board when it can be read,
    /// valid position or not (the problems of an invalid one are listed by
    /// [`Self::problems`], to be fixed on the board); a text that cannot be read at
    /// all leaves the board alone, with each place and reason in `text_problems`.
    pub fn set_text(&mut self, text: String) {
        self.text = text;
        match G::Setup::parse(&self.text) {
            Ok(board) => {
                self.board = board;
                self.text_problems.clear();
            }
            Err(errors) => {
                self.text_problems = errors.iter().map(|e| capitalise(&e.to_string())).collect();
                // Another game's string: say so first, rather than only this game's
                // complaints about it.
                if let Some(other) =
                    crate::core::Variant::guess_from_position_string(&self.text).filter(|v| *v != G::VARIANT)
                {
                    self.text_problems.insert(
                        0,
                        format!(
                            "This looks like {} {} position string: this editor is for {} (open the board editor from {} {} game)",
                            article(other.name()),
                            other.name(),
                            G::VARIANT.name(),
                            article(other.name()),
                            other.name(),
                        ),
                    );
                }
            }
        }
    }

    /// The name the piece on `cell` has, where the game names pieces.
    pub fn name_at(&self, cell: G::Cell) -> Option<String> {
        self.board.name_at(cell)
    }

    /// The names the piece on `cell` may take (its own included).
    pub fn free_names(&self, cell: G::Cell) -> Vec<String> {
        self.board.free_names(cell)
    }

    /// Gives the piece on `cell` the name `name` (one of [`Self::free_names`]); other
    /// names are refused.
    pub fn rename(&mut self, cell: G::Cell, name: &str) -> bool {
        let done = self.board.rename(cell, name);
        if done {
            self.changed();
        }
        done
    }

    /// Carries out one action of the panel or the board; an action naming no cell,
    /// piece or side of this game does nothing.
    pub fn apply(&mut self, action: &SetupAction) {
        let cell = |slot: u8| G::Cell::from_slot(slot);
        match action {
            SetupAction::Clear => self.clear(),
            SetupAction::Opening => self.opening(),
            SetupAction::SideToMove(index) => {
                if let Some(&side) = G::Side::BOTH.get(*index) {
                    self.set_side_to_move(side);
                }
            }
            SetupAction::Text(text) => self.set_text(text.clone()),
            SetupAction::Choose(index) => self.chosen = index.and_then(|i| G::Setup::palette().get(i).copied()),
            SetupAction::Rename { slot, name } => {
                if let Some(c) = cell(*slot) {
                    self.rename(c, name);
                }
            }
            SetupAction::Click(slot) => {
                let Some(c) = cell(*slot) else { return };
                match self.chosen {
                    Some(piece) if self.piece_at(c) == Some(piece) => self.remove(c),
                    Some(piece) => self.place(c, piece),
                    None => self.selected = if self.selected == Some(c) { None } else { Some(c) },
                }
            }
            SetupAction::RightClick(slot) => {
                if let Some(c) = cell(*slot) {
                    self.remove(c);
                }
            }
            SetupAction::Drop { from, to } => match (cell(*from), to.map(cell)) {
                (Some(from), Some(Some(to))) if from != to => self.move_piece(from, to),
                (Some(from), None) => self.remove(from),
                _ => {}
            },
        }
    }

    /// The labels of the two sides to move, first player first: "Positive to move".
    pub fn side_labels() -> [(G::Side, String); 2] {
        G::Side::BOTH.map(|side| (side, format!("{} to move", capitalise(side.name()))))
    }
}

/// The Save as puzzle form: the puzzle's stipulation and credits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleForm {
    /// The goal's words: `Target Out`, `win` or `mate`.
    pub goal: String,
    /// The goals the game offers.
    pub goals: Vec<String>,
    /// Moves of the attacker, 1 to 3.
    pub moves: u8,
    /// Title.
    pub title: String,
    /// Author.
    pub author: String,
    /// Where it comes from.
    pub source: String,
}

impl PuzzleForm {
    /// A form for a puzzle of game `G`: its first goal in 2 (Target Out in 2, mate in 2).
    pub fn new<G: Game>() -> PuzzleForm {
        let goals: Vec<String> = goals_of::<G>().iter().map(|g| goal_word(*g).to_string()).collect();
        PuzzleForm {
            goal: goals.first().cloned().unwrap_or_default(),
            goals,
            moves: 2,
            title: String::new(),
            author: String::new(),
            source: String::new(),
        }
    }

    /// The stipulation text, e.g. `Target Out in 2`.
    pub fn stipulation(&self) -> String {
        format!("{} in {}", self.goal, self.moves)
    }
}

/// The word a stipulation uses for a goal (`Target Out`, `win`, `mate`).
fn goal_word(goal: Goal) -> &'static str {
    match goal {
        Goal::TargetOut => "Target Out",
        Goal::Win => "win",
        Goal::Mate => "mate",
    }
}

/// A puzzle record: the position, `[SetUp "1"]`/`[Position]` (written from the start
/// position), `[Stipulation]`, `[Title]`, `[Author]`, `[Source]`; `None` while the
/// setup is not a valid position.
pub fn puzzle_record<G: RecordGame>(setup: &SetupMode<G>, form: &PuzzleForm) -> Option<AnyGame> {
    let mut record = GameRecord::from_position(setup.position()?);
    record.tags.set("Stipulation", &form.stipulation());
    for (key, value) in [("Title", &form.title), ("Author", &form.author), ("Source", &form.source)] {
        if !value.trim().is_empty() {
            record.tags.set(key, value.trim());
        }
    }
    Some(G::into_any(record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::interstellar::{self, Cell, Kind, Piece, Side};
    use crate::core::triangular;

    type Inter = SetupMode<interstellar::Position>;
    type Tri = SetupMode<triangular::Position>;

    fn cell(r: u8, i: u8) -> Cell {
        Cell::new(r, i).unwrap()
    }

    fn piece(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    #[test]
    fn an_empty_interstellar_board_lists_both_missing_planets_then_becomes_valid() {
        let mut m = Inter::from_position_string(interstellar::OPENING);
        assert!(m.problems().is_empty());
        m.clear();
        let problems = m.problems();
        assert!(problems.iter().filter(|p| p.contains("planets")).count() == 2, "{problems:?}");
        m.place(cell(1, 5), piece(Side::Positive, Kind::Planet));
        m.place(cell(9, 5), piece(Side::Negative, Kind::Planet));
        m.place(cell(1, 4), piece(Side::Positive, Kind::Quasar));
        m.place(cell(9, 4), piece(Side::Negative, Kind::Quasar));
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        assert!(m.to_session().is_some());
        assert_eq!(m.text, m.position_string());
    }

    #[test]
    fn interstellar_problem_kinds_are_each_reported() {
        let mut m = Inter::from_position_string(interstellar::OPENING);
        // Two positive planets.
        m.place(cell(5, 5), piece(Side::Positive, Kind::Planet));
        assert!(m.problems().iter().any(|p| p.contains("2 planets")), "{:?}", m.problems());
        m.remove(cell(5, 5));
        // More stars than the opening army.
        m.place(cell(5, 5), piece(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("more than the opening army")), "{:?}", m.problems());
        m.remove(cell(5, 5));
        // A star on its own first row, and one already on the last row.
        m.remove(cell(2, 1));
        m.place(cell(1, 1), piece(Side::Positive, Kind::Nebula));
        m.remove(cell(1, 1));
        m.place(cell(1, 1), piece(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("own first row")), "{:?}", m.problems());
        m.remove(cell(1, 1));
        m.remove(cell(9, 1));
        m.place(cell(9, 1), piece(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("last row")), "{:?}", m.problems());
    }

    #[test]
    fn the_side_not_to_move_in_target_is_reported() {
        // The negative planet is attacked by a positive quasar: fine with negative to
        // move, a problem with positive to move.
        let mut m = Inter::from_position_string("p7Q/8/9/8/9/8/9/8/1b2P4 -");
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        m.set_side_to_move(Side::Positive);
        assert_eq!(m.problems(), vec!["Negative is not to move but its planet is in Target".to_string()]);
        assert!(m.text.ends_with('+'));
        assert!(m.to_session().is_none(), "Play from here needs a valid position");
    }

    #[test]
    fn names_can_be_changed_among_the_free_ones() {
        let mut m = Inter::from_position_string(interstellar::OPENING);
        let q = cell(1, 4);
        let before = m.name_at(q).unwrap();
        let free = m.free_names(q);
        assert_eq!(free, vec![before.clone()], "in the opening every quasar name is taken");
        // Remove the other positive quasar: its name becomes free.
        m.remove(cell(1, 6));
        let free = m.free_names(q);
        assert_eq!(free.len(), 2);
        let other = free.iter().find(|n| **n != before).unwrap().clone();
        assert!(m.rename(q, &other));
        assert_eq!(m.name_at(q), Some(other.clone()));
        assert!(m.text.contains(&format!("({other})")), "{}", m.text);
        assert!(!m.rename(q, "P"), "a name of another kind is refused");
        assert!(m.problems().is_empty());
    }

    #[test]
    fn the_editor_opened_on_a_position_spells_out_only_unusual_names() {
        let m = Inter::of_position(&interstellar::Position::opening());
        assert_eq!(m.text, interstellar::OPENING);
        assert!(m.problems().is_empty());
    }

    #[test]
    fn moving_a_piece_keeps_its_name() {
        let mut m = Inter::from_position_string(interstellar::OPENING);
        let name = m.name_at(cell(1, 4)).unwrap();
        m.move_piece(cell(1, 4), cell(4, 4));
        assert_eq!(m.name_at(cell(4, 4)), Some(name));
        assert_eq!(m.selected, Some(cell(4, 4)));
    }

    #[test]
    fn triangular_problems_and_the_text_field() {
        let mut m = Tri::from_position_string("");
        assert!(m.problems().is_empty());
        m.clear();
        assert_eq!(m.problems().iter().filter(|p| p.contains("kings")).count(), 2, "{:?}", m.problems());
        // Typing a bad string leaves the board alone and lists why.
        let board = m.board.clone();
        m.set_text("garbage".into());
        assert_eq!(m.board, board);
        assert!(!m.text_problems.is_empty());
        // A valid string is applied.
        let opening = triangular::Position::opening().to_setup().position_string();
        m.set_text(opening.clone());
        assert!(m.text_problems.is_empty());
        assert!(m.problems().is_empty());
        assert_eq!(m.position_string(), opening);
    }

    #[test]
    fn triangular_problem_kinds_are_each_reported() {
        let problems = |text: &str| {
            let mut m = Tri::from_position_string("");
            m.board = triangular::Setup::parse(text).unwrap();
            m.problems().join("\n")
        };
        assert!(problems("9/11/13/15/15/13/11/5Kk2 w").contains("touch"));
        assert!(problems("9/11/13/15/15/13/11/5Kk2 w").contains("in check but it is not its move"));
        let pawns = problems("1Pp6/11/13/15/4k10/13/11/1pP3K2 w");
        assert!(pawns.contains("promotion cell"), "{pawns}");
        assert!(pawns.contains("own first row"), "{pawns}");
        assert!(problems("9/11/13/15/15/13/11/9 w").contains("0 kings"));
    }

    #[test]
    fn a_readable_but_illegal_string_goes_on_the_board_with_every_problem_listed() {
        // Two positive planets and a positive star on its own first row: read, put on
        // the board, both problems listed, with the cells by their names.
        let mut m = Inter::from_position_string(interstellar::OPENING);
        m.set_text("p8/8/9/8/4P4/8/9/8/S3P4 +".into());
        assert!(m.text_problems.is_empty(), "{:?}", m.text_problems);
        assert_eq!(m.piece_at(cell(5, 5)), Some(piece(Side::Positive, Kind::Planet)));
        let problems = m.problems();
        assert!(problems.iter().any(|p| p.contains("2 planets")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("star on 11 stands on its own first row")), "{problems:?}");
        // Kings touching and the side not to move in check, in Triangular.
        let mut t = Tri::from_position_string("");
        t.set_text("9/11/13/15/15/13/11/5Kk2 w".into());
        assert!(t.text_problems.is_empty());
        let problems = t.problems().join("\n");
        assert!(problems.contains("touch") && problems.contains("not its move"), "{problems}");
        // Text that cannot be read at all leaves the board and says where.
        let board = t.board.clone();
        t.set_text("9/11/13/15/15/13/11/5Kk2x w".into());
        assert_eq!(t.board, board);
        assert!(!t.text_problems.is_empty());
        // Another game's string says so first.
        t.set_text(interstellar::OPENING.into());
        assert_eq!(t.board, board);
        assert_eq!(
            t.text_problems[0],
            "This looks like an Interstellar position string: this editor is for Triangular \
             (open the board editor from an Interstellar game)"
        );
    }

    #[test]
    fn side_labels_name_the_players() {
        assert_eq!(Inter::side_labels()[1].1, "Negative to move");
        assert_eq!(Tri::side_labels()[0].1, "White to move");
    }
}
