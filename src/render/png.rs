//! The PNG backend: rasterises the SVG of a scene with `resvg` (through `usvg` and
//! `tiny-skia`), with the bundled DejaVu Sans (and its bold) as the only fonts, so the pixels are the
//! same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::scene::Scene;
use super::svg::{FONT_FAMILY, to_svg};

/// The bundled font (DejaVu Sans; licence in `assets/fonts/DejaVu-LICENSE.txt`).
pub static FONT_DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold (same licence): bold captions (a diagram's title) in PNGs and GIFs
/// as in SVGs.
pub static FONT_DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Why an image could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG text did not parse.
    #[error("invalid SVG: {0}")]
    Svg(#[from] usvg::Error),
    /// The requested size is zero or too large.
    #[error("cannot make a {0}×{1} pixel image")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// The font database with only the bundled fonts (DejaVu Sans and its bold), shared by
/// every rasterisation.
pub(crate) fn font_db() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT_DEJAVU_SANS.to_vec());
        db.load_font_data(FONT_DEJAVU_SANS_BOLD.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// Rasterises SVG text into a `width × height` pixmap (the drawing is scaled to fit,
/// centred, keeping its aspect ratio; uncovered pixels stay transparent).
pub fn rasterize_svg(svg: &str, width: u32, height: u32) -> Result<Pixmap, PngError> {
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    rasterize_svg_onto(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// Rasterises SVG text over what `pixmap` already holds (scaled to fit, centred, as
/// [`rasterize_svg`] does): a picture drawn in parts, in order, looks as if drawn whole.
pub fn rasterize_svg_onto(svg: &str, pixmap: &mut Pixmap) -> Result<(), PngError> {
    let opt = usvg::Options { font_family: FONT_FAMILY.to_string(), fontdb: font_db(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &opt)?;
    let (width, height) = (pixmap.width(), pixmap.height());
    let size = tree.size();
    let k = (width as f32 / size.width()).min(height as f32 / size.height());
    let dx = (width as f32 - size.width() * k) / 2.0;
    let dy = (height as f32 - size.height() * k) / 2.0;
    resvg::render(&tree, Transform::from_row(k, 0.0, 0.0, k, dx, dy), &mut pixmap.as_mut());
    Ok(())
}

/// Rasterises a scene at `width` pixels (height from the aspect ratio) into a pixmap.
pub fn render_scene(scene: &Scene, width: u32) -> Result<Pixmap, PngError> {
    let height = scene.height_for_width(width);
    rasterize_svg(&to_svg(scene, width), width, height)
}

/// The scene as PNG file bytes, `width` pixels wide (save them with
/// [`crate::files::write_atomic_bytes`]).
pub fn scene_to_png(scene: &Scene, width: u32) -> Result<Vec<u8>, PngError> {
    render_scene(scene, width)?.encode_png().map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels a text covers, rasterised.
    fn ink(weight: &str) -> usize {
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\"><text x=\"4\" y=\"30\" \
             font-family=\"{FONT_FAMILY}\" font-size=\"24\"{weight}>Orrery</text></svg>"
        );
        let pixmap = rasterize_svg(&svg, 200, 40).expect("rasterised");
        pixmap.pixels().iter().filter(|p| p.alpha() > 128).count()
    }

    #[test]
    fn bold_text_is_bold_in_a_png_as_in_the_svg() {
        let regular = ink("");
        let bold = ink(" font-weight=\"bold\"");
        assert!(regular > 100, "the text is drawn: {regular}");
        assert!(bold as f64 > regular as f64 * 1.15, "bold covers more: {bold} against {regular}");
    }
}
