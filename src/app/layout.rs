//! The window's docked panes ([`egui_tiles`]): the board, the move list, the analysis,
//! the game report, the notation editor, the games list, the opening tree and the
//! clocks are [`Pane`]s a user can drag by their tabs to dock beside, above or below
//! each other, tab together, split, resize and close. The arrangement is a [`Layout`],
//! kept with the settings, so it survives a restart; View → Reset layout puts back
//! [`Layout::default`].
//!
//! Which panes are shown follows the app's switches (View → Analysis, Games list, …):
//! [`Layout::show_only`] hides the others without forgetting where they were, so a pane
//! shown again comes back in its place. Nothing here draws a pane: the shell's
//! `egui_tiles::Behavior` does.

use egui_tiles::{Container, Linear, LinearDir, Tile, TileId, Tiles, Tree};
use serde::{Deserialize, Serialize};

/// One docked pane of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pane {
    /// The board, with the banner above it and the evaluation bar beside it.
    Board,
    /// The move list, with the computer game's and the puzzle's panels above it.
    Moves,
    /// The engine's analysis lines.
    Analysis,
    /// The game report: its graph, summary and "Learn from your mistakes".
    Report,
    /// The notation editor.
    Notation,
    /// The games of the open file.
    Games,
    /// The moves the file's games played from the shown position.
    OpeningTree,
    /// The two clocks of a timed game.
    Clocks,
}

impl Pane {
    /// Every pane, in the order View lists them.
    pub const ALL: [Pane; 8] = [
        Pane::Board,
        Pane::Moves,
        Pane::Analysis,
        Pane::Report,
        Pane::Notation,
        Pane::Games,
        Pane::OpeningTree,
        Pane::Clocks,
    ];

    /// Its tab's title.
    pub fn title(self) -> &'static str {
        match self {
            Pane::Board => "Board",
            Pane::Moves => "Move list",
            Pane::Analysis => "Analysis",
            Pane::Report => "Game report",
            Pane::Notation => "Notation",
            Pane::Games => "Games",
            Pane::OpeningTree => "Opening tree",
            Pane::Clocks => "Clocks",
        }
    }
}

/// The arrangement of the panes: a tree of splits and tab groups, with each pane's
/// share of its split. Serialised with the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Layout {
    /// The tiles.
    pub tree: Tree<Pane>,
}

/// The share of the window's width the board's column takes in the default layout.
const BOARD_SHARE: f32 = 0.66;

impl Default for Layout {
    /// The board on the left, with the games list and the notation editor side by side
    /// under it; on the right the clocks, the move list, and the analysis with the
    /// opening tree and the game report as tabs, one above the other. A hidden pane
    /// gives its room to the others (the games list alone has the board column's
    /// width), so at 1280×800 the whole board shows with the move list and the analysis,
    /// and the move list keeps the most of its column whatever else shows.
    fn default() -> Layout {
        let mut tiles = Tiles::default();
        let mut tab = |pane: Pane| {
            let id = tiles.insert_pane(pane);
            tiles.insert_tab_tile(vec![id])
        };
        let (board, games, notation) = (tab(Pane::Board), tab(Pane::Games), tab(Pane::Notation));
        let (clocks, moves) = (tab(Pane::Clocks), tab(Pane::Moves));
        let study = [Pane::Analysis, Pane::OpeningTree, Pane::Report].map(|pane| tiles.insert_pane(pane));
        let study = tiles.insert_tab_tile(study.to_vec());
        let below = linear(&mut tiles, LinearDir::Horizontal, &[(games, 0.55), (notation, 0.45)]);
        let left = linear(&mut tiles, LinearDir::Vertical, &[(board, 0.61), (below, 0.39)]);
        let right = linear(&mut tiles, LinearDir::Vertical, &[(clocks, 0.22), (moves, 0.5), (study, 0.28)]);
        let root = linear(&mut tiles, LinearDir::Horizontal, &[(left, BOARD_SHARE), (right, 1.0 - BOARD_SHARE)]);
        Layout { tree: Tree::new(egui::Id::unique("orrery-layout"), root, tiles) }
    }
}

/// A split of `children` with their shares.
fn linear(tiles: &mut Tiles<Pane>, dir: LinearDir, children: &[(TileId, f32)]) -> TileId {
    let mut linear = Linear::new(dir, children.iter().map(|(id, _)| *id).collect());
    for &(id, share) in children {
        linear.shares.set_share(id, share);
    }
    tiles.insert_container(Container::Linear(linear))
}

impl Layout {
    /// Shows exactly the panes for which `shown` is true and hides the others (they
    /// keep their places). A pane that was hidden and is shown now becomes its tab
    /// group's front tab. A pane missing from the layout (a layout kept by an older
    /// version) is added beside the others.
    pub fn show_only(&mut self, shown: impl Fn(Pane) -> bool) {
        for pane in Pane::ALL {
            let id = match self.tree.tiles.find_pane(&pane) {
                Some(id) => id,
                None => match self.add(pane) {
                    Some(id) => id,
                    None => continue,
                },
            };
            let want = shown(pane);
            if want != self.tree.tiles.is_visible(id) {
                self.tree.tiles.set_visible(id, want);
                if want {
                    self.tree.make_active(|tile, _| tile == id);
                }
            }
        }
    }

    /// Whether `pane` is shown: visible, and the front tab of its group and of every
    /// group above it.
    pub fn is_shown(&self, pane: Pane) -> bool {
        self.tree.tiles.find_pane(&pane).is_some_and(|id| self.tree.active_tiles().contains(&id))
    }

    /// Brings `pane` to the front of its tab group (and its group to the front of
    /// theirs).
    pub fn bring_to_front(&mut self, pane: Pane) {
        if let Some(id) = self.tree.tiles.find_pane(&pane) {
            self.tree.make_active(|tile, _| tile == id);
        }
    }

    /// Adds `pane` in a tab group of its own at the end of the root container (or as a
    /// split with the root when the root is a pane). `None` when the layout is empty.
    fn add(&mut self, pane: Pane) -> Option<TileId> {
        let root = self.tree.root()?;
        let id = self.tree.tiles.insert_pane(pane);
        let group = self.tree.tiles.insert_tab_tile(vec![id]);
        match self.tree.tiles.get_mut(root) {
            Some(Tile::Container(container)) => container.add_child(group),
            _ => {
                let split = self.tree.tiles.insert_horizontal_tile(vec![root, group]);
                self.tree.root = Some(split);
            }
        }
        Some(id)
    }

    /// Gives the row holding `pane` (its tab group) in a vertical split the height its
    /// contents need, `content` points below its tab bar, as a toolbar has: the other
    /// rows share the rest as they did. At most three fifths of the column; nothing
    /// when the pane is not shown or not a row of a vertical split. Returns whether the
    /// shares changed (they change only when the row is off by more than a point, so
    /// the layout settles in a frame). A pane sharing its tab group with other shown
    /// panes is left as it is. For the clocks, whose faces have one height.
    pub fn fit_height(&mut self, pane: Pane, content: f32) -> bool {
        let tiles = &self.tree.tiles;
        let Some(pane_id) = tiles.find_pane(&pane) else { return false };
        let Some(pane_rect) = tiles.rect(pane_id) else { return false };
        // The row: the pane's tab group (or the pane), a child of a vertical split.
        let mut row = pane_id;
        let Some(mut parent) = tiles.parent_of(row) else { return false };
        while let Some(Tile::Container(Container::Tabs(tabs))) = tiles.get(parent) {
            // A tab group shared with other panes keeps the height the user gave it.
            if tabs.children.iter().filter(|&&c| tiles.is_visible(c)).count() > 1 {
                return false;
            }
            row = parent;
            let Some(up) = tiles.parent_of(parent) else { return false };
            parent = up;
        }
        let Some(Tile::Container(Container::Linear(linear))) = tiles.get(parent) else { return false };
        if linear.dir != LinearDir::Vertical {
            return false;
        }
        let (Some(column), Some(now)) = (tiles.rect(parent), tiles.rect(row)) else { return false };
        let shown: Vec<(TileId, f32)> =
            linear.children.iter().filter_map(|&c| tiles.rect(c).map(|r| (c, r.height()))).collect();
        let others: f32 = shown.iter().filter(|(c, _)| *c != row).map(|(c, _)| linear.shares[*c]).sum();
        // The rows' heights without the gaps between them.
        let space: f32 = shown.iter().map(|(_, h)| h).sum();
        let wanted = (content + (now.height() - pane_rect.height())).min(0.6 * space).min(column.height());
        if others <= 0.0 || (now.height() - wanted).abs() <= 1.0 || space - wanted < 1.0 {
            return false;
        }
        let share = wanted * others / (space - wanted);
        if let Some(Tile::Container(Container::Linear(linear))) = self.tree.tiles.get_mut(parent) {
            linear.shares.set_share(row, share);
        }
        true
    }

    /// The layout is whole: it has every pane exactly once.
    pub fn is_whole(&self) -> bool {
        Pane::ALL
            .iter()
            .all(|p| self.tree.tiles.iter().filter(|(_, t)| matches!(t, Tile::Pane(q) if q == p)).count() == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_layout_has_every_pane_once_and_hidden_panes_keep_their_place() {
        let mut layout = Layout::default();
        assert!(layout.is_whole());
        layout.show_only(|p| matches!(p, Pane::Board | Pane::Moves));
        assert!(layout.is_shown(Pane::Board) && layout.is_shown(Pane::Moves));
        assert!(!layout.is_shown(Pane::Analysis) && !layout.is_shown(Pane::Games));
        let games = layout.tree.tiles.find_pane(&Pane::Games);
        // Shown again: the games list is in its place, the front tab of its group.
        layout.show_only(|p| matches!(p, Pane::Board | Pane::Moves | Pane::Games | Pane::Notation));
        assert_eq!(layout.tree.tiles.find_pane(&Pane::Games), games);
        // The games list and the notation editor sit side by side under the board.
        assert!(layout.is_shown(Pane::Games) && layout.is_shown(Pane::Notation));
        // The analysis, the opening tree and the report are tabs: the last shown in front.
        layout.show_only(|p| matches!(p, Pane::Board | Pane::Moves | Pane::Report));
        assert!(layout.is_shown(Pane::Report));
        layout.show_only(|p| matches!(p, Pane::Board | Pane::Moves | Pane::Report | Pane::Analysis));
        assert!(layout.is_shown(Pane::Analysis) && !layout.is_shown(Pane::Report));
        // Panes a user made tabs of: one in front.
        let mut tabs =
            Layout { tree: Tree::new_tabs(egui::Id::unique("orrery-layout"), vec![Pane::Games, Pane::Notation]) };
        assert!(tabs.is_shown(Pane::Games) && !tabs.is_shown(Pane::Notation));
        tabs.bring_to_front(Pane::Notation);
        assert!(tabs.is_shown(Pane::Notation) && !tabs.is_shown(Pane::Games));
        // Kept as RON and read back the same.
        let text = ron::to_string(&layout).expect("a layout as RON");
        let back: Layout = ron::from_str(&text).expect("read back");
        assert_eq!(back, layout);
    }

    #[test]
    fn a_layout_missing_a_pane_gets_it_back() {
        let mut layout =
            Layout { tree: Tree::new_tabs(egui::Id::unique("orrery-layout"), vec![Pane::Board, Pane::Moves]) };
        assert!(!layout.is_whole());
        layout.show_only(|_| true);
        assert!(layout.is_whole());
    }
}
