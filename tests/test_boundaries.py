"""The view is the only window: game/ui and game/ai reach a game's rules only through its public modules."""
from __future__ import annotations

import ast
from pathlib import Path

from game.rules import GAMES

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "game" / "rules"


def _imports(path: Path) -> list:
    """(line, module) for every module a file imports, 'from a import b' read as a.b when b is a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                is_module = (ROOT / (sub.replace(".", "/") + ".py")).exists() or \
                    (ROOT / sub.replace(".", "/") / "__init__.py").exists()
                found.append((node.lineno, sub if is_module else node.module))
    return found


def offences(files) -> list:
    """Every import of a rules module a game does not name as public."""
    allowed = {"game.rules"} | {f"game.rules.{name}" for name in GAMES}   # the package face only
    bad = []
    for path in files:
        for line, module in _imports(path):
            if module.startswith("game.rules.") and module not in allowed:
                bad.append(f"{path.name}:{line} imports {module}")
    return bad


def _window_and_bots() -> list:
    return sorted((ROOT / "game" / "ui").rglob("*.py")) + sorted((ROOT / "game" / "ai").rglob("*.py"))


def test_the_window_and_the_bots_import_no_rules_internals():
    assert offences(_window_and_bots()) == []


def test_every_shipped_game_names_its_public_modules_and_they_exist():
    for name, spec in GAMES.items():
        if spec.test_only:
            continue
        assert spec.public, f"{name} names no public module"
        for module in spec.public:
            assert (ROOT / (module.replace(".", "/") + ".py")).exists(), module


def test_the_check_catches_an_internal_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from game.rules.hack_sack import movement, SPEC\nfrom game.rules.judean_hammer.odds import x\n"
                     "from game.rules.judean_hammer import api\nfrom game.rules import hack_sack\n"
                     "from game.rules.hack_sack import battle_odds\n")
    bad = offences([probe])
    assert any("imports game.rules.hack_sack.movement" in b for b in bad)
    assert any("imports game.rules.judean_hammer.odds" in b for b in bad)
    assert any("imports game.rules.judean_hammer.api" in b for b in bad)   # the package re-exports it
    assert len(bad) == 3                     # SPEC, the package and names from its face pass


# -- events, not log text -------------------------------------------------------------------------
# The readers of a view's log, each showing the lines as they are: the table's log panel, and the
# review naming what a swing's action brought about.
LOG_PANEL = {"game/ui/play.py", "game/ui/review.py"}


def _relative(path) -> str:
    return path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else path.name


def log_readers(files) -> list:
    """Every place that could read meaning out of log text: a regular-expression import anywhere,
    or a view's "log" read outside the log panel (the window draws from the view's events)."""
    bad = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            bad += [f"{path.name}:{node.lineno} imports {n}" for n in names if n.split(".")[0] in ("re", "fnmatch")]
            if isinstance(node, ast.Constant) and node.value == "log" and _relative(path) not in LOG_PANEL:
                bad.append(f"{path.name}:{node.lineno} reads the log")
    return bad


def test_the_window_and_the_bots_never_read_the_log_for_meaning():
    assert log_readers(_window_and_bots()) == []


def test_the_log_check_catches_a_parser(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import re\nfrom re import compile\nlines = view.get('log')\nx = view['events']\n")
    assert len(log_readers([probe])) == 3


# -- the state's keys are the rules' own ------------------------------------------------------------
STATE_NAMES = {"state", "world", "trial"}   # what a game state is called in game/ui and game/ai
KIT_KEYS = {"rng"}            # the core generator's own slot, which worlds.py reseeds for a bot


def _is_state(node) -> bool:
    return (isinstance(node, ast.Name) and node.id in STATE_NAMES) or \
        (isinstance(node, ast.Attribute) and node.attr == "state")


def raw_state_reads(files) -> list:
    """Every place that reads or writes a key of a game state directly (state["units"],
    session.state.get("stack")) instead of asking the game's view or public API."""
    bad = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            key = None
            if isinstance(node, ast.Subscript) and _is_state(node.value) and isinstance(node.slice, ast.Constant):
                key = node.slice.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "get" and _is_state(node.func.value) and node.args and \
                    isinstance(node.args[0], ast.Constant):
                key = node.args[0].value
            if isinstance(key, str) and key not in KIT_KEYS:
                bad.append(f"{path.name}:{node.lineno} reads state[{key!r}]")
    return bad


def test_the_window_and_the_bots_read_no_state_keys():
    assert raw_state_reads(_window_and_bots()) == []


def test_the_state_check_catches_a_raw_read(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("a = state['units']\nb = self.adapter.state.get('stack')\nworld['draw'] = []\n"
                     "c = view['units']\nd = state['rng']\n")
    assert len(raw_state_reads([probe])) == 3
