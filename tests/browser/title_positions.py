"""Positions of the later titles for the browser tests, reached by heuristic bots: the first
position of a seeded game that offers a kind of move (an 18USA short sale, a merger), saved
as the documents the web app imports."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from roundhouse.bots import make_bot
from roundhouse.core.game import new_game

NAMES = ("Ann", "Bob", "Cy", "Dee")


Wanted = Callable[[frozenset[str], str], bool]
"""Whether a position is wanted, from the kinds of move on offer and the prompt's step."""


def first_positions(
    title: str, seed: int, wanted: Mapping[str, Wanted], limit: int
) -> dict[str, dict]:
    """Name -> the game document at the first position ``wanted[name]`` accepts (bots of the
    heuristic level play on until every one is found, at most ``limit`` moves).  The bots'
    choices may differ from run to run, so a test asks for what it needs, not for a move
    number."""
    game = new_game(title, list(NAMES), seed, {})
    bots = {n: make_bot("heuristic", seed + i) for i, n in enumerate(NAMES)}
    found: dict[str, dict] = {}
    while len(found) < len(wanted) and len(game.log) < limit and not game.finished:
        offered = frozenset(a.kind for a in game.legal_actions())
        step = game.observe().prompt.step
        for name, accepts in wanted.items():
            if name not in found and accepts(offered, step):
                found[name] = game.to_doc()
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    missing = sorted(wanted.keys() - found.keys())
    assert not missing, f"{title} seed {seed}: no position for {missing}"
    return found


@functools.cache
def usa_positions() -> Mapping[str, dict]:
    """18USA, four players, seed 5: the first stock round's first turn, where any company may
    be started (§11.6); the first short sale on offer (§11.2); the first loan a company may
    take (§9); the merger round's first conversion or merger (§14.1); the first loan
    repayment (§12.9)."""
    wanted: dict[str, Wanted] = {
        "start": lambda kinds, step: step == "stock" and "bid" in kinds,
        "short": lambda kinds, step: "short" in kinds,
        "loan": lambda kinds, step: "take_loan" in kinds,
        "merge": lambda kinds, step: bool({"merge", "convert"} & kinds),
        "payoff_loan": lambda kinds, step: "payoff_loan" in kinds,
    }
    return first_positions("18USA", 5, wanted, 600)


@functools.cache
def us_with_trains() -> dict:
    """18US, four players, seed 5: the first position where a company owns two trains (bought
    in its first operating turn, §6)."""
    game = new_game("18US", list(NAMES), 5, {})
    bots = {n: make_bot("heuristic", 5 + i) for i, n in enumerate(NAMES)}
    while not any(len(c.trains) > 1 for c in game.observe().table.companies):
        assert len(game.log) < 300 and not game.finished, "18US seed 5: no company bought a train"
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    return game.to_doc()


@functools.cache
def usa_into_acquisition() -> tuple[Mapping[str, object], str]:
    """18USA, three players, random bots (seed 302): the game document just after the first
    price move that leaves a company in a grey acquisition space (18USA stock market: "in
    acquisition", §14.2.2), and that company."""
    players = list(NAMES[:3])
    game = new_game("18USA", players, 302, {})
    bots = {n: make_bot("random", 302 + i) for i, n in enumerate(players)}
    while len(game.log) < 1500 and not game.finished:
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
        for event in game.events(len(game.log) - 1)[0]:
            company = str(event.data.get("company", ""))
            if event.kind == "price" and "acquisition" in game.state.market.zones(company):  # type: ignore[attr-defined]
                return game.to_doc(), company
    raise AssertionError("18USA seed 302: no company went into acquisition")


@functools.cache
def royal_gorge_gold() -> dict:
    """18RoyalGorge, three players, heuristic bots (seed 7): the first position where a
    railroad may ship a gold cube from a hex of its run ("Shipping Gold")."""
    return first_positions("18RoyalGorge", 7, {"gold": lambda kinds, step: step == "gold"}, 2000)[
        "gold"
    ]
