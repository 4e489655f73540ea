"""Writes for clubs, players and memberships. Views call these; nothing else writes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player, Role
from clubs.versions import club_change, club_fields_change, player_fields_change
from config.errors import UserError
from config.logs import logged_service
from config.slugs import unique_slug
from events.bus import emit
from events.types import MemberAdded, RatingSettingsChanged


def display_name(user: Any) -> str:
    return user.get_full_name().strip() or user.get_username()


@logged_service("player_for_user")
@transaction.atomic
def player_for_user(*, user: Any) -> Player:
    """The Player behind a user account, created on first use."""
    player, _created = Player.objects.get_or_create(
        user=user, defaults={"name": display_name(user), "email": user.email}
    )
    return player


@logged_service("account_register")
@transaction.atomic
def account_register(
    *,
    username: str,
    email: str,
    password: str,
    first_name: str = "",
    last_name: str = "",
    language: str = "",
) -> Any:
    """Create a user account and its player, who speaks ``language`` (the language the page
    was in; the default one when not given): his pages after each log-in and his e-mails."""
    user = get_user_model().objects.create_user(
        username=username,
        email=email,
        password=password,
        first_name=first_name,
        last_name=last_name,
    )
    player = player_for_user(user=user)
    if language and language != player.language:
        player.language = language
        player.full_clean()
        player.save(update_fields=["language", "updated_at"])
    return user


#: How often a club founded at the moment another takes its address looks for the next.
SLUG_ATTEMPTS = 5


@logged_service("club_create")
@transaction.atomic
def club_create(
    *,
    user: Any,
    name: str,
    slug: str = "",
    description: str = "",
    city: str = "",
    country: str = "",
    is_private: bool = False,
    rating_points_per_game: float = 1.0,
) -> Club:
    """Create a club; its creator becomes its first organizer. Its address is made from its
    name; when another club takes that address between its choice and the save (two
    founded at once: no club's row exists yet to lock), the next free one is taken."""
    club = Club(
        name=name,
        description=description,
        city=city,
        country=country,
        is_private=is_private,
        rating_points_per_game=rating_points_per_game,
    )
    for attempt in range(SLUG_ATTEMPTS):
        club.slug = slug or unique_slug(Club.objects.all(), name, fallback="club")
        try:
            club.full_clean()
            with transaction.atomic():
                club.save()
            break
        except (ValidationError, IntegrityError) as error:
            taken = isinstance(error, IntegrityError) or "slug" in error.message_dict
            if slug or not taken or attempt == SLUG_ATTEMPTS - 1:
                raise
            club.pk = None
    Membership.objects.create(club=club, player=player_for_user(user=user), role=Role.ORGANIZER)
    return club


@logged_service("club_update")
@transaction.atomic
def club_update(*, club: Club, **fields: Any) -> Club:
    """Change a club's settings; a new rating length for best-of-N recomputes the ratings."""
    with club_fields_change(club.pk):
        club = Club.objects.select_for_update().get(pk=club.pk)
        rating_length_changed = (
            "rating_points_per_game" in fields
            and fields["rating_points_per_game"] != club.rating_points_per_game
        )
        for name, value in fields.items():
            setattr(club, name, value)
        club.full_clean()
        club.save()
        if rating_length_changed:
            emit(RatingSettingsChanged(club_id=club.pk))
        return club


def _find_user(identifier: str) -> Any:
    identifier = identifier.strip()
    users = get_user_model().objects.filter(
        Q(username__iexact=identifier) | Q(email__iexact=identifier)
    )
    matches = list(users[:2])
    if not matches:
        raise UserError(
            _("No account with the user name or e-mail “%(who)s”.") % {"who": identifier},
            code="no_such_user",
            field="user",
        )
    if len(matches) > 1:
        raise UserError(
            _("More than one account has the e-mail “%(who)s”; use the user name.")
            % {"who": identifier},
            code="ambiguous_user",
            field="user",
        )
    return matches[0]


@logged_service("club_add_member")
@transaction.atomic
def club_add_member(*, club: Club, user_identifier: str, role: str = Role.PLAYER) -> Membership:
    """Add the account with this user name or e-mail to the club, in the given role.

    The new member is told by e-mail (in the background, once the change is committed).
    """
    with club_change(club.pk):
        user = _find_user(user_identifier)
        player = player_for_user(user=user)
        if Membership.objects.filter(club=club, player=player).exists():
            raise UserError(
                _("%(name)s is already a member of this club.") % {"name": player.name},
                code="already_member",
                field="user",
            )
        membership = Membership(club=club, player=player, role=role)
        membership.full_clean()
        membership.save()
        emit(MemberAdded(membership_id=membership.pk))
        return membership


@logged_service("club_add_guest")
@transaction.atomic
def club_add_guest(*, club: Club, name: str, email: str = "") -> Membership:
    """A guest: a player without an account (a walk-in at the bar), entered by name."""
    with club_change(club.pk):
        name = name.strip()
        if Membership.objects.filter(club=club, player__name__iexact=name).exists():
            raise UserError(
                _("The club already has a player called “%(name)s”.") % {"name": name},
                code="duplicate_name",
                field="name",
            )
        player = Player(name=name, email=email)
        player.full_clean()
        player.save()
        return Membership.objects.create(club=club, player=player, role=Role.PLAYER)


@logged_service("player_rename")
@transaction.atomic
def player_set_language(*, user: Any, language: str) -> None:
    """The language the user's player chose, for his pages and his e-mails."""
    Player.objects.filter(user=user).update(language=language)


def player_rename(*, player: Player, name: str) -> Player:
    """A player's new name, at once on his clubs' pages and on every page of the tournaments
    he entered."""
    with player_fields_change(player.pk):
        player = Player.objects.select_for_update().get(pk=player.pk)
        player.name = name.strip()
        player.full_clean()
        player.save(update_fields=["name", "updated_at"])
        return player


def _ensure_other_organizer(membership: Membership) -> None:
    others = (
        Membership.objects.filter(club_id=membership.club_id, role=Role.ORGANIZER)
        .exclude(pk=membership.pk)
        .exists()
    )
    if not others:
        raise UserError(
            _("A club needs at least one organizer. Make someone else organizer first."),
            code="last_organizer",
            field="role",
        )


@logged_service("membership_set_role")
@transaction.atomic
def membership_set_role(*, membership: Membership, role: str) -> Membership:
    with club_change(membership.club_id):
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        if membership.role == Role.ORGANIZER and role != Role.ORGANIZER:
            _ensure_other_organizer(membership)
        if membership.player.is_guest and role != Role.PLAYER:
            raise UserError(
                _("A guest has no account and can only be a player."),
                code="guest_role",
                field="role",
            )
        membership.role = role
        membership.full_clean()
        membership.save()
        return membership


@logged_service("membership_remove")
@transaction.atomic
def membership_remove(*, membership: Membership) -> None:
    with club_change(membership.club_id):
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        if membership.role == Role.ORGANIZER:
            _ensure_other_organizer(membership)
        membership.delete()
