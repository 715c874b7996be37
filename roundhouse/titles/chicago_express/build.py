"""Route construction: a shareholder places one to three locomotives of a company.

Chicago Express §4.2.  Each locomotive goes next to a hex that already holds one of the same
company (including those placed earlier in this build), never into a hex the company is already
in, never into a forest or mountain another company holds, never into another company's start
hex.  The company's treasury pays the printed cost, multiplied by (1 + companies already there)
for plains, cities, industrial cities and Chicago.  Entering a city, industrial city, mountain or
Chicago raises the company's income by the hex's value (plus its development value if
developed); entering Chicago the first time sets off the Chicago phase after the turn (§5.2).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.titles.chicago_express.actions import (
    ChooseCompany,
    EndBuild,
    PlaceTrain,
    end_build,
    place_train,
)
from roundhouse.titles.chicago_express.board import CHICAGO, EXCLUSIVE_TYPES, FORT_WAYNE, Board
from roundhouse.titles.chicago_express.state import State

MAX_LOCOMOTIVES = 3
"""Locomotives per build (Chicago Express §4.2)."""


def entry_cost(state: State, hex_id: str) -> int:
    """What the next company to enter ``hex_id`` pays (Chicago Express §4.2, §8 #5).

    Forests and mountains only ever take one company, so they cost the printed number.
    """
    info = state.board.hexes[hex_id]
    present = len(state.present.get(hex_id, ()))
    if info.type in EXCLUSIVE_TYPES or present == 0:
        return info.cost
    if state.variant.shared_cost_one_plus:
        return info.cost * (1 + present)
    return info.cost * present


def newcomer_cost(state: State, hex_id: str) -> int | None:
    """What a company not yet in ``hex_id`` would pay to enter it, or None when no such company
    may: a start hex (its owner is there or, for Fort Wayne with option ``fort_wayne_open``
    off, only the Wabash may be; §4.2, §8 #11) or a forest or mountain some company holds.
    For views: a UI shows a price only where one can be paid."""
    info = state.board.hexes[hex_id]
    if hex_id in state.board.start_owner and (
        hex_id != FORT_WAYNE or not state.variant.fort_wayne_open
    ):
        return None
    if info.type in EXCLUSIVE_TYPES and state.present.get(hex_id):
        return None
    return entry_cost(state, hex_id)


def placement_rule(state: State, company_id: str, hex_id: str) -> str | None:
    """The rule key that forbids ``company_id``'s next locomotive in ``hex_id``, or None.

    Cheap (no exception objects); :func:`placement_error` turns the key into the player's
    message.  The rules are checked in the order the messages name them: the hex, the
    charter, the hex's occupants, adjacency, the treasury.
    """
    board = state.board
    info = board.hexes.get(hex_id)
    if info is None:
        return "board.hex"
    company = state.companies[company_id]
    if company.locos_left == 0:
        return "build.trains"
    here = state.present.get(hex_id, ())
    rule = _occupancy_rule(state, company_id, hex_id, here)
    if rule is not None:
        return rule
    present = state.present
    if not any(company_id in present.get(n, ()) for n in board.neighbours[hex_id]):
        return "build.adjacent"
    if entry_cost(state, hex_id) > company.treasury:
        return "build.treasury"
    return None


def _occupancy_rule(state: State, company_id: str, hex_id: str, here: Sequence[str]) -> str | None:
    """What the companies in ``hex_id`` (``here``) forbid ``company_id`` (§4.2): its own
    second locomotive, another company's start hex, a held forest or mountain."""
    if company_id in here:
        return "build.same_hex"
    owner = state.board.start_owner.get(hex_id)
    if owner is not None and owner != company_id:
        if hex_id != FORT_WAYNE:
            return "build.start_hex"
        if not state.variant.fort_wayne_open:
            return "build.fort_wayne"
    if here and state.board.hexes[hex_id].type in EXCLUSIVE_TYPES:
        return "build.exclusive_terrain"
    return None


def placement_error(state: State, company_id: str, hex_id: str) -> IllegalAction | None:
    """Why ``company_id`` may not put its next locomotive in ``hex_id`` now, or None."""
    rule = placement_rule(state, company_id, hex_id)
    if rule is None:
        return None
    cannot = f"{company_id} cannot enter {hex_id}"
    if rule == "board.hex":
        reason = f"{hex_id!r} is not a hex on the board"
    elif rule == "build.trains":
        reason = f"{company_id} has no locomotives left"
    elif rule == "build.same_hex":
        reason = f"{cannot}: it already has a locomotive there"
    elif rule == "build.start_hex":
        reason = f"{cannot}: it is the start hex of {state.board.start_owner[hex_id]}"
    elif rule == "build.fort_wayne":
        reason = f"{cannot}: Fort Wayne is reserved for the Wabash"
    elif rule == "build.exclusive_terrain":
        kind = state.board.hexes[hex_id].type
        reason = f"{cannot}: {kind} already taken by {state.present[hex_id][0]}"
    elif rule == "build.adjacent":
        reason = f"{cannot}: no {company_id} locomotive next to it"
    else:
        reason = (
            f"{company_id} cannot pay ${entry_cost(state, hex_id)} to enter {hex_id}: its "
            f"treasury holds ${state.companies[company_id].treasury}"
        )
    return IllegalAction(reason, rule=rule)


@functools.cache
def _barred(board: Board, fort_wayne_open: bool) -> dict[str, frozenset[str]]:
    """Company -> the start hexes of others it may never enter (§4.2; Fort Wayne too unless
    option ``fort_wayne_open``, §8 #11): the ``build.start_hex`` and ``build.fort_wayne``
    rules of :func:`_occupancy_rule` as a table."""
    return {
        company: frozenset(
            h
            for h, owner in board.start_owner.items()
            if owner != company and (h != FORT_WAYNE or not fort_wayne_open)
        )
        for company in board.charters
    }


@functools.cache
def _exclusive(board: Board) -> frozenset[str]:
    """The forests and mountains: one company each, ever (§4.2)."""
    return frozenset(h for h, info in board.hexes.items() if info.type in EXCLUSIVE_TYPES)


@functools.lru_cache(maxsize=4096)
def _candidates(
    board: Board, company_id: str, hexes: tuple[str, ...], fort_wayne_open: bool
) -> tuple[str, ...]:
    """The hexes next to ``hexes`` (a company's locomotives) that ``company_id`` may enter
    whoever else is there, in board order: none of its own (``build.same_hex``) and no other
    company's start hex (:func:`_barred`).  Kept per company track: every build step asks it
    for each company, and a company's track changes only when it builds."""
    frontier: set[str] = set()
    for hex_id in hexes:
        frontier.update(board.neighbours[hex_id])
    frontier.difference_update(hexes)
    frontier.difference_update(_barred(board, fort_wayne_open)[company_id])
    return tuple(sorted(frontier, key=board.order.__getitem__))


def _open_hexes(state: State, company_id: str) -> Iterator[str]:
    """The hexes ``company_id`` (with a locomotive left) may enter now, in board order.

    :func:`placement_rule` for the hexes next to its locomotives (on the board and adjacent
    by construction), with its occupancy and cost rules read from tables: move listing asks
    this for every company at every build step.  ``tests/chicago_express/test_build.py``
    checks the two agree at random positions."""
    board = state.board
    hexes = board.hexes
    present = state.present
    company = state.companies[company_id]
    treasury = company.treasury
    one_plus = state.variant.shared_cost_one_plus
    exclusive = _exclusive(board)
    fort_wayne_open = state.variant.fort_wayne_open
    for hex_id in _candidates(board, company_id, tuple(company.hexes), fort_wayne_open):
        here = present.get(hex_id)
        cost = hexes[hex_id].cost
        if here:
            if hex_id in exclusive:
                continue
            cost *= len(here) + 1 if one_plus else len(here)  # as entry_cost
        if cost <= treasury:
            yield hex_id


def placements(state: State, company_id: str) -> list[str]:
    """Every hex the company may enter next, in board order."""
    if state.companies[company_id].locos_left == 0:
        return []
    return list(_open_hexes(state, company_id))


def can_place(state: State, company_id: str) -> bool:
    """Whether the company has at least one hex it may enter now."""
    if state.companies[company_id].locos_left == 0:
        return False
    return next(_open_hexes(state, company_id), None) is not None


def company_rule(state: State, company_id: str, player: PlayerId) -> str | None:
    """The rule key that forbids ``player`` to build for ``company_id`` now, or None
    (§4.2); :func:`company_error` words it."""
    company = state.companies.get(company_id)
    if company is None:
        return "build.company"
    if not company.open:
        return "build.closed"
    if company.holders.get(player, 0) == 0:
        return "build.shareholder"
    if company.locos_left == 0:
        return "build.trains"
    if not can_place(state, company_id):
        return "build.nowhere"
    return None


def company_error(state: State, action: ChooseCompany) -> IllegalAction | None:
    rule = company_rule(state, action.company, action.player)
    if rule is None:
        return None
    if rule == "build.company":
        return IllegalAction(f"there is no company {action.company!r}", rule=rule)
    if rule == "build.closed":
        return IllegalAction(
            f"{action.company} is not open yet: it opens when a company first reaches Chicago",
            rule=rule,
        )
    if rule == "build.shareholder":
        return IllegalAction(f"{action.player} holds no share of {action.company}", rule=rule)
    if rule == "build.trains":
        return IllegalAction(f"{action.company} has no locomotives left", rule=rule)
    treasury = state.companies[action.company].treasury
    return IllegalAction(
        f"{action.company} has no hex it can enter and pay for (treasury ${treasury})", rule=rule
    )


def step_error(state: State, action: PlaceTrain | EndBuild) -> IllegalAction | None:
    building = state.building
    assert building is not None
    if action.company != building:
        return IllegalAction(
            f"this build is for {building}, not {action.company}", rule="build.company"
        )
    if isinstance(action, EndBuild):
        if not state.placed:
            return IllegalAction(
                f"{building} must place at least one locomotive", rule="build.limit"
            )
        return None
    return placement_error(state, building, action.hex)


def legal(state: State) -> list[Action]:
    building = state.building
    assert building is not None
    player = state.players[state.current]
    moves: list[Action] = [place_train(player, building, h) for h in placements(state, building)]
    if state.placed:
        moves.append(end_build(player, building))
    return moves


def place(state: State, action: PlaceTrain) -> bool:
    """Pay for and place one locomotive; the third one ends the build (True: the turn
    goes on, :func:`~.turn.finish_turn`)."""
    company = state.companies[action.company]
    cost = entry_cost(state, action.hex)
    company.treasury -= cost
    state.bank_net -= cost
    state.build_spent += cost
    state.add_locomotive(company, action.hex)
    state.placed.append(action.hex)
    if action.hex == CHICAGO and not company.chicago_paid:
        state.pending_chicago.append(company.id)
    if len(state.placed) == MAX_LOCOMOTIVES:
        finish(state)
        return True
    return False


def finish(state: State) -> None:
    """Log the build and end it (the turn goes on, :func:`~.turn.finish_turn`).  Nothing
    changes hex values during a build, so the income it added is the current value of the
    hexes it entered."""
    building = state.building
    assert building is not None
    income = state.companies[building].income
    before = income - sum(state.hex_value(h) for h in state.placed)
    state.emit(
        "build",
        f"{building} builds to {', '.join(state.placed)} for ${state.build_spent}: "
        f"income ${before} → ${income}",
        company=building,
        hexes=list(state.placed),
        cost=state.build_spent,
        income=income,
    )
    state.building = None
    state.placed = []
