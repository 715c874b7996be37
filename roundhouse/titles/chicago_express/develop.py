"""Development: a house on a city, mountain or forest, or a step on the Industrial City track.

Chicago Express §4.3.  A city or mountain raises the income of every company present by its
development value; a forest pays the company present $2 from the bank; Wheeling and Pittsburgh
move their track marker (Wheeling +1 up to 6, Pittsburgh +2 up to 8) and every company present
gains the increase; Detroit cannot be developed by players.  By default a hex can only be
developed where some company has a locomotive (option ``develop_requires_presence``, §8 #6).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.titles.chicago_express.actions import Develop, develop_move
from roundhouse.titles.chicago_express.state import State


def uses_house(state: State, hex_id: str) -> bool:
    """Ordinary hexes take a house from the supply; the industrial track only if the option
    says so (Chicago Express §4.3, §8 #9)."""
    return hex_id not in state.board.industrial or state.variant.industrial_uses_house


def develop_rule(state: State, hex_id: str) -> str | None:
    """The rule key that forbids developing ``hex_id`` now, or None (§4.3);
    :func:`develop_error` words it."""
    board = state.board
    info = board.hexes.get(hex_id)
    if info is None:
        return "board.hex"
    track = board.industrial.get(hex_id)
    if track is not None and not track.player_developable:
        return "develop.detroit"
    if not info.developable:
        return "develop.target"
    if track is not None:
        if state.track[hex_id] >= track.max:
            return "develop.track_full"
    elif hex_id in state.developed:
        return "develop.already"
    if state.variant.develop_requires_presence and not state.present.get(hex_id):
        return "develop.presence"
    if uses_house(state, hex_id) and state.houses == 0:
        return "develop.supply"
    return None


def develop_error(state: State, hex_id: str) -> IllegalAction | None:
    """Why ``hex_id`` may not be developed now, or None."""
    rule = develop_rule(state, hex_id)
    if rule is None:
        return None
    if rule == "board.hex":
        return IllegalAction(f"{hex_id!r} is not a hex on the board", rule=rule)
    info = state.board.hexes[hex_id]
    if rule == "develop.detroit":
        return IllegalAction(
            f"{info.name or hex_id} develops by itself after each dividend; players cannot "
            "develop it",
            rule=rule,
        )
    if rule == "develop.target":
        what = "Chicago" if info.type == "chicago" else f"a {info.type} hex"
        return IllegalAction(
            f"{hex_id} is {what}: only cities, mountains, forests, Wheeling and Pittsburgh "
            "can be developed",
            rule=rule,
        )
    if rule == "develop.track_full":
        top = state.board.industrial[hex_id].max
        return IllegalAction(f"{info.name} is already at the top of its track (${top})", rule=rule)
    if rule == "develop.already":
        return IllegalAction(f"{hex_id} is already developed", rule=rule)
    if rule == "develop.presence":
        return IllegalAction(
            f"{hex_id} has no locomotive in it: only a hex with a company can be developed",
            rule=rule,
        )
    return IllegalAction("no houses are left in the supply", rule=rule)


def legal(state: State) -> list[Action]:
    player = state.players[state.current]
    candidates = state.present if state.variant.develop_requires_presence else state.board.hexes
    return [
        develop_move(player, h)
        for h in state.board.developable
        if h in candidates and develop_rule(state, h) is None
    ]


def apply(state: State, action: Develop) -> None:
    hex_id = action.hex
    info = state.board.hexes[hex_id]
    here = state.present.get(hex_id, [])
    if uses_house(state, hex_id):
        state.houses -= 1
    track = state.board.industrial.get(hex_id)
    if track is not None:
        before = state.track[hex_id]
        state.track[hex_id] = min(track.max, before + track.step)
        state.raise_income(here, state.track[hex_id] - before)
        state.emit(
            "develop",
            f"{action.player} develops {info.name}: its value rises to ${state.track[hex_id]}",
            hex=hex_id,
        )
        return
    state.developed.add(hex_id)
    if info.type == "forest":
        for company in here:
            state.companies[company].treasury += info.dev
            state.bank_net += info.dev
        who = f"; {here[0]} receives ${info.dev}" if here else ""
        state.emit("develop", f"{action.player} develops forest {hex_id}{who}", hex=hex_id)
        return
    state.raise_income(here, info.dev)
    state.emit(
        "develop",
        f"{action.player} develops {hex_id}: +${info.dev} income for {', '.join(here) or 'nobody'}",
        hex=hex_id,
    )
