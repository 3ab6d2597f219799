//! UI tests of the board widget and the promotion picker, with egui_kittest (no GPU).
//! Every board test runs for each game through the generic widget.

use egui::{Event, Modifiers, PointerButton, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::board::{BoardEvent, BoardWidget};
use super::painter::GlyphCache;
use super::promotion::{PromotionOutcome, PromotionPicker};
use crate::core::{BoardCell, interstellar, triangular};
use crate::render::overlay::BoardOverlay;
use crate::render::view::DrawGame;

struct State<G: DrawGame> {
    setup: G::Setup,
    flipped: bool,
    dragging: Option<G::Cell>,
    overlay: BoardOverlay<G::Cell>,
    events: Vec<BoardEvent<G::Cell>>,
    hovered: Option<G::Cell>,
    drag_origin: Option<G::Cell>,
    rect: Rect,
}

impl<G: DrawGame> State<G> {
    fn new(flipped: bool) -> State<G> {
        State {
            setup: G::opening().to_setup(),
            flipped,
            dragging: None,
            overlay: BoardOverlay::default(),
            events: Vec::new(),
            hovered: None,
            drag_origin: None,
            rect: Rect::NOTHING,
        }
    }

    fn widget(&self) -> BoardWidget<'_, G> {
        BoardWidget::new(&self.setup, &self.overlay).flipped(self.flipped).dragging(self.dragging)
    }

    fn center(&self, cell: G::Cell) -> Pos2 {
        self.widget().cell_center_px(cell, self.rect)
    }
}

fn harness<G: DrawGame>(flipped: bool, size: Vec2) -> Harness<'static, State<G>> {
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, st: &mut State<G>| {
            let r = st.widget().show(ui);
            st.events.extend(r.events);
            st.hovered = r.hovered;
            st.drag_origin = r.drag_origin;
            st.rect = r.response.rect;
        },
        State::new(flipped),
    );
    h.run();
    h
}

fn button<S>(h: &Harness<'_, S>, pos: Pos2, button: PointerButton, pressed: bool) {
    h.event(Event::PointerButton { pos, button, pressed, modifiers: Modifiers::NONE });
}

fn click<S>(h: &mut Harness<'_, S>, pos: Pos2, which: PointerButton) {
    h.hover_at(pos);
    button(h, pos, which, true);
    h.step();
    button(h, pos, which, false);
    h.step();
}

fn drag<S>(h: &mut Harness<'_, S>, from: Pos2, to: Pos2, which: PointerButton) {
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

fn cells<G: DrawGame>() -> Vec<G::Cell> {
    G::Cell::all().collect()
}

/// Runs a generic test for each game.
macro_rules! for_each_game {
    ($f:ident) => {
        $f::<interstellar::Position>();
        $f::<triangular::Position>();
        $f::<crate::core::draughts::Position>();
    };
}

#[test]
fn clicks_report_the_games_own_cells() {
    fn check<G: DrawGame>() {
        for flipped in [false, true] {
            let mut h = harness::<G>(flipped, Vec2::new(800.0, 600.0));
            for &cell in cells::<G>().iter().step_by(7) {
                h.state_mut().events.clear();
                let pos = h.state().center(cell);
                click(&mut h, pos, PointerButton::Primary);
                assert_eq!(h.state().events, vec![BoardEvent::Clicked(cell)], "flipped={flipped} cell={cell}");
                assert_eq!(h.state().hovered, Some(cell));
            }
        }
    }
    for_each_game!(check);
}

#[test]
fn every_cell_centre_hits_its_cell() {
    fn check<G: DrawGame>() {
        let rect = Rect::from_min_size(Pos2::new(13.0, 7.0), Vec2::new(1280.0, 720.0));
        for flipped in [false, true] {
            let st = State::<G>::new(flipped);
            let w = st.widget();
            for cell in cells::<G>() {
                assert_eq!(w.cell_at_px(w.cell_center_px(cell, rect), rect), Some(cell));
            }
            assert_eq!(w.cell_at_px(rect.min, rect), None);
        }
    }
    for_each_game!(check);
    assert_eq!(State::<interstellar::Position>::new(false).widget().label(), "Interstellar board");
}

#[test]
fn named_cells_land_where_expected() {
    // Triangular: White's king starts on the bottom row; flipped, it is near the top.
    let mut st = State::<triangular::Position>::new(false);
    st.rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
    let king: triangular::Cell = "c1d".parse().unwrap();
    assert_eq!(
        st.setup.board[king.slot() as usize],
        Some(triangular::Piece { side: triangular::Side::White, kind: triangular::Kind::King })
    );
    assert!(st.center(king).y > 400.0);
    st.flipped = true;
    assert!(st.center(king).y < 200.0);
}

#[test]
fn drag_and_drop_report_origin_and_target() {
    fn check<G: DrawGame>() {
        for flipped in [false, true] {
            let mut h = harness::<G>(flipped, Vec2::new(1024.0, 768.0));
            let ids = cells::<G>();
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
                "flipped={flipped}"
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
    for_each_game!(check);
}

#[test]
fn right_clicks_and_right_drags() {
    fn check<G: DrawGame>() {
        let mut h = harness::<G>(true, Vec2::new(900.0, 700.0));
        let ids = cells::<G>();
        let (a, b) = (ids[10], ids[40]);
        let (pa, pb) = (h.state().center(a), h.state().center(b));
        h.state_mut().events.clear();
        click(&mut h, pa, PointerButton::Secondary);
        assert_eq!(h.state().events, vec![BoardEvent::RightClicked(a)]);
        h.state_mut().events.clear();
        drag(&mut h, pa, pb, PointerButton::Secondary);
        assert_eq!(h.state().events, vec![BoardEvent::RightDragged { from: a, to: b }]);
    }
    for_each_game!(check);
}

#[test]
fn a_fixed_size_is_respected() {
    let mut h = Harness::builder().with_size(Vec2::new(800.0, 600.0)).build_ui_state(
        |ui, st: &mut State<triangular::Position>| {
            let r = st.widget().size(Vec2::new(300.0, 200.0)).show(ui);
            st.rect = r.response.rect;
        },
        State::new(false),
    );
    h.run();
    assert_eq!(h.state().rect.size(), Vec2::new(300.0, 200.0));
}

#[test]
fn board_has_an_accessible_label() {
    let h = harness::<interstellar::Position>(false, Vec2::new(800.0, 600.0));
    h.get_by_label("Interstellar board");
    let h = harness::<triangular::Position>(false, Vec2::new(800.0, 600.0));
    h.get_by_label("Triangular board");
    assert!(h.query_by_label("Interstellar board").is_none());
}

#[test]
fn board_draws_with_highlights_at_many_sizes_and_scales() {
    use crate::render::overlay::{Arrow, MarkColor};
    fn check<G: DrawGame>() {
        for (size, ppp) in
            [(Vec2::new(800.0, 600.0), 1.0), (Vec2::new(1920.0, 1080.0), 2.0), (Vec2::new(320.0, 240.0), 1.5)]
        {
            let mut st = State::<G>::new(false);
            let ids = cells::<G>();
            st.overlay = BoardOverlay {
                selected: Some(ids[5]),
                targets: vec![ids[20], ids[30]],
                captures: vec![ids[2]],
                last_move: Some((ids[40], ids[46])),
                in_target: vec![ids[8]],
                hover: Some(ids[33]),
                arrows: vec![Arrow { from: ids[20], to: ids[46], color: MarkColor::Green }],
                marked_cells: vec![(ids[44], MarkColor::Red)],
                landed: vec![ids[12]],
                jumped: vec![ids[13]],
                coins: vec![ids[15]],
            };
            let mut h = Harness::builder().with_size(size).with_pixels_per_point(ppp).build_ui_state(
                |ui, st: &mut State<G>| {
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
    for_each_game!(check);
}

#[test]
fn glyph_textures_are_one_per_picture() {
    fn check<G: DrawGame>(expected: usize) {
        let h = harness::<G>(false, Vec2::new(1280.0, 800.0));
        let textures = GlyphCache::of(&h.ctx).lock().unwrap().len();
        // One texture per distinct piece picture (Interstellar 6 kinds × 2 armies;
        // Triangular 5 kinds + 2 bishops × 2 colours), not one per piece.
        assert_eq!(textures, expected);
    }
    check::<interstellar::Position>(12);
    check::<triangular::Position>(14);
}

fn picker_harness() -> Harness<'static, Option<PromotionOutcome>> {
    let mut h = Harness::builder().with_size(Vec2::new(600.0, 400.0)).build_ui_state(
        |ui, out: &mut Option<PromotionOutcome>| {
            if out.is_none() {
                *out = PromotionPicker::new().show(ui, &["queen", "rook", "bishop", "knight"]);
            }
        },
        None,
    );
    h.run();
    h
}

#[test]
fn promotion_picker_buttons() {
    for (label, index) in
        [("Promote to queen", 0), ("Promote to rook", 1), ("Promote to bishop", 2), ("Promote to knight", 3)]
    {
        let mut h = picker_harness();
        assert_eq!(*h.state(), None);
        h.get_by_label(label).click();
        h.run();
        assert_eq!(*h.state(), Some(PromotionOutcome::Chosen(index)));
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
