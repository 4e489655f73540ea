"""This process's cache of whole pages and reads (``CACHES["pages"]``,
``config.cache.LocalCopiesCache``): what is kept comes back as it was kept, whatever a caller
does with what it was handed."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches

from config.cache import LocalCopiesCache


@pytest.fixture
def copies():
    cache = LocalCopiesCache("test-copies", {"OPTIONS": {"MAX_ENTRIES": 3}})
    cache.clear()
    yield cache
    cache.clear()


def test_the_pages_cache_is_the_one_that_keeps_copies():
    assert isinstance(caches["pages"], LocalCopiesCache)


def test_a_body_and_its_headers_come_back_as_kept_without_a_copy(copies):
    body = b"x" * 200_000
    copies.set("read", (body, (("Content-Type", "application/json"), ("Vary", "Cookie"))))
    found = copies.get("read")
    assert found == (body, (("Content-Type", "application/json"), ("Vary", "Cookie")))
    assert found[0] is body  # handed out as kept: nothing to copy on a hit


def test_a_value_that_could_change_is_handed_out_as_a_copy(copies):
    copies.set("list", [{"name": "Ann"}, (1, [2])])
    handed = copies.get("list")
    handed[0]["name"] = "Bob"
    handed[1][1].append(3)
    handed.append("more")
    assert copies.get("list") == [{"name": "Ann"}, (1, [2])]
    # A tuple holding a list could change too.
    kept = (b"body", ["part"])
    copies.set("tuple", kept)
    copies.get("tuple")[1].append("other")
    assert copies.get("tuple") == (b"body", ["part"])


def test_it_expires_adds_counts_deletes_and_stays_within_its_entries(copies):
    copies.set("gone", b"soon", timeout=0.05)
    assert copies.add("kept", "first")
    assert not copies.add("kept", "second")
    copies.set("n", 1)
    assert copies.incr("n", 2) == 3
    assert copies.get("n") == 3
    time.sleep(0.1)
    assert copies.get("gone") is None
    copies.delete("n")
    assert copies.get("n", "none") == "none"
    for i in range(5):
        copies.set(f"page{i}", b"page")
    assert sum(copies.get(f"page{i}") is not None for i in range(5)) <= 3
    assert copies.get("page4") == b"page"  # the newest stays
    with pytest.raises(ValueError):
        copies.incr("missing")
