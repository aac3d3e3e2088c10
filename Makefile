# liarlab: `make report` rebuilds the whole study, `make test` checks it. Needs only python3.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.liarlab-installed
PROFILE ?= full
N_JOBS ?= 2

.PHONY: setup report quick lint test test-fast test-integration bench clean-report check-report lab wheel api
REPORT_DIR ?= build/quick/report

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip "setuptools>=77"
	@echo "Installing liarlab and its dependencies into $(VENV) (a few minutes the first time; pip shows its progress)"
	$(BIN)/python -m pip install --progress-bar on -e ".[dev,explore,gambit,distributed,openspiel]"
	$(BIN)/python -m liarlab kernel
	touch $(STAMP)

setup: $(STAMP)

report: setup
	$(BIN)/python -m liarlab run --profile $(PROFILE) --n-jobs $(N_JOBS)
	@echo "The report: notebooks/ (open with: make lab) and report/index.html"

quick: setup
	$(BIN)/python -m liarlab run --profile quick --n-jobs $(N_JOBS) --out build/quick

lint: setup
	$(BIN)/ruff check liarlab tests benchmarks
	$(BIN)/lint-imports

test: setup lint
	$(BIN)/python -m pytest -m "not integration" --durations=15

# The whole quick chain (every notebook, its claims and sidecars, and again with one worker), the notebooks on a
# local Dask cluster whose workers have disks of their own, and a run killed mid-notebook that must resume with
# identical tables: minutes each, so apart from make test (CI runs both).
test-integration: setup
	$(BIN)/python -m pytest -m integration --durations=5

test-fast: setup
	$(BIN)/python -m pytest -m "not chain and not slow and not browser" --durations=15

# JupyterLab on the notebooks with the liarlab kernel: run a notebook's Explore section and move its controls.
lab: setup
	JUPYTER_PATH=$(abspath $(VENV))/share/jupyter $(BIN)/jupyter lab --notebook-dir=notebooks

bench: setup
	$(BIN)/python -m liarlab bench

# The API reference of the library's public doors (docs/api_modules.txt), from the docstrings by pdoc, into
# build/api (open build/api/index.html); any warning fails it (docs/build_api.py).
api: setup
	$(BIN)/python docs/build_api.py build/api

# The installable package: dist/liarlab-<version>-py3-none-any.whl (make test checks that it installs into a fresh
# venv and runs: tests/study/test_wheel.py).
wheel: setup
	$(BIN)/python -m build --wheel --no-isolation --outdir dist .

# Opens every page of the HTML report in headless Chromium; fails on a page that does not load, a broken image or
# link, or a console error. On a clean clone it checks the quick chain's report (make report writes report/:
# then use make check-report REPORT_DIR=report).
check-report: setup
	@test -f $(REPORT_DIR)/index.html || $(MAKE) quick
	$(BIN)/python -m liarlab.study.check_report $(REPORT_DIR)
