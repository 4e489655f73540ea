#!/usr/bin/env bash
# Crawford's restore: a dump of deploy/backup.sh into the empty PostgreSQL database that
# DATABASE_URL names, then what the site needs to start on it.
#
#   DATABASE_URL=postgres://crawford:…@127.0.0.1:5432/crawford deploy/restore.sh DUMP
#
# With the site's processes stopped (web, websockets, workers, beat), into a database made
# empty for it (dropdb/createdb, owned by the site's role): a database that holds tables is
# refused and left as it is, so a live site is never restored over by mistake. The restore
# is one transaction: it lands whole or not at all. Objects belong to the role that restores
# (the dump's owners and grants are not replayed), so a dump restores on another machine
# under another role.
#
# Then, unless RESTORE_MIGRATE=0, the database is migrated with this code (a dump of an older
# release), and when REDIS_URL is set its Redis database is emptied: its cached pages are keyed
# by the tournaments' versions, which the restore takes back, so a copy cached after the dump
# would be served for a change made after the restore; its Celery queues and channel layer hold
# nothing that is not in the database (the outbox: the reconciler sends again what was not
# sent). The project's Python is PYTHON (.venv/bin/python beside this folder).
set -euo pipefail

fail() {
  echo "restore.sh: $*" >&2
  exit 1
}

[ $# -eq 1 ] || fail "usage: DATABASE_URL=postgres://… deploy/restore.sh DUMP"
dump=$1
[ -f "$dump" ] && [ -r "$dump" ] || fail "cannot read the dump $dump"
[ -n "${DATABASE_URL:-}" ] || fail "set DATABASE_URL to the empty database to restore into"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) fail "DATABASE_URL is not a PostgreSQL database" ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-$root/.venv/bin/python}

pg_restore --list "$dump" >/dev/null 2>&1 || fail "$dump is not a dump of pg_dump's custom format"

tables=$(psql --dbname="$DATABASE_URL" --no-psqlrc --quiet --tuples-only --no-align \
  --command="SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
               AND n.nspname NOT LIKE 'pg_toast%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')") ||
  fail "cannot reach the database (is it created? createdb -O <role> <name>)"
[ "$tables" = 0 ] ||
  fail "the database already holds $tables tables or sequences: restore only into an empty one (dropdb, createdb), never over a live site; nothing was changed"

pg_restore --dbname="$DATABASE_URL" --no-owner --no-privileges --exit-on-error \
  --single-transaction "$dump" || fail "pg_restore failed; the database was left empty"
echo "Restored $dump."

if [ "${RESTORE_MIGRATE:-1}" != 0 ]; then
  "$PYTHON" "$root/manage.py" migrate --no-input -v0 || fail "migrate failed after the restore"
  echo "Migrated with this code."
fi
if [ -n "${REDIS_URL:-}" ]; then
  "$PYTHON" -c 'import os, redis; redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()' ||
    fail "could not empty Redis ($REDIS_URL): do it (redis-cli -u URL FLUSHDB) before starting the site"
  echo "Emptied Redis's database (cache, queues, channel layer)."
fi
echo "Start the site."
