"""Arbitrary JSON thrown at ``Game.apply`` and ``roundhouse.load`` for every registered title.

DESIGN.md: bad input raises IllegalAction/MalformedAction (or InvalidSetup for a bad save file)
with a reason, never anything else, and a refused action leaves the state hash unchanged.  A
title that does not import yet is skipped with the reason, so these tests cover each title as
soon as it registers.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY, Title
from roundhouse.harness.roster import registered_ids
from tests import toy_title  # noqa: F401  (registers "Toy")

TITLE_IDS = registered_ids()
NAMES = ["Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal"]
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-3, max_value=40)
    | st.floats()
    | st.text(max_size=8)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def title_or_skip(title_id: str) -> Title:
    try:
        return REGISTRY.get(title_id)
    except Exception as exc:
        pytest.skip(f"{title_id} does not load yet: {type(exc).__name__}: {exc}")


@functools.cache
def positions(title_id: str) -> tuple[Game, ...]:
    """The opening and a few positions a random game passes through, to clone per example."""
    title = REGISTRY.get(title_id)
    game = roundhouse.new_game(title_id, NAMES[: title.players.start], seed=3)
    bot = RandomBot(seed=3)
    out = [game.clone()]
    for step in range(60):
        if game.finished:
            break
        game.apply(bot.choose(game, game.acting[0]))
        if step % 20 == 19:
            out.append(game.clone())
    return tuple(out)


def action_docs(title: Title, players: list[str]) -> st.SearchStrategy[Json]:
    """Action-shaped documents: real kinds, seats and field names with arbitrary values."""
    fields = sorted({f.name for cls in title.actions for f in dataclasses.fields(cls)} - {"player"})
    shaped = st.builds(
        lambda kind, player, body: {"kind": kind, "player": player, **body},
        st.sampled_from([*title.codec.kinds(), "no_such_kind"]) | json_values,
        st.sampled_from(players) | json_values,
        st.dictionaries(st.sampled_from(fields) | st.text(max_size=6), json_values, max_size=5)
        if fields
        else st.just({}),
    )
    return shaped | json_values


def near_misses(game: Game) -> st.SearchStrategy[Json]:
    """A listed move with one field replaced by an arbitrary value."""
    legal = list(game.legal_actions())
    if not legal:
        return st.nothing()
    return st.builds(
        lambda move, value, which: _replace(move.to_json(), which, value),
        st.sampled_from(legal),
        json_values,
        st.integers(min_value=0, max_value=10),
    )


def _replace(doc: dict[str, Json], which: int, value: Json) -> dict[str, Json]:
    key = sorted(doc)[which % len(doc)]
    return {**doc, key: value}


@pytest.mark.parametrize("title_id", TITLE_IDS)
@SETTINGS
@given(data=st.data())
def test_any_title_apply_refuses_arbitrary_documents(title_id: str, data: st.DataObject) -> None:
    """Only IllegalAction/MalformedAction come out; refused leaves the hash; accepted was listed."""
    title = title_or_skip(title_id)
    games = positions(title_id)
    game = data.draw(st.sampled_from(games)).clone()
    players = list(game.players)
    doc = data.draw(action_docs(title, players) | near_misses(game))
    before = game.state_hash()
    legal = game.legal_actions()
    try:
        action = game.apply(doc)  # type: ignore[arg-type]
    except roundhouse.IllegalAction as exc:
        assert str(exc).strip()
        assert game.state_hash() == before
    else:
        assert action in legal, f"{action!r} was accepted but not listed"


@pytest.mark.parametrize("title_id", TITLE_IDS)
@SETTINGS
@given(data=st.data())
def test_any_title_load_refuses_arbitrary_documents(title_id: str, data: st.DataObject) -> None:
    """``load`` of a broken save file raises InvalidSetup or IllegalAction, nothing else."""
    title = title_or_skip(title_id)
    count = data.draw(st.integers(min_value=title.players.start, max_value=title.players.stop - 1))
    players = NAMES[:count]
    shaped = st.fixed_dictionaries(
        {
            "title": st.sampled_from([title_id, title_id.lower()]) | json_values,
            "players": st.just(players) | json_values,
            "actions": st.lists(action_docs(title, players), max_size=4) | json_values,
        },
        optional={"seed": st.integers() | json_values, "options": st.just({}) | json_values},
    )
    doc = data.draw(shaped | json_values)
    try:
        game = roundhouse.load(doc)  # type: ignore[arg-type]
    except (roundhouse.IllegalAction, roundhouse.InvalidSetup) as exc:
        assert str(exc).strip()
    else:
        assert game.title.id == title_id and list(game.players) == doc["players"]  # type: ignore[index]
