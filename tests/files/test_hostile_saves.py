"""Every hostile save in the corpus is refused by `--load` with its one sentence and a non-zero exit."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game import app as cli
from game.core import paths, reading
from game.core.session import SaveError, Session, load

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
SAVES = json.loads((HOSTILE / "saves" / "expected.json").read_text(encoding="utf-8"))


def expected(message: str, path: Path) -> str:
    return message.replace("{maps}", str(paths.user_maps_dir())).replace("{path}", str(path))


def run_load(capsys, path) -> tuple[int, str, str]:
    code = cli.main(["--load", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(SAVES))
def test_load_of_each_hostile_save_says_one_plain_line_and_exits_non_zero(name, capsys):
    path = HOSTILE / "saves" / name
    code, out, err = run_load(capsys, path)
    assert code == 1 and out == ""
    assert err == f"wargames: {expected(SAVES[name], path)}\n"


def test_the_corpus_script_writes_what_is_committed(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_hostile", HOSTILE / "make_hostile.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.write(tmp_path / "saves", mod.SAVES)
    mod.write(tmp_path / "settings", mod.SETTINGS)
    for kind in ("saves", "settings"):
        for made in (tmp_path / kind).iterdir():
            assert made.read_bytes() == (HOSTILE / kind / made.name).read_bytes(), made.name


def test_a_real_process_prints_no_traceback_for_deep_nesting_and_huge_numbers():
    for name in ("nested_100000_deep.json", "seed_5000_digits.json", "game_is_a_list.json"):
        proc = subprocess.run([sys.executable, "main.py", "--load", str(HOSTILE / "saves" / name)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, WARGAMES_DATA_DIR=str(paths.data_dir())))
        assert proc.returncode == 1 and "Traceback" not in proc.stderr
        assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("wargames: The save file")


def answers_within(seconds, call):
    """Run ``call`` in a thread; fail (instead of hanging the suite) when it has not answered in time."""
    result = {}

    def run():
        try:
            result["value"] = call()
        except Exception as exc:  # the answer is the exception
            result["error"] = exc
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "no answer: the reader blocked"
    return result


def test_a_fifo_save_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = answers_within(5, lambda: load(fifo))
    assert isinstance(got.get("error"), SaveError)
    assert str(got["error"]) == f"The save file pipe.json is not a regular file (a pipe or a device), so it is not read."
    code, _, err = run_load(capsys, fifo)
    assert code == 1 and "not a regular file" in err


def test_a_save_naming_a_fifo_in_the_maps_folder_is_refused_by_name(toy_spec, tmp_path):
    folder = paths.user_maps_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "trap.tmx")
    save = tmp_path / "s.json"
    save.write_text(json.dumps({"format": 1, "game": "hack_sack", "seed": 1, "actions": [],
                                "options": {"map": str(folder / "trap.tmx")}}))
    got = answers_within(5, lambda: load(save))
    assert str(got["error"]) == (f"The save file s.json names the map '{folder / 'trap.tmx'}', which is not a "
                                 f"regular file; it is not opened.")


def test_a_50_mb_save_is_refused_by_its_size_before_a_byte_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)          # sparse: 50 MB long, no disk used

    def no_reading(*_):
        raise AssertionError("the file was read")
    monkeypatch.setattr(reading, "_read_at_most", no_reading)
    with pytest.raises(SaveError) as err:
        load(big)
    assert str(err.value) == ("The save file big.json is 50.0 MB, larger than any save file can be "
                              "(8.0 MB at most), so it is not read.")


def test_a_folder_and_a_missing_file_are_named(tmp_path):
    with pytest.raises(SaveError, match="is a folder, not a file"):
        load(tmp_path)
    with pytest.raises(SaveError, match="There is no save file at"):
        load(tmp_path / "nope.json")


def test_a_save_with_a_byte_order_mark_loads(toy_spec, tmp_path):
    s = Session(toy_spec, seed=3)
    s.apply(("step",))
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(s.to_json()), encoding="utf-8")
    assert load(path).actions == [("step",)]


def test_a_shipped_map_and_one_in_the_maps_folder_are_accepted(tmp_path):
    from game.core.savefile import map_problem
    assert map_problem("maps/judean_hammer.tmx") is None
    assert map_problem(str(paths.maps_dir() / "judean_hammer.tmx")) is None
    mine = paths.user_maps_dir() / "mine.tmx"
    mine.parent.mkdir(parents=True)
    mine.write_text("<map/>")
    assert map_problem(str(mine)) is None
    outside = tmp_path / "elsewhere.tmx"
    outside.write_text("<map/>")
    assert "neither a shipped map" in map_problem(str(outside))
    link = paths.user_maps_dir() / "link.tmx"
    link.symlink_to(outside)                     # a link out of the folder is outside it
    assert "neither a shipped map" in map_problem(str(link))


def test_map_from_elsewhere_given_to_map_is_copied_into_the_maps_folder(tmp_path, capsys):
    import shutil
    src = tmp_path / "judea.tmx"
    shutil.copy(paths.maps_dir() / "judean_hammer.tmx", src)
    args = cli.parser().parse_args(["--game", "judean_hammer", "--map", str(src), "--seed", "2"])
    session = cli._new_session(args)
    used = Path(session.options["map"])
    assert used.parent == paths.user_maps_dir() and used.read_bytes() == src.read_bytes()
    assert "copied to" in capsys.readouterr().out
    assert cli._new_session(args).options["map"] == str(used)      # the same copy, not another one


def test_scenario_files_go_through_the_same_careful_reader(tmp_path):
    from game.core import scenario
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    with pytest.raises(scenario.ScenarioProblem) as err:
        scenario.load(deep, "toy")
    assert str(err.value) == "deep.json: is nested too deeply."
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = answers_within(5, lambda: scenario.load(fifo, "toy"))
    assert str(got["error"]) == "pipe.json: is not a regular file (a pipe or a device), so it is not read."
