# Two commands for a fresh machine: `make run` and `make test`. Both create .venv and install first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install test-deps clean

# The compiled engine is typed against the record model, so a change there rebuilds it too; the
# reader (recorder/tgn) is compiled as well.
$(STAMP): pyproject.toml setup.py $(wildcard recorder/*.py recorder/rummy/*.py recorder/tgn/*.py recorder/tgn/rummy/*.py replay/*.py replay/tricks/*.py replay/solver/*.py replay/solver/*.c)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/thuruppu dashboard data

test-deps:
	bash scripts/test-deps.sh

test: $(STAMP) test-deps
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check recorder replay dashboard tests benchmarks setup.py
	$(BIN)/ruff format --check recorder replay dashboard tests benchmarks setup.py
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache test-output build
	find . -name '*.so' -not -path './$(VENV)/*' -delete
