"""Hostile .tmx files: DTDs and entities refused plainly, pipes and huge files refused before reading."""
from __future__ import annotations

import os

import pytest

from game.boards.validate import check_map
from game.core import reading

from .test_hostile_saves import answers_within

LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n'
          + "".join(f' <!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">\n' for i in range(8))
          + ']>\n<map orientation="orthogonal">&i;</map>\n')


@pytest.mark.parametrize("name, text, line", [
    ("external_dtd.tmx", '<?xml version="1.0"?>\n<!DOCTYPE map SYSTEM "http://example.invalid/map.dtd">\n<map/>\n',
     "external_dtd.tmx: it declares a document type (<!DOCTYPE map>), which a Tiled map never does; "
     "it is not read"),
    ("laughs.tmx", LAUGHS, "laughs.tmx: it declares a document type (<!DOCTYPE map>), which a Tiled map "
                           "never does; it is not read"),
    ("xxe.tmx", '<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<map>&x;</map>\n',
     "xxe.tmx: it declares a document type (<!DOCTYPE m>), which a Tiled map never does; it is not read"),
])
def test_dtds_and_entities_are_refused_in_one_line(tmp_path, name, text, line):
    path = tmp_path / name
    path.write_text(text)
    assert check_map(str(path)) == [line]


def test_a_fifo_map_answers_at_once(tmp_path):
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    got = answers_within(5, lambda: check_map(str(fifo)))
    assert got["value"] == ["pipe.tmx: is not a regular file (a pipe or a device), so it is not read"]


def test_a_huge_map_is_refused_by_its_size_before_reading(tmp_path, monkeypatch):
    big = tmp_path / "big.tmx"
    with open(big, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)

    def no_reading(*_):
        raise AssertionError("the file was read")
    monkeypatch.setattr(reading, "_read_at_most", no_reading)
    assert check_map(str(big)) == ["big.tmx: is 50.0 MB, larger than any map file can be (32.0 MB at most), "
                                   "so it is not read"]
