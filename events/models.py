"""The outbox: every domain event is a row written in the same transaction as the change that
caused it, with one delivery row per listener, marked done once that listener has run."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The payload key of the scheme and host of the request that emitted the event (when one did),
#: for links in the mails its listeners send (config/site.py).
ORIGIN_KEY = "_site_origin"


class Event(models.Model):
    name = models.CharField(_("event"), max_length=60)
    payload = models.JSONField(_("payload"), default=dict)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.name} {self.payload}"


class Delivery(models.Model):
    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="deliveries"
    )
    listener = models.CharField(_("listener"), max_length=120)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    done_at = models.DateTimeField(_("done"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_tried_at = models.DateTimeField(_("last tried"), null=True, blank=True)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
        constraints = [
            models.UniqueConstraint(fields=["event", "listener"], name="delivery_once_per_listener")
        ]
        indexes = [
            models.Index(
                fields=["created_at"], name="delivery_pending_idx", condition=Q(done_at=None)
            )
        ]

    def __str__(self) -> str:
        state = "done" if self.done_at else "pending"
        return f"{self.listener} ← {self.event_id} ({state})"
