"""The invariant checks catch each kind of broken title, and pass a sound one.

Each broken toy title (tests/harness/broken_titles.py) breaks one promise of DESIGN.md's public
API; the fuzz case must fail with that promise's check name.
"""

from __future__ import annotations

import pytest

from roundhouse.harness.case import UNWRITTEN, Case, play, run
from roundhouse.harness.invariants import FULL
from tests.harness.broken_titles import BROKEN, HEALTHY, registered
from tests.harness.broken_titles import UNWRITTEN as UNWRITTEN_TITLE

EXPECTED = {
    "Leaky": "money.conserved",
    "Meddling": "refusal.unchanged",
    "Overlisting": "legal.listed_refused",
    "Trusting": "legal.listed_refused",
    "Underlisting": "legal.incomplete",
    "Crashing": "crash",
    "Stuck": "legal.nonempty",
    "Uneven": "title.invariant",
    "LateView": "view.json",
    "Forgetful": "save.hash",
}


@pytest.mark.parametrize("seed", range(5))
def test_harness_sound_title_passes_every_check(seed: int) -> None:
    with registered(HEALTHY) as title:
        for policy in (None, FULL):
            outcome = (
                run(Case(title=title, players=2 + seed % 2, seed=seed))
                if policy is None
                else run(Case(title=title, players=3, seed=seed), policy)
            )
            assert outcome.failure is None, outcome.failure
            assert outcome.end_reason == "pile_empty"


@pytest.mark.parametrize(("bug", "check"), sorted(EXPECTED.items()))
def test_harness_broken_title_is_caught(bug: str, check: str) -> None:
    """Each bug is found within a few games, under the check that names it."""
    with registered(BROKEN[bug]) as title:
        failures = [run(Case(title=title, players=2, seed=s)).failure for s in range(8)]
    found = [f for f in failures if f is not None]
    assert found, f"{bug} was not caught in 8 games"
    assert {f.check for f in found} == {check}, [str(f) for f in found]


def test_harness_check_that_writes_state_is_caught_on_the_first_position() -> None:
    """A check() that writes to the state shows as soon as a move is refused by the title.

    With every check on, the refusal that changed the state is named.
    """
    with registered(BROKEN["Meddling"]) as title:
        game, failure, doc = play(Case(title=title, players=2, seed=0), FULL)
    assert game is not None and failure is not None
    assert failure.check == "refusal.unchanged", failure
    assert failure.position == 0 and doc["actions"] == []
    assert failure.action is not None and "count" in failure.action  # type: ignore[operator]


def test_harness_endless_game_is_a_failure() -> None:
    with registered(BROKEN["Endless"]) as title:
        outcome = run(Case(title=title, players=2, seed=1), max_actions=300)
    assert outcome.failure is not None and outcome.failure.check == "game.terminates"
    assert outcome.actions == 300
    assert outcome.doc is not None and len(outcome.doc["actions"]) == 300  # type: ignore[arg-type]


def test_a_rule_the_title_declares_unwritten_stops_the_game_without_failing_it() -> None:
    """A ``NotImplementedError`` naming a rule section (the house rule for rules not written
    yet) is counted apart: not shrunk, not a failure, its message kept; a crash stays one."""
    with registered(UNWRITTEN_TITLE) as title:
        outcomes = [run(Case(title=title, players=2, seed=s)) for s in range(4)]
    stopped = [o for o in outcomes if o.unwritten is not None]
    assert stopped and not any(o.failed for o in outcomes)
    assert {o.unwritten for o in stopped} == {"Toy Nim §3: the endgame is not written yet"}
    assert all(o.failure is not None and o.failure.check == UNWRITTEN for o in stopped)
    with registered(BROKEN["Crashing"]) as title:
        assert run(Case(title=title, players=2, seed=0)).failed
