# Two commands: `make play` and `make test`. Each sets up .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench fuzz dist check-maps art install uninstall clean

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

fuzz: $(STAMP)
	FUZZ_GAMES=10000 $(PY) -m pytest -m fuzz -p no:randomly

check-maps: $(STAMP)
	$(PY) main.py --check-maps

art: $(STAMP)
	$(PY) tools/make_art.py

dist: $(STAMP)
	$(PY) -m pip install --quiet pyinstaller==6.22.3
	$(VENV)/bin/pyinstaller --noconfirm --onefile --windowed --name wargames \
		--add-data "assets:assets" --add-data "maps:maps" --add-data "game/rules:game/rules" \
		--add-data "packaging/wargames.png:packaging" --collect-submodules game main.py

# The `wargames` command, the menu entry, icons and metainfo, in your XDG folders.
install: $(STAMP)
	$(PY) -m game.desktop install --launcher

uninstall:
	$(PYTHON) -m game.desktop uninstall

clean:
	rm -rf $(VENV) build dist *.spec
