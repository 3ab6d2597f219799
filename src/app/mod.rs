//! The desktop app's egui layer: the board widget, the scene painter it draws with and
//! the promotion picker.

pub mod board;
pub mod painter;
pub mod promotion;

#[cfg(test)]
mod tests;
