# liarlab: `make report` rebuilds the whole study, `make test` checks it. Needs only python3.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.liarlab-installed
PROFILE ?= full
JOBS   ?= 2

.PHONY: setup report quick lint test test-fast bench clean-report

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,gambit,distributed]"
	$(BIN)/python -m liarlab kernel
	touch $(STAMP)

setup: $(STAMP)

report: setup
	$(BIN)/python -m liarlab run --profile $(PROFILE) --jobs $(JOBS)
	@echo "The report: notebooks/ (open with: $(BIN)/jupyter lab notebooks/) and report/index.html"

quick: setup
	$(BIN)/python -m liarlab run --profile quick --jobs $(JOBS) --out build/quick

lint: setup
	$(BIN)/ruff check liarlab tests benchmarks
	$(BIN)/lint-imports

test: setup
	$(BIN)/python -m pytest --durations=15

test-fast: setup
	$(BIN)/python -m pytest -m "not chain"

bench: setup
	$(BIN)/python -m liarlab bench
