"""The forms of a session: starting one, a game's sheet (a line per team member, phone-sized),
a player joining."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from chouettes.core import sheet as core
from chouettes.core.replay import MAX_PLAYERS, Seats
from chouettes.models import ChouetteLine, ChouetteSession, ChouetteSheet
from clubs.models import Club, Player

if TYPE_CHECKING:
    from money.currency import NumberFormat

CUBE_CHOICES = [(2**n, str(2**n)) for n in range(0, 11)]
#: The board's "winner" when every line ended with a drop (the sheet has none).
NOBODY = "nobody"
#: The highest stake a point may be worth, in minor units (a million, in euros).
MAX_STAKE = 100_000_000


def _members(club: Club) -> Any:
    return Player.objects.filter(memberships__club=club).order_by("name")


class SessionForm(forms.ModelForm):
    """A new session. The stake is typed as money in the reader's format ("2,50" in German,
    "2.50" in English) and kept in the currency's minor unit; ``numbers`` gives a currency's
    format in the reader's language (``money.currency.number_format``, which this app, below
    money, is handed rather than imports)."""

    stake = forms.CharField(
        label=_("Stake per point"),
        required=False,
        max_length=20,
        help_text=_("What one point is worth, in the currency below (empty: for points only)."),
    )

    class Meta:
        model = ChouetteSession
        fields = (
            "name",
            "stake",
            "currency",
            "cube_mode",
            "consulting",
            "jacoby",
            "beavers",
            "automatic_limit",
            "partner_from",
        )

    def __init__(
        self, *args: Any, club: Club, numbers: Callable[[str], NumberFormat], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.numbers = numbers
        example = numbers("EUR").plain(250)
        self.fields["stake"].widget.attrs.update(
            {"inputmode": "decimal", "autocomplete": "off", "placeholder": example}
        )
        members = _members(club)
        for n in range(1, MAX_PLAYERS + 1):
            label = {1: _("Player 1 (box)"), 2: _("Player 2 (captain)")}.get(n) or _(
                "Player %(n)s"
            ) % {"n": n}
            self.fields[f"player_{n}"] = forms.ModelChoiceField(
                queryset=members, label=label, required=n <= 2
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        text = (data.get("stake") or "").strip()
        if "stake" not in self.errors:
            data["stake"] = self._stake(text, (data.get("currency") or "EUR").upper())
        return data

    def _stake(self, text: str, currency: str) -> int:
        if not text:
            return 0
        numbers = self.numbers(currency)
        try:
            stake = numbers.parse(text)
        except ValueError:
            self.add_error(
                "stake",
                gettext("“%(text)s” is not an amount in the expected format (e.g. %(example)s).")
                % {"text": text, "example": numbers.plain(1250)},
            )
            return 0
        if stake > MAX_STAKE:
            self.add_error(
                "stake",
                gettext("A point is worth at most %(amount)s.")
                % {"amount": numbers.amount(MAX_STAKE)},
            )
        return stake

    def players(self) -> list[Player]:
        return [
            self.cleaned_data[f"player_{n}"]
            for n in range(1, MAX_PLAYERS + 1)
            if self.cleaned_data.get(f"player_{n}")
        ]


class JoinForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))

    def __init__(self, *args: Any, club: Club, present: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = _members(club).exclude(pk__in=present)


class SheetForm(forms.Form):
    """The winner on the board and one line per team member (one for the team when the team
    shares a cube)."""

    winner = forms.ChoiceField(
        label=_("Won on the board"),
        choices=[
            ("", "—"),
            ("box", _("Box")),
            ("team", _("Team")),
            (NOBODY, _("Nobody: every line ended with a drop")),
        ],
    )
    kind = forms.ChoiceField(
        label=_("Result"), choices=ChouetteSheet._meta.get_field("kind").choices
    )
    resigned = forms.BooleanField(label=_("Resigned"), required=False)
    automatic = forms.IntegerField(label=_("Automatic doubles"), min_value=0, initial=0)
    reason = forms.CharField(label=_("Reason for the correction"), max_length=200, required=False)
    #: The games the keeper saw when he confirmed a correction (``services``' stale check).
    games_seen = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)

    def __init__(
        self,
        *args: Any,
        session: ChouetteSession,
        seats: Seats,
        names: dict[int, str],
        correction: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.team_cube = session.cube_mode == core.CubeMode.TEAM
        self.members = len(seats.team)
        if session.automatic_limit == 0:
            del self.fields["automatic"]
        if not correction:
            del self.fields["reason"]
            del self.fields["games_seen"]
        self.line_fields: list[tuple[str, list[str]]] = []
        owners = ChouetteLine._meta.get_field("owner").choices
        drops = ChouetteLine._meta.get_field("drop").choices
        shown = [seats.team[0]] if self.team_cube else list(seats.team)
        for seat, player in enumerate(shown):
            if self.team_cube:
                title = str(_("The team's cube"))
            elif seat == 0:
                title = str(_("%(name)s (captain)") % {"name": names[player]})
            else:
                title = names[player]
            self.fields[f"cube_{seat}"] = forms.TypedChoiceField(
                label=_("Cube"), choices=CUBE_CHOICES, coerce=int, initial=1
            )
            self.fields[f"owner_{seat}"] = forms.ChoiceField(label=_("Owner"), choices=owners)
            self.fields[f"drop_{seat}"] = forms.ChoiceField(label=_("Double"), choices=drops)
            names_here = [f"cube_{seat}", f"owner_{seat}", f"drop_{seat}"]
            if session.beavers:
                self.fields[f"beaver_{seat}"] = forms.BooleanField(
                    label=_("Beaver"), required=False
                )
                names_here.append(f"beaver_{seat}")
            self.line_fields.append((title, names_here))

    def line_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(title, [self[name] for name in names]) for title, names in self.line_fields]

    def sheet(self) -> core.GameSheet:
        data = self.cleaned_data
        lines = []
        for seat in range(len(self.line_fields)):
            lines.append(
                core.Line(
                    cube=data[f"cube_{seat}"],
                    owner=core.Owner(data[f"owner_{seat}"]),
                    drop=core.Drop(data[f"drop_{seat}"]),
                    beaver=bool(data.get(f"beaver_{seat}")),
                )
            )
        if self.team_cube:
            lines = lines * self.members
        return core.GameSheet(
            lines=tuple(lines),
            winner=None if data["winner"] == NOBODY else core.Side(data["winner"]),
            kind=core.Kind(data["kind"]),
            resigned=bool(data["resigned"]),
            automatic=data.get("automatic") or 0,
        )

    @staticmethod
    def initial_from(sheet: core.GameSheet) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "winner": sheet.winner.value if sheet.winner else NOBODY,
            "kind": sheet.kind.value,
            "resigned": sheet.resigned,
            "automatic": sheet.automatic,
        }
        for seat, line in enumerate(sheet.lines):
            initial |= {
                f"cube_{seat}": line.cube,
                f"owner_{seat}": line.owner.value,
                f"drop_{seat}": line.drop.value,
                f"beaver_{seat}": line.beaver,
            }
        return initial
