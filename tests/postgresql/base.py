"""The app's PostgreSQL backend (``config.postgresql``), for the test suite: a test that commits (a
live server, a worker process) is cleaned up after by ``flush``, and Django's flush on
PostgreSQL is one ``TRUNCATE`` of every table. A ``TRUNCATE`` gives each table and index new
files, about 0.15 s for this project's tables even when they are empty; a ``DELETE`` of the few
rows a test left is a hundredth of that. The foreign keys are checked at the commit (Django
makes them ``DEFERRABLE INITIALLY DEFERRED``), when every table is empty, so the order does not
matter.

The content types and permissions, made with the test database from the models and never
changed by a test, are kept: after a flush Django makes them again (``post_migrate``),
which finds them there instead of writing several hundred rows. With the sequences
restarted or a cascade asked for, the flush is Django's own."""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import operations

from config.postgresql import base


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(
        self, style: Any, tables: Any, *, reset_sequences: bool = False, allow_cascade: bool = False
    ) -> list[str]:
        if reset_sequences or allow_cascade:
            return super().sql_flush(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        from django.contrib.auth.models import Permission  # the apps are loaded by now
        from django.contrib.contenttypes.models import ContentType

        kept = {ContentType._meta.db_table, Permission._meta.db_table}
        # One round trip for all of them.
        return [
            " ".join(
                f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
                for table in tables
                if table not in kept
            )
        ]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
