//! Orrery as a desktop citizen: the window's icon decodes (with `image`, as the window
//! does), the icon theme's PNG sizes are all there at their sizes, and the desktop entry
//! names the same application id, icon and command.

#![allow(clippy::unwrap_used)] // tests may unwrap

use orrery::app::{APP_ID, window_icon};

#[test]
fn the_window_icon_decodes_to_a_visible_picture() {
    let icon = window_icon();
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    let opaque = icon.rgba.chunks(4).filter(|p| p[3] == 255).count();
    assert!(opaque > 256 * 256 / 2, "the icon is mostly drawn: {opaque} opaque pixels");
}

#[test]
fn every_icon_size_is_there_at_its_size() {
    for n in [16u32, 24, 32, 48, 64, 128, 256, 512] {
        let path = format!("assets/icons/hicolor/{n}x{n}/apps/orrery.png");
        let picture = image::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!((picture.width(), picture.height()), (n, n), "{path}");
    }
    let svg = std::fs::read_to_string("assets/icons/orrery.svg").unwrap();
    assert!(svg.starts_with("<svg"));
}

#[test]
fn the_desktop_entry_opens_orrery_with_its_id_and_icon() {
    let entry = std::fs::read_to_string("assets/orrery.desktop").unwrap();
    let value = |key: &str| {
        entry.lines().find_map(|l| l.strip_prefix(&format!("{key}="))).unwrap_or_else(|| panic!("{key} in the entry"))
    };
    assert_eq!(value("Type"), "Application");
    assert_eq!(value("Name"), "Orrery");
    assert_eq!(value("Exec"), "orrery %f");
    assert_eq!(value("Icon"), APP_ID);
    assert_eq!(value("StartupWMClass"), APP_ID);
    assert!(value("Categories").split(';').any(|c| c == "BoardGame"));
    // The install script puts each file where the desktop looks for it.
    let script = std::fs::read_to_string("scripts/install-desktop.sh").unwrap();
    assert!(script.contains("applications/orrery.desktop") && script.contains("icons/hicolor"));
}
