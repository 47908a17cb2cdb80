"""Tests of the Hack & Sack New Jersey map (maps/hack_sack_nj.tmx)."""
