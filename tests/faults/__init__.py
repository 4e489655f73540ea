"""Fault tests: parts of the running system killed and restarted, against the real services.

Each test starts services of its own as real subprocesses, so that it can SIGKILL them:
a ``redis-server`` on a free port from 6390 (ten for each test process; never the shared
6379), a Celery worker
(``python -m tests.faults.slow_worker worker``: ``celery worker`` with the solo pool, plus a
hook that makes one draw hang when asked; for match analysis, a prefork worker of the
``analysis`` queue with a stand-in for gnubg) and, for online games, a Daphne ASGI server. They
run on the test database of PostgreSQL (committed rows: ``django_db(transaction=True)``), whose
name the subprocesses are given from ``django.db.connection.settings_dict``. The test process
itself sends its tasks to the test's Redis and uses it as cache and channel layer
(``on_test_redis`` in conftest.py); the reconciler's minute of grace is shortened to nothing
(``EVENTS_RECONCILE_GRACE_SECONDS=0``), and each test runs it as beat would, by sending
``events.tasks.reconcile_all`` to the worker.

After each fault the checks of checks.py run: every event delivered and each listener once,
the bracket the one rebuilt from the results, the ratings a recomputation from scratch, no
message sent twice.

They need PostgreSQL (``DATABASE_URL=postgres://...``, as ``.ci/run`` sets it) and the
``redis-server`` program; without them they skip and say why. Run them alone with
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python -m pytest tests/faults
-p no:randomly -n 0`` (about a minute on two cores).
"""
