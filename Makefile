# The two commands of the README: `make run` and `make test`.
# The virtualenv's Python: the distribution's own (/usr/bin/python3) where it is a version this
# project runs on and can make a virtualenv, python3 from the PATH otherwise. Debian builds its
# Python with profile-guided and link-time optimisation into one static program; the same tests
# took 3-10 % more processor time under a Python built from source without them, as pyenv
# builds it (docs/performance.md, "The test suite"). An existing .venv is kept as it is.
PYTHON ?= $(or $(firstword $(foreach p,/usr/bin/python3 python3,$(shell $(p) -c \
	'import sys, ensurepip; sys.exit(not (3, 11) <= sys.version_info < (3, 14))' \
	2>/dev/null && command -v $(p)))),python3)
VENV := .venv
PY := $(VENV)/bin/python
# uv installs the packages (the same PyPI releases as pip, in seconds instead of a minute) and
# compiles them, so the test processes do not compile them all at once on their first run.
UV := $(VENV)/bin/uv
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-dev migrate messages demo lint typecheck browser gnubg worker worker-analysis beat deploy-check benchmarks docs clean check

$(PY):
	$(PYTHON) -m venv $(VENV)

$(UV): | $(PY)
	$(PY) -m pip install --quiet uv

$(VENV)/.installed: pyproject.toml | $(UV)
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(UV)
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e '.[dev]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

migrate: install
	$(PY) manage.py migrate --no-input

# Compile the translations with GNU gettext when it is there, with Babel otherwise.
messages: install
	@if command -v msgfmt >/dev/null 2>&1; then \
		$(PY) manage.py compilemessages --ignore=$(VENV) -v0; \
	else \
		$(PY) scripts/compile_messages.py; \
	fi

demo: migrate
	$(PY) manage.py demo

run: migrate messages demo gnubg
	$(PY) manage.py collectstatic --no-input -v0
	@echo "Crawford runs on http://$(HOST):$(PORT)/ (Ctrl-C stops it)"
	$(PY) manage.py runserver $(HOST):$(PORT)

# The test databases are made from the models (pytest --nomigrations, seconds faster per test
# process): makemigrations --check keeps the migrations saying the same as the models.
lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py makemigrations --check --dry-run -v0

typecheck: install-dev
	$(PY) -m mypy

# Debian's headless shell of Chromium for the browser tests (tests/e2e/conftest.py says why
# that build), where this machine lets us install it; the tests skip with the reason where
# it is missing.
browser:
	@if [ -x /usr/bin/chromium-headless-shell ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			chromium-headless-shell) >/dev/null 2>&1 \
			|| echo "Could not install Chromium: browser tests will be skipped."; \
	else echo "Chromium is not installed (apt-get install chromium-headless-shell):" \
		"browser tests will be skipped."; fi

# GNU Backgammon for match analysis (a separate GPL program, called, never imported), where
# this machine lets us install it; without it the analysis controls say how to install it and
# its tests skip with the reason.
gnubg:
	@if [ -x /usr/games/gnubg ] || command -v gnubg >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnubg) \
			>/dev/null 2>&1 || echo "Could not install gnubg: match analysis is off."; \
	else echo "gnubg is not installed (apt-get install gnubg): match analysis is off."; fi

# The project's packages: the top-level folders that hold an __init__.py.
PACKAGES = $(patsubst %/__init__.py,%,$(wildcard */__init__.py))

# The suite keeps the modules it compiles (git-ignored __pycache__/), also where the
# environment says not to write them: every test process, and every worker and server a
# test starts, would otherwise compile the project again. They are compiled once, before the
# test processes start, instead of by each of them at once.
test: export PYTHONDONTWRITEBYTECODE :=
test: install-dev messages lint typecheck browser gnubg
	$(PY) -m compileall -q -j0 $(PACKAGES) benchmarks
	$(PY) -m pytest

# The quick round while writing code: lint, types, and the tests that reach no database, cache
# or broker (marked `pure` by tests/conftest.py). They wait for no server or browser: a test
# process a core keeps the cores busy, and each process more would collect the suite again.
check: export PYTHONDONTWRITEBYTECODE :=
check: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m mypy
	$(PY) -m pytest -q -m pure -n $$($(PY) -c 'import os; print(os.cpu_count() or 1)')

# A Celery worker. Run as many as needed; the scheduler is a process of its own (make beat).
worker: install
	$(VENV)/bin/celery -A config worker --loglevel=info

# The analysis queue: each worker process runs one gnubg at a time, so --concurrency is the
# number of gnubg processes. The worker holds the next matches while gnubg works
# (--prefetch-multiplier 2) and hands one to whichever process is free first (-O fair), so
# gnubg starts on it at once (benchmarks/analysis.py runs it the same way).
worker-analysis: install
	$(VENV)/bin/celery -A config worker -Q analysis --concurrency 2 --prefetch-multiplier 2 \
		-O fair --loglevel=info

# The beat scheduler (deadline reminders, late-match lists): exactly one, whatever the number
# of workers; inside each worker (--beat) every scheduled task would run once per worker.
beat: install
	$(VENV)/bin/celery -A config beat --loglevel=info

# The production site as deploy/ describes it (its systemd units, environment file and nginx
# site), run on this machine behind nginx on loopback and walked over HTTPS and WSS
# (scripts/deploy_check.py; needs PostgreSQL and Redis on localhost). Installs Debian's nginx
# where this machine lets us; without it the check is skipped with the reason.
deploy-check: install
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx) \
			>/dev/null 2>&1 || echo "Could not install nginx."; \
	fi
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then \
		PATH="$$PATH:/usr/sbin" $(PY) scripts/deploy_check.py; \
	else echo "deploy-check skipped: nginx is not installed and cannot be installed here" \
		"(apt-get install nginx, as root)."; fi

benchmarks: install-dev
	for f in benchmarks/[!_]*.py; do $(PY) $$f || exit 1; done  # _*.py: their helpers

# The user guide and the technical documents as a static site in site/ (docs/, mkdocs.yml).
# The guide's pictures are taken again from the demo first, so they show the app as it is;
# --strict fails on a broken link, and every picture a page shows must exist.
docs: install-dev browser
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e '.[dev,docs]'
	$(PY) scripts/guide_pictures.py
	$(VENV)/bin/mkdocs build --strict --quiet
	$(PY) scripts/check_guide_images.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache site docs/guide/img
