"""The admin writes models directly, not through the services: its saves and deletes raise
the versions of the pages that show what they change (``tournaments.versions``,
``clubs.versions``) themselves, so that an organizer's fix in the admin shows at once.

Each writing view of a :class:`ChangesPages` admin (add, change, delete, the list's edits and
actions, django-simple-history's revert) is one transaction, and the version blocks of what
it changes (:meth:`ChangesPages.pages_of`) stay open from the moment they are entered until
the view is done: the object as it was (entered first, before the view locks or writes
anything), the object as it is saved and its inline rows raise each version once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db import router, transaction
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse

#: The version blocks the admin's writing view of this call stack keeps open.
_open: ContextVar[ExitStack | None] = ContextVar("admin_version_blocks", default=None)


class ChangesPages(admin.ModelAdmin):  # type: ignore[type-arg]
    """A model admin whose writes raise the versions of the pages that show its objects."""

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        """The version blocks of the pages that show ``obj`` (in the house's lock order)."""
        return ()

    @contextmanager
    def writing(self) -> Iterator[None]:
        """The view's transaction, with the blocks entered in it kept open to its end."""
        if _open.get() is not None:
            yield
            return
        with transaction.atomic(using=router.db_for_write(self.model)), ExitStack() as blocks:
            token = _open.set(blocks)
            try:
                yield
            finally:
                _open.reset(token)

    def changes(self, obj: Any) -> None:
        """Raise the versions of what shows ``obj`` (once per view)."""
        blocks = _open.get()
        if blocks is not None:
            for block in self.pages_of(obj):
                blocks.enter_context(block)
            return
        # A write outside the views below: its versions raised in its own transaction.
        with transaction.atomic(using=router.db_for_write(self.model)), ExitStack() as once:
            for block in self.pages_of(obj):
                once.enter_context(block)

    def _as_it_was(self, request: HttpRequest, object_id: str | None) -> None:
        if object_id is not None:
            found = self.get_object(request, unquote(object_id))
            if found is not None:
                self.changes(found)

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if request.method != "POST":
            return super().changeform_view(request, object_id, form_url, extra_context)
        with self.writing():
            self._as_it_was(request, object_id)
            return super().changeform_view(request, object_id, form_url, extra_context)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if request.method != "POST":
            return super().delete_view(request, object_id, extra_context)
        with self.writing():
            self._as_it_was(request, object_id)
            return super().delete_view(request, object_id, extra_context)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if request.method != "POST":
            return super().changelist_view(request, extra_context)
        with self.writing():
            return super().changelist_view(request, extra_context)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        self.changes(obj)
        super().save_model(request, obj, form, change)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        self.changes(formset.instance)
        super().save_formset(request, form, formset, change)

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        self.changes(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        with self.writing():
            for obj in queryset:
                self.changes(obj)
            super().delete_queryset(request, queryset)
