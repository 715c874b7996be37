"""Canonical form shortcuts must not change a digest: an object reached twice is walked once,
read-only mappings in frozen dataclasses are remembered, certificates copy themselves."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import marshal
from collections.abc import Mapping

from roundhouse.core.canonical import canonical, digest
from roundhouse.core.shares import IPO, ShareBook


class Node:
    def __init__(self, label: str) -> None:
        self.label = label
        self.items: list[int] = [1, 2]


class Holder:
    def __init__(self, node: Node) -> None:
        self.first = node
        self.second = node


@dataclasses.dataclass(frozen=True)
class Printed:
    name: str
    reserved: Mapping[str, str] = dataclasses.field(default_factory=dict)
    extra: dict[str, str] = dataclasses.field(default_factory=dict)


def _plain_digest(form: object) -> str:
    return hashlib.blake2b(marshal.dumps(form, 2), digest_size=16).hexdigest()


def test_canonical_object_reached_twice_hashes_as_two_full_copies() -> None:
    shared = Holder(Node("board"))
    apart = Holder(Node("board"))
    apart.second = Node("board")
    assert digest(shared) == digest(apart)
    assert canonical(shared) == {
        "first": {"items": [1, 2], "label": "board"},
        "second": {"items": [1, 2], "label": "board"},
    }


def test_canonical_object_reached_twice_sees_changes_between_digests() -> None:
    holder = Holder(Node("a"))
    before = digest(holder)
    holder.first.items.append(3)
    after = digest(holder)
    assert before != after
    assert after == _plain_digest(
        {"first": {"items": [1, 2, 3], "label": "a"}, "second": {"items": [1, 2, 3], "label": "a"}}
    )


def test_canonical_mapping_field_of_frozen_dataclass_gives_the_same_form_each_time() -> None:
    printed = Printed("B1", {"city": "RG"})
    first = canonical(printed)
    assert canonical(printed) == first == {"extra": {}, "name": "B1", "reserved": {"city": "RG"}}


def test_canonical_dict_field_not_typed_mapping_is_walked_each_time() -> None:
    printed = Printed("B1", {}, {"k": "v"})
    assert canonical(printed) == {"extra": {"k": "v"}, "name": "B1", "reserved": {}}
    printed.extra["k"] = "w"
    assert canonical(printed) == {"extra": {"k": "w"}, "name": "B1", "reserved": {}}


def test_shares_book_copy_is_independent_and_hashes_the_same() -> None:
    book = ShareBook.standard("RG", size=10, owner=IPO)
    book.move("RG_0", "Jim")
    twin = copy.deepcopy(book)
    assert digest(twin) == digest(book)
    assert twin.president == "Jim" and twin.percent_of("Jim") == 20
    twin.move("RG_1", "Derek")
    assert book.percent_of("Derek") == 0 and twin.percent_of("Derek") == 10
    assert all(twin.certs[k] is not c for k, c in book.certs.items())


def test_shares_certificate_held_twice_stays_one_object_in_a_copy() -> None:
    book = ShareBook.standard("RG", size=10)
    state = {"book": book, "last": book.certs["RG_3"]}
    twin = copy.deepcopy(state)
    twin_book = twin["book"]
    assert isinstance(twin_book, ShareBook)
    assert twin["last"] is twin_book.certs["RG_3"]
