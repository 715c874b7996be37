# Every target creates .venv itself, so a fresh machine needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play train test lint typecheck bench fuzz fuzz-ci differential clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,agents]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/roundhouse serve --host 127.0.0.1 --port 8000

play: $(STAMP)
	$(BIN)/roundhouse play chicago-express --players 4 --bots 3

# The agents example: a small policy learns Chicago Express against random bots (minutes).
train: $(STAMP)
	$(BIN)/python -m roundhouse.agents.train --minutes 5

lint: $(STAMP)
	$(BIN)/ruff format --check roundhouse tests bench
	$(BIN)/ruff check roundhouse tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict roundhouse

test: lint typecheck
	$(BIN)/python -m pytest -n auto

bench: $(STAMP)
	$(BIN)/python -m bench

fuzz: $(STAMP)
	$(BIN)/roundhouse fuzz $(FUZZ_ARGS)

# CI's fuzz run: as many games as fit in FUZZ_SECONDS, on seeds derived from the commit, so
# every commit plays new games and a rerun of one commit plays the same ones.
FUZZ_SECONDS ?= 180
FUZZ_SEED ?= $(shell printf '%d' 0x$$(git rev-parse --short=7 HEAD 2>/dev/null || echo 0))
fuzz-ci: $(STAMP)
	$(BIN)/roundhouse fuzz --games 5000 --seed $(FUZZ_SEED) --time-budget $(FUZZ_SECONDS) \
		--save-dir fuzz-failures
# Our 18RoyalGorge (or --title 18USA) bot games replayed by the 18xx.games engine (bench/differential.py); the
# engine is found in $$ROUNDHOUSE_REF18XX or ../ref18xx (../shared/tools/ref18xx/setup.sh).
differential: $(STAMP)
	$(BIN)/python -m bench.differential $(DIFF_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
