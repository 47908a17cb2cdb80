# Two commands: `make play` and `make test`. Each sets up .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

GAME   ?= judean_hammer

.PHONY: play test bench ladder fuzz mutate dist dist-compare check-maps art install uninstall clean

# A .venv whose Python is gone (the system Python was upgraded or removed) is set up again.
ifneq ($(shell $(PY) -c 'print("ok")' 2>/dev/null),ok)
$(shell rm -f $(STAMP))
endif

$(STAMP): requirements.txt requirements-dev.txt
	@$(PY) -c '' 2>/dev/null || { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

# The computer players' strengths against each other (docs/ai.md); long: GAMES=20 for a short run.
GAMES ?= 200
ladder: $(STAMP)
	$(PY) -m tests.ai.ladder $(GAMES)

# Mutation testing of one game's rules, e.g. `make mutate GAME=hack_sack` (tools/mutate.py);
# MUTATE_ARGS="--sample 500" tests a seeded random draw of the mutants (a whole run takes hours).
MUTATE_ARGS ?=
mutate: $(STAMP)
	$(PY) tools/mutate.py $(GAME) $(MUTATE_ARGS)

# The long seeded random-play runs of every game; a sample: `make fuzz FUZZ_GAMES=500 FUZZ_TESTS=tests/slammers`.
FUZZ_GAMES ?= 10000
FUZZ_TESTS ?=
fuzz: $(STAMP)
	FUZZ_GAMES=$(FUZZ_GAMES) $(PY) -m pytest -m fuzz -p no:randomly $(FUZZ_TESTS)

check-maps: $(STAMP)
	$(PY) main.py --check-maps

art: $(STAMP)
	$(PY) tools/make_art.py

# The binary (PyInstaller). One folder, not one file: measured with `make dist-compare`, the
# one-file build unpacks itself on every start (README, "Installing").
DIST_MODE ?= onedir
DIST_BIN = $(CURDIR)/dist/wargames$(if $(filter onedir,$(DIST_MODE)),/wargames)
# PYTHONPATH: the --collect options import `game` while the spec runs, from build/pyinstaller.
PYINSTALLER = PYTHONPATH="$(CURDIR)" $(VENV)/bin/pyinstaller
DIST_ARGS = --noconfirm --windowed --name wargames --specpath build/pyinstaller --paths "$(CURDIR)" \
	--add-data "$(CURDIR)/assets:assets" --add-data "$(CURDIR)/maps:maps" \
	--add-data "$(CURDIR)/packaging/wargames.png:packaging" \
	--add-data "$(CURDIR)/packaging/icons:packaging/icons" \
	--collect-data game --collect-submodules game

$(VENV)/bin/pyinstaller: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check pyinstaller==6.22.3

dist: $(VENV)/bin/pyinstaller
	$(PYINSTALLER) $(DIST_ARGS) --$(DIST_MODE) --distpath dist \
		--workpath build/pyinstaller/$(DIST_MODE) main.py
	@# the binary finds its maps and its games, and draws a table
	cd build && SDL_VIDEODRIVER=dummy WARGAMES_DATA_DIR=$(CURDIR)/build/dist-check \
		$(DIST_BIN) --check-maps && SDL_VIDEODRIVER=dummy WARGAMES_DATA_DIR=$(CURDIR)/build/dist-check \
		$(DIST_BIN) --screenshot dist-check.png --game hack_sack --seed 1 --random-actions 3

dist-compare: $(VENV)/bin/pyinstaller
	$(PYINSTALLER) $(DIST_ARGS) --onefile --distpath dist/compare/onefile \
		--workpath build/pyinstaller/onefile main.py
	$(PYINSTALLER) $(DIST_ARGS) --onedir --distpath dist/compare/onedir \
		--workpath build/pyinstaller/onedir main.py
	$(PY) tools/measure_dist.py dist/compare/onefile/wargames dist/compare/onedir/wargames/wargames

# The `wargames` command, the menu entry, icons and metainfo, in your XDG folders.
install: $(STAMP)
	$(PY) -m game.desktop install --launcher

uninstall:
	$(PYTHON) -m game.desktop uninstall

clean:
	rm -rf $(VENV) build dist *.spec *.egg-info
