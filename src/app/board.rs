//! The board widget: draws either game's board with its pieces and highlights, scaled
//! to the space it gets, and reports clicks and drags in core cell ids.
//!
//! Cell ids are the rules cores' own: Interstellar [`Cell::slot`](crate::core::interstellar::Cell::slot)
//! (`0..127`), Triangular [`Cell::index`](crate::core::triangular::Cell::index)
//! (`0..96`). The [`BoardOverlay`] passed in uses the same ids. The widget decides
//! nothing about legality: it only says where the user clicked, pressed, dragged and
//! dropped; the app decides what that means and tells the widget what to show.

use egui::{CursorIcon, Id, LayerId, Order, PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2, WidgetInfo};

use super::painter::{fit_size, paint_group, paint_scene, to_pos};
use crate::core::Variant;
use crate::core::interstellar::{self, NamedPiece as Piece};
use crate::render::adapt::{core_id, tri_id, tri_overlay};
use crate::render::interstellar::InterstellarView;
use crate::render::overlay::{BoardOverlay, CellId};
use crate::render::scene::{Point, Role, Scene, Transform};
use crate::render::triangular::{TriCell, TriPieces, TriangularView};

/// The pieces to show, which also says which game the board is.
#[derive(Clone, Copy, Debug)]
pub enum BoardPieces<'a> {
    /// An Interstellar board with these pieces (e.g. from
    /// [`pieces_of`](crate::render::interstellar::pieces_of)).
    Interstellar(&'a [(interstellar::Cell, Piece)]),
    /// A Triangular board with these pieces, indexed for the drawing layer (e.g. from
    /// [`tri_pieces_of`](crate::render::adapt::tri_pieces_of)).
    Triangular(&'a TriPieces),
}

/// Something the user did on the board this frame, in core cell ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// A primary click (press and release without moving) on a cell.
    Clicked(CellId),
    /// A primary drag began on a cell (the cell where the button went down).
    DragStarted(CellId),
    /// A primary drag ended: `to` is the cell under the pointer, `None` off the board.
    /// A long press released without moving gives `DragStarted(c)` then
    /// `Dropped { from: c, to: Some(c) }`; treat it like a click if you wish.
    Dropped {
        /// Where the drag began.
        from: CellId,
        /// Where it ended, if on a cell.
        to: Option<CellId>,
    },
    /// A secondary click on a cell (also a secondary drag released on its own cell).
    RightClicked(CellId),
    /// A secondary drag from one cell to another (an arrow, in study mode).
    RightDragged {
        /// Where the drag began.
        from: CellId,
        /// Where it ended.
        to: CellId,
    },
}

/// What [`BoardWidget::show`] returns.
#[derive(Clone, Debug)]
pub struct BoardResponse {
    /// egui's response for the whole area the widget took.
    pub response: Response,
    /// The area the board itself fills (the frame's rectangle), in points.
    pub board_rect: Rect,
    /// This frame's events, in the order they happened.
    pub events: Vec<BoardEvent>,
    /// The cell under the pointer, if any.
    pub hovered: Option<CellId>,
    /// The cell a primary drag in progress began on, if any (pass it back through
    /// [`BoardWidget::dragging`] to make that piece follow the pointer).
    pub drag_origin: Option<CellId>,
}

/// A board for either game, as an egui widget. Build it each frame, then [`show`](Self::show) it.
#[derive(Clone, Debug)]
pub struct BoardWidget<'a> {
    pieces: BoardPieces<'a>,
    overlay: &'a BoardOverlay,
    flipped: bool,
    coordinates: bool,
    dragging: Option<CellId>,
    id_salt: Id,
    size: Option<Vec2>,
}

#[derive(Clone, Copy, Debug, Default)]
struct DragMemory {
    primary: Option<CellId>,
    secondary: Option<CellId>,
}

impl<'a> BoardWidget<'a> {
    /// A board showing `pieces` (which decide the game) with the highlights of `overlay`
    /// (core cell ids); not flipped, with coordinates.
    pub fn new(pieces: BoardPieces<'a>, overlay: &'a BoardOverlay) -> Self {
        BoardWidget {
            pieces,
            overlay,
            flipped: false,
            coordinates: true,
            dragging: None,
            id_salt: Id::unique("board"),
            size: None,
        }
    }

    /// An Interstellar board.
    pub fn interstellar(pieces: &'a [(interstellar::Cell, Piece)], overlay: &'a BoardOverlay) -> Self {
        Self::new(BoardPieces::Interstellar(pieces), overlay)
    }

    /// A Triangular board (pieces indexed for the drawing layer).
    pub fn triangular(pieces: &'a TriPieces, overlay: &'a BoardOverlay) -> Self {
        Self::new(BoardPieces::Triangular(pieces), overlay)
    }

    /// Turns the board so the second player sits at the bottom.
    pub fn flipped(mut self, flipped: bool) -> Self {
        self.flipped = flipped;
        self
    }

    /// Shows or hides the row and file labels in the margin.
    pub fn coordinates(mut self, coordinates: bool) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// The cell (core id) whose piece is being dragged: it is drawn at the pointer
    /// instead of on its cell.
    pub fn dragging(mut self, cell: Option<CellId>) -> Self {
        self.dragging = cell;
        self
    }

    /// Takes this much space (points) instead of all that is available; the board is
    /// fitted inside it keeping its shape.
    pub fn size(mut self, size: Vec2) -> Self {
        self.size = Some(size);
        self
    }

    /// Distinguishes several boards in one window (default: `"board"`).
    pub fn id_salt(mut self, salt: impl std::hash::Hash + std::fmt::Debug) -> Self {
        self.id_salt = Id::unique(salt);
        self
    }

    /// Which game the board shows.
    pub fn variant(&self) -> Variant {
        match self.pieces {
            BoardPieces::Interstellar(_) => Variant::Interstellar,
            BoardPieces::Triangular(_) => Variant::Triangular,
        }
    }

    /// The widget's accessible label: `"Interstellar board"` or `"Triangular board"`.
    pub fn label(&self) -> &'static str {
        match self.pieces {
            BoardPieces::Interstellar(_) => "Interstellar board",
            BoardPieces::Triangular(_) => "Triangular board",
        }
    }

    fn view_size(&self) -> (f32, f32) {
        match self.pieces {
            BoardPieces::Interstellar(_) => InterstellarView::new(self.flipped, self.coordinates).size(),
            BoardPieces::Triangular(_) => TriangularView::new(self.flipped, self.coordinates).size(),
        }
    }

    /// The transform from board units to points when the widget is shown in `rect`.
    fn transform(&self, rect: Rect) -> Transform {
        let (w, h) = self.view_size();
        fit_size(w, h, rect)
    }

    /// The centre of `cell` (core id) in points when the widget was shown in `rect`
    /// (its [`BoardResponse::response`]`.rect`), e.g. to click it in UI tests.
    ///
    /// # Panics
    /// When `cell` is not a cell id of this board's game.
    pub fn cell_center_px(&self, cell: CellId, rect: Rect) -> Pos2 {
        let t = self.transform(rect);
        let p = match self.pieces {
            BoardPieces::Interstellar(_) => {
                let c = interstellar::Cell::from_slot(cell).expect("an Interstellar cell slot");
                InterstellarView::new(self.flipped, self.coordinates).cell_center(c)
            }
            BoardPieces::Triangular(_) => {
                let c = tri_id(cell).and_then(TriCell::from_index).expect("a Triangular cell index");
                TriangularView::new(self.flipped, self.coordinates).cell_center(c)
            }
        };
        to_pos(&t, p)
    }

    /// The cell (core id) under `pos` (points) when the widget was shown in `rect`.
    pub fn cell_at_px(&self, pos: Pos2, rect: Rect) -> Option<CellId> {
        let p = self.transform(rect).invert(Point::new(pos.x, pos.y));
        match self.pieces {
            BoardPieces::Interstellar(_) => {
                InterstellarView::new(self.flipped, self.coordinates).cell_at(p).map(|c| c.slot())
            }
            BoardPieces::Triangular(_) => {
                TriangularView::new(self.flipped, self.coordinates).cell_at(p).and_then(|c| core_id(c.index()))
            }
        }
    }

    /// The scene to draw (overlay renumbered for the drawing layer where needed).
    fn scene(&self) -> Scene {
        match self.pieces {
            BoardPieces::Interstellar(pieces) => {
                InterstellarView::new(self.flipped, self.coordinates).scene(pieces, self.overlay)
            }
            BoardPieces::Triangular(pieces) => {
                TriangularView::new(self.flipped, self.coordinates).scene(pieces, &tri_overlay(self.overlay))
            }
        }
    }

    /// The name the scene gives the cell (core id), to find its piece group.
    fn scene_cell_name(&self, cell: CellId) -> Option<String> {
        match self.pieces {
            BoardPieces::Interstellar(_) => {
                interstellar::Cell::from_slot(cell).map(|c| format!("{}{}", c.row(), c.index_in_row()))
            }
            BoardPieces::Triangular(_) => tri_id(cell).and_then(TriCell::from_index).map(TriCell::name),
        }
    }

    /// Lays the board out in all the space available, or [`size`](Self::size) (keeping
    /// its shape, centred),
    /// handles the pointer and draws it.
    pub fn show(self, ui: &mut Ui) -> BoardResponse {
        let (w, h) = self.view_size();
        let mut avail = self.size.unwrap_or_else(|| ui.available_size());
        if !avail.x.is_finite() {
            avail.x = 600.0;
        }
        if !avail.y.is_finite() {
            avail.y = avail.x * h / w;
        }
        let avail = avail.max(Vec2::splat(32.0));
        let (rect, response) = ui.allocate_exact_size(avail, Sense::click_and_drag());
        let label = self.label();
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, ui.is_enabled(), label));

        let t = self.transform(rect);
        let board_rect = Rect::from_min_max(to_pos(&t, Point::new(0.0, 0.0)), to_pos(&t, Point::new(w, h)));
        let at = |pos: Option<Pos2>| pos.and_then(|p| self.cell_at_px(p, rect));

        // Pointer handling.
        let mem_id = response.id.with(self.id_salt).with("drag");
        let mut mem: DragMemory = ui.data(|d| d.get_temp(mem_id)).unwrap_or_default();
        let (press_origin, latest, interact) =
            ui.input(|i| (i.pointer.press_origin(), i.pointer.latest_pos(), i.pointer.interact_pos()));
        let release = response.interact_pointer_pos().or(interact);
        let mut events = Vec::new();
        if response.clicked_by(PointerButton::Primary)
            && let Some(c) = at(response.interact_pointer_pos().or(latest))
        {
            events.push(BoardEvent::Clicked(c));
        }
        if response.clicked_by(PointerButton::Secondary)
            && let Some(c) = at(response.interact_pointer_pos().or(latest))
        {
            events.push(BoardEvent::RightClicked(c));
        }
        if response.drag_started_by(PointerButton::Primary) {
            mem.primary = at(press_origin.or(latest));
            if let Some(c) = mem.primary {
                events.push(BoardEvent::DragStarted(c));
            }
        }
        if response.drag_started_by(PointerButton::Secondary) {
            mem.secondary = at(press_origin.or(latest));
        }
        if response.drag_stopped_by(PointerButton::Primary)
            && let Some(from) = mem.primary.take()
        {
            events.push(BoardEvent::Dropped { from, to: at(release) });
        }
        if response.drag_stopped_by(PointerButton::Secondary)
            && let Some(from) = mem.secondary.take()
        {
            match at(release) {
                Some(to) if to == from => events.push(BoardEvent::RightClicked(from)),
                Some(to) => events.push(BoardEvent::RightDragged { from, to }),
                None => {}
            }
        }
        if !response.dragged_by(PointerButton::Primary) && !response.drag_stopped() {
            mem.primary = None;
        }
        if !response.dragged_by(PointerButton::Secondary) && !response.drag_stopped() {
            mem.secondary = None;
        }
        ui.data_mut(|d| d.insert_temp(mem_id, mem));
        let hovered = at(response.hover_pos());

        // Drawing.
        if ui.is_rect_visible(rect) {
            let mut scene = self.scene();
            let pointer = latest.filter(|_| self.dragging.is_some());
            let lifted = match (self.dragging.and_then(|c| self.scene_cell_name(c)), pointer) {
                (Some(name), Some(_)) => scene
                    .groups
                    .iter()
                    .position(|g| matches!(&g.role, Role::Piece { cell, .. } if *cell == name))
                    .map(|k| scene.groups.remove(k)),
                _ => None,
            };
            paint_scene(&ui.painter_at(rect), &scene, &t);
            if let (Some(group), Some(pointer), Some(from)) = (lifted, pointer, self.dragging) {
                // Move the piece's picture so its cell centre sits under the pointer.
                let centre = t.invert(Point::new(self.cell_center_px(from, rect).x, self.cell_center_px(from, rect).y));
                let target = t.invert(Point::new(pointer.x, pointer.y));
                let shift = target.minus(centre);
                let moved = crate::render::scene::Group {
                    role: group.role.clone(),
                    items: group.items.iter().map(|it| it.mapped(&|p: Point| p.plus(shift), 1.0)).collect(),
                };
                let layer = ui.ctx().layer_painter(LayerId::new(Order::Tooltip, response.id.with("dragged-piece")));
                paint_group(&layer, &moved, &t);
                ui.ctx().set_cursor_icon(CursorIcon::Grabbing);
            }
        }

        BoardResponse { response, board_rect, events, hovered, drag_origin: mem.primary }
    }
}
