"""Issue #22: the observation vector has a fixed, documented layout read from the views."""

from __future__ import annotations

import numpy as np
import pytest

import roundhouse
from roundhouse.agents.episode import Config, Episode
from roundhouse.agents.observation import LIMIT
from roundhouse.bots import RandomBot
from tests.agents.playable import playable, seatings


@pytest.mark.parametrize(("title", "players"), seatings())
def test_layout_tiles_the_vector(title: str, players: int) -> None:
    features = Config(title, players).features
    at = 0
    for _name, start, size in features.layout():
        assert start == at and size >= 0
        at += size
    assert at == features.size


def test_rows_are_counted_from_the_observer() -> None:
    """Row 0 of ``players`` is the observer: its cash is the observer's own."""
    config = Config("18RoyalGorge", 3)
    episode = Episode(config, seed=1)
    features = config.features
    game = episode.game
    start = dict((n, s) for n, s, _ in features.layout())["players"]
    for seat, player in enumerate(game.players):
        v = episode.observation(seat)
        cash = game.table().player(player).cash or 0
        assert v[start] == pytest.approx(cash / features.unit)


def test_values_stay_in_bounds_through_a_game() -> None:
    config = Config("ChicagoExpress", 4)
    episode = Episode(config, seed=2, bots={s: RandomBot(s) for s in (1, 2, 3)})
    rng = np.random.default_rng(0)
    while not episode.over:
        v = episode.observation(0)
        assert v.dtype == np.float32 and np.all(np.abs(v) <= LIMIT) and np.isfinite(v).all()
        episode.step(int(rng.choice(episode.mask())))


def option_settings() -> list[tuple[str, dict[str, object]]]:
    """Each playable title with its default options, and with each yes/no option flipped."""
    out: list[tuple[str, dict[str, object]]] = []
    for title in playable():
        out.append((title.id, {}))
        out += [
            (title.id, {o.name: not o.default})
            for o in title.options
            if isinstance(o.default, bool)
        ]
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("title", "options"), option_settings())
def test_every_seat_sees_the_same_game(title: str, options: dict[str, object]) -> None:
    """Why OpenSpiel is told the games have perfect information: every view is the same for
    every seat (and for no seat) at positions of random games, in every variant."""
    names = [f"player_{i}" for i in range(3)]
    game = roundhouse.new_game(title, names, seed=1, options=options)
    bot = RandomBot(1)
    while not game.finished and len(game.log) < 250:
        if len(game.log) % 5 == 0:
            public = game.view()
            assert all(game.view(p) == public for p in names)
        game.apply(bot.choose(game, game.acting[0]))
