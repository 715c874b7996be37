"""Issue #20's "raw option names in the lobby": every title names each option and each of its
choices as a player reads them, on the option itself (``OptionSpec.label``,
``choice_labels``), so a lobby, an error or an export note never shows ``unbid_share`` or
``one_plus_present``."""

from __future__ import annotations

import re

import pytest

import roundhouse
from roundhouse.core.title import OptionSpec

API_NAME = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""A name for the API: lower case words joined by underscores."""

OPTIONS = [(t["id"], o) for t in roundhouse.titles() for o in t["options"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("title", "option"), OPTIONS, ids=[f"{t}-{o['name']}" for t, o in OPTIONS])
def test_titles_options_in_a_players_words(title: str, option: dict[str, object]) -> None:
    """The label is words, the description does not say the label again, and each choice has
    words of its own."""
    label, description = str(option["label"]), str(option["description"])
    assert label and not API_NAME.search(label), label
    assert not description.lower().startswith(label.lower()), description
    assert not API_NAME.search(description), description
    choices = option["choices"]
    if choices is not None:
        words = option["choice_labels"]
        assert isinstance(words, list) and isinstance(choices, list)
        assert len(words) == len(choices) and len(set(words)) == len(words)
        assert not any(API_NAME.search(str(w)) for w in words), words


def test_chicago_express_option_choices_in_words() -> None:
    """Chicago Express §8 #4 and #5: the unbid share's fate and the shared hex's cost are
    offered as what they do, not as ``to_auctioneer`` or ``one_plus_present``."""
    info = next(t for t in roundhouse.titles() if t["id"] == "ChicagoExpress")
    options = {o["name"]: o for o in info["options"]}  # type: ignore[attr-defined]
    assert options["unbid_share"]["choice_labels"] == [
        "stays on the charter",
        "goes free to the auctioneer",
    ]
    assert options["shared_hex_cost"]["choice_labels"] == [
        "printed × (1 + companies there)",
        "printed × companies there",
    ]


def test_option_with_text_choices_must_say_them_in_words() -> None:
    """A title cannot declare text choices without their words, nor words that do not pair
    with its choices: the mistake shows when the title is imported, not in a lobby."""
    with pytest.raises(ValueError, match="choice_labels"):
        OptionSpec(name="x", label="X", default="a", description=".", choices=("a", "b"))
    with pytest.raises(ValueError, match="one choice label per choice"):
        OptionSpec(
            name="x",
            label="X",
            default="a",
            description=".",
            choices=("a", "b"),
            choice_labels=("A",),
        )
    numbers = OptionSpec(name="n", label="N", default=3, description=".", choices=(3, 4))
    assert numbers.words(4) == "4"
