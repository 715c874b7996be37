"""The agents' documentation runs: module doctests and the README's three examples."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

MODULES = ["aec", "gym", "spiel", "policy", "reward"]
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(f"roundhouse.agents.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def readme_examples() -> list[str]:
    text = README.read_text()
    section = text[text.index("## Agents") : text.index("18xx.games documents")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_shows_a_ten_line_example_per_interface() -> None:
    examples = readme_examples()
    assert len(examples) == 3
    for code, name in zip(examples, ("aec_env", "gym_env", "openspiel_game"), strict=True):
        assert name in code and len(code.strip().splitlines()) <= 10


@pytest.mark.slow
@pytest.mark.parametrize("index", range(3))
def test_readme_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(readme_examples()[index], f"README example {index + 1}", "exec"), {})
