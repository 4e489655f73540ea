"""Every message Crawford sends, in-app and by e-mail."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, TimeStampedModel


class NotificationStatus(models.TextChoices):
    PENDING = "pending", _("Waiting")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")
    SKIPPED = "skipped", _("Not sent")


class Notification(TimeStampedModel):
    """Every message Crawford sends: to whom, what, when, and whether it arrived."""

    recipient = models.ForeignKey(
        Player, verbose_name=_("recipient"), on_delete=models.CASCADE, related_name="notifications"
    )
    # What the message is about, so organizers see the failed and the undeliverable ones.
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notifications",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notifications",
    )
    kind = models.CharField(_("kind"), max_length=40)
    # What the kind's templates were given (notifications.params): a reader whose language is
    # not ``language`` sees the message rendered again in his. Empty on rows made before.
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    # The subject and texts as made (the e-mail, and a reader of the same language).
    language = models.CharField(_("language"), max_length=8, blank=True)
    subject = models.CharField(_("subject"), max_length=200)
    body = models.TextField(_("text"))
    body_html = models.TextField(_("HTML text"), blank=True)
    url = models.CharField(_("link"), max_length=300, blank=True)
    email_status = models.CharField(
        _("e-mail"),
        max_length=8,
        choices=NotificationStatus.choices,
        default=NotificationStatus.PENDING,
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    # When the reconciler last handed a pending e-mail to the workers again (its task lost:
    # a worker killed mid-send, a broker that forgot its queue).
    email_requeued_at = models.DateTimeField(_("e-mail handed over again"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)
    dedupe_key = models.CharField(
        _("dedupe key"),
        max_length=120,
        null=True,
        blank=True,
        unique=True,
        help_text=_("Makes a repeated trigger send nothing twice."),
    )

    class Meta:
        db_table = "clubs_notification"  # the table it had in the clubs app
        ordering = ["-created_at"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [
            models.Index(fields=["recipient", "read_at"], name="clubs_notif_recipie_8216f1_idx"),
            models.Index(fields=["club", "email_status"], name="clubs_notif_club_id_c8caa0_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.recipient}: {self.subject}"
