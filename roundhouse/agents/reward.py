"""Rewards from a game's final result, one per seat (given once, when the game ends).

Three readings (the ``reward`` option of every environment):

- ``"rank"`` (default): +1 for first place, -1 for last, evenly spaced between; tied seats
  share the mean of their places.  Zero-sum.
- ``"share"``: the seat's part of all players' final net worth less an equal part
  (``score / sum(scores) - 1 / n``).  Zero-sum, in ``[-1/n, 1 - 1/n]``.
- ``"net_worth"``: the final net worth in units of a player's starting cash (not zero-sum).

A game stopped at the environment's action cap is scored as it stands (each seat's ``score``
in the table: what it would score if the game ended now).

>>> rewards("rank", [120, 80, 80])
[1.0, -0.5, -0.5]
>>> rewards("share", [300, 100], unit=100)
[0.25, -0.25]
>>> rewards("net_worth", [300, 100], unit=100)
[3.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

MODES = ("rank", "share", "net_worth")
NET_WORTH_BOUND = 100.0
"""The largest net worth (in starting-cash units) OpenSpiel's utility range assumes."""


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"unknown reward {mode!r}; rewards are {', '.join(MODES)}")
    return mode


def rewards(
    mode: str, scores: Sequence[float], unit: float = 1.0, winners: Sequence[bool] = ()
) -> list[float]:
    """Each seat's reward for final ``scores`` (in seat order).  ``winners`` (in seat order,
    when the game is over) ranks the seats the game names as winners first, whatever their
    scores (18West §9: the sole solvent player wins a tie at $0).

    >>> rewards("rank", [0, 0, 0], winners=[True, False, False])
    [1.0, -0.5, -0.5]
    """
    n = len(scores)
    if mode == "rank":
        if n < 2:
            return [0.0] * n
        keyed = [(bool(w), s) for w, s in zip(winners or [False] * n, scores, strict=True)]
        out = []
        for s in keyed:
            above = sum(1 for t in keyed if t > s)
            tied = sum(1 for t in keyed if t == s)
            place = above + (tied - 1) / 2  # 0 for first, n - 1 for last
            out.append(1.0 - 2.0 * place / (n - 1))
        return out
    if mode == "share":
        total = float(sum(scores))
        if total <= 0:
            return [0.0] * n
        return [s / total - 1.0 / n for s in scores]
    if mode == "net_worth":
        return [s / unit for s in scores]
    raise ValueError(f"unknown reward {mode!r}; rewards are {', '.join(MODES)}")


def bounds(mode: str, players: int) -> tuple[float, float]:
    """The least and greatest reward a seat can get."""
    if mode == "rank":
        return -1.0, 1.0
    if mode == "share":
        return -1.0 / players, 1.0 - 1.0 / players
    return -NET_WORTH_BOUND, NET_WORTH_BOUND


def zero_sum(mode: str) -> bool:
    return mode != "net_worth"
