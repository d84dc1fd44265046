# The two commands of the README: `make play` and `make test`. Each creates (or reuses) the
# virtual environment .venv in this folder and installs the project into it first.

PYTHON_FOR_VENV ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: play test bench simulate clean

$(INSTALLED): pyproject.toml
	@test -n "$(PYTHON_FOR_VENV)" || { echo "chickenfoot needs Python 3.11 or newer on PATH" >&2; exit 1; }
	@test -x $(PY) || $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(INSTALLED)

play: $(INSTALLED)  ## Play the game.
	$(VENV)/bin/chickenfoot

test: $(INSTALLED)  ## Run the whole test suite.
	$(PY) -m pytest -n auto

bench: $(INSTALLED)  ## Run the benchmarks and print their figures.
	$(PY) -m tests.benchmarks

simulate: $(INSTALLED)  ## A quick headless simulation.
	$(VENV)/bin/chickenfoot simulate --preset cross --players 4 --games 200 --seed 1

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
