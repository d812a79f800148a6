# The kit's two commands: `make lab` (set up and open JupyterLab) and `make test` (set up and run every test).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.circuslib-installed
PORT ?= 8888

.PHONY: lab test check exercises ship bench present lite fuzz solve-flip7 clean bytecode handouts

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "circuslib needs Python 3.10 or newer")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Debian's Python needs its venv module: installing python3-venv"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && $(PYTHON) -m venv $(VENV); \
		else echo "error: $(PYTHON) cannot make a virtual environment; on Debian or Ubuntu run: sudo apt-get install python3-venv"; exit 1; fi; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,present,lite,hub,test]'
	@touch $(STAMP)

# The kit's modules compiled to bytecode, as pip does when it installs a package: an editable install leaves that
# to the first import, and where Python may not write bytecode (PYTHONDONTWRITEBYTECODE) every kernel of a class
# would compile the kit again (about 0.05 s a kernel). Quick when nothing changed; a changed module is compiled again.
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q circuslib

lab: bytecode
	$(BIN)/jupyter lab --notebook-dir=. --port=$(PORT) $(if $(filter 0,$(shell id -u)),--allow-root,) \
		--LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb

# A lesson as an app for the class (make present LESSON=01_flip7 THEME=dark): Voila shows each cell as it
# finishes, so the game is playable while the rest of the lesson computes.
LESSON ?= 00_welcome
STUDENTS ?= 30
THEME ?= light
present: bytecode
	$(BIN)/voila notebooks/$(LESSON).ipynb --Voila.ip=127.0.0.1 --port=$(PORT) --progressive_rendering=True \
		--theme=$(THEME)

# A static JupyterLite site (build/lite) with the lessons, the exercises and the kit's wheel, for classrooms where
# nothing can be installed: serve the folder from any web server; Python runs in the browser (Pyodide).
lite: $(STAMP)
	rm -rf build/lite build/lite-src build/wheel
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir build/wheel .
	$(BIN)/python -m circuslib lite-contents build/lite-src
	cd build && ../$(BIN)/jupyter lite build --contents lite-src --piplite-wheels wheel --output-dir lite
	@echo "JupyterLite site in build/lite: serve it with  $(BIN)/python -m http.server -d build/lite"

# Each lesson on paper, in build/handouts: a one-page rules card, a student sheet (key results, figures, the exercises
# with room to write) and a teacher's key (answers, rubrics, misconceptions), A4 and Letter, printed by Chromium with
# nothing fetched from the web (tests/test_handouts.py builds and reads them in make test)
handouts: bytecode
	$(BIN)/python -m circuslib handouts build/handouts

# the checks (ruff, mypy) first, then every test, in two processes (whole test files to each, so that a file's
# fixtures are made once): about half the time on two cores
test: bytecode check
	$(BIN)/python -m pytest -n $(or $(JOBS),2) --dist loadfile

# the kit's habits, checked: ruff (pyflakes, pycodestyle, bugbear, isort, pyupgrade) and mypy (strict for core/)
check: $(STAMP)
	$(BIN)/ruff check circuslib tests benchmarks
	$(BIN)/mypy

# every shipped result computed again and its file written (ship-check: compared, nothing written)
ship: $(STAMP)
	$(BIN)/python -m circuslib ship

exercises: $(STAMP)
	$(BIN)/python -m circuslib exercises

bench: bytecode
	@for script in $(filter-out benchmarks/timing.py benchmarks/class_load.py,$(wildcard benchmarks/*.py)); do \
		echo "== $$script"; $(BIN)/python $$script || exit 1; done
	@echo "== benchmarks/class_load.py $(STUDENTS)"; $(BIN)/python benchmarks/class_load.py $(STUDENTS)

# Flip 7's best solo play with every card, solved again (about 3 minutes and 5 GB for the 94 cards) and written to
# circuslib/flip7/data/solo_all.npz, the table the lesson and the game's odds panel read (the one long shipped result:
# make ship leaves it out, and the tests solve its Second Chance deck again); make bench solves the smaller deck
solve-flip7: $(STAMP)
	$(BIN)/python -m circuslib ship flip7.odds.every_card_tables

# the conformance checks at scale: 10,000 random games a game, 200,000 illegal moves, bad-argument calls (JOBS=2 for two processes)
fuzz: $(STAMP)
	$(BIN)/python tests/fuzz.py --jobs $(or $(JOBS),1)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
