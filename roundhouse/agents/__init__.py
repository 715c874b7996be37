"""Every title as the environments AI research uses: PettingZoo, Gymnasium and OpenSpiel.

Install the extra first (``pip install roundhouse[agents]``); ``import roundhouse`` never
imports these libraries, and this package imports each one only when its entry point is
called.

- :func:`aec_env`: a PettingZoo AEC environment, one agent per seat (:mod:`.aec`);
- :func:`gym_env`: a Gymnasium environment for one seat, the others played by our bots
  (:mod:`.gym`);
- :func:`openspiel_game`: an OpenSpiel game, registered with ``pyspiel`` by name
  (:mod:`.spiel`).

All three share the factored action space (:mod:`.tokens`, :mod:`.decision`), the observation
vector (:mod:`.observation`) and the rewards (:mod:`.reward`); ``docs/agents.md`` documents
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from roundhouse.core.title import OptionValue

if TYPE_CHECKING:
    from roundhouse.agents.aec import RoundhouseAEC
    from roundhouse.agents.gym import RoundhouseGym


def aec_env(
    title: str,
    players: int,
    seed: int = 0,
    *,
    options: Mapping[str, OptionValue] | None = None,
    reward: str = "rank",
    max_actions: int | None = None,
    render_mode: str | None = None,
) -> RoundhouseAEC:
    """A PettingZoo AEC environment of ``title`` for ``players`` seats (``player_0`` …).

    ``seed`` is the first game's seed (``reset(seed=s)`` picks another); ``reward`` is
    ``"rank"``, ``"share"`` or ``"net_worth"``; ``max_actions`` caps a game's moves.
    """
    from roundhouse.agents.aec import RoundhouseAEC
    from roundhouse.agents.episode import MAX_ACTIONS

    return RoundhouseAEC(
        title,
        players,
        seed,
        options=options,
        reward=reward,
        max_actions=max_actions or MAX_ACTIONS,
        render_mode=render_mode,
    )


def gym_env(
    title: str,
    players: int,
    seat: int = 0,
    opponents: str = "heuristic",
    *,
    options: Mapping[str, OptionValue] | None = None,
    reward: str = "rank",
    max_actions: int | None = None,
    illegal: str = "random",
    render_mode: str | None = None,
) -> RoundhouseGym:
    """A Gymnasium environment: the agent plays ``seat``, bots of level ``opponents`` the rest.

    ``illegal`` says what a token outside the mask does: ``"random"`` plays a random legal
    token instead (``info["illegal"]`` says so), ``"raise"`` raises ``ValueError``.
    """
    from roundhouse.agents.episode import MAX_ACTIONS
    from roundhouse.agents.gym import RoundhouseGym

    return RoundhouseGym(
        title,
        players,
        seat,
        opponents,
        options=options,
        reward=reward,
        max_actions=max_actions or MAX_ACTIONS,
        illegal=illegal,
        render_mode=render_mode,
    )


def openspiel_game(title: str, players: int, **params: Any) -> Any:
    """The OpenSpiel game of ``title`` for ``players`` (a ``pyspiel.Game``).

    Every title is registered with ``pyspiel`` as ``roundhouse_<id>``
    (``roundhouse_chicagoexpress``, ``roundhouse_18royalgorge``) once this function or
    :mod:`roundhouse.agents.spiel` is used; ``params`` are the game's other parameters
    (``reward``, ``setups``, ``max_actions``).
    """
    from roundhouse.agents.spiel import load

    return load(title, players, **params)


__all__ = ["aec_env", "gym_env", "openspiel_game"]
