"""18xx.games asks for a run's extensions one power at a time (``Step::Route``: the Track
Engineer, then the Coal Depot, then the Coal Creek Mines), and a choice must answer the
question being asked: the writer puts the site's ``<power>/skip/0`` before a choice of a
later power, the reader drops them.  Found by the differential run: "Expected choice for
engineer, got coal_mines" (issue #14)."""

from __future__ import annotations

from roundhouse.titles.g18royalgorge.interop.route_choices import (
    Questions,
    is_route_skip,
    power_of,
)


def test_a_later_power_is_reached_by_skipping_the_questions_before_it() -> None:
    asked = Questions(turn=(2, 1, "RG"), current="engineer", left=["coal_mines", "coal_depot"])
    assert asked.skips_before("coal_mines") == ["engineer/skip/0", "coal_depot/skip/0"]
    # a skipped question goes to the front of the queue and the site asks from the back,
    # so after the answer it asks the first one skipped again
    assert (asked.current, asked.left) == ("engineer", ["coal_depot"])
    assert asked.skips_before("coal_depot") == ["engineer/skip/0"]
    assert (asked.current, asked.left) == ("engineer", [])


def test_the_power_asked_now_needs_no_skip() -> None:
    asked = Questions(turn=(2, 1, "RG"), current="engineer", left=["coal_depot"])
    assert asked.skips_before("engineer") == []
    assert (asked.current, asked.left) == ("coal_depot", [])


def test_choices_are_recognised_by_power() -> None:
    assert power_of("coal_mines/2+-0/1") == "coal_mines"
    assert power_of("engineer/3+-1/1") == "engineer"
    assert power_of("A") is None and power_of("D-30") is None
    assert is_route_skip("engineer/skip/0") and is_route_skip("coal_depot/skip/0")
    assert not is_route_skip("coal_mines/2+-0/1") and not is_route_skip("skip")


def test_reading_drops_the_sites_skips() -> None:
    """A site document's ``engineer/skip/0`` becomes no move of ours; a real choice does."""
    import roundhouse
    from roundhouse.core.flow.actions import Choose
    from roundhouse.interop.translate import TRANSLATORS, SiteAction
    from roundhouse.titles.g18royalgorge.interop.reader import RoyalGorgeReader

    translator = TRANSLATORS.get("18RoyalGorge")
    assert isinstance(translator, RoyalGorgeReader)
    game = roundhouse.new_game("18RoyalGorge", ["A", "B", "C"], seed=1)
    doc = {"type": "choose", "entity": "A", "entity_type": "player", "choice": "engineer/skip/0"}
    assert list(translator.read_choose(SiteAction(doc, 0, 1), game)) == []
    real = {**doc, "choice": "engineer/2+-0/1"}
    (move,) = translator.read_choose(SiteAction(real, 1, 2), game)
    assert isinstance(move, Choose) and move.choice == "engineer/2+-0/1"
