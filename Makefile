# bridge-director: `make demo` rules a real case end to end; `make test` runs the suite.
# The first run creates .venv, installs the package (editable, with test extras) and
# builds the fixed durable-rules engine into it; later runs reuse it (stamp file).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.bridge-director-stamp
DEMO_CASE ?= cases/ib-01-insufficient-1h-over-1nt.yaml

.PHONY: venv engine demo test bench clean

venv: $(STAMP)

# Re-run when packaging or the engine build script change; on a fresh clone the
# stamp does not exist, so everything is installed.
$(STAMP): pyproject.toml tools/build_engine.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) tools/build_engine.py
	touch $@

# (Re)check the fixed engine build; pass ENGINE_FLAGS=--force to rebuild it.
engine: $(STAMP)
	$(PY) tools/build_engine.py $(ENGINE_FLAGS)

demo: $(STAMP)
	$(VENV)/bin/director rule $(DEMO_CASE)

test: $(STAMP)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) tools/bench.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
