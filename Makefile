# bridge-director: `make demo` rules a real case end to end; `make test` runs the suite.
# The first run creates .venv, installs the package (editable, with test extras) and
# builds the fixed durable-rules engine into it; later runs reuse it (stamp file).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.bridge-director-stamp
DEMO_CASE ?= cases/ib-01-insufficient-1h-over-1nt.yaml

# System packages the reports, charts and their tests need (Debian): Graphviz's dot, the
# pango libraries WeasyPrint prints PDF with, a font, pdftoppm, and chromium for the page
# tests. Installed only when missing (apt-get; sudo when not root); one shared list.
SYSDEPS ?= graphviz poppler-utils chromium libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core

.PHONY: venv engine demo test bench clean sysdeps

venv: $(STAMP)

# Re-run when packaging or the engine build script change; on a fresh clone the
# stamp does not exist, so everything is installed.
$(STAMP): pyproject.toml tools/build_engine.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) tools/build_engine.py
	touch $@

sysdeps:
	@missing=""; for p in $(SYSDEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing system packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# (Re)check the fixed engine build; pass ENGINE_FLAGS=--force to rebuild it.
engine: $(STAMP)
	$(PY) tools/build_engine.py $(ENGINE_FLAGS)

demo: sysdeps $(STAMP)
	$(VENV)/bin/director rule $(DEMO_CASE)

test: sysdeps $(STAMP)
	$(VENV)/bin/lint-imports --no-cache   # the house's contracts (pyproject.toml)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) tools/bench.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
