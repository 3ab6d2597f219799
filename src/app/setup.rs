//! The board editor (setup mode): build a position piece by piece, for either game,
//! with every problem listed until the position is valid.
//!
//! The editor holds an unchecked setup (`interstellar::Setup` / `triangular::Setup`),
//! so any arrangement can be built on the way; the rules cores check it (rules files,
//! *A valid position*) and list every problem. No egui here: the window code in
//! [`super::ui`] draws it, and tests drive it directly.

use crate::core::game::{Game, Variant};
use crate::core::interstellar::{self, Kind, Name, Side};
use crate::core::triangular::{self, Kind as Role, Side as Color};

/// A piece of the palette: one kind of piece of one side, of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PalettePiece {
    /// An Interstellar piece.
    Interstellar(Side, Kind),
    /// A Triangular piece.
    Triangular(Color, Role),
}

impl PalettePiece {
    /// Every palette piece of a game: the first player's pieces, then the second's.
    pub fn all(variant: Variant) -> Vec<PalettePiece> {
        match variant {
            Variant::Interstellar => Side::BOTH
                .iter()
                .flat_map(|&side| Kind::ALL.iter().map(move |&kind| PalettePiece::Interstellar(side, kind)))
                .collect(),
            Variant::Triangular => [Color::White, Color::Black]
                .iter()
                .flat_map(|&color| {
                    [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
                        .into_iter()
                        .map(move |role| PalettePiece::Triangular(color, role))
                })
                .collect(),
        }
    }

    /// A label such as "positive quasar" or "Black knight".
    pub fn label(self) -> String {
        match self {
            PalettePiece::Interstellar(side, kind) => format!("{} {}", side.name(), kind.word()),
            PalettePiece::Triangular(color, role) => {
                format!("{} {}", if color == Color::White { "White" } else { "Black" }, role.word())
            }
        }
    }
}

/// The setup being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupBoard {
    /// An Interstellar setup.
    Interstellar(interstellar::Setup),
    /// A Triangular setup.
    Triangular(triangular::Setup),
}

/// The board editor's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupMode {
    /// The setup on the board.
    pub board: SetupBoard,
    /// The palette piece that a click on the board places (none: clicks select).
    pub chosen: Option<PalettePiece>,
    /// The text of the position-string field.
    pub text: String,
    /// What is wrong with the text typed in the field, if it cannot be applied.
    pub text_problems: Vec<String>,
    /// The cell selected for renaming (Interstellar), as a core cell id.
    pub selected: Option<u8>,
}

impl SetupMode {
    /// An editor holding `board`.
    pub fn new(board: SetupBoard) -> SetupMode {
        let mut mode =
            SetupMode { board, chosen: None, text: String::new(), text_problems: Vec::new(), selected: None };
        mode.text = mode.position_string();
        mode
    }

    /// An editor starting from a position string of `variant` (the opening when the
    /// string cannot be read).
    pub fn from_position_string(variant: Variant, text: &str) -> SetupMode {
        let board = match variant {
            Variant::Interstellar => SetupBoard::Interstellar(
                interstellar::Setup::parse(text).unwrap_or_else(|_| interstellar::Position::opening().to_setup()),
            ),
            Variant::Triangular => SetupBoard::Triangular(
                triangular::Setup::parse(text).unwrap_or_else(|_| triangular::Position::opening().to_setup()),
            ),
        };
        SetupMode::new(board)
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        match self.board {
            SetupBoard::Interstellar(_) => Variant::Interstellar,
            SetupBoard::Triangular(_) => Variant::Triangular,
        }
    }

    /// The setup's position string (valid or not).
    pub fn position_string(&self) -> String {
        match &self.board {
            SetupBoard::Interstellar(s) => s.position_string(),
            SetupBoard::Triangular(s) => s.position_string(),
        }
    }

    fn changed(&mut self) {
        self.text = self.position_string();
        self.text_problems.clear();
    }

    /// Puts `piece` on `cell` (a core cell id), replacing what stood there. A piece of
    /// the other game, or a cell off the board, is ignored.
    pub fn place(&mut self, cell: u8, piece: PalettePiece) {
        match (&mut self.board, piece) {
            (SetupBoard::Interstellar(s), PalettePiece::Interstellar(side, kind)) => {
                if let Some(cell) = interstellar::Cell::from_slot(cell) {
                    s.place(interstellar::SetupPiece { cell, side, kind, name: None });
                }
            }
            (SetupBoard::Triangular(s), PalettePiece::Triangular(color, role)) => {
                if let Some(c) = s.board.get_mut(cell as usize) {
                    *c = Some(triangular::Piece { side: color, kind: role });
                }
            }
            _ => return,
        }
        self.changed();
    }

    /// The palette piece standing on `cell`, if any.
    pub fn piece_at(&self, cell: u8) -> Option<PalettePiece> {
        match &self.board {
            SetupBoard::Interstellar(s) => interstellar::Cell::from_slot(cell)
                .and_then(|c| s.piece_at(c))
                .map(|p| PalettePiece::Interstellar(p.side, p.kind)),
            SetupBoard::Triangular(s) => {
                s.board.get(cell as usize).copied().flatten().map(|p| PalettePiece::Triangular(p.side, p.kind))
            }
        }
    }

    /// Takes the piece off `cell`, if any.
    pub fn remove(&mut self, cell: u8) {
        match &mut self.board {
            SetupBoard::Interstellar(s) => {
                if let Some(c) = interstellar::Cell::from_slot(cell) {
                    s.remove(c);
                }
            }
            SetupBoard::Triangular(s) => {
                if let Some(c) = s.board.get_mut(cell as usize) {
                    *c = None;
                }
            }
        }
        if self.selected == Some(cell) {
            self.selected = None;
        }
        self.changed();
    }

    /// Moves the piece on `from` to `to` (replacing what stood there); an Interstellar
    /// piece keeps its name.
    pub fn move_piece(&mut self, from: u8, to: u8) {
        if from == to {
            return;
        }
        match &mut self.board {
            SetupBoard::Interstellar(s) => {
                let (Some(f), Some(t)) = (interstellar::Cell::from_slot(from), interstellar::Cell::from_slot(to))
                else {
                    return;
                };
                if let Some(mut piece) = s.remove(f) {
                    piece.cell = t;
                    s.place(piece);
                }
            }
            SetupBoard::Triangular(s) => {
                let (f, t) = (from as usize, to as usize);
                if f < s.board.len() && t < s.board.len() && s.board[f].is_some() {
                    s.board[t] = s.board[f].take();
                }
            }
        }
        self.selected = Some(to);
        self.changed();
    }

    /// Empties the board (the side to move stays).
    pub fn clear(&mut self) {
        match &mut self.board {
            SetupBoard::Interstellar(s) => s.pieces.clear(),
            SetupBoard::Triangular(s) => s.board = [None; triangular::CELL_COUNT],
        }
        self.selected = None;
        self.changed();
    }

    /// Puts the opening position on the board.
    pub fn opening(&mut self) {
        self.board = match self.variant() {
            Variant::Interstellar => SetupBoard::Interstellar(interstellar::Position::opening().to_setup()),
            Variant::Triangular => SetupBoard::Triangular(triangular::Position::opening().to_setup()),
        };
        self.selected = None;
        self.changed();
    }

    /// Whether the first player (positive / White) is to move.
    pub fn first_player_to_move(&self) -> bool {
        match &self.board {
            SetupBoard::Interstellar(s) => s.side_to_move == Side::Positive,
            SetupBoard::Triangular(s) => s.side_to_move == Color::White,
        }
    }

    /// Sets the side to move: the first player (positive / White) or the second.
    pub fn set_first_player_to_move(&mut self, first: bool) {
        match &mut self.board {
            SetupBoard::Interstellar(s) => s.side_to_move = if first { Side::Positive } else { Side::Negative },
            SetupBoard::Triangular(s) => s.side_to_move = if first { Color::White } else { Color::Black },
        }
        self.changed();
    }

    /// Every problem that keeps the setup from being a valid position (empty when it
    /// is valid), one sentence each (rules files, *A valid position*).
    pub fn problems(&self) -> Vec<String> {
        match &self.board {
            SetupBoard::Interstellar(s) => match interstellar::Position::from_setup(s) {
                Ok(_) => Vec::new(),
                Err(list) => list.iter().map(|e| crate::app::session::capitalise(&e.to_string())).collect(),
            },
            SetupBoard::Triangular(s) => match triangular::Position::from_setup(s) {
                Ok(_) => Vec::new(),
                Err(list) => list.iter().map(|e| crate::app::session::capitalise(&e.to_string())).collect(),
            },
        }
    }

    /// The setup as a game session starting from it, when it is a valid position.
    pub fn to_session(&self) -> Option<super::session::Session> {
        use super::session::{GameSession, Session};
        use crate::record::GameRecord;
        match &self.board {
            SetupBoard::Interstellar(s) => interstellar::Position::from_setup(s)
                .ok()
                .map(|p| Session::Interstellar(GameSession::from_record(GameRecord::from_position(p)))),
            SetupBoard::Triangular(s) => triangular::Position::from_setup(s)
                .ok()
                .map(|p| Session::Triangular(GameSession::from_record(GameRecord::from_position(p)))),
        }
    }

    /// How the game stands in this position when it is valid and already over: e.g.
    /// "Positive wins by Target Out" (see [`super::session::Session::banner`]).
    pub fn outcome(&self) -> Option<String> {
        self.to_session().and_then(|s| s.banner())
    }

    /// The text field changed: reads it, and applies it to the board when it reads as
    /// a valid position; otherwise lists what is wrong and leaves the board alone.
    pub fn set_text(&mut self, text: String) {
        self.text = text;
        let parsed: Result<SetupBoard, Vec<String>> = match self.variant() {
            Variant::Interstellar => match interstellar::Position::from_position_string(&self.text) {
                Ok(p) => Ok(SetupBoard::Interstellar(p.to_setup())),
                Err(e) => Err(e.to_string().lines().map(crate::app::session::capitalise).collect()),
            },
            Variant::Triangular => match triangular::Position::from_position_string(&self.text) {
                Ok(p) => Ok(SetupBoard::Triangular(p.to_setup())),
                Err(e) => Err(e.to_string().lines().map(crate::app::session::capitalise).collect()),
            },
        };
        match parsed {
            Ok(board) => {
                self.board = board;
                self.text_problems.clear();
            }
            Err(problems) => self.text_problems = problems,
        }
    }

    /// The name the Interstellar piece on `cell` has (given or automatic).
    pub fn name_at(&self, cell: u8) -> Option<Name> {
        let SetupBoard::Interstellar(s) = &self.board else { return None };
        let cell = interstellar::Cell::from_slot(cell)?;
        let names = s.names();
        s.pieces.iter().position(|p| p.cell == cell).map(|k| names[k])
    }

    /// The names the Interstellar piece on `cell` may take: those of its kind that no
    /// other piece of its side has (its own included).
    pub fn free_names(&self, cell: u8) -> Vec<Name> {
        let SetupBoard::Interstellar(s) = &self.board else { return Vec::new() };
        let Some(cell) = interstellar::Cell::from_slot(cell) else { return Vec::new() };
        let Some(piece) = s.piece_at(cell) else { return Vec::new() };
        let names = s.names();
        let taken: Vec<Name> = s
            .pieces
            .iter()
            .zip(&names)
            .filter(|(p, _)| p.side == piece.side && p.cell != cell)
            .map(|(_, &n)| n)
            .collect();
        Name::of_kind(piece.kind).filter(|n| !taken.contains(n)).collect()
    }

    /// Gives the Interstellar piece on `cell` the name `name` (one of
    /// [`Self::free_names`]); other names are refused.
    pub fn rename(&mut self, cell: u8, name: Name) -> bool {
        if !self.free_names(cell).contains(&name) {
            return false;
        }
        let SetupBoard::Interstellar(s) = &mut self.board else { return false };
        let Some(cell) = interstellar::Cell::from_slot(cell) else { return false };
        // Fix the other pieces' automatic names first, so only this piece changes.
        let names = s.names();
        for (p, n) in s.pieces.iter_mut().zip(names) {
            if p.cell == cell {
                p.name = Some(name);
            } else if p.kind != Kind::Planet {
                p.name = Some(n);
            }
        }
        self.changed();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(r: u8, i: u8) -> u8 {
        interstellar::Cell::new(r, i).unwrap().slot()
    }

    #[test]
    fn an_empty_interstellar_board_lists_both_missing_planets_then_becomes_valid() {
        let mut m = SetupMode::from_position_string(Variant::Interstellar, interstellar::OPENING);
        assert!(m.problems().is_empty());
        m.clear();
        let problems = m.problems();
        assert!(problems.iter().filter(|p| p.contains("planets")).count() == 2, "{problems:?}");
        m.place(slot(1, 5), PalettePiece::Interstellar(Side::Positive, Kind::Planet));
        m.place(slot(9, 5), PalettePiece::Interstellar(Side::Negative, Kind::Planet));
        m.place(slot(1, 4), PalettePiece::Interstellar(Side::Positive, Kind::Quasar));
        m.place(slot(9, 4), PalettePiece::Interstellar(Side::Negative, Kind::Quasar));
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        assert!(m.to_session().is_some());
        assert_eq!(m.text, m.position_string());
    }

    #[test]
    fn interstellar_problem_kinds_are_each_reported() {
        let mut m = SetupMode::from_position_string(Variant::Interstellar, interstellar::OPENING);
        // Two positive planets.
        m.place(slot(5, 5), PalettePiece::Interstellar(Side::Positive, Kind::Planet));
        assert!(m.problems().iter().any(|p| p.contains("2 planets")), "{:?}", m.problems());
        m.remove(slot(5, 5));
        // More stars than the opening army.
        m.place(slot(5, 5), PalettePiece::Interstellar(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("more than the opening army")), "{:?}", m.problems());
        m.remove(slot(5, 5));
        // A star on its own first row, and one already on the last row.
        m.remove(slot(2, 1));
        m.place(slot(1, 1), PalettePiece::Interstellar(Side::Positive, Kind::Nebula));
        m.remove(slot(1, 1));
        m.place(slot(1, 1), PalettePiece::Interstellar(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("own first row")), "{:?}", m.problems());
        m.remove(slot(1, 1));
        m.remove(slot(9, 1));
        m.place(slot(9, 1), PalettePiece::Interstellar(Side::Positive, Kind::Star));
        assert!(m.problems().iter().any(|p| p.contains("last row")), "{:?}", m.problems());
    }

    #[test]
    fn the_side_not_to_move_in_target_is_reported() {
        // The negative planet is attacked by a positive quasar: fine with negative to
        // move, a problem with positive to move.
        let mut m = SetupMode::from_position_string(Variant::Interstellar, "p7Q/8/9/8/9/8/9/8/1b2P4 -");
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        m.set_first_player_to_move(true);
        assert_eq!(m.problems(), vec!["Negative is not to move but its planet is in Target".to_string()]);
        assert!(m.text.ends_with('+'));
        assert!(m.to_session().is_none(), "Play from here needs a valid position");
    }

    #[test]
    fn names_can_be_changed_among_the_free_ones() {
        let mut m = SetupMode::from_position_string(Variant::Interstellar, interstellar::OPENING);
        let q = slot(1, 4);
        let before = m.name_at(q).unwrap();
        let free = m.free_names(q);
        assert_eq!(free, vec![before], "in the opening every quasar name is taken");
        // Remove the other positive quasar: its name becomes free.
        m.remove(slot(1, 6));
        let free = m.free_names(q);
        assert_eq!(free.len(), 2);
        let other = *free.iter().find(|&&n| n != before).unwrap();
        assert!(m.rename(q, other));
        assert_eq!(m.name_at(q), Some(other));
        assert!(m.text.contains(&format!("({})", other.as_str())), "{}", m.text);
        assert!(!m.rename(q, Name::PLANET), "a name of another kind is refused");
        assert!(m.problems().is_empty());
    }

    #[test]
    fn triangular_problems_and_the_text_field() {
        let mut m = SetupMode::from_position_string(Variant::Triangular, "");
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
            let mut m = SetupMode::from_position_string(Variant::Triangular, "");
            m.board = SetupBoard::Triangular(triangular::Setup::parse(text).unwrap());
            m.problems().join("\n")
        };
        assert!(problems("9/11/13/15/15/13/11/5Kk2 w").contains("touch"));
        assert!(problems("9/11/13/15/15/13/11/5Kk2 w").contains("in check but it is not its move"));
        let pawns = problems("1Pp6/11/13/15/4k10/13/11/1pP3K2 w");
        assert!(pawns.contains("promotion cell"), "{pawns}");
        assert!(pawns.contains("own first row"), "{pawns}");
        assert!(problems("9/11/13/15/15/13/11/9 w").contains("0 kings"));
    }
}
