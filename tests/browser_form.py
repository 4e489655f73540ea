"""What a browser would submit for a form of a page, to save forms "unchanged" in tests.

A value an input of its type cannot hold is dropped the way browsers drop it (the HTML
standard's value sanitization): ``<input type="datetime-local" value="30.11.2026 20:00:00">``
shows empty and submits "", which is how German forms used to erase their dates."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

#: HTML's valid values per input type; anything else becomes "" (sanitization).
VALID = {
    "datetime-local": re.compile(r"\d{4,}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?"),
    "date": re.compile(r"\d{4,}-\d\d-\d\d"),
    "time": re.compile(r"\d\d:\d\d(:\d\d(\.\d{1,3})?)?"),
    "month": re.compile(r"\d{4,}-\d\d"),
    "number": re.compile(r"-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?"),
}
NOT_SUBMITTED = {"submit", "button", "reset", "image", "file"}


@dataclass
class Form:
    action: str | None
    attrs: dict[str, str]
    fields: list[tuple[str, str]] = field(default_factory=list)

    def data(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, value in self.fields:
            out.setdefault(name, []).append(value)
        return out


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        #: Inputs whose value the browser dropped: (name, the value in the page).
        self.sanitized: list[tuple[str, str]] = []
        self.form: Form | None = None
        self.select: tuple[str, bool] | None = None
        self.options: list[tuple[str, bool]] = []
        self.option: list[str] | None = None
        self.textarea: tuple[str, list[str]] | None = None
        #: Fields of inputs outside their form (``form="id"``), by form id.
        self.elsewhere: dict[str, list[tuple[str, str]]] = {}
        self.target: list[tuple[str, str]] | None = None

    def _target(self, attrs: dict[str, str]) -> list[tuple[str, str]] | None:
        if "form" in attrs:
            return self.elsewhere.setdefault(attrs["form"], [])
        return self.form.fields if self.form is not None else None

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {k: (v if v is not None else "") for k, v in attrs_list}
        if tag == "form":
            self.form = Form(attrs.get("action"), attrs)
            self.forms.append(self.form)
            return
        target = self._target(attrs)
        if target is None or "disabled" in attrs:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text").lower()
            if kind in NOT_SUBMITTED:
                return
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    target.append((name, attrs.get("value", "on")))
                return
            value = attrs.get("value", "")
            if kind in VALID and value and not VALID[kind].fullmatch(value):
                self.sanitized.append((name, value))
                value = ""
            target.append((name, value))
        elif tag == "select" and name:
            self.select = (name, "multiple" in attrs)
            self.target = target
            self.options = []
        elif tag == "option" and self.select is not None:
            self.option = [attrs["value"]] if "value" in attrs else []
            self.options.append(("", "selected" in attrs))
            self._option_has_value = "value" in attrs
        elif tag == "textarea" and name:
            self.textarea = (name, [])
            self.target = target

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1].append(data)
        if self.option is not None and not self._option_has_value:
            self.option.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" and self.option is not None:
            value = "".join(self.option) if not self._option_has_value else self.option[0]
            self.options[-1] = (
                value.strip() if not self._option_has_value else value,
                self.options[-1][1],
            )
            self.option = None
        elif tag == "select" and self.select is not None and self.target is not None:
            name, multiple = self.select
            chosen = [value for value, selected in self.options if selected]
            if not multiple and not chosen and self.options:
                chosen = [self.options[0][0]]
            if not multiple:
                chosen = chosen[-1:]
            self.target.extend((name, value) for value in chosen)
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.target is not None:
            name, parts = self.textarea
            text = "".join(parts)
            self.target.append((name, text[1:] if text.startswith("\n") else text))
            self.textarea = None
        elif tag == "form":
            self.form = None


def page_forms(html: str) -> list[Form]:
    parser = _Parser()
    parser.feed(html)
    for form in parser.forms:
        form.fields.extend(parser.elsewhere.get(form.attrs.get("id", ""), []))
    return parser.forms


def sanitized_values(html: str) -> list[tuple[str, str]]:
    """(name, value) of every input whose value a browser would drop as invalid."""
    parser = _Parser()
    parser.feed(html)
    return parser.sanitized


def page_form(html: str, *, action: str | None = None, css_class: str | None = None) -> Form:
    """The one form of the page with this action (``None``: posts to the page itself) and,
    if given, this class."""
    forms = [
        form
        for form in page_forms(html)
        if (form.action or None) == action
        and (css_class is None or css_class in form.attrs.get("class", "").split())
    ]
    assert len(forms) == 1, f"{len(forms)} forms with action {action!r}"
    return forms[0]
