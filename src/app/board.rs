//! The board widget: draws any game's board with its pieces and highlights, scaled to
//! the space it gets, and reports clicks and drags in the game's own cells.
//!
//! The widget is generic over a [`DrawGame`]: the game's [`BoardView`] gives the size,
//! cell geometry and scene, so one widget serves every game. It decides nothing about
//! legality: it only says where the user clicked, pressed, dragged and dropped; the app
//! decides what that means and tells the widget what to show.

use egui::{CursorIcon, Id, LayerId, Order, PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2, WidgetInfo};

use super::painter::{fit_size, paint_group, paint_scene, to_pos};
use crate::render::overlay::BoardOverlay;
use crate::render::scene::{Point, Role, Transform};
use crate::render::view::{BoardScheme, BoardView, DrawGame, Labels};

/// Something the user did on the board this frame, in the game's cells `C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEvent<C> {
    /// A primary click (press and release without moving) on a cell.
    Clicked(C),
    /// A primary drag began on a cell (the cell where the button went down).
    DragStarted(C),
    /// A primary drag ended: `to` is the cell under the pointer, `None` off the board.
    /// A long press released without moving gives `DragStarted(c)` then
    /// `Dropped { from: c, to: Some(c) }`; treat it like a click if you wish.
    Dropped {
        /// Where the drag began.
        from: C,
        /// Where it ended, if on a cell.
        to: Option<C>,
    },
    /// A secondary click on a cell (also a secondary drag released on its own cell).
    RightClicked(C),
    /// A secondary drag from one cell to another (an arrow, in study mode).
    RightDragged {
        /// Where the drag began.
        from: C,
        /// Where it ended.
        to: C,
    },
}

/// What the board pane keeps of the pointer between frames, in slots
/// ([`crate::core::BoardCell::slot`]): the cell under it, the cell a drag began on, and
/// where the board was drawn last (for hit tests and the UI tests' clicks).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardPointer {
    /// The cell under the pointer.
    pub hover: Option<u8>,
    /// The cell a primary drag in progress began on.
    pub drag_origin: Option<u8>,
    /// The board's rectangle as drawn last frame.
    pub rect: Option<Rect>,
}

/// What [`BoardWidget::show`] returns.
#[derive(Clone, Debug)]
pub struct BoardResponse<C> {
    /// egui's response for the whole area the widget took.
    pub response: Response,
    /// The area the board itself fills (the frame's rectangle), in points.
    pub board_rect: Rect,
    /// This frame's events, in the order they happened.
    pub events: Vec<BoardEvent<C>>,
    /// The cell under the pointer, if any.
    pub hovered: Option<C>,
    /// The cell a primary drag in progress began on, if any (pass it back through
    /// [`BoardWidget::dragging`] to make that piece follow the pointer).
    pub drag_origin: Option<C>,
}

/// A board of game `G`, as an egui widget. Build it each frame, then [`show`](Self::show) it.
#[derive(Clone, Debug)]
pub struct BoardWidget<'a, G: DrawGame> {
    setup: &'a G::Setup,
    overlay: &'a BoardOverlay<G::Cell>,
    flipped: bool,
    coordinates: bool,
    dragging: Option<G::Cell>,
    id_salt: Id,
    size: Option<Vec2>,
    scheme: BoardScheme,
    labels: Labels,
}

#[derive(Clone, Copy, Debug)]
struct DragMemory<C> {
    primary: Option<C>,
    secondary: Option<C>,
}

impl<C> Default for DragMemory<C> {
    fn default() -> Self {
        DragMemory { primary: None, secondary: None }
    }
}

impl<'a, G: DrawGame> BoardWidget<'a, G> {
    /// A board showing the pieces of `setup` (a position shows through
    /// [`Game::to_setup`](crate::core::Game::to_setup)) with the highlights of
    /// `overlay`; not flipped, with coordinates.
    pub fn new(setup: &'a G::Setup, overlay: &'a BoardOverlay<G::Cell>) -> Self {
        BoardWidget {
            setup,
            overlay,
            flipped: false,
            coordinates: true,
            dragging: None,
            id_salt: Id::unique("board"),
            size: None,
            scheme: BoardScheme::Classic,
            labels: Labels::Bottom,
        }
    }

    /// Draws the board in the colours of `scheme`.
    pub fn scheme(mut self, scheme: BoardScheme) -> Self {
        self.scheme = scheme;
        self
    }

    /// The numbering of the coordinates in the margin (Interstellar).
    pub fn labels(mut self, labels: Labels) -> Self {
        self.labels = labels;
        self
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
    pub fn dragging(mut self, cell: Option<G::Cell>) -> Self {
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

    /// The widget's accessible label: `"Interstellar board"`, `"Triangular board"`.
    pub fn label(&self) -> String {
        format!("{} board", G::VARIANT.name())
    }

    fn view(&self) -> G::View {
        let mut view = G::view(self.flipped, self.coordinates);
        view.set_scheme(self.scheme);
        view.set_labels(self.labels);
        view
    }

    /// The transform from board units to points when the widget is shown in `rect`.
    fn transform(&self, rect: Rect) -> Transform {
        let (w, h) = self.view().size();
        fit_size(w, h, rect)
    }

    /// The centre of `cell` in points when the widget was shown in `rect` (its
    /// [`BoardResponse::response`]`.rect`), e.g. to click it in UI tests.
    pub fn cell_center_px(&self, cell: G::Cell, rect: Rect) -> Pos2 {
        to_pos(&self.transform(rect), self.view().cell_center(cell))
    }

    /// The cell under `pos` (points) when the widget was shown in `rect`.
    pub fn cell_at_px(&self, pos: Pos2, rect: Rect) -> Option<G::Cell> {
        let p = self.transform(rect).invert(Point::new(pos.x, pos.y));
        self.view().cell_at(p)
    }

    /// Lays the board out in all the space available, or [`size`](Self::size) (keeping
    /// its shape, centred),
    /// handles the pointer and draws it.
    pub fn show(self, ui: &mut Ui) -> BoardResponse<G::Cell> {
        let (w, h) = self.view().size();
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
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, ui.is_enabled(), &label));

        let t = self.transform(rect);
        let board_rect = Rect::from_min_max(to_pos(&t, Point::new(0.0, 0.0)), to_pos(&t, Point::new(w, h)));
        let at = |pos: Option<Pos2>| pos.and_then(|p| self.cell_at_px(p, rect));

        // Pointer handling.
        let mem_id = response.id.with(self.id_salt).with("drag");
        let mut mem: DragMemory<G::Cell> = ui.data(|d| d.get_temp(mem_id)).unwrap_or_default();
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
            let mut scene = self.view().scene(self.setup, self.overlay);
            let pointer = latest.filter(|_| self.dragging.is_some());
            let lifted = match (self.dragging.map(|c| c.to_string()), pointer) {
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
