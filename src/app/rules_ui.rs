//! Help → Rules of …: a game's rules page (`docs/rules-*.md`, compiled in) rendered in
//! the window — the Markdown through egui_commonmark, the drawings of fenced blocks as
//! monospace text — after a **piece card** for every piece: its glyph in both sides'
//! colours, its name, how it moves in one sentence, and a small board drawn by the
//! renderer with the cells it reaches from a central cell.

use std::collections::HashMap;

use egui::{RichText, Ui, vec2};

use super::painter::{fit_size, paint_item, paint_scene};
use super::view::AppGame;
use crate::core::{BoardCell, BoardSetup, GameSide, Variant};
use crate::render::overlay::BoardOverlay;
use crate::render::view::BoardView;

/// What the rules window keeps between frames: the Markdown's state and each game's
/// piece cards (worked out once: a few positions' legal moves).
#[derive(Default)]
pub struct RulesState {
    markdown: egui_commonmark::CommonMarkCache,
    cards: HashMap<Variant, Vec<CardData>>,
    pages: HashMap<Variant, String>,
}

/// A piece card, erased: the piece by its palette index, the central cell and the
/// cells it reaches, as slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    /// Index in the game's palette ([`BoardSetup::palette`]).
    pub piece: usize,
    /// The cell the piece stands on in the card's board.
    pub centre: u8,
    /// The cells it may move to from there on an empty board.
    pub targets: Vec<u8>,
}

impl RulesState {
    /// The piece cards of `variant` (worked out on first use).
    pub fn cards(&mut self, variant: Variant) -> &[CardData] {
        self.cards.entry(variant).or_insert_with(|| crate::with_variant!(variant, G => piece_cards::<G>()))
    }
}

/// The first player's pieces, each on the cell nearest the board's centre where it can
/// stand with somewhere to go, with the cells it reaches. The position it is worked
/// out in adds what the rules need (both planets or kings, an enemy piece) on the
/// cells farthest from the centre, where they stand in no way.
pub fn piece_cards<G: AppGame>() -> Vec<CardData> {
    let palette = G::Setup::palette();
    let first = G::opening().side_to_move();
    let view = G::view(false, false);
    let (w, h) = view.size();
    let mut cells: Vec<G::Cell> = G::Cell::all().collect();
    let distance = |c: &G::Cell| {
        let p = view.cell_center(*c);
        (p.x - w / 2.0).powi(2) + (p.y - h / 2.0).powi(2)
    };
    cells.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
    let far: Vec<G::Cell> = cells.iter().rev().take(8).copied().collect();
    let royal =
        |side: G::Side| palette.iter().copied().find(|&p| G::Setup::piece_side(p) == side && G::Setup::is_royal(p));
    let fillers: Vec<G::Piece> = palette
        .iter()
        .copied()
        .filter(|&p| G::Setup::piece_side(p) == first.other() && !G::Setup::is_royal(p))
        .collect();
    let mut cards = Vec::new();
    for (index, &piece) in palette.iter().enumerate().filter(|(_, p)| G::Setup::piece_side(**p) == first) {
        let found = cells.iter().take(16).find_map(|&centre| {
            // The other pieces the rules need, on far cells: the own royal piece (or, for
            // the royal piece, another own piece: a bare planet has lost), the enemy's,
            // and one more enemy piece.
            let own: Vec<Option<G::Piece>> = if G::Setup::is_royal(piece) {
                palette
                    .iter()
                    .copied()
                    .filter(|&p| G::Setup::piece_side(p) == first && !G::Setup::is_royal(p))
                    .map(Some)
                    .collect()
            } else {
                vec![royal(first)]
            };
            // Of every arrangement, the one that leaves the piece the most cells (the
            // extra pieces out of its way), never one in check or Target.
            let mut best: Option<CardData> = None;
            for &a in &far {
                for &b in &far {
                    for &c in &far {
                        for (&filler, &own) in fillers.iter().flat_map(|f| own.iter().map(move |o| (f, o))) {
                            if [a, b, c].contains(&centre) || a == b || b == c || a == c {
                                continue;
                            }
                            let mut setup = G::Setup::empty(first);
                            setup.place(centre, piece);
                            if let Some(own) = own {
                                setup.place(a, own);
                            }
                            if let Some(enemy) = royal(first.other()) {
                                setup.place(b, enemy);
                            }
                            setup.place(c, filler);
                            let Ok(position) = G::from_setup(&setup) else { continue };
                            if position.checked_cell().is_some() {
                                continue;
                            }
                            let mut moves = crate::core::moves::MoveList::new();
                            position.legal_moves(&mut moves);
                            let mut targets: Vec<u8> = moves
                                .iter()
                                .filter(|&&m| G::move_cells(m).0 == centre)
                                .map(|&m| G::move_cells(m).1.slot())
                                .collect();
                            targets.sort_unstable();
                            targets.dedup();
                            if best.as_ref().is_none_or(|b| targets.len() > b.targets.len()) {
                                best = Some(CardData { piece: index, centre: centre.slot(), targets });
                            }
                        }
                    }
                }
            }
            best.filter(|b| !b.targets.is_empty())
        });
        cards.extend(found);
    }
    cards
}

/// The rules window's contents for `variant`: the piece cards, then the page.
pub fn rules_ui(ui: &mut Ui, variant: Variant, state: &mut RulesState) {
    let cards = state.cards(variant).to_vec();
    ui.heading("The pieces");
    ui.label(RichText::new("Each card shows where the piece may go from the cell it stands on (dots), on a board with nothing else in its way.").weak());
    crate::with_variant!(variant, G => cards_ui::<G>(ui, &cards));
    ui.add_space(12.0);
    ui.separator();
    // The page as players read it, made on first use.
    let RulesState { markdown, pages, .. } = state;
    let page = pages
        .entry(variant)
        .or_insert_with(|| crate::study::learn::players_page(crate::study::learn::rules_page(variant)));
    page_ui(ui, variant, page, markdown);
}

fn cards_ui<G: AppGame>(ui: &mut Ui, cards: &[CardData]) {
    let palette = G::Setup::palette();
    egui::Grid::new("piece cards").num_columns(2).spacing(vec2(8.0, 8.0)).show(ui, |ui| {
        for (k, card) in cards.iter().enumerate() {
            let piece = palette[card.piece];
            if k > 0 && k % 2 == 0 {
                ui.end_row();
            }
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(340.0);
                ui.horizontal_top(|ui| {
                    let (rect, _) = ui.allocate_exact_size(vec2(170.0, 170.0), egui::Sense::hover());
                    let mut setup = G::Setup::empty(G::opening().side_to_move());
                    let (Some(centre), targets) = (
                        G::Cell::from_slot(card.centre),
                        card.targets.iter().filter_map(|&s| G::Cell::from_slot(s)).collect::<Vec<_>>(),
                    ) else {
                        return;
                    };
                    setup.place(centre, piece);
                    let overlay = BoardOverlay { targets, ..BoardOverlay::default() };
                    let view = G::view(false, false);
                    let scene = view.scene(&setup, &overlay);
                    let t = fit_size(scene.width, scene.height, rect);
                    paint_scene(ui.painter(), &scene, &t);
                    ui.vertical(|ui| {
                        let kind = G::Setup::kind_name(piece);
                        ui.label(RichText::new(crate::app::session::capitalise(kind)).strong().size(16.0));
                        ui.horizontal(|ui| {
                            for p in palette.iter().copied().filter(|&p| G::Setup::kind_name(p) == kind) {
                                let (rect, response) = ui.allocate_exact_size(vec2(26.0, 26.0), egui::Sense::hover());
                                let t = fit_size(1.0, 1.0, rect);
                                for item in &<G::View as BoardView>::piece_glyph(p) {
                                    paint_item(ui.painter(), item, &t);
                                }
                                response.on_hover_text(G::Setup::piece_label(p));
                            }
                        });
                        ui.label(format!("{}.", crate::app::session::capitalise(G::Setup::kind_summary(piece))));
                        ui.label(RichText::new(format!("{} cells from here", card.targets.len())).weak());
                    });
                });
            });
        }
    });
}

/// A Markdown page: the text through egui_commonmark, each code block (the pages'
/// drawings of the board) as monospace text in a frame of its own, and a picture
/// (`![…](…)`, a file the app does not hold) as the game's opening position drawn by
/// the renderer, with the picture's text under it.
pub fn page_ui(ui: &mut Ui, variant: Variant, page: &str, cache: &mut egui_commonmark::CommonMarkCache) {
    let mut k = 0;
    for (fenced, text) in fenced_blocks(page) {
        if fenced {
            k += 1;
            ui.push_id(k, |ui| {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(RichText::new(text.trim_end()).monospace());
                });
            });
            continue;
        }
        let mut markdown = String::new();
        let mut flush = |ui: &mut Ui, markdown: &mut String, k: &mut usize| {
            if !markdown.trim().is_empty() {
                *k += 1;
                let text = std::mem::take(markdown);
                ui.push_id(*k, |ui| egui_commonmark::CommonMarkViewer::new().show(ui, cache, &text));
            }
            markdown.clear();
        };
        for line in text.lines() {
            match line.trim_start().strip_prefix("![").and_then(|rest| rest.split_once("](")) {
                Some((alt, _)) => {
                    flush(ui, &mut markdown, &mut k);
                    crate::with_variant!(variant, G => opening_picture::<G>(ui, alt));
                }
                None => {
                    markdown.push_str(line);
                    markdown.push('\n');
                }
            }
        }
        flush(ui, &mut markdown, &mut k);
    }
}

/// The game's opening position with every cell named, `caption` under it.
fn opening_picture<G: AppGame>(ui: &mut Ui, caption: &str) {
    let view = G::view(false, true);
    let scene = view.scene(&G::opening().to_setup(), &BoardOverlay::default());
    let width = ui.available_width().min(520.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, width * scene.height / scene.width), egui::Sense::hover());
    paint_scene(ui.painter(), &scene, &fit_size(scene.width, scene.height, rect));
    ui.label(RichText::new(caption).italics().weak());
}

/// A Markdown text cut at its code blocks: `(true, code)` for a fenced block's lines
/// (or an indented block's, after a blank line), `(false, markdown)` for the text
/// between.
pub fn fenced_blocks(page: &str) -> Vec<(bool, String)> {
    let mut parts: Vec<(bool, String)> = vec![(false, String::new())];
    let mut fence = false;
    let mut blank_before = true;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            parts.push((fence, String::new()));
            continue;
        }
        let indented = !fence && line.starts_with("    ") && !line.trim().is_empty();
        let in_indented = parts.last().is_some_and(|p| p.0) && !fence;
        if indented && (blank_before || in_indented) {
            if !in_indented {
                parts.push((true, String::new()));
            }
            if let Some(last) = parts.last_mut() {
                last.1.push_str(&line[4..]);
                last.1.push('\n');
            }
            blank_before = false;
            continue;
        }
        if in_indented {
            parts.push((false, String::new()));
        }
        blank_before = line.trim().is_empty();
        if let Some(last) = parts.last_mut() {
            last.1.push_str(line);
            last.1.push('\n');
        }
    }
    parts.retain(|(fenced, text)| *fenced || !text.trim().is_empty());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_cut_the_page_and_keep_every_line() {
        let parts = fenced_blocks("# A\ntext\n```text\n[ 1 ]\n```\nmore\n\n    code\n\nafter\n");
        assert_eq!(
            parts,
            vec![
                (false, "# A\ntext\n".to_string()),
                (true, "[ 1 ]\n".to_string()),
                (false, "more\n\n".to_string()),
                (true, "code\n".to_string()),
                (false, "\nafter\n".to_string()),
            ]
        );
    }

    #[test]
    fn every_piece_of_every_game_has_a_card_with_somewhere_to_go() {
        for variant in Variant::ALL {
            let cards = crate::with_variant!(variant, G => piece_cards::<G>());
            let kinds = crate::with_variant!(variant, G => <G as crate::core::Game>::Setup::palette().len() / 2);
            assert_eq!(cards.len(), kinds, "{variant}");
            assert!(cards.iter().all(|c| !c.targets.is_empty()), "{variant}: {cards:?}");
        }
        // The Interstellar quasar from the centre runs along six lines to the edges.
        let cards = piece_cards::<crate::core::interstellar::Position>();
        let card = cards.iter().find(|c| c.targets.len() == 24).expect("the quasar's card reaches 24 cells from 55");
        assert_eq!(crate::core::interstellar::Cell::from_slot(card.centre).unwrap().to_string(), "55");
        // Triangular's king touches 12 cells, its queen reaches 57 from d4d (the rules
        // page's count; the card's central cell may differ but reaches as many).
        let cards = piece_cards::<crate::core::triangular::Position>();
        let reach: Vec<usize> = cards.iter().map(|c| c.targets.len()).collect();
        assert!(reach.contains(&12), "{reach:?}");
        assert!(reach.iter().any(|&n| n >= 50), "the queen's card: {reach:?}");
    }
}
