//! Renders Orrery's icon (`assets/icons/orrery.svg`) to the PNG sizes the desktop's
//! icon theme wants, as `assets/icons/hicolor/<n>x<n>/apps/orrery.png` (the files are
//! committed; run this again after changing the SVG):
//!
//! `cargo run --example icons`

use orrery::render::png::rasterize_svg;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let svg = std::fs::read_to_string("assets/icons/orrery.svg")?;
    for size in [16u32, 24, 32, 48, 64, 128, 256, 512] {
        let pixmap = rasterize_svg(&svg, size, size)?;
        let dir = format!("assets/icons/hicolor/{size}x{size}/apps");
        std::fs::create_dir_all(&dir)?;
        pixmap.save_png(format!("{dir}/orrery.png"))?;
        println!("{dir}/orrery.png");
    }
    Ok(())
}
