# The two commands of the README: `make play` and `make test`. Each creates (or reuses) the
# virtual environment .venv in this folder and installs what it needs into it first:
# `make play` the game alone, `make test` the game and the `dev` dependency group (the test
# tools and the gates). `make check` runs the gates; `make test` runs them before the suite;
# `make quick` runs the suite without its slow tests. `make fast` compiles the rules core with
# mypyc (optional: the default install is pure Python); `make pure` removes the compiled build.

# The first Python 3.11+ on PATH. Version managers' shims may print errors for versions they
# lack: the probe keeps them quiet.
PYTHON_FOR_VENV ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
PLAY_STAMP := $(VENV)/.installed-play
DEV_STAMP := $(VENV)/.installed-dev
FAST_STAMP := $(VENV)/.installed-fast
# setuptools prints a notice about editable installs on every install; it asks nothing of us.
PIP := PYTHONWARNINGS=ignore::UserWarning $(PY) -m pip --quiet --disable-pip-version-check

.PHONY: play test quick check format bench simulate fast pure clean catalogues

$(VENV)/bin/python:
	@test -n "$(PYTHON_FOR_VENV)" || { echo "chickenfoot needs Python 3.11 or newer on PATH" >&2; exit 1; }
	$(PYTHON_FOR_VENV) -m venv $(VENV)
	@# Dependency groups (pyproject.toml) need pip 25.1 or newer.
	$(PIP) install --upgrade 'pip>=25.1'

$(PLAY_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PIP) install -e .
	@touch $@

$(DEV_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PIP) install -e . --group dev
	@touch $@ $(PLAY_STAMP)

$(FAST_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PIP) install --group fast
	@touch $@

play: $(PLAY_STAMP)  ## Play the game.
	$(VENV)/bin/chickenfoot

check: $(DEV_STAMP)  ## The gates: lint, formatting, types, import contracts.
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) -m tools.catalogues check

# The catalogues of every language (chickenfoot/lang/locale): the template extracted from the
# code, each language's .po brought in line with it, each compiled to the .mo the game reads
# (committed, so `make play` needs no Babel). `make check` says when this is needed.
catalogues: $(DEV_STAMP)  ## Extract the messages, update every language's catalogue, compile them.
	$(PY) -m tools.catalogues update

test: check  ## The gates, then the whole test suite on every core.
	$(PY) -m pytest -n auto

# The tests marked slow start processes (servers, the app in tmux, a browser, package builds)
# or run the benchmarks (tests/slow.py); `make test` runs them too.
quick: $(DEV_STAMP)  ## The suite without its slow tests, on every core: the loop while you work.
	$(PY) -m pytest -m "not slow" -n auto

format: $(DEV_STAMP)  ## Fix what ruff can fix and format the code.
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(DEV_STAMP)  ## Run the benchmarks and print their figures.
	$(PY) -m tests.benchmarks

simulate: $(PLAY_STAMP)  ## A quick headless simulation.
	$(VENV)/bin/chickenfoot simulate --preset cross --players 4 --games 200 --seed 1

# The compiled modules sit beside their sources; an edited source needs `make fast` again
# (`python -m tests.benchmarks.engine_builds status` names the stale ones).
fast: $(PLAY_STAMP) $(FAST_STAMP)  ## Compile the rules core with mypyc (optional, faster playouts).
	$(PY) -m tests.benchmarks.engine_builds build

pure: | $(VENV)/bin/python  ## Remove the compiled rules core: back to the pure-Python default.
	$(PY) -m tests.benchmarks.engine_builds remove

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache
	find chickenfoot -name '*.so' -delete
	rm -f ./*__mypyc*.so
