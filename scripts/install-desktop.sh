#!/bin/sh
# Installs Orrery for the current user so that it appears in the desktop's application
# menu: the binary (cargo install), the icon in every size (the hicolor theme) and the
# desktop entry. Run from the repository's root:  scripts/install-desktop.sh
# Remove again with:  scripts/install-desktop.sh --uninstall
set -eu
data="${XDG_DATA_HOME:-$HOME/.local/share}"
sizes="16 24 32 48 64 128 256 512"
if [ "${1:-}" = "--uninstall" ]; then
    for n in $sizes; do rm -f "$data/icons/hicolor/${n}x${n}/apps/orrery.png"; done
    rm -f "$data/icons/hicolor/scalable/apps/orrery.svg" "$data/applications/orrery.desktop"
    cargo uninstall orrery 2>/dev/null || true
    echo "Orrery removed from the application menu"
    exit 0
fi
cargo install --locked --path .
for n in $sizes; do
    install -D -m 644 "assets/icons/hicolor/${n}x${n}/apps/orrery.png" "$data/icons/hicolor/${n}x${n}/apps/orrery.png"
done
install -D -m 644 assets/icons/orrery.svg "$data/icons/hicolor/scalable/apps/orrery.svg"
install -D -m 644 assets/orrery.desktop "$data/applications/orrery.desktop"
# The menu and the icon cache pick the new files up (when the tools are there).
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "Orrery is in the application menu (the binary: $(command -v orrery || echo ~/.cargo/bin/orrery))"
