"""The money app's forms: amounts and percentages typed in the reader's number format."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from money.core import AmountError, PayoutTable
from money.currency import NumberFormat
from money.errors import user_error
from money.models import ClubMoneySettings, FeeStatus, LedgerKind, PaymentMethod
from tournaments.presentation import flight_label


class AmountField(forms.CharField):
    """An amount in the reader's format (``12,50`` in German), cleaned to minor units."""

    def __init__(self, *, numbers: NumberFormat, **kwargs: Any) -> None:
        self.numbers = numbers
        kwargs.setdefault("max_length", 20)
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off"})

    def prepare_value(self, value: Any) -> Any:
        return self.numbers.plain(value) if isinstance(value, int) else value

    def clean(self, value: Any) -> int | None:  # type: ignore[override]
        text = super().clean(value)
        if text in (None, ""):
            return None
        try:
            return self.numbers.parse(text)
        except AmountError as error:
            raise ValidationError(user_error(error).messages) from error


class PercentField(AmountField):
    """A percentage (``12,5``), cleaned to basis points."""

    def prepare_value(self, value: Any) -> Any:
        return self.numbers.percent(value) if isinstance(value, int) else value

    def clean(self, value: Any) -> int | None:  # type: ignore[override]
        text = forms.CharField.clean(self, value)
        if text in (None, ""):
            return None
        try:
            return self.numbers.parse_percent(text)
        except AmountError as error:
            raise ValidationError(
                _("“%(text)s” is not a percentage from 0 to 100.") % {"text": text}
            ) from error


class PayoutTableField(forms.CharField):
    """One row per line: the largest field, the places paid, the percentages best first:
    ``8; 2; 70 30``."""

    widget = forms.Textarea(attrs={"rows": 5})

    def __init__(self, *, numbers: NumberFormat, **kwargs: Any) -> None:
        self.numbers = numbers
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return "\n".join(
                f"{row['up_to']}; {row['places']}; "
                + " ".join(self.numbers.percent(share) for share in row["percentages"])
                for row in value
            )
        return value

    def clean(self, value: Any) -> list[dict[str, object]]:  # type: ignore[override]
        text = super().clean(value) or ""
        rows: list[dict[str, object]] = []
        for number, line in enumerate(filter(None, map(str.strip, text.splitlines())), 1):
            parts = [part.strip() for part in line.split(";")]
            try:
                if len(parts) != 3:
                    raise ValueError
                up_to, places = int(parts[0]), int(parts[1])
                shares = [self.numbers.parse_percent(share) for share in parts[2].split()]
            except (ValueError, AmountError) as error:
                raise ValidationError(
                    _(
                        "Line %(line)s: write the field size, the places paid and the percentages, "
                        "e.g. “8; 2; 70 30”."
                    )
                    % {"line": number}
                ) from error
            rows.append({"up_to": up_to, "places": places, "percentages": shares})
        if rows:
            try:
                PayoutTable.from_data(rows).check()
            except ValueError as error:
                raise ValidationError(user_error(error).messages) from error
        return rows


class TournamentMoneyForm(forms.Form):
    def __init__(self, *args: Any, numbers: NumberFormat, flights: tuple[str, ...], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.flights = flights
        amount = {"numbers": numbers}
        self.fields["entry_fee"] = AmountField(label=_("Entry fee"), **amount)
        self.fields["reentry_fee"] = AmountField(
            label=_("Re-entry fee"), required=False, help_text=_("Empty: no re-entries."), **amount
        )
        self.fields["house_share"] = PercentField(
            label=_("House's share (%)"),
            required=False,
            help_text=_("Of the fees collected."),
            **amount,
        )
        self.fields["pot_share"] = PercentField(
            label=_("Season pot's share (%)"),
            required=False,
            help_text=_("Of the fees collected."),
            **amount,
        )
        self.fields["fixed_costs"] = AmountField(label=_("Fixed costs"), required=False, **amount)
        self.fields["added_money"] = AmountField(label=_("Added money"), required=False, **amount)
        if len(flights) > 1:
            for flight in flights:
                self.fields[f"split_{flight}"] = PercentField(
                    label=_("%(flight)s: share of the prize pool (%%)")
                    % {"flight": flight_label(flight)},
                    required=False,
                    **amount,
                )
        self.fields["payout_table"] = PayoutTableField(
            label=_("Payout table"),
            required=False,
            help_text=_(
                "One row per line: the largest field it is for, the places paid, the "
                "percentages best first, e.g. “8; 2; 70 30”. Empty: the default."
            ),
            **amount,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        shares = {flight: data.pop(f"split_{flight}", None) for flight in self.flights}
        if len(self.flights) > 1 and any(share is not None for share in shares.values()):
            data["flight_split"] = {flight: share or 0 for flight, share in shares.items()}
        else:
            data["flight_split"] = {}
        for name in ("house_share", "pot_share", "fixed_costs", "added_money"):
            data[name] = data.get(name) or 0
        return data


class ClubMoneySettingsForm(forms.ModelForm):
    class Meta:
        model = ClubMoneySettings
        fields = [
            "currency",
            "rounding_unit",
            "calcutta_rounding_unit",
            "own_method",
            "check_in_unpaid",
            "refund_after_start",
        ]

    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rounding_unit"] = AmountField(
            label=_("Prizes rounded down to"),
            numbers=numbers,
            help_text=_("An amount, e.g. %(example)s: prizes are multiples of it.")
            % {"example": numbers.plain(500)},
        )
        self.fields["calcutta_rounding_unit"] = AmountField(
            label=_("Calcutta prizes rounded down to"),
            numbers=numbers,
            required=False,
            help_text=_(
                "An amount, e.g. %(example)s: the Calcutta's prizes are multiples of it; "
                "empty: to the cent."
            )
            % {"example": numbers.plain(100)},
        )

    def clean_rounding_unit(self) -> int:
        unit = self.cleaned_data.get("rounding_unit") or 0
        if unit < 1:
            raise ValidationError(_("Round to at least the smallest unit of the currency."))
        return int(unit)

    def clean_calcutta_rounding_unit(self) -> int:
        unit = self.cleaned_data.get("calcutta_rounding_unit")
        if unit is None:
            return 1  # empty: to the smallest unit (the cent)
        if unit < 1:
            raise ValidationError(_("Round to at least the smallest unit of the currency."))
        return int(unit)

    def clean_own_method(self) -> str:
        return str(self.cleaned_data.get("own_method") or "").strip()


class PaymentForm(forms.Form):
    method = forms.ChoiceField(label=_("Method"), choices=PaymentMethod.choices)
    reference = forms.CharField(label=_("Reference"), max_length=120, required=False)


class LedgerForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[(k, label) for k, label in LedgerKind.choices if k != LedgerKind.REVERSAL],
    )
    direction = forms.ChoiceField(
        label=_("Direction"), choices=[("in", _("In")), ("out", _("Out"))]
    )
    method = forms.ChoiceField(label=_("Method"), choices=PaymentMethod.choices)
    reference = forms.CharField(label=_("Reference"), max_length=120, required=False)
    memo = forms.CharField(label=_("Memo"), max_length=200, required=False)

    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["amount"] = AmountField(label=_("Amount"), numbers=numbers)
        self.order_fields(["kind", "direction", "amount", "method", "reference", "memo"])

    def clean_amount(self) -> int:
        amount = self.cleaned_data["amount"]
        if not amount:
            raise ValidationError(_("A movement of nothing is not booked."))
        return int(amount)


class SidePoolForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)

    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["fee"] = AmountField(label=_("Fee"), numbers=numbers)
        self.fields["house_share"] = PercentField(
            label=_("House's share (%)"), required=False, numbers=numbers
        )
        self.fields["payout_table"] = PayoutTableField(
            label=_("Payout table"),
            required=False,
            numbers=numbers,
            help_text=_("As the tournament's; empty: the default."),
        )

    def clean_house_share(self) -> int:
        return int(self.cleaned_data.get("house_share") or 0)


class SidePoolJoinForm(PaymentForm):
    """A player enters a side pool: paying, owing or let off its fee."""

    entry = forms.ModelChoiceField(label=_("Player"), queryset=None)  # type: ignore[arg-type]
    status = forms.ChoiceField(
        label=_("Fee"),
        choices=[
            (FeeStatus.PAID, _("Paid now")),
            (FeeStatus.UNPAID, _("Owed (set against a prize)")),
            (FeeStatus.WAIVED, _("Waived")),
        ],
        initial=FeeStatus.PAID,
    )

    def __init__(
        self, *args: Any, entries: Any, methods: list[tuple[str, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entry"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = entries
        field.label_from_instance = lambda entry: entry.player.name  # type: ignore[method-assign]
        method = self.fields["method"]
        assert isinstance(method, forms.ChoiceField)
        method.required = False
        method.choices = methods
        method.help_text = _("When it is paid now.")
        self.order_fields(["entry", "status", "method", "reference"])


class SeasonPotForm(forms.Form):
    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["payout_table"] = PayoutTableField(
            label=_("Payout table"),
            required=False,
            numbers=numbers,
            help_text=_(
                "One row per line: the largest field it is for, the places paid, the "
                "percentages best first, e.g. “8; 2; 70 30”. Empty: the default."
            ),
        )


class CalcuttaForm(forms.Form):
    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["house_share"] = PercentField(
            label=_("House's share (%)"),
            required=False,
            numbers=numbers,
            help_text=_("Of the sales."),
        )
        self.fields["max_buyback"] = PercentField(
            label=_("Buy-back share (%)"),
            numbers=numbers,
            help_text=_("The most of himself a player may buy back from his buyer."),
        )
        self.fields["min_bid"] = AmountField(label=_("Lowest bid"), numbers=numbers)
        self.fields["payout_table"] = PayoutTableField(
            label=_("Calcutta payout table"),
            required=False,
            numbers=numbers,
            help_text=_("As the tournament's; empty: the default."),
        )

    def clean_house_share(self) -> int:
        return int(self.cleaned_data.get("house_share") or 0)


class CalcuttaTeamsForm(forms.Form):
    """The lots of "teams of N by rating" (``calcutta_make_lots_by_rating``)."""

    singles = forms.IntegerField(
        label=_("Sold alone: the strongest"),
        min_value=0,
        help_text=_("How many of the best-rated players are sold alone."),
    )
    team_size = forms.IntegerField(
        label=_("The others in teams of"),
        min_value=2,
        initial=2,
        error_messages={"min_value": _("A team has at least two players.")},
    )


class BidForm(forms.Form):
    bidder = forms.CharField(label=_("Bidder"), max_length=120)

    def __init__(self, *args: Any, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["amount"] = AmountField(label=_("Bid"), numbers=numbers)
        self.fields["bidder"].widget.attrs.update({"list": "bidders", "autocomplete": "off"})


class BuybackForm(forms.Form):
    entry = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(self, *args: Any, numbers: NumberFormat, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entry"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = players
        self.fields["share"] = PercentField(label=_("Share of himself (%)"), numbers=numbers)
