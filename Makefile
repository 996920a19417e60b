# Every target creates .venv and installs what it needs on a fresh machine (Python 3.11+, git, make).
# With a C compiler there too, the modules listed in src/tricktable/builds.py are compiled by mypyc in
# place (setup.py), and compiled again whenever a file under src/ changes; without one, the pure source
# runs (and says so). `make help` lists the targets.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SERVE_STAMP := $(VENV)/.installed-server
PLAY_STAMP  := $(VENV)/.installed-play
COMPILED := $(VENV)/.compiled
SOURCES  := $(shell find src -name '*.py' -not -path '*/__pycache__/*') setup.py
GAME   ?=
ARGS   ?=
# Cores for the C compiler and pytest's workers (pytest-xdist): every core, by default.
JOBS   ?= $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)
# xdist sends each test to the next free worker; tests that share a module's servers carry one
# xdist_group mark and go to the same worker (--dist loadgroup). The whole suite takes a worker more
# than there are cores: its browser and server tests spend much of their time waiting.
PYTEST := $(BIN)/pytest --dist loadgroup
WORKERS ?= $(shell echo $$(( $(JOBS) + 1 )))
# The compiled modules' tests and doctests, run again on the pure source (see pytest-pure).
PURE_TESTS := tests/analysis tests/conformance tests/golden tests/games tests/core tests/env \
	src/tricktable/analysis src/tricktable/cards.py src/tricktable/core src/tricktable/games \
	src/tricktable/env/actions.py src/tricktable/env/table.py src/tricktable/env/vector.py

.DEFAULT_GOAL := help
.PHONY: help play serve check test lint typecheck pytest pytest-pure compile compile-background \
	loadtest bench anchors clean

help:  ## this list
	@echo "make TARGET, where TARGET is one of:"
	@awk 'BEGIN { FS = ":[^#]*## " } /^[a-z][a-z-]*:.*## / { printf "  %-12s %s\n", $$1, $$2 }' \
		$(firstword $(MAKEFILE_LIST))

serve: $(SERVE_STAMP) compile-background  ## the game server on a SQLite file, printing its URL (ARGS="--port 8765", "--db postgresql://...")
	$(BIN)/tricktable serve $(ARGS)

# Side by side: the pure run, ruff and mypy from the start, the compiled run once the build is made.
test: $(STAMP)  ## every check before a commit lands: ruff, mypy --strict, the whole suite on the compiled build and the compiled modules' tests on the pure source
	@$(MAKE) --no-print-directory -j 3 --output-sync=target pytest pytest-pure lint typecheck

check: $(STAMP)  ## the quick loop after an edit (under a minute): ruff, mypy, the tests marked check at small budgets
	@$(MAKE) --no-print-directory -j 2 --output-sync=target lint typecheck pytest-check

play: $(PLAY_STAMP) compile-background  ## a terminal game against bots (GAME=all-fours|back-alley|tractor, ARGS=...)
	$(BIN)/tricktable play $(GAME) $(ARGS)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Serving needs only the server extra, playing in the terminal only the package: not Ray, OpenSpiel or
# the test tools.
$(SERVE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(SERVE_STAMP)

$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

# mypyc and a recent setuptools are build tools only: the serving venv gets them here, not as extras.
# The C compiler runs on every core (setup.py: one C file a module). A failed compile (no C compiler)
# leaves no extension behind, so the pure source runs. One build at a time: a second waits for the
# first (flock, where the machine has it).
$(COMPILED): $(SOURCES) | $(BIN)/python
	@if command -v flock > /dev/null; then exec 9> $(VENV)/.compile.lock && flock 9; fi; \
	$(BIN)/python -m pip install --quiet 'mypy>=1.10' 'setuptools>=77' && \
	rm -rf build && mkdir build && \
	find src -name '*.so' -delete && \
	start=$$(date +%s) && \
	if $(BIN)/python setup.py -q build_ext --inplace --parallel $(JOBS) > build/compile.log 2>&1; then \
		echo "compiled by mypyc in $$(( $$(date +%s) - start )) s (the modules listed in src/tricktable/builds.py)"; \
	else \
		find src -name '*.so' -delete; \
		echo "mypyc could not compile (build/compile.log says why; it needs a C compiler): the pure source runs"; \
	fi
	@touch $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

compile: $(COMPILED)  ## compile the modules listed in src/tricktable/builds.py with mypyc, in place

# serve and play start at once: where the build is missing or older than the source they run the pure
# source, as fast to start and slower to play, while the build is made in the background for the next
# start ($(VENV)/compile-background.log), in a session of its own: a Ctrl-C that stops the server does
# not stop the build.
compile-background: | $(BIN)/python
	@if ! $(MAKE) --no-print-directory -q $(COMPILED) 2> /dev/null; then \
		mkdir -p build; \
		if command -v flock > /dev/null && ! flock -n $(VENV)/.compile.lock true; then \
			echo "the compiled modules are being built ($(VENV)/compile-background.log): this start runs the pure source"; \
		else \
			echo "building the compiled modules in the background ($(VENV)/compile-background.log): this start runs" \
				"the pure source, the next runs the build"; \
			$$(command -v setsid) nohup $(MAKE) --no-print-directory $(COMPILED) \
				> $(VENV)/compile-background.log 2>&1 < /dev/null & \
		fi; \
	fi

loadtest: $(STAMP) $(COMPILED)  ## tables of 4 websocket clients against a server process (ARGS="--tables 1000 --think 1"; "--processes 2 --db postgresql://..." behind nginx; "--url URL")
	$(BIN)/python -m bench.loadtest $(ARGS)

lint: $(STAMP)  ## ruff check and ruff format --check
	$(BIN)/ruff check src tests bench examples setup.py conftest.py
	$(BIN)/ruff format --check src tests bench examples setup.py conftest.py

typecheck: $(STAMP)  ## mypy --strict
	$(BIN)/mypy

pytest: $(STAMP) $(COMPILED)  ## the whole suite (with doctests) on the compiled build, on every core
	$(PYTEST) -n $(WORKERS)

# The tests of the compiled modules (the solver's, the rules': conformance, golden, each game's and the
# core's; the RL environments') and their doctests again on their pure Python source. It needs no build,
# so make test runs it beside the compile. tests/core/test_builds.py runs once, in the compiled run: it
# starts both builds in processes of its own.
pytest-pure: $(STAMP)  ## the compiled modules' tests and doctests on the pure source
	TRICKTABLE_PURE=1 $(PYTEST) -n $(JOBS) $(PURE_TESTS) --ignore tests/core/test_builds.py

# On the pure source, which an edit leaves current (the build would take minutes to catch up).
pytest-check: $(STAMP)
	TRICKTABLE_PURE=1 $(PYTEST) -n $(JOBS) -m check --budget small

bench: $(STAMP) $(COMPILED)  ## throughput and latency benchmarks (see bench/README.md)
	$(BIN)/python -m bench $(ARGS)

anchors:  ## install the benchmark anchors (OpenSpiel, RLCard) in their own venv, not ours
	$(PYTHON) -m venv .anchor-venv
	.anchor-venv/bin/python -m pip install --quiet open-spiel rlcard

clean:  ## remove the venv, the build and the caches
	rm -rf $(VENV) .anchor-venv .mypy_cache .ruff_cache .pytest_cache .hypothesis build
	find src -name '*.so' -delete
