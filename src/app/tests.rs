//! UI tests of the board widget and the promotion picker, with egui_kittest (no GPU).

use egui::{Event, Modifiers, PointerButton, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::board::{BoardEvent, BoardPieces, BoardWidget};
use super::painter::GlyphCache;
use super::promotion::{PromotionOutcome, PromotionPicker};
use crate::core::interstellar::{self, Cell as ICell, NamedPiece as Piece};
use crate::core::triangular::{self, Cell as TCell, Kind};
use crate::render::adapt::tri_pieces_of;
use crate::render::interstellar::pieces_of;
use crate::render::overlay::{BoardOverlay, CellId};
use crate::render::triangular::TriPieces;

struct State {
    inter: Vec<(ICell, Piece)>,
    tri: TriPieces,
    triangular: bool,
    flipped: bool,
    dragging: Option<CellId>,
    overlay: BoardOverlay,
    events: Vec<BoardEvent>,
    hovered: Option<CellId>,
    drag_origin: Option<CellId>,
    rect: Rect,
}

impl State {
    fn new(triangular: bool, flipped: bool) -> State {
        State {
            inter: pieces_of(&interstellar::Position::opening()),
            tri: tri_pieces_of(&triangular::Position::opening()),
            triangular,
            flipped,
            dragging: None,
            overlay: BoardOverlay::default(),
            events: Vec::new(),
            hovered: None,
            drag_origin: None,
            rect: Rect::NOTHING,
        }
    }

    fn widget(&self) -> BoardWidget<'_> {
        let pieces =
            if self.triangular { BoardPieces::Triangular(&self.tri) } else { BoardPieces::Interstellar(&self.inter) };
        BoardWidget::new(pieces, &self.overlay).flipped(self.flipped).dragging(self.dragging)
    }

    fn center(&self, cell: CellId) -> Pos2 {
        self.widget().cell_center_px(cell, self.rect)
    }
}

fn harness(triangular: bool, flipped: bool, size: Vec2) -> Harness<'static, State> {
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, st: &mut State| {
            let r = st.widget().show(ui);
            st.events.extend(r.events);
            st.hovered = r.hovered;
            st.drag_origin = r.drag_origin;
            st.rect = r.response.rect;
        },
        State::new(triangular, flipped),
    );
    h.run();
    h
}

fn button(h: &Harness<'_, State>, pos: Pos2, button: PointerButton, pressed: bool) {
    h.event(Event::PointerButton { pos, button, pressed, modifiers: Modifiers::NONE });
}

fn click(h: &mut Harness<'_, State>, pos: Pos2, which: PointerButton) {
    h.hover_at(pos);
    button(h, pos, which, true);
    h.step();
    button(h, pos, which, false);
    h.step();
}

fn drag(h: &mut Harness<'_, State>, from: Pos2, to: Pos2, which: PointerButton) {
    h.hover_at(from);
    button(h, from, which, true);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    button(h, to, which, false);
    h.step();
}

fn interstellar_slots() -> Vec<CellId> {
    ICell::all().map(|c| c.slot()).collect()
}

fn triangular_ids() -> Vec<CellId> {
    TCell::all().map(|c| c.slot()).collect()
}

#[test]
fn clicks_report_core_cell_ids() {
    for triangular in [false, true] {
        for flipped in [false, true] {
            let mut h = harness(triangular, flipped, Vec2::new(800.0, 600.0));
            let ids = if triangular { triangular_ids() } else { interstellar_slots() };
            for &cell in ids.iter().step_by(7) {
                h.state_mut().events.clear();
                let pos = h.state().center(cell);
                click(&mut h, pos, PointerButton::Primary);
                assert_eq!(
                    h.state().events,
                    vec![BoardEvent::Clicked(cell)],
                    "triangular={triangular} flipped={flipped} cell={cell}"
                );
                assert_eq!(h.state().hovered, Some(cell));
            }
        }
    }
}

#[test]
fn every_cell_centre_hits_its_cell() {
    let rect = Rect::from_min_size(Pos2::new(13.0, 7.0), Vec2::new(1280.0, 720.0));
    let st = State::new(false, false);
    for triangular in [false, true] {
        for flipped in [false, true] {
            let st = State { triangular, flipped, ..State::new(triangular, flipped) };
            let w = st.widget();
            let ids = if triangular { triangular_ids() } else { interstellar_slots() };
            for cell in ids {
                assert_eq!(w.cell_at_px(w.cell_center_px(cell, rect), rect), Some(cell));
            }
            assert_eq!(w.cell_at_px(rect.min, rect), None);
        }
    }
    assert_eq!(st.widget().label(), "Interstellar board");
}

#[test]
fn named_cells_land_where_expected() {
    // Triangular: White's king starts on the bottom row; flipped, it is near the top.
    let mut st = State::new(true, false);
    st.rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
    let king = TCell::all()
        .find(|&c| {
            st.tri[crate::render::adapt::tri_cell(c).index() as usize]
                == Some((crate::render::triangular::TriColor::White, crate::render::triangular::TriKind::King))
        })
        .expect("a white king");
    assert_eq!(king.row(), 1);
    assert!(st.center(king.slot()).y > 400.0);
    st.flipped = true;
    assert!(st.center(king.slot()).y < 200.0);
}

#[test]
fn drag_and_drop_report_origin_and_target() {
    for triangular in [false, true] {
        for flipped in [false, true] {
            let mut h = harness(triangular, flipped, Vec2::new(1024.0, 768.0));
            let ids = if triangular { triangular_ids() } else { interstellar_slots() };
            let (a, b) = (ids[3], ids[ids.len() / 2]);
            let (pa, pb) = (h.state().center(a), h.state().center(b));
            h.state_mut().events.clear();
            // Press and move: DragStarted, and the drag origin is reported while moving.
            h.hover_at(pa);
            button(&h, pa, PointerButton::Primary, true);
            h.step();
            h.hover_at(pa.lerp(pb, 0.5));
            h.step();
            assert_eq!(h.state().events, vec![BoardEvent::DragStarted(a)]);
            assert_eq!(h.state().drag_origin, Some(a));
            // The app lifts the piece: it follows the pointer (drawn without panicking).
            h.state_mut().dragging = Some(a);
            h.hover_at(pb);
            h.step();
            button(&h, pb, PointerButton::Primary, false);
            h.step();
            assert_eq!(
                h.state().events,
                vec![BoardEvent::DragStarted(a), BoardEvent::Dropped { from: a, to: Some(b) }],
                "triangular={triangular} flipped={flipped}"
            );
            assert_eq!(h.state().drag_origin, None);

            // Dropped off the board.
            h.state_mut().events.clear();
            h.state_mut().dragging = None;
            let off = h.state().rect.min + Vec2::new(2.0, 2.0);
            drag(&mut h, pb, off, PointerButton::Primary);
            assert_eq!(h.state().events, vec![BoardEvent::DragStarted(b), BoardEvent::Dropped { from: b, to: None }]);
        }
    }
}

#[test]
fn right_clicks_and_right_drags() {
    for triangular in [false, true] {
        let mut h = harness(triangular, true, Vec2::new(900.0, 700.0));
        let ids = if triangular { triangular_ids() } else { interstellar_slots() };
        let (a, b) = (ids[10], ids[40]);
        let (pa, pb) = (h.state().center(a), h.state().center(b));
        h.state_mut().events.clear();
        click(&mut h, pa, PointerButton::Secondary);
        assert_eq!(h.state().events, vec![BoardEvent::RightClicked(a)]);
        h.state_mut().events.clear();
        drag(&mut h, pa, pb, PointerButton::Secondary);
        assert_eq!(h.state().events, vec![BoardEvent::RightDragged { from: a, to: b }]);
    }
}

#[test]
fn a_fixed_size_is_respected() {
    let mut h = Harness::builder().with_size(Vec2::new(800.0, 600.0)).build_ui_state(
        |ui, st: &mut State| {
            let r = st.widget().size(Vec2::new(300.0, 200.0)).show(ui);
            st.rect = r.response.rect;
        },
        State::new(true, false),
    );
    h.run();
    assert_eq!(h.state().rect.size(), Vec2::new(300.0, 200.0));
}

#[test]
fn board_has_an_accessible_label() {
    let h = harness(false, false, Vec2::new(800.0, 600.0));
    h.get_by_label("Interstellar board");
    let h = harness(true, false, Vec2::new(800.0, 600.0));
    h.get_by_label("Triangular board");
    assert!(h.query_by_label("Interstellar board").is_none());
}

#[test]
fn board_draws_with_highlights_at_many_sizes_and_scales() {
    use crate::render::overlay::{Arrow, MarkColor};
    for (size, ppp) in
        [(Vec2::new(800.0, 600.0), 1.0), (Vec2::new(1920.0, 1080.0), 2.0), (Vec2::new(320.0, 240.0), 1.5)]
    {
        for triangular in [false, true] {
            let mut st = State::new(triangular, false);
            let ids = if triangular { triangular_ids() } else { interstellar_slots() };
            st.overlay = BoardOverlay {
                selected: Some(ids[5]),
                targets: vec![ids[20], ids[30]],
                captures: vec![ids[2]],
                last_move: Some((ids[50], ids[60])),
                in_target: vec![ids[8]],
                hover: Some(ids[33]),
                arrows: vec![Arrow { from: ids[20], to: ids[60], color: MarkColor::Green }],
                marked_cells: vec![(ids[44], MarkColor::Red)],
            };
            let mut h = Harness::builder().with_size(size).with_pixels_per_point(ppp).build_ui_state(
                |ui, st: &mut State| {
                    let r = st.widget().show(ui);
                    st.rect = r.response.rect;
                    assert!(r.board_rect.width() <= r.response.rect.width() + 0.5);
                    assert!(r.board_rect.height() <= r.response.rect.height() + 0.5);
                },
                st,
            );
            h.run();
            let shapes = h.output().shapes.len();
            assert!(shapes > 100, "{shapes} shapes");
        }
    }
}

#[test]
fn frame_cost() {
    // Not a benchmark: prints the time of one frame (scene, painting, tessellation).
    for triangular in [false, true] {
        let t = std::time::Instant::now();
        let mut h = harness(triangular, false, Vec2::new(1280.0, 800.0));
        let first = t.elapsed();
        let textures = GlyphCache::of(&h.ctx).lock().unwrap().len();
        // One texture per distinct piece picture (Interstellar 6 kinds × 2 armies;
        // Triangular 5 kinds + 2 bishops × 2 colours), not one per piece.
        assert_eq!(textures, if triangular { 14 } else { 12 });
        println!("first frames (rasterising {textures} glyph textures): {first:?}");
        let n = 20;
        let t0 = std::time::Instant::now();
        for _ in 0..n {
            h.hover_at(Pos2::new(400.0, 300.0));
            h.step();
        }
        let per_frame = t0.elapsed() / n;
        let shapes = h.output().shapes.clone();
        let ctx = h.ctx.clone();
        let t1 = std::time::Instant::now();
        let prims = ctx.tessellate(shapes, 1.0);
        let tess = t1.elapsed();
        println!(
            "{} board frame: {per_frame:?} per step (incl. scene + paint), tessellation {tess:?}, {} primitives",
            if triangular { "Triangular" } else { "Interstellar" },
            prims.len()
        );
    }
}

fn picker_harness() -> Harness<'static, Option<PromotionOutcome>> {
    let mut h = Harness::builder().with_size(Vec2::new(600.0, 400.0)).build_ui_state(
        |ui, out: &mut Option<PromotionOutcome>| {
            if out.is_none() {
                *out = PromotionPicker::new().show(ui);
            }
        },
        None,
    );
    h.run();
    h
}

#[test]
fn promotion_picker_buttons() {
    for (label, role) in [
        ("Promote to queen", Kind::Queen),
        ("Promote to rook", Kind::Rook),
        ("Promote to knight", Kind::Knight),
        ("Promote to bishop", Kind::Bishop),
    ] {
        let mut h = picker_harness();
        assert_eq!(*h.state(), None);
        h.get_by_label(label).click();
        h.run();
        assert_eq!(*h.state(), Some(PromotionOutcome::Chosen(role)));
    }
    let mut h = picker_harness();
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(*h.state(), Some(PromotionOutcome::Cancelled));
    let mut h = picker_harness();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(*h.state(), Some(PromotionOutcome::Cancelled));
}
