#!/usr/bin/env bash
# Crawford's backup: one dump of the PostgreSQL database that DATABASE_URL names, in
# pg_dump's custom format (compressed; deploy/restore.sh reads it), kept BACKUP_KEEP_DAYS days.
#
#   DATABASE_URL=postgres://crawford:…@127.0.0.1:5432/crawford deploy/backup.sh
#
# Or ENV_FILE=/path/to/the/site's/environment/file: DATABASE_URL is read from it (the line
# DATABASE_URL=…, not run as a shell script). Settings, all optional:
#   BACKUP_DIR        where the dumps go (/var/backups/crawford)
#   BACKUP_KEEP_DAYS  dumps older than this many days are deleted after a good one (14)
#
# Everything the site keeps is in the database (results, ledger, analyses, the outbox of
# e-mails and events); Redis holds only what may be lost (the cache, the channel layer, the
# Celery queues), so it is not backed up. The dump is written under a temporary name, read back
# in full, and only then named crawford-<UTC time>.dump: a dump that failed half-way is never
# taken for a good one, and old dumps are deleted only after a good one. The path of the new
# dump is printed; any failure exits non-zero with the reason on stderr (cron mails it).
set -euo pipefail
umask 077 # the dump holds password hashes and members' addresses

fail() {
  echo "backup.sh: $*" >&2
  exit 1
}

if [ -z "${DATABASE_URL:-}" ] && [ -n "${ENV_FILE:-}" ]; then
  [ -r "$ENV_FILE" ] || fail "cannot read ENV_FILE $ENV_FILE"
  DATABASE_URL=$(sed -n 's/^[[:space:]]*DATABASE_URL[[:space:]]*=[[:space:]]*//p' "$ENV_FILE" |
    tail -n 1 | sed -e 's/^"\(.*\)"$/\1/' -e "s/^'\(.*\)'$/\1/")
fi
[ -n "${DATABASE_URL:-}" ] || fail "set DATABASE_URL (or ENV_FILE) to the site's database"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) fail "DATABASE_URL is not a PostgreSQL database; a SQLite site is backed up by copying its file" ;;
esac

BACKUP_DIR=${BACKUP_DIR:-/var/backups/crawford}
BACKUP_KEEP_DAYS=${BACKUP_KEEP_DAYS:-14}
case "$BACKUP_KEEP_DAYS" in
  '' | *[!0-9]*) fail "BACKUP_KEEP_DAYS is a whole number of days, not '$BACKUP_KEEP_DAYS'" ;;
esac
mkdir -p "$BACKUP_DIR"

dump="$BACKUP_DIR/crawford-$(date -u +%Y-%m-%dT%H%M%SZ).dump"
partial="$dump.partial"
trap 'rm -f "$partial"' EXIT

pg_dump --dbname="$DATABASE_URL" --format=custom --file="$partial" ||
  fail "pg_dump failed; the last good dump is kept"
# The archive reads back whole (its table of contents and every table's data).
pg_restore --file=/dev/null "$partial" || fail "the new dump does not read back; not kept"
mv "$partial" "$dump"
trap - EXIT

find "$BACKUP_DIR" -maxdepth 1 -type f -name 'crawford-*.dump' -mtime +"$BACKUP_KEEP_DAYS" \
  ! -path "$dump" -delete
echo "$dump"
