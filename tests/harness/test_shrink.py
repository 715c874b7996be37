"""Shrinking: the shortest action prefix of a failing game that still fails."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.harness.case import Case, play, run
from roundhouse.harness.invariants import Failure, Policy
from roundhouse.harness.shrink import replay_checked, shortest_failing_prefix
from tests.harness.broken_titles import BROKEN, registered


def test_harness_shrink_finds_the_first_failing_move_the_sampling_missed() -> None:
    """LateView's view stops being JSON at move 10; sampling every 8th position sees it at 16."""
    with registered(BROKEN["LateView"]) as title:
        case = Case(title=title, players=2, seed=4)
        _, failure, doc = play(case, Policy(first=1, every=8))
        assert failure is not None and failure.check == "view.json"
        assert failure.position == 16
        short, found = shortest_failing_prefix(doc, failure)
        assert found.check == "view.json" and found.position == 10
        actions = short["actions"]
        assert isinstance(actions, list) and len(actions) == 10
        assert actions == doc["actions"][:10]  # type: ignore[index]
        one_less = {**short, "actions": actions[:9]}
        assert replay_checked(one_less)[0] is None


def test_harness_shrink_stops_where_a_listed_move_first_crashes() -> None:
    """Crashing fails on the move taking the pile below 3; the shortest prefix is the first
    position where such a move is listed, one move before the bot actually played one."""
    with registered(BROKEN["Crashing"]) as title:
        case = Case(title=title, players=3, seed=2)
        _, played, _ = play(case)
        outcome = run(case)
        assert played is not None and outcome.failure is not None and outcome.doc is not None
        failure, doc = outcome.failure, outcome.doc
        assert failure.check == "crash" and "KeyError" in failure.message
        actions = doc["actions"]
        assert isinstance(actions, list) and failure.position == len(actions) < played.position
        game = roundhouse.load(doc)
        with pytest.raises(KeyError):
            game.apply(failure.action)  # type: ignore[arg-type]
        assert replay_checked({**doc, "actions": actions[:-1]})[0] is None


def test_harness_replay_stops_quietly_where_the_rules_changed() -> None:
    """A recorded move the title now refuses and does not list ends the replay, no failure."""
    with registered(BROKEN["LateView"]) as title:
        doc = {
            "title": title,
            "players": ["Ann", "Bob"],
            "seed": 0,
            "options": {},
            "actions": [
                {"kind": "take", "player": "Ann", "count": 1},
                {"kind": "take", "player": "Ann", "count": 1},
            ],
        }
        failure, length, complete = replay_checked(doc)
    assert failure is None and length == 1 and not complete


def test_harness_replay_retries_the_failing_move_beyond_the_full_checks_reach() -> None:
    """Full checks nudge only the first listed moves; a saved failure's own move is retried."""
    with registered(BROKEN["Wide"]) as title:
        doc = {"title": title, "players": ["Ann", "Bob"], "seed": 0, "options": {}, "actions": []}
        take21 = {"kind": "take", "player": "Ann", "count": 21}
        seen = Failure(check="legal.incomplete", message="", position=0, action=take21)
        assert replay_checked(doc)[0] is None
        found, length, _ = replay_checked(doc, focus=seen)
    assert found is not None and found.check == "legal.incomplete" and length == 0
