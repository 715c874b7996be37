"""The ``>>>`` examples in the view modules run (STYLE.md: docs you can run)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import roundhouse.core.view
import tests.toy_title  # noqa: F401  (the observer's example plays the toy title)

MODULES = [
    *(
        f"roundhouse.core.view.{m.name}"
        for m in pkgutil.iter_modules(roundhouse.core.view.__path__)
    ),
    "roundhouse.titles.chicago_express.view",
    "roundhouse.titles.g18royalgorge.view",
]


@pytest.mark.parametrize("name", MODULES)
def test_view_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    if name.rsplit(".", 1)[-1] not in {"__init__"}:
        assert result.attempted > 0, f"{name} has no examples"
