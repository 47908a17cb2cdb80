"""Authored choices for the Hack & Sack New Jersey map (read by tools/make_nj_map.py).

Coordinates here are (lat, lon). Everything not in tools/geography is an approximation
written for this map and is explained in docs/house-rules/hack-and-sack-map.md.
"""
from __future__ import annotations

TITLE = "New Jersey (Hack & Sack)"

# The cities that score VP (HSNJ-VIC-3/4): the 15 the issue names plus seven more so that
# every corner of the state has something worth taking (north-west, Shore, south-west, Pines).
CITIES = [
    "Newark", "Jersey City", "Paterson", "Elizabeth", "Trenton", "Camden", "New Brunswick",
    "Princeton", "Asbury Park", "Atlantic City", "Cape May", "Hoboken", "Morristown",
    "Toms River", "Vineland",
    "Hackensack", "Perth Amboy", "Phillipsburg", "Newton", "Freehold", "Mount Holly", "Salem",
]

# Roads drawn from nj-roads.csv, with their kind. US-9 and US-22 are left out: at five
# kilometres a hex they run in the same hexes as the Parkway and I-78.
ROAD_KINDS = {
    "New Jersey Turnpike": "turnpike",
    "Garden State Parkway": "parkway",
    "Atlantic City Expressway": "expressway",
    "I-80": "interstate",
    "I-78": "interstate",
    "I-287": "interstate",
    "I-295": "interstate",
    "I-195": "interstate",
    "US-1": "highway",
    "US-206": "highway",
    "NJ-55": "highway",
}

# Short real roads that tie the cities the big roads miss into the network.
LOCAL_ROADS = [
    ("NJ-49", "highway", [(39.5718, -75.4671), (39.6700, -75.4600), (39.6880, -75.4830)]),
    ("NJ-38", "highway", [(39.9929, -74.7877), (39.9700, -74.9200), (39.9348, -75.0307)]),
    ("NJ-33", "highway", [(40.2204, -74.0121), (40.2601, -74.2738), (40.2115, -74.6796)]),
    ("NJ-35", "highway", [(40.5068, -74.2654), (40.4300, -74.2000), (40.3471, -74.0643),
                          (40.2204, -74.0121)]),
]

# Landmarks shown by name (nj-places.csv name -> label on the map).
LANDMARKS = {
    "High Point": "High Point",
    "Delaware Water Gap": "Delaware Water Gap",
    "Lake Hopatcong": "Lake Hopatcong",
    "Sandy Hook": "Sandy Hook",
    "MetLife Stadium (Meadowlands)": "Meadowlands",
    "Washington Crossing State Park": "Washington Crossing",
    "Joint Base McGuire-Dix-Lakehurst (McGuire field)": "Fort Dix",
    "Lakehurst (Hindenburg crash site)": "Lakehurst",
    "Batsto Village (Wharton State Forest)": "Batsto",
    "Barnegat Lighthouse": "Barnegat Light",
    "USS New Jersey (BB-62) museum ship": "USS New Jersey",
    "Delaware Memorial Bridge (NJ end)": "Delaware Memorial Bridge",
    "George Washington Bridge (NJ end)": "George Washington Bridge",
}

# The sea the board keeps: Lower New York Bay and the Atlantic east of the shore, south round
# Cape May and up Delaware Bay to its head. Points over New Jersey itself do no harm (land is
# decided first); the Staten Island and Brooklyn points keep New York off the board.
SEA_EDGE = [
    (40.6070, -74.0350), (40.5900, -74.0200), (40.5700, -74.0100), (40.5550, -73.9500),
    (40.5600, -73.5000), (38.5000, -73.5000), (38.5000, -75.0400),
]
# Delaware's bay shore (not in the geography files; approximate): Cape Henlopen, Slaughter
# Beach, Bowers Beach, Port Mahon, Woodland Beach, Augustine Beach; then back over NJ.
DELAWARE_SHORE = [
    (38.7800, -75.0800), (38.9100, -75.3000), (39.0600, -75.4000), (39.1800, -75.4000),
    (39.3300, -75.4700), (39.4700, -75.6000), (39.4800, -75.4000), (40.4000, -74.3000),
    (40.4850, -74.0110), (40.5300, -74.1400), (40.5800, -74.0650), (40.6050, -74.0550),
]

# Channels joining the harbour to the sea: the Narrows from the Upper Bay to the Lower Bay;
# the tidal Passaic and Salem rivers, so Port Newark and Salem are on the water.
EXTRA_WATER_CHAINS = {
    "The Narrows": [(40.6850, -74.0500), (40.6070, -74.0420), (40.5600, -74.0300)],
    "Passaic River (tidal, Newark to Newark Bay)": [(40.7450, -74.1600), (40.7000, -74.1300)],
    "Salem River (tidal, Salem to the Delaware)": [(39.5850, -75.5300), (39.5750, -75.5000)],
}

# The New Jersey Highlands (approximate outline, Reading Prong): slopes.
HIGHLANDS = [
    (40.6000, -75.1900), (40.7000, -75.1600), (40.7700, -75.0200), (40.8800, -74.9000),
    (40.9800, -74.7200), (41.0700, -74.6200), (41.1600, -74.5500), (41.2350, -74.4200),
    (41.1200, -74.1700), (41.0000, -74.2900), (40.9000, -74.4100), (40.8000, -74.5200),
    (40.7200, -74.6000), (40.6800, -74.7500), (40.6200, -74.9300), (40.5800, -75.1000),
]

# Kittatinny Ridge, Delaware Water Gap to High Point: hilltops, its flanks slopes.
KITTATINNY_RIDGE = [
    (40.9650, -75.1200), (41.0600, -75.0000), (41.1500, -74.8800), (41.2400, -74.7600),
    (41.3200, -74.6650),
]

# Swamps and marshes: (lat, lon, radius in hexes). Meadowlands, Great Swamp, the Delaware
# Bay salt marshes.
SWAMPS = [
    (40.7900, -74.0800, 0.8), (40.7100, -74.4800, 0.6), (39.2700, -75.1800, 1.0),
    (39.2100, -74.9300, 0.7),
]
