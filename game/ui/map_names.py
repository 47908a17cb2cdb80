"""Place names printed over a painted board, read from the map's own data.

A painted background (an image layer) carries the land, roads and glyphs; the names are
drawn here from the areas and label markers of the .tmx, so renaming an area or a region
in Tiled changes what the board shows (issue 10). A map opts in with the map property
`view_names`; each area may say where its name goes (`name_x`, `name_y`), how big it is
(`name_size`) and a second line above it (`subtitle`); a label marker's text is printed
spaced out in its region's colour unless `show_text` is false.
"""
from __future__ import annotations

from game.ui import theme as default_theme

PLAIN_INK = (92, 66, 40)      # wilderness and open country: a softer brown, regular weight
SUPPLY_INK = (112, 48, 150)   # the Greek supply centres' purple (as the painted forts)
HALO = (246, 238, 214)
MAJOR = ("city", "capital", "fortress", "supply_centre")


def halo_text(surface, font, text: str, ink, halo, centre, radius: int) -> None:
    """Text centred at `centre` with a halo `radius` pixels wide, so it reads over any tint."""
    img = font.render(text, True, ink)
    ring = font.render(text, True, halo)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if dx or dy:
                surface.blit(ring, r.move(dx, dy))
    surface.blit(img, r)


def _number(props: dict, key: str, default: float) -> float:
    try:
        return float(props.get(key, default))
    except (TypeError, ValueError):   # a hand-edited property that is not a number: ignore it
        return default


def draw_area_names(surf, board, zoom: float, theme=default_theme) -> None:
    """Every area's name (and subtitle) at its printed place, scaled by `zoom`."""
    radius = max(1, round(2 * zoom))
    for area in board.areas.values():
        props = area.props or {}
        major = area.kind in MAJOR
        x = _number(props, "name_x", area.label[0]) * zoom
        y = _number(props, "name_y", area.label[1]) * zoom
        size = _number(props, "name_size", 22 if major else 20)
        font = theme.font(max(7, round(size * zoom)), bold=major, serif=True)
        ink = SUPPLY_INK if area.kind == "supply_centre" else theme.INK if major else PLAIN_INK
        halo_text(surf, font, area.name, ink, HALO, (x, y), radius)
        subtitle = str(props.get("subtitle") or "")
        if subtitle:
            small = theme.font(max(6, round(15 * zoom)), serif=True)
            halo_text(surf, small, subtitle, ink, HALO, (x, y - 22 * zoom), radius)


def draw_region_labels(surf, board, region_colours: dict, zoom: float, theme=default_theme) -> None:
    """Region names from the map's label markers, letters spaced out, in a dark shade of the region."""
    radius = max(1, round(2 * zoom))
    font = theme.font(max(8, round(28 * zoom)), bold=True, serif=True)
    for m in board.markers:
        if m.kind != "label" or str(m.props.get("show_text", "true")).lower() == "false":
            continue
        text = str(m.props.get("text") or m.props.get("name") or "")
        if not text:
            continue
        colour = region_colours.get(m.props.get("region"), theme.INK)
        ink = tuple(int(c * 0.45) for c in colour[:3])
        halo_text(surf, font, " ".join(text), ink, HALO, (m.x * zoom, m.y * zoom), radius)


def draw_names(surf, board, region_colours: dict, zoom: float, theme=default_theme) -> None:
    """Region labels first, then area names on top of them."""
    draw_region_labels(surf, board, region_colours, zoom, theme)
    draw_area_names(surf, board, zoom, theme)
