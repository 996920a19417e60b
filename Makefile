# Every target creates .venv and installs what it needs on a fresh machine (Python 3.11+, git, make).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
GAME   ?=
ARGS   ?=

.PHONY: play serve loadtest test lint typecheck pytest bench anchors clean

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

play: $(STAMP)  ## a terminal game against bots (GAME=all-fours|back-alley|tractor, ARGS=...)
	$(BIN)/tricktable play $(GAME) $(ARGS)

serve: $(SERVE_STAMP)  ## the game server on a SQLite file, printing its URL (ARGS="--port 8765", "--db postgresql://...")
	$(BIN)/tricktable serve $(ARGS)

loadtest: $(STAMP)  ## tables of 4 websocket clients against a server process (ARGS="--tables 1000 --think 1"; "--processes 2 --db postgresql://..." behind nginx; "--url URL")
	$(BIN)/python -m bench.loadtest $(ARGS)

test: lint typecheck pytest  ## ruff, mypy and pytest (with doctests)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)  ## throughput and latency benchmarks (see bench/README.md)
	$(BIN)/python -m bench $(ARGS)

anchors:  ## install the benchmark anchors (OpenSpiel, RLCard) in their own venv, not ours
	$(PYTHON) -m venv .anchor-venv
	.anchor-venv/bin/python -m pip install --quiet open-spiel rlcard

clean:
	rm -rf $(VENV) .anchor-venv .mypy_cache .ruff_cache .pytest_cache .hypothesis
