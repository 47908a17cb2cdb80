"""The authored layout of Armageddon Secundus (BFA-GAP-3, BFA-GAP-5): areas, rivers, tracks.

Read by tools/make_bfa_map.py; every choice is explained in docs/house-rules/armageddon-map.md.
Coordinates are map pixels on a 2400 x 1400 land sheet, north up; each area is the Voronoi
cell of its seed point, so moving a seed reshapes its area and its neighbours.
"""
from __future__ import annotations

LAND_W, LAND_H = 2400, 1400          # the land sheet; the tracks sit in a strip below it
PANEL_H = 264                        # the strip for the tracks (off-map boxes)
ORK = "Ork Territory"                # the region whose areas have dashed borders (BFA-MAP-5)

# name, kind, region, x, y, extra properties.  Kinds: open, ash_waste, hive, factory,
# mountain, sea.  supply: which side's supply area it is (BFA-MAP-6, BFA-GAP-5).
AREAS = [
    # --- Ork territory: the northern band, dashed borders (BFA-MAP-5)
    ("Rok Fall", "open", ORK, 120, 95, {"supply": "ork"}),
    ("Rust Steppe", "open", ORK, 400, 70, {}),
    ("Bonefield", "open", ORK, 690, 120, {}),
    ("Krater Fields", "ash_waste", ORK, 960, 70, {"supply": "ork"}),
    ("Black Scrub", "open", ORK, 1230, 115, {}),
    ("Gutrot Flats", "open", ORK, 1500, 70, {}),
    ("Iron Dunes", "ash_waste", ORK, 1790, 110, {}),
    ("Da Landin'", "open", ORK, 2060, 75, {"supply": "ork"}),
    ("Wreck Coast", "open", ORK, 2300, 140, {}),
    ("Cinder Reach", "open", ORK, 230, 300, {}),
    ("Gorge of Teeth", "open", ORK, 520, 285, {}),
    ("Scorched Plain", "ash_waste", ORK, 815, 310, {}),
    ("Warband Camp", "open", ORK, 1090, 295, {}),
    ("Redweed Marsh", "open", ORK, 1370, 300, {}),
    ("Smasha Ridge", "open", ORK, 1640, 290, {}),
    ("Burning Fields", "open", ORK, 1910, 305, {}),
    ("Northern Shore", "open", ORK, 2160, 320, {}),
    # --- the Imperial north: Tartarus, Infernus and the Diablo line
    ("Pallid Heights", "mountain", "", 70, 560, {}),
    ("Tartarus March", "open", "", 300, 520, {}),
    ("Tartarus", "hive", "", 560, 560, {}),
    ("Northmarch", "open", "", 800, 530, {}),
    ("Fire Peaks", "mountain", "", 955, 440, {}),
    ("Stygies Springs", "open", "", 1050, 560, {}),
    ("Cinder Gate", "open", "", 1265, 525, {}),
    ("Infernus", "hive", "", 1480, 555, {}),
    ("Diablo Forges", "factory", "", 1720, 520, {}),
    ("Diablo Mouth", "open", "", 1960, 540, {}),
    ("Gulf of Fire", "sea", "", 2290, 520, {}),
    # --- the middle: Hades, the Stygies valley and the ash wastes
    ("Pallid Mountains", "mountain", "", 80, 860, {}),
    ("Tartarus Wastes", "ash_waste", "", 320, 760, {}),
    ("Cinder Mills", "factory", "", 600, 770, {}),
    ("Stygies Crossing", "open", "", 850, 720, {}),
    ("Hades Approaches", "open", "", 1040, 780, {}),
    ("Ghostfields", "open", "", 1170, 660, {}),
    ("Hades", "hive", "", 1250, 820, {}),
    ("Infernus Wastes", "ash_waste", "", 1480, 760, {}),
    ("Sulphur Wastes", "ash_waste", "", 1740, 740, {}),
    ("Hellsreach Marches", "open", "", 1930, 720, {}),
    ("Hellsreach", "hive", "", 2080, 860, {"supply": "imperial", "port": True}),
    ("Tempest Ocean", "sea", "", 2320, 850, {}),
    # --- the south: Acheron, the Devil's Spine and the southern coast
    ("Slag Hollow Works", "factory", "", 330, 1010, {}),
    ("Western Ash Wastes", "ash_waste", "", 580, 990, {}),
    ("Stygies Foundry", "factory", "", 840, 960, {}),
    ("Hades Wastes", "ash_waste", "", 1070, 1020, {}),
    ("Devil's Spine", "mountain", "", 1330, 1010, {}),
    ("Slag Marsh", "open", "", 1640, 850, {}),
    ("Ironvale Works", "factory", "", 1570, 980, {}),
    ("Ironvale", "open", "", 1780, 930, {}),
    ("Hellsreach Hinterland", "open", "", 1900, 1080, {}),
    ("Storm Coast", "sea", "", 2280, 1160, {}),
    ("Acheron Ridge", "mountain", "", 170, 1080, {}),
    ("Mannheim Gap", "open", "", 90, 1260, {"supply": "imperial"}),
    ("Acheron", "hive", "", 380, 1240, {}),
    ("Acheron Wastes", "ash_waste", "", 640, 1200, {}),
    ("Canyon of Dust", "ash_waste", "", 750, 1090, {}),
    ("Stygies Delta", "open", "", 900, 1200, {}),
    ("Southern Rim", "open", "", 1130, 1240, {}),
    ("Spine Foothills", "open", "", 1400, 1200, {}),
    ("Pyre Manufactorum", "factory", "", 1640, 1190, {}),
    ("Pyre Coast", "open", "", 1860, 1290, {}),
    ("Sea of Ash", "sea", "", 1000, 1380, {}),
    ("Bay of Acheron", "sea", "", 560, 1385, {}),
    ("Southern Ocean", "sea", "", 1500, 1390, {}),
    ("Tempest Bay", "sea", "", 2100, 1370, {}),
]

# Rivers run along area borders (BFA-GAP-3): each is an ordered chain of neighbouring pairs.
RIVERS = {
    # from its springs at the Ork frontier east along it to the Gulf of Fire (BFA-MOV-12)
    "Diablo": [("Redweed Marsh", "Cinder Gate"), ("Redweed Marsh", "Infernus"),
               ("Smasha Ridge", "Infernus"), ("Smasha Ridge", "Diablo Forges"),
               ("Burning Fields", "Diablo Forges"), ("Burning Fields", "Diablo Mouth"),
               ("Northern Shore", "Diablo Mouth")],
    # from below the Fire Peaks south past Hades to the Sea of Ash
    "Stygies": [("Northmarch", "Stygies Springs"), ("Stygies Crossing", "Stygies Springs"),
                ("Stygies Crossing", "Hades Approaches"), ("Stygies Foundry", "Hades Approaches"),
                ("Stygies Foundry", "Hades Wastes"), ("Stygies Delta", "Hades Wastes"),
                ("Stygies Delta", "Southern Rim")],
}

# Stack points moved off a river or the sheet's edge (pixels), so names stay readable.
LABEL_SHIFT = {"Stygies Springs": (28, 8), "Hades Approaches": (16, 0), "Pallid Heights": (22, 0),
               "Pallid Mountains": (26, 0), "Acheron Ridge": (10, 0)}

# Where each river's name is written: which stretch, and how far from its middle (pixels).
RIVER_LABELS = {"Diablo": (2, (0, -26)), "Stygies": (2, (-24, 24))}

# The build point track (BFA-SET-1), the turn track (BFA-SET-2) and the production track
# with its Ready box (BFA-IBL-8..11) are off-map boxes drawn in the strip below the land.
BUILD_TRACK = range(0, 21)
TURN_TRACK = range(1, 9)
