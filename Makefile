# vtesdeck — two commands: `make run` (install, migrate, import cards, serve + worker) and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
# The Tournament Winning Deck Archive `make setup` imports when the folder is there (a zip or URL works too).
TWDA ?= ../shared/twda

.PHONY: setup run images test lint typecheck bench lock clean venv engine

# The venv is rebuilt only when requirements.txt changes.
$(VENV)/.installed: requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

venv: $(VENV)/.installed

# The engine's hottest modules compiled by Cython from their own Python source (vtesdeck/core/engine/native.py):
# only what is missing or stale is built (a minute or two the first time); without a C compiler or Python's headers
# the engine stays plain Python, the same games, slower.
engine: venv
	$(PY) -m vtesdeck.core.engine.build

setup: venv engine
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_cards --if-empty
	@if [ -e "$(TWDA)" ] || [[ "$(TWDA)" == http*://* ]]; then $(PY) manage.py import_twda --if-empty "$(TWDA)"; \
	else echo "No tournament archive at $(TWDA) (make setup TWDA=folder|zip|URL): /twda/ stays empty"; fi
	$(PY) manage.py classify_archive --if-needed

# The web server and two Celery workers until Ctrl-C or TERM, which stops them all once
# (vtesdeck/management/commands/serve.py). The second worker, of one process, takes the long queue alone (the
# build planner's searches of minutes), so that they never hold the first one's.
run: setup
	@echo "vtesdeck on http://$(HOST):$(PORT)/ with Celery workers (Ctrl-C stops them all)"
	@$(PY) manage.py serve $(HOST):$(PORT) --workers=$(WORKERS)

# Every card's default image mirrored once into MEDIA_ROOT/cards/ (media/cards/ by default), from the field's
# image host: the command's default template (vtesdeck/core/image_urls.py, FIELD_TEMPLATE). It says the size first
# and shows its progress; interrupted, it resumes where it stopped (docs/user-guide.md, Card images and proxies).
images: setup
	$(PY) manage.py fetch_card_images

# In two processes (pytest-xdist; TEST_PROCESSES=0 for one): much of the suite waits on the servers, workers and
# browsers it starts. `load` hands out tests in the collected order, so each process runs the tests inside a
# transaction before the ones that empty the tables (pytest-django's order), as one process would.
# The 25 slowest tests are listed at the end, so that a slow one shows in CI's log the day it lands.
TEST_PROCESSES ?= 2
test: venv engine
	$(PY) -m pytest -n $(TEST_PROCESSES) --dist load --durations=25

# The checks CI's quality step runs first: lint, formatting, and the layers of .importlinter.
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports

# Static types: the whole core strictly, the apps and sitewide/ with Django's and DRF's stubs; what is checked lives in
# pyproject.toml's [tool.mypy].
typecheck: venv
	$(PY) -m mypy

# krcg's parser, timed beside ours, lives in its own venv: its `cards` package would clash with our app.
KRCG_VENV := bench/.venv-krcg
$(KRCG_VENV)/.installed:
	$(PYTHON) -m venv $(KRCG_VENV)
	$(KRCG_VENV)/bin/pip install --quiet krcg==4.19
	@touch $@

bench: setup
	$(PY) bench/import_cards.py
	$(PY) bench/card_search.py
	$(PY) bench/twda_search.py
	$(PY) bench/similarity.py
	$(PY) bench/deck_editor.py
	-$(MAKE) --no-print-directory $(KRCG_VENV)/.installed
	$(PY) bench/decklists.py
	$(PY) bench/check_deck.py
	$(PY) bench/hands.py
	$(PY) bench/games.py --controls --profile
	$(PY) bench/simulations.py
	$(PY) bench/games_jobs.py
	$(PY) bench/import_twda.py
	$(PY) bench/load.py
	$(PY) bench/api_profile.py --top 15
	$(PY) bench/faults.py
	$(PY) bench/fair_queues.py
	$(PY) bench/attack.py
	$(PY) bench/attack24.py
	$(PY) bench/throttle_cache.py
	$(PY) bench/seating.py
	$(PY) bench/instructions.py --games 20 --against 54438da  # 54438da: the engine before issue 27

# Regenerate the lock from pyproject.toml's pins in a throwaway venv.
lock:
	rm -rf /tmp/vtesdeck-lock && $(PYTHON) -m venv /tmp/vtesdeck-lock
	$(PYTHON) -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
		print('\n'.join(p['dependencies'] + p['optional-dependencies']['dev']))" > /tmp/vtesdeck-lock/requirements.in
	/tmp/vtesdeck-lock/bin/pip install --quiet -r /tmp/vtesdeck-lock/requirements.in
	/tmp/vtesdeck-lock/bin/pip freeze > requirements.txt

clean:
	rm -rf $(VENV) .celery .cache staticfiles .pytest_cache .build
