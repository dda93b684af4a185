# The two commands of the contract: `make run` and `make test`.
# Every install goes through constraints.txt, the lock (README: "Updating the lock").
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PIP := $(VPY) -m pip install --quiet -c constraints.txt
# Two stamps: `make run` installs what a player needs (the runtime dependencies);
# `make test` adds the test, tools and dask extras the suite exercises.
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-quick setup clean assets wheel-smoke lock i18n format

$(VPY):
	$(PY) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml setup.py constraints.txt | $(VPY)
	$(PIP) --upgrade pip
	$(PIP) -e .
	touch $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml setup.py constraints.txt | $(VPY)
	$(PIP) --upgrade pip
	$(PIP) -e '.[test,tools,dask]'
	touch $(TEST_STAMP)

setup: $(TEST_STAMP)

run: $(RUN_STAMP)
	$(VPY) main.py

test: $(TEST_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) -m pytest -n 2 --dist worksteal tests

# The edit loop: everything but the tests marked slow (statistics, crashes, fuzz, whole libraries).
test-quick: $(TEST_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) -m pytest -n 2 --dist worksteal -m "not slow" tests

# The formatter: ruff format on each statement over 120 characters, nowhere else (.ci/format_long_lines.py).
format: $(TEST_STAMP)
	$(VPY) .ci/format_long_lines.py

# The wheel built, installed into a fresh venv in a temp folder and run from another (.ci/wheel_smoke).
wheel-smoke:
	bash .ci/wheel_smoke

# Re-make constraints.txt, the lock: the project with every extra resolved afresh in a temp
# venv and frozen (README: "Updating the lock"). Then run make test and make wheel-smoke.
lock:
	set -e; tmp=$$(mktemp -d); $(PY) -m venv $$tmp/venv; \
	$$tmp/venv/bin/python -m pip install --quiet --upgrade pip; \
	$$tmp/venv/bin/python -m pip install --quiet '.[test,tools,dask]'; \
	{ sed -n '/^#/p' constraints.txt | grep -v '^# Python '; \
	  echo "# Python $$($$tmp/venv/bin/python -c 'import platform; print(platform.python_version(), platform.system(), platform.machine())'), $$(date -u +%F)."; \
	  $$tmp/venv/bin/python -m pip freeze --all --exclude-editable | grep -v '^slot-cabinet'; \
	} > $$tmp/constraints.txt; mv $$tmp/constraints.txt constraints.txt; rm -rf $$tmp build

# The languages (README: "Adding a language"): CLDR formats, messages extracted into the
# catalogues, each .mo compiled from its .po, then the check (fails on any untranslated or stale message).
i18n: $(TEST_STAMP)
	$(VPY) -m cabinet.core.i18n cldr
	$(VPY) -m cabinet.core.i18n update
	$(VPY) -m cabinet.core.i18n check

# Re-make assets/ (pictures, cues, music, manifests) from the drawing code and synthesis.
assets: $(TEST_STAMP)
	$(VPY) -m cabinet.ui.asset_build
	$(VPY) -m games.happy_money_hens.tools.make_assets
	$(VPY) -m games.grinning_harvest.tools.make_assets
	$(VPY) -m games.piggy_farm.tools.make_assets

clean:
	rm -rf $(VENV)
