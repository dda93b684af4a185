# The two commands of the contract: `make run` and `make test`.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-quick setup clean assets

$(STAMP): pyproject.toml
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e '.[test,tools,dask]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VPY) main.py

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) -m pytest -n 2 tests

# The edit loop: everything but the tests marked slow (statistics, crashes, fuzz, whole libraries).
test-quick: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) -m pytest -n 2 -m "not slow" tests

# Re-make assets/ (pictures, cues, music, manifests) from the drawing code and synthesis.
assets: $(STAMP)
	$(VPY) -m cabinet.ui.asset_build
	$(VPY) -m games.happy_money_hens.tools.make_assets
	$(VPY) -m games.grinning_harvest.tools.make_assets
	$(VPY) -m games.piggy_farm.tools.make_assets

clean:
	rm -rf $(VENV)
