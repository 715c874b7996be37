"""Land Grants and Destinations (18West §8): the x2 token that leads a Land Grant Company's
track, its mandatory first tile (§8.2), government subsidies (§7.5.3, §8.1), terrain the
President makes up (§8.3), conversion to a Public Company (§7.2, §8.6, §8.9), abandonment
from Phase 5 (§8.7) and the Land Grants of companies unstarted at Phase 5 (§8.8).

Where the rulebook leaves a choice to the President (which hex the x2 token moves to,
whether to abandon), :class:`LandGrantStep` lists it as a ``choose`` action.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.board_map import UNLIMITED, BoardMap
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.graph import compute_reach
from roundhouse.core.hexgrid import opposite
from roundhouse.core.shares import IPO
from roundhouse.core.tiles import Colour, StopKind
from roundhouse.core.track import Allowance, TileLay, TrackRules, iter_tile_lays
from roundhouse.titles.g18west.autopilot import PERMISSION_STEP, WestOperatingRound
from roundhouse.titles.g18west.board import all_land_grants, destinations, homes_of
from roundhouse.titles.g18west.choice_step import ChoiceStep
from roundhouse.titles.g18west.data import LAND_GRANT, NP, PUBLIC
from roundhouse.titles.g18west.state import WestGame

SUBSIDY = 30
SUBSIDY_MOUNTAIN = 10
SUBSIDY_TOWN = 10
"""§7.5.3: "$30 each time it places a yellow tile in its Land Grant, plus $10 if the hex
contains a Mountain ($40) and $10 if the hex contains a Town"."""

OPEN_PHASE_STATUS = "grants_open"
"""§14.1 Phase 3: "Companies may lay track in other Companies' Land Grant hexes without
permission"."""

ABANDON_STATUS = "abandon"
"""§8.7: "by the start of Phase 5 may abandon its Land Grant"."""

MINNEAPOLIS = "D23"
"""§8.9: the NP "converts ... if it can trace a route from Minneapolis to Portland"."""

NO_GRANT_PHASE = "5"
"""§8.8: Land Grant Companies unstarted when Phase 5 commences start as Public Companies."""


# -- whose grant -----------------------------------------------------------------------


def has_grant(game: WestGame, company: str) -> bool:
    """The company's Land Grant still counts: it is a Land Grant Company, or unstarted
    before Phase 5 (§8.8)."""
    if game.corps[company].started:
        return game.is_land_grant(company)
    return NO_GRANT_PHASE not in game.phases_reached()


def grant_owners(game: WestGame, hex_name: str) -> list[str]:
    """The companies whose Land Grant ``hex_name`` is, while their grants count."""
    return [c for c, hexes in all_land_grants().items() if hex_name in hexes and has_grant(game, c)]


def grant_open(game: WestGame, corp_id: str, hex_name: str) -> bool:
    """§8.1: "Until Phase 3 has started, a Company may only lay a tile or place a Doubling
    token in a Land Grant hex if the President of the Company that owns the Land Grant gives
    permission to do so.  If two Companies own the Land Grant for the hex, either of their
    Presidents may give this permission."  A President permits their own companies; other
    Presidents are asked (:class:`PermissionStep`) and their answer holds for the turn."""
    if OPEN_PHASE_STATUS in game.depot.phases.current.status:
        return True
    owners = grant_owners(game, hex_name)
    if not owners or corp_id in owners:
        return True
    boss = game.books[corp_id].president
    if boss is not None and any(game.books[c].president == boss for c in owners):
        return True
    return any(owner in owners for owner in permitted_now(game, corp_id))


def permission_answers(game: WestGame) -> tuple[tuple[str, str, bool], ...]:
    turn, answers = game.permission
    return answers if turn == _turn(game) else ()


def permitted_now(game: WestGame, corp_id: str) -> frozenset[str]:
    """The Land Grant Companies whose Presidents permitted ``corp_id`` this turn."""
    return frozenset(o for c, o, yes in permission_answers(game) if c == corp_id and yes)


def askable(game: WestGame, corp_id: str) -> list[str]:
    """Land Grant Companies whose permission ``corp_id`` may ask now (§8.1): before Phase 3,
    with a President other than its own, not asked yet this turn, and with grant hexes the
    company's track touches."""
    if OPEN_PHASE_STATUS in game.depot.phases.current.status:
        return []
    boss = game.books[corp_id].president
    asked = {o for c, o, _ in permission_answers(game) if c == corp_id}
    assert isinstance(game.map, BoardMap)
    touched = game.map.graph.reach(corp_id).hexes
    out = []
    for owner, hexes in sorted(all_land_grants().items()):
        if owner == corp_id or owner in asked or not has_grant(game, owner):
            continue
        them = game.books[owner].president
        if them is None or them == boss or not (hexes & touched):
            continue
        out.append(owner)
    return out


# -- the destination -------------------------------------------------------------------


def destination_done(game: WestGame, corp_id: str) -> bool:
    """The company has a route between its base City (the NP: Minneapolis) and its
    Destination City (§2.2.2, §8.9)."""
    dest = destinations().get(corp_id)
    if dest is None:
        return False
    board = game.map_board()
    if corp_id == NP:

        def from_minneapolis() -> bool:
            alone = copy.deepcopy(board)
            for home in homes_of(NP):
                if home.hex != MINNEAPOLIS and NP in alone.hexes[home.hex].tokens[home.city]:
                    alone.remove_token(home.hex, home.city, NP)
            return any(h == dest for h, _ in compute_reach(alone, NP).stops)

        return board.derived.get(("18West NP destination", board.version), from_minneapolis)
    else:
        assert isinstance(game.map, BoardMap)
        reach = game.map.graph.reach(corp_id)
    return any(h == dest for h, _ in reach.stops)


def destination_open(game: WestGame, company: str) -> bool:
    """§7.4: whether other companies may place station tokens in ``company``'s Destination
    City: once it has connected or abandoned, or its grant no longer counts."""
    if not has_grant(game, company):
        return True
    return company in game.x2_stations or company in game.abandoned


# -- track -----------------------------------------------------------------------------


def _raw_rules(game: WestGame) -> TrackRules:
    """§8: the phase's yellow and green tiles, the colours a Land Grant Company lays.  One
    object per colour set (kept in the board's derived cache, like core's
    ``BoardMap._track_rules``), so that its cache of which tile may replace which lasts."""
    assert isinstance(game.map, BoardMap)
    upgrades, reach = game.map.upgrades, game.map.lay_reach
    colours = frozenset({Colour.YELLOW, Colour.GREEN}) & frozenset(
        Colour.parse(c) for c in game.depot.phases.current.tiles
    )
    return game.map.derived.get(
        ("18West raw rules", colours, id(upgrades), reach),
        lambda: TrackRules(upgrades=upgrades, colours=colours, reach=reach),
    )


def _raw_lays(game: WestGame, corp_id: str, hexes: set[str] | frozenset[str]) -> list[TileLay]:
    """Every lay in ``hexes`` before the lay rules and cash, in listing order.  The track
    search looks at those hexes only (the rest of the company's reach is skipped, which
    leaves the lays in ``hexes`` as they are)."""
    assert isinstance(game.map, BoardMap)
    elsewhere = game.map.graph.reach(corp_id).hexes - hexes
    allowance = Allowance(
        cash=UNLIMITED, stub_waived=stub_waived(game, corp_id), skip_hexes=frozenset(elsewhere)
    )
    return [
        lay
        for lay in iter_tile_lays(
            game.map.board, game.map.graph, corp_id, allowance, _raw_rules(game)
        )
        if lay.hex in hexes
    ]


def _owed_lays(game: WestGame, corp_id: str) -> dict[str, int]:
    """Mandatory hex -> the full terrain cost of its cheapest lay (:func:`mandatory_hexes`,
    :func:`mandatory_cost`), worked out once per board, phase and open x2 hexes."""
    if not game.is_land_grant(corp_id) or game.lg_turn_free.get(corp_id) == _turn(game):
        return {}
    assert isinstance(game.map, BoardMap)
    if game.map.laid_now(game, corp_id):
        return {}
    # §8.1: an x2 hex in a grant closed to the company is no legal lay there
    hexes = {h for h in game.doubling.get(corp_id, []) if grant_open(game, corp_id, h)}
    board = game.map.board
    key = (
        "18West mandatory",
        board.version,
        corp_id,
        game.depot.phases.current.name,
        tuple(sorted(hexes)),
    )

    def cheapest() -> dict[str, int]:
        out: dict[str, int] = {}
        for lay in _raw_lays(game, corp_id, hexes):
            out[lay.hex] = min(lay.cost, out.get(lay.hex, lay.cost))
        return out

    return board.derived.get(key, cheapest)


def mandatory_hexes(game: WestGame, corp_id: str) -> frozenset[str]:
    """§8.2: the hexes where the first tile of the turn must go - those of the company's x2
    tokens with a legal lay - or none (no legal lay there, or the Destination Route already
    completed at the start of the turn)."""
    return frozenset(_owed_lays(game, corp_id))


def mandatory_cost(game: WestGame, corp_id: str) -> int | None:
    """§8.3: the terrain the cheapest lay in a mandatory hex costs in all (treasury and
    President together), or None when no lay is owed."""
    return min(_owed_lays(game, corp_id).values(), default=None)


def _turn(game: WestGame) -> tuple[int, int]:
    return (game.set_count, game.or_in_set)


def lay_allowed(game: WestGame, corp_id: str, lay: TileLay) -> bool:
    if not game.is_land_grant(corp_id):
        return True
    must = mandatory_hexes(game, corp_id)
    if must and lay.hex not in must:
        return False
    if corp_id == NP and not np_lay_fits(game, np_bases_for(game, lay)):
        return False
    return lay.cost <= game.ledger.cash(corp_id) + _president_cash(game, corp_id)


# -- the NP's two tiles from each base (§8.9) -------------------------------------------

NP_LAYS_PER_BASE = 2
"""§8.9: "The NP may lay or upgrade up to two tiles from each of its base station tokens"."""


def np_bases_for(game: WestGame, lay: TileLay) -> frozenset[str]:
    """The NP base Cities (hex names) from whose station token alone a route reaches the
    track of ``lay`` (asked before the lay: a route reaches a hexside the new tile uses;
    after it: a route runs onto the new tile)."""
    board = game.map_board()

    def from_each() -> dict[str, dict[str, frozenset[int]]]:
        out: dict[str, dict[str, frozenset[int]]] = {}
        bases = [h for h in homes_of(NP) if NP in board.hexes[h.hex].tokens.get(h.city, [])]
        for base in bases:
            alone = copy.deepcopy(board)
            for other in bases:
                if other != base:
                    alone.remove_token(other.hex, other.city, NP)
            out[base.hex] = compute_reach(alone, NP).edges
        return out

    reach = board.derived.get(("18West NP bases", board.version), from_each)
    exits = board.tiles[lay.tile].exits(lay.rotation)
    return frozenset(
        base for base, edges in reach.items() if edges.get(lay.hex, frozenset()) & exits
    )


def np_lays_now(game: WestGame) -> list[frozenset[str]]:
    """The bases each of the NP's lays this turn could count against."""
    turn, lays = game.np_lays
    return list(lays) if turn == _turn(game) else []


def np_lay_fits(game: WestGame, bases: frozenset[str]) -> bool:
    """§8.9: the turn's lays, with one more reached from ``bases``, can each be counted
    against a base that reaches it with no base counting more than two (a lay reached by
    neither base alone counts against either)."""
    lays = [*np_lays_now(game), bases]
    homes = sorted({h.hex for h in homes_of(NP)})
    for base in homes:
        only = sum(1 for b in lays if b == frozenset({base}))
        if only > NP_LAYS_PER_BASE:
            return False
    return len(lays) <= NP_LAYS_PER_BASE * len(homes)


def np_record_lay(game: WestGame, lay: TileLay) -> None:
    """Count a lay just made against the bases whose routes now run onto it."""
    game.np_lays = (_turn(game), (*np_lays_now(game), np_bases_for(game, lay)))


def position_key(game: WestGame, corp_id: str) -> Hashable:
    grants = (
        permitted_now(game, corp_id),
        tuple(game.books[c].president for c in sorted(all_land_grants())),
    )
    if not game.is_land_grant(corp_id):
        return grants
    return (
        grants,
        tuple(game.doubling.get(corp_id, ())),
        tuple(tuple(sorted(b)) for b in np_lays_now(game)) if corp_id == NP else (),
        game.lg_turn_free.get(corp_id) == _turn(game),
        game.ledger.cash(corp_id),
        _president_cash(game, corp_id),
    )


def _president_cash(game: WestGame, corp_id: str) -> int:
    boss = game.books[corp_id].president
    return 0 if boss is None else game.ledger.cash(boss)


def terrain(game: WestGame, corp_id: str, lay: TileLay, cost: int) -> int:
    """§8.3: what the Land Grant Company's treasury pays; the President makes up the rest
    (:func:`after_lay`)."""
    if not game.is_land_grant(corp_id):
        return cost
    return min(cost, game.ledger.cash(corp_id))


def after_lay(game: WestGame, corp_id: str, lay: TileLay) -> None:
    """The President's part of the terrain (§8.3) and the subsidy (§7.5.3)."""
    if not game.is_land_grant(corp_id):
        return
    if corp_id == NP:
        np_record_lay(game, lay)
    board = game.map_board()
    here = board.hexes[lay.hex]
    printed_cost = here.printed.cost if not lay.upgrade else 0
    short = printed_cost - lay.cost
    if short > 0:
        boss = game.books[corp_id].president
        assert boss is not None and game.ledger.cash(boss) >= short, (
            "§8.3: a lay is listed only when the treasury and the President can pay it "
            "(:mod:`.mandatory_lay` raises the money first)"
        )
        game.ledger.transfer(boss, BANK, short)
        game.emit("terrain", f"{boss} pays ${short} of {corp_id}'s terrain", company=corp_id)
    if lay.upgrade or lay.hex in game.subsidised:
        return
    if lay.hex not in all_land_grants().get(corp_id, frozenset()):
        return
    amount = SUBSIDY
    if here.printed.terrain == "mountain":
        amount += SUBSIDY_MOUNTAIN
    if any(s.kind is StopKind.TOWN for s in board.tiles[lay.tile].stops):
        amount += SUBSIDY_TOWN
    game.subsidised.add(lay.hex)
    game.subsidy_due[corp_id] = game.subsidy_due.get(corp_id, 0) + amount
    rnd = game.round
    if isinstance(rnd, OperatingRound) and rnd.revenue is not None:
        # no train to run (core's route step has set the earnings to $0): "a Land Grant
        # Company without any trains may still earn revenue" (§7.5)
        rnd.revenue += amount
    game.emit("subsidy", f"{corp_id} earns a ${amount} subsidy in {lay.hex}", company=corp_id)


def x2_into_circle(game: WestGame, hex_name: str) -> None:
    """§8.6: an x2 token waiting at the edge of a Destination tile "immediately occupies the
    second City circle" when the tile upgrades and acquires one ("another company may not
    claim it").  Also keeps every x2 station's City named as the new tile names it."""
    board = game.map_board()
    here = board.hexes[hex_name]
    for company, stations in game.x2_stations.items():
        for i, (h, city) in enumerate(stations):
            if h != hex_name:
                continue
            if company in board.beside_of(h, city):
                free = [c for c in here.tokens if board.open_slots(h, c, company) > 0]
                if not free:
                    continue
                target = city if city in free else free[0]
                board.remove_beside(h, city, company)
                board.place_token(h, target, company)
                stations[i] = (h, target)
                game.emit("x2", f"{company}'s x2 token takes a circle in {h}", company=company)
            elif city not in here.tokens or company not in here.tokens[city]:
                now = next((c for c, held in here.tokens.items() if company in held), None)
                if now is not None:
                    stations[i] = (h, now)


# -- the step after laying track -------------------------------------------------------


def x2_moves(game: WestGame, corp_id: str) -> dict[str, list[str]]:
    """x2 hex -> the unimproved hexes it may move to (§8.2: "a hex which is led into by track
    that forms a route from its base City and which is not part of that route"), for each
    token whose hex has been built on; an empty list: it stays (nowhere to go)."""
    board = game.map_board()
    sides = game.x2_sides.get(corp_id, {})
    moving = []
    for h in game.doubling.get(corp_id, []):
        here = board.hexes[h]
        if not here.tile.paths or (h in sides and sides[h] not in here.tile.exits(here.rotation)):
            continue  # still ahead of its track (§8.2: "it need not be moved")
        moving.append(h)
    if not moving:
        return {}
    targets = _x2_targets(game, corp_id)
    return {h: list(targets) for h in moving}


def _x2_targets(game: WestGame, corp_id: str) -> tuple[str, ...]:
    """The hexes any of the company's built-on x2 tokens may move to (:func:`x2_moves`): the
    unimproved hexes its track reaches, holding none of its x2 tokens, open to it (§8.1),
    where it could lay a tile.  Kept in the board's derived cache under the board's version
    and everything else the lays read (the phase's colours, the waived stubs, the hexes)."""
    assert isinstance(game.map, BoardMap)
    board = game.map.board
    # §8.5: the SP's token may join the TP's in K12; only the NP's own two stay apart
    taken = set(game.doubling.get(corp_id, []))
    unimproved = board.derived.get(
        ("18West unimproved", board.version),
        lambda: frozenset(n for n, hx in board.hexes.items() if not hx.tile.paths),
    )
    # a lay is only ever found in a hex the company's track reaches (core's track search)
    reached = unimproved & game.map.graph.reach(corp_id).hexes
    empty = frozenset(n for n in reached if n not in taken and grant_open(game, corp_id, n))
    if not empty:
        return ()
    key = (
        "18West x2 targets",
        board.version,
        corp_id,
        _raw_rules(game).colours,
        stub_waived(game, corp_id),
        empty,
    )
    return board.derived.get(
        key,
        lambda: tuple(
            sorted({lay.hex for lay in _raw_lays(game, corp_id, empty) if not lay.upgrade})
        ),
    )


def x2_entries(game: WestGame, corp_id: str, hex_name: str) -> dict[str, int]:
    """Neighbour -> side of ``hex_name`` by which the company's track leads in from it (§8.2:
    "a hex which is led into by track that forms a route from its base City")."""
    assert isinstance(game.map, BoardMap)
    board = game.map.board
    reach = game.map.graph.reach(corp_id)
    return {
        other: edge
        for edge, other in sorted(board.grid.neighbours(hex_name).items())
        if opposite(edge) in reach.edges.get(other, frozenset())
    }


def place_stub(game: WestGame, corp_id: str, hex_name: str, came_from: str | None = None) -> None:
    """§8.2: the x2 token "is treated as if it contained a small extension of the Company's
    existing track", so a tile laid there by anyone must connect to that track: a track stub
    on the side where the company's route leads in.  Where several of its track ends lead
    into the hex, the token extends one route ("the next hex that would extend the route"),
    and the President, who "chooses" the hex, chooses by which neighbour's track the token
    extends it (``came_from``, offered by :class:`LandGrantStep`; docs/18West-data.md)."""
    entries = x2_entries(game, corp_id, hex_name)
    if came_from is None and entries:
        came_from = next(iter(entries))
    if came_from is not None:
        set_x2_side(game, corp_id, hex_name, entries[came_from])


def x2_sides_in(game: WestGame, hex_name: str) -> dict[str, int]:
    """Company -> the side its x2 token in ``hex_name`` extends its track from (§8.2)."""
    return {c: sides[hex_name] for c, sides in game.x2_sides.items() if hex_name in sides}


def sync_stubs(game: WestGame, hex_name: str) -> None:
    """The board's stub in ``hex_name``: the sides of the x2 tokens there that its tile does
    not join yet.  In an unimproved hex every token's side (§8.2: "the tile laid must connect
    to that track as if it were existing track in the hex"); after a tile that left one out
    (a tight curve, or one of several companies' tokens, :func:`stub_waived`) "any upgrade to
    the new tile must complete the connection" while the token is there - and it stays until
    it is joined (:func:`x2_moves`)."""
    board = game.map_board()
    here = board.hexes[hex_name]
    exits = here.tile.exits(here.rotation)
    open_sides = frozenset(s for s in x2_sides_in(game, hex_name).values() if s not in exits)
    if board.stubs.get(hex_name, frozenset()) != open_sides:
        board.set_stubs(hex_name, open_sides)


def set_x2_side(game: WestGame, corp_id: str, hex_name: str, side: int | None) -> None:
    """The company's x2 token's track in ``hex_name`` leads in by ``side`` (None: the token
    has left the hex), and the board's stub follows."""
    sides = game.x2_sides.setdefault(corp_id, {})
    if side is None:
        sides.pop(hex_name, None)
    else:
        sides[hex_name] = side
    if not sides:
        del game.x2_sides[corp_id]
    sync_stubs(game, hex_name)


def clear_x2_sides(game: WestGame, corp_id: str) -> None:
    """The company's x2 tokens leave the hexes ahead of its track (conversion, §8.6;
    abandonment, §8.7; a Land Grant void at Phase 5, §8.8)."""
    for hex_name in list(game.x2_sides.get(corp_id, {})):
        set_x2_side(game, corp_id, hex_name, None)


def _joinable(entries: frozenset[int], side: int) -> bool:
    """One 18West yellow tile can join track coming in by one of ``entries`` to ``side``:
    the yellow tiles (#8, #9, #4, #58, #57, #6) have no tight curve, so an entry beside the
    side cannot be joined to it."""
    return any((entry - side) % 6 not in (1, 5) for entry in entries)


def stub_waived(game: WestGame, corp_id: str) -> frozenset[str]:
    """Unimproved hexes where ``corp_id``'s tile need not use every side of the stub (core
    :attr:`~roundhouse.core.track.Allowance.stub_waived`; :func:`x2_lay_ok` says what it
    must use).  §8.2: "If track is being laid in an unimproved hex and a connection would
    require a tight curve, that connection is not possible with a single tile and so may be
    disregarded"; "In the unlikely event that a hex contains the Doubling tokens of two or
    more other Companies, the new tile need only connect to the track of one"."""
    if not game.x2_sides:
        return frozenset()
    assert isinstance(game.map, BoardMap)
    board = game.map.board
    entries = game.map.graph.reach(corp_id).entries
    out: set[str] = set()
    for hex_name in {h for sides in game.x2_sides.values() for h in sides}:
        if board.hexes[hex_name].tile.paths or hex_name not in entries:
            continue
        others = [s for c, s in x2_sides_in(game, hex_name).items() if c != corp_id]
        if len(others) > 1 or (others and not _joinable(entries[hex_name], others[0])):
            out.add(hex_name)
    return frozenset(out)


def x2_lay_ok(game: WestGame, corp_id: str, lay: TileLay) -> bool:
    """§8.2 in a hex of :func:`stub_waived`: the tile keeps the company's own x2 track, and
    with two or more other companies' tokens it joins one of their sides that a tile can
    join (the President's choice is the tile laid); a single other connection needing a
    tight curve is disregarded.  Elsewhere the board's stub decides (core)."""
    sides = x2_sides_in(game, lay.hex)
    if not sides or lay.hex not in stub_waived(game, corp_id):
        return True
    assert isinstance(game.map, BoardMap)
    exits = game.map.board.tiles[lay.tile].exits(lay.rotation)
    own = sides.pop(corp_id, None)
    if own is not None and own not in exits:
        return False
    if len(sides) < 2:
        return True
    entries = game.map.graph.reach(corp_id).entries.get(lay.hex, frozenset())
    joinable = {s for s in sides.values() if _joinable(entries, s)}
    return not joinable or bool(exits & joinable)


class LandGrantStep(ChoiceStep):
    """After a Land Grant Company's track step (§7.2, §8.2, §8.7): convert when the
    Destination Route is complete; else move each x2 token the track has passed, and from
    Phase 5 abandon or keep the grant."""

    name = "land_grant"
    rule = "land_grant.choice"

    def __init__(self) -> None:
        self.done = False
        self.kept = False

    def setup(self, g: WestGame, entity: str) -> None:
        self.done = False
        self.kept = False
        if g.is_land_grant(entity) and destination_done(g, entity):
            g.lg_turn_free[entity] = _turn(g)

    def choices(self, g: WestGame, entity: str) -> list[str]:
        if self.done or not g.is_land_grant(entity):
            return []
        if destination_done(g, entity):
            return ["convert"]
        moves = x2_moves(g, entity)
        for h, targets in moves.items():
            if targets:
                return [move for t in targets for move in _x2_choices(g, entity, h, t)]
        if ABANDON_STATUS in g.depot.phases.current.status and not self.kept:
            return ["abandon", "keep_grant"]
        return []

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        choice = action.choice
        if choice == "convert":
            convert(g, entity, abandon=False)
            self.done = True
        elif choice == "abandon":
            convert(g, entity, abandon=True)
            self.done = True
        elif choice == "keep_grant":
            self.kept = True
            self.done = True
        else:
            _, old, new, *came_from = choice.split(":")
            tokens = g.doubling[entity]
            tokens[tokens.index(old)] = new
            set_x2_side(g, entity, old, None)
            place_stub(g, entity, new, came_from[0] if came_from else None)
            g.emit("x2", f"{entity}'s x2 token moves from {old} to {new}", company=entity)


def _x2_choices(game: WestGame, corp_id: str, old: str, new: str) -> list[str]:
    """``x2:OLD:NEW``, or with several of the company's track ends leading into NEW one
    choice per end, ``x2:OLD:NEW:NEIGHBOUR`` (the hex whose track the token extends, §8.2)."""
    entries = x2_entries(game, corp_id, new)
    if len(entries) < 2:
        return [f"x2:{old}:{new}"]
    return [f"x2:{old}:{new}:{other}" for other in entries]


def convert(game: WestGame, corp_id: str, *, abandon: bool) -> None:
    """§7.2, §8.6, §8.9: the last five shares to the treasury; the x2 token(s) to the
    Destination (the NP: on its two base stations); or, abandoning (§8.7), the x2 token
    becomes the Bypass token on the charter."""
    game.kinds[corp_id] = PUBLIC
    game.depot.kinds[corp_id] = PUBLIC
    book = game.books[corp_id]
    for cert in book.certs.values():
        if cert.owner == IPO:
            cert.owner = corp_id
            cert.playable = True
    game.doubling.pop(corp_id, None)
    clear_x2_sides(game, corp_id)
    board = game.map_board()
    if abandon:
        game.abandoned.add(corp_id)
        game.bypass[corp_id] = False  # §8.7: the x2 token flipped to its Bypass side
        game.emit("abandon", f"{corp_id} abandons its Land Grant", company=corp_id)
        if corp_id == NP:
            game.corps[corp_id].tokens_owned += 1  # §8.9: the other side is a station token
        return
    if corp_id == NP:
        game.x2_stations[corp_id] = [(h.hex, h.city) for h in homes_of(NP)]
        game.corps[corp_id].tokens_owned += 2  # §8.9: the base tokens back to the charter
    else:
        dest = destinations()[corp_id]
        here = board.hexes[dest]
        assert isinstance(game.map, BoardMap)
        reached = game.map.graph.reach(corp_id).stops_in(dest)
        free = [c for c in here.tokens if board.open_slots(dest, c, corp_id) > 0]
        # §8.6: "it may place its Doubling ("x2") token in whichever of the two City circles
        # it is connected to"
        city = next((c for c in free if c in reached), free[0] if free else None)
        game.corps[corp_id].tokens_owned += 1
        game.corps[corp_id].tokens_placed += 1
        if city is not None:
            board.place_token(dest, city, corp_id)
        else:
            # §8.6: no open circle in a yellow Destination: "at the edge of the tile (it is
            # considered collocated with the existing ... base token)"
            city = next(iter(here.tokens))
            board.place_beside(dest, city, corp_id)
        game.x2_stations[corp_id] = [(dest, city)]
    game.emit("convert", f"{corp_id} converts to a Public Company", company=corp_id)


def set_up(game: WestGame) -> None:
    """§2.2.2, §3.1: the x2 tokens in their arrow hexes; only the President's Certificate
    and three single shares of each Land Grant Company are in play."""
    from roundhouse.titles.g18west.board import doubling_tokens

    for token in doubling_tokens():
        if token.city is None:
            game.doubling.setdefault(token.company, []).append(token.hex)
            if token.edge is not None:
                game.x2_sides.setdefault(token.company, {})[token.hex] = token.edge
        else:
            game.x2_stations.setdefault(token.company, []).append((token.hex, token.city))
    for corp_id in game.corps:
        if game.kind(corp_id) != LAND_GRANT:
            continue
        singles = sorted(
            (c for c in game.books[corp_id].certs.values() if not c.president),
            key=lambda c: int(c.id.rsplit("_", 1)[1]),
        )
        for cert in singles[3:]:
            cert.owner = IPO
            cert.playable = False


def start_land_grant(game: WestGame, corp_id: str) -> None:
    """§8.8: a Land Grant Company started once Phase 5 has commenced starts as a Public
    Company: all its shares in its treasury, its x2 token(s) off the map (a Bypass token;
    the NP's second an ordinary station token)."""
    if game.kind(corp_id) != LAND_GRANT or NO_GRANT_PHASE not in game.phases_reached():
        return
    game.kinds[corp_id] = PUBLIC
    game.depot.kinds[corp_id] = PUBLIC
    game.doubling.pop(corp_id, None)
    clear_x2_sides(game, corp_id)
    for cert in game.books[corp_id].certs.values():
        if cert.owner == IPO:
            cert.owner = corp_id
            cert.playable = True
    game.bypass[corp_id] = False
    if corp_id == NP:
        game.corps[corp_id].tokens_owned += 1


class PermissionStep(ChoiceStep):
    """§8.1's permission.  While it may still lay track before Phase 3, a company may ask
    the President of a Land Grant Company whose grant its track touches (``ask:<company>``,
    once each per turn); that President answers at once (``permit`` or ``refuse``, while the
    asking company's turn waits, :class:`~.autopilot.WestOperatingRound`).  A permission
    holds for the rest of the turn: tiles and the Doubling token (§8.2) may then go in that
    grant's hexes."""

    blocking = False
    name = PERMISSION_STEP
    rule = "land_grant.permission"

    def _asking(self, g: WestGame) -> tuple[str, str] | None:
        return g.round.asking if isinstance(g.round, WestOperatingRound) else None

    def choices(self, g: WestGame, entity: str) -> list[str]:
        asking = self._asking(g)
        if asking is not None:
            owner = asking[1]
            return ["permit", "refuse"] if g.books[owner].president == entity else []
        if entity not in g.corps:
            return []
        owners = askable(g, entity)
        if not owners:
            return []  # asked first: it is cheap, and usually settles it
        track = next((s for s in g.round.steps if s.name == "track"), None)
        if track is None or not track.active(g, entity):
            return []
        return [f"ask:{owner}" for owner in owners]

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        rnd = g.round
        if action.choice.startswith("ask:"):
            owner = action.choice.split(":", 1)[1]
            assert isinstance(rnd, WestOperatingRound)
            rnd.asking = (entity, owner)
            g.emit(
                "permission", f"{entity} asks {owner}'s President for permission", company=entity
            )
            return
        asking = self._asking(g)
        assert asking is not None
        company, owner = asking
        assert isinstance(rnd, WestOperatingRound)
        rnd.asking = None
        rnd.answered = True
        yes = action.choice == "permit"
        turn, answers = g.permission
        if turn != _turn(g):
            answers = ()
        g.permission = (_turn(g), (*answers, (company, owner, yes)))
        g.map_board().touch()
        word = "permits" if yes else "refuses"
        g.emit("permission", f"{owner}'s President {word} {company}", company=owner)
