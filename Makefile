# Every target creates .venv and installs what it needs on a fresh machine (Python 3.11+, git, make).
# With a C compiler there too, the modules listed in src/tricktable/builds.py are compiled by mypyc in
# place (setup.py), and compiled again whenever a file under src/ changes; without one, the pure source
# runs (and says so).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
COMPILED := $(VENV)/.compiled
SOURCES  := $(shell find src -name '*.py' -not -path '*/__pycache__/*') setup.py
GAME   ?=
ARGS   ?=

.PHONY: play serve loadtest test lint typecheck pytest pytest-pure compile bench anchors clean

SERVE_STAMP := $(VENV)/.installed-server

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Serving needs only the server extra: not Ray, OpenSpiel or the test tools.
$(SERVE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(SERVE_STAMP)

# mypyc and a recent setuptools are build tools only: the serving venv gets them here, not as extras.
# A failed compile (no C compiler) leaves no extension behind, so the pure source runs.
$(COMPILED): $(SOURCES) | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'mypy>=1.10' 'setuptools>=77'
	rm -rf build && mkdir build
	find src -name '*.so' -delete
	@start=$$(date +%s); \
	if $(BIN)/python setup.py -q build_ext --inplace > build/compile.log 2>&1; then \
		echo "compiled by mypyc in $$(( $$(date +%s) - start )) s (the modules listed in src/tricktable/builds.py)"; \
	else \
		find src -name '*.so' -delete; \
		echo "mypyc could not compile (build/compile.log says why; it needs a C compiler): the pure source runs"; \
	fi
	touch $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

compile: $(COMPILED)  ## compile the modules listed in src/tricktable/builds.py with mypyc, in place

play: $(STAMP) $(COMPILED)  ## a terminal game against bots (GAME=all-fours|back-alley|tractor, ARGS=...)
	$(BIN)/tricktable play $(GAME) $(ARGS)

serve: $(SERVE_STAMP) $(COMPILED)  ## the game server on a SQLite file, printing its URL (ARGS="--port 8765", "--db postgresql://...")
	$(BIN)/tricktable serve $(ARGS)

loadtest: $(STAMP) $(COMPILED)  ## tables of 4 websocket clients against a server process (ARGS="--tables 1000 --think 1"; "--processes 2 --db postgresql://..." behind nginx; "--url URL")
	$(BIN)/python -m bench.loadtest $(ARGS)

test: lint typecheck pytest pytest-pure  ## ruff, mypy, pytest (with doctests) on the compiled build, then the compiled modules' tests on the pure source

lint: $(STAMP)
	$(BIN)/ruff check src tests bench setup.py conftest.py
	$(BIN)/ruff format --check src tests bench setup.py conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) $(COMPILED)
	$(BIN)/pytest

# The tests of the compiled modules (the solver's, the rules': conformance, golden, each game's and the
# core's; the RL environments') and their doctests again on their pure Python source.
PURE_TESTS := tests/analysis tests/conformance tests/golden tests/games tests/core tests/env \
	src/tricktable/analysis src/tricktable/cards.py src/tricktable/core src/tricktable/games \
	src/tricktable/env/actions.py src/tricktable/env/table.py src/tricktable/env/vector.py
pytest-pure: $(STAMP)
	TRICKTABLE_PURE=1 $(BIN)/pytest $(PURE_TESTS)

bench: $(STAMP) $(COMPILED)  ## throughput and latency benchmarks (see bench/README.md)
	$(BIN)/python -m bench $(ARGS)

anchors:  ## install the benchmark anchors (OpenSpiel, RLCard) in their own venv, not ours
	$(PYTHON) -m venv .anchor-venv
	.anchor-venv/bin/python -m pip install --quiet open-spiel rlcard

clean:
	rm -rf $(VENV) .anchor-venv .mypy_cache .ruff_cache .pytest_cache .hypothesis build
	find src -name '*.so' -delete
