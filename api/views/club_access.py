"""Who reads and writes a club's chouettes and ladders through the API: reads as the club's
pages (public clubs by everybody, private ones by their members and their own token), writes
with the club's own token; players named by id are the club's members."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework.exceptions import PermissionDenied, ValidationError

from api.views.base import ERRORS, ApiView
from clubs import permissions
from clubs.models import Club, Player
from clubs.selectors import club_members_by_id

#: Ids the database's integer columns hold; anything else names nothing.
MAX_PK = 2**31 - 1
WRITE_ERRORS = {code: ERRORS[code] for code in (400, 401, 403, 404, 409, 415)}


def check_id(pk: int) -> None:
    if not 0 < pk <= MAX_PK:
        raise Http404


def check_visible(view: ApiView, club: Club) -> None:
    """404 unless the caller may read the club (its own token reads a private club)."""
    if permissions.can_view_club(view.request.user, club):
        return
    if view.token is not None and view.token.club_id == club.pk:
        return
    raise Http404


def visible_club(view: ApiView, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    check_visible(view, club)
    return club


def check_token_of(view: ApiView, club: Club) -> None:
    """A write takes the token of the club whose session or ladder it changes."""
    if view.token is None or view.token.club_id != club.pk:
        raise PermissionDenied(_("This token belongs to another club."))


def members(club: Club, ids: list[int], field: str) -> list[Player]:
    """The club's members with these ids, in this order; an id of nobody in the club is
    refused without saying whether such a player exists elsewhere."""
    found = club_members_by_id(club, ids)
    missing = [pk for pk in ids if pk not in found]
    if missing:
        raise ValidationError(
            {field: [_("No member of the club has the id %(id)s.") % {"id": missing[0]}]}
        )
    return [found[pk] for pk in ids]
