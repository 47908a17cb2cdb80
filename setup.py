"""Build hooks for pyproject.toml: the shipped data goes into the wheel as game/data/.

In the source tree the maps, art and icon live at the top (maps/, assets/, packaging/);
the installed package keeps the same layout under game/data/, where game.core.paths
looks for it. The description names the playable games, read from the registry.
"""
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = {  # source folder -> file patterns shipped from it (recursively)
    "maps": ("*.tmx", "*.png"),
    "assets": ("*.ttf", "*.txt", "*.png", "*.tsx"),
    "packaging": ("wargames.png", "icons/*.png", "icons/*.svg"),
}


def data_files():
    """(source file, path inside game/data) for every shipped data file."""
    for folder, patterns in DATA.items():
        for pattern in patterns:
            glob = (HERE / folder).rglob(pattern) if "/" not in pattern else (HERE / folder).glob(pattern)
            for src in sorted(glob):
                if "__pycache__" not in src.parts:
                    yield src, src.relative_to(HERE)


class BuildWithData(build_py):
    """build_py that also copies maps/, assets/ and the icons into game/data/."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return          # an editable install reads the source tree's own folders
        for src, rel in data_files():
            out = Path(self.build_lib) / "game" / "data" / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, out)


def description():
    sys.path.insert(0, str(HERE))
    from game.about import summary
    return summary()


setup(description=description(), cmdclass={"build_py": BuildWithData})
