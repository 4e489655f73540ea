"""``{% filter full_stop %}…{% endfilter %}`` around a sentence that may end with a time:
one period after "p.m.", not two (``entries.sentences``)."""

from __future__ import annotations

from django import template

from entries.sentences import one_full_stop

register = template.Library()


@register.filter(is_safe=True)
def full_stop(text: str) -> str:
    return one_full_stop(str(text).rstrip())
