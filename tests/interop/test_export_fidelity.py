"""Issue 7 "Export": what we write is what 18xx.games itself would have recorded - the
railroads' passes its steps wait for (:mod:`roundhouse.titles.g18royalgorge.interop.turn`), none it
makes by itself, steel choices in the site's ``"<column>-<price>"`` form, the ghost town
choice, tile copies, discounted share prices - checked action by action against the site's
own fixture documents, down to the numbered certificates a sale names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import pytest

from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.interop import export_18xx_games, import_18xx_games, read_document
from roundhouse.interop.undo import resolve
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.interop.translator import (
    engine,
    our_steel_choice,
    same_track_rotation,
    site_steel_choice,
    tile_name,
)
from tests.interop.documents import FIXTURE_NAMES, fixture_path

RG_NAMES = tuple(n for n in FIXTURE_NAMES if n.startswith("18RoyalGorge/"))


def key(action: dict[str, Json]) -> str:
    return f"{action['type']} {action.get('entity')} {action.get('choice', '')}".strip()


@pytest.mark.slow
@pytest.mark.parametrize("name", RG_NAMES)
def test_interop_export_player_moves_are_the_sites_own(name: str) -> None:
    """Every player's move we write is one the site recorded, in the same order, and none is
    missing: the stock-round passes the site makes itself (a player who can neither buy nor
    sell) are left out, its programmed passes kept; steel and gold choices read as written."""
    doc = read_document(fixture_path(name))
    recorded: list[str] = []
    for entry in resolve(doc.actions).effective:
        autos = entry.action.get("auto_actions") or []
        assert isinstance(autos, list)
        for site in [dict(entry.action), *autos]:
            if not isinstance(site, dict) or site.get("entity_type") != "player":
                continue
            if str(site["type"]).startswith("program_") or site["type"] in ("message", "log"):
                continue
            recorded.append(key(site))
    written = export_18xx_games(import_18xx_games(doc))["actions"]
    assert isinstance(written, list)
    ours = [key(a) for a in written if isinstance(a, dict) and a.get("entity_type") == "player"]
    assert ours == recorded


def test_interop_export_steel_choice_names_the_cube_as_the_site_does() -> None:
    """18RoyalGorge "Buying Steel from CF&I": our bare column takes its cheapest cube; the
    site names the cube, ``"A-0"`` (its track step takes exactly the cube named).  Reading
    back, the cheapest cube is our bare column again; another cube stays as the site wrote
    it."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1, options={"compat_18xx_games": True})
    g = game.state
    assert site_steel_choice(g, "A") == "A-0"  # type: ignore[arg-type]
    assert site_steel_choice(g, "E") == "E-20"  # type: ignore[arg-type]
    assert site_steel_choice(g, "B6") == "B6"  # type: ignore[arg-type]
    assert our_steel_choice(g, "A-0") == "A"  # type: ignore[arg-type]
    assert our_steel_choice(g, "A-20") == "A-20"  # type: ignore[arg-type]


BOOKKEEPING = frozenset({"id", "created_at", "user", "auto_actions"})
"""Fields with no game meaning: renumbered ids, clicks' times, who clicked, and the
embedded follow-ups (flattened into the list instead, the site processes both alike)."""
NO_GAME_EFFECT = ("message", "log")


def flat(actions: Iterable[Mapping[str, Json]]) -> list[dict[str, Json]]:
    """Every processed action, auto actions after their parent, as the site replays them;
    standing orders (``program_*``) and chat left out: they change nothing in the game."""
    out: list[dict[str, Json]] = []
    for action in actions:
        autos = action.get("auto_actions") or []
        assert isinstance(autos, list)
        for site in [action, *autos]:
            assert isinstance(site, dict)
            kind = str(site["type"])
            if kind.startswith("program_") or kind in NO_GAME_EFFECT:
                continue
            out.append({k: v for k, v in site.items() if k not in BOOKKEEPING})
    return out


@cache
def _tiles() -> Game:
    return Game(TITLE, ["a", "b"], seed=1, options={"compat_18xx_games": True})


def comparable(action: Mapping[str, Json]) -> dict[str, Json]:
    """An action with the choices our game does not keep put in one form.

    * ``pass``: a stray ``percent`` (the site's engine ignores it);
    * ``lay_tile``: a symmetric tile's rotation as the first with the same track;
    * ``place_token``: the slot, when the city has several free ones (the player's click);
    * ``run_routes``: each route's stops and connections as sets (the site keeps the order
      the player clicked them in, our routes the order they run), no display text, and
      ``subsidy`` 0 where an older site version left it out;
    * ``sell_shares`` without ``percent`` (a hand-edited fixture) compares the shares only.
    """
    out = dict(action)
    kind = out["type"]
    if kind == "pass":
        out.pop("percent", None)
    elif kind == "lay_tile":
        name = tile_name(str(out["tile"]))
        rotation = out["rotation"]
        assert isinstance(rotation, int)
        out["rotation"] = same_track_rotation(engine(_tiles()), name, rotation)
    elif kind == "place_token":
        out.pop("slot", None)
    elif kind == "run_routes":
        out.setdefault("subsidy", 0)
        routes = out["routes"]
        assert isinstance(routes, list)
        out["routes"] = [_route(r) for r in routes if isinstance(r, dict)]
    elif kind == "sell_shares" and "percent" not in out:
        out["percent"] = None
    return out


def _route(route: Mapping[str, Json]) -> dict[str, Json]:
    chains = route.get("connections") or []
    assert isinstance(chains, list)
    undirected = sorted(min(list(c), list(reversed(c))) for c in chains if isinstance(c, list))
    return {
        "train": route["train"],
        "revenue": route["revenue"],
        "connections": list[Json](undirected),
        "nodes": sorted(str(n) for n in route.get("nodes") or []),  # type: ignore[union-attr]
        "hexes": sorted(str(h) for h in route.get("hexes") or []),  # type: ignore[union-attr]
    }


REVENUE_SPLIT = {"18RoyalGorge/18RoyalGorge_game_end_stock_market.json": 1}
"""Runs the site recorded before its fixture was edited by hand (``test_fixtures.SITE_REVENUE``,
id 245): the total is the site's, our board splits it differently between the two trains."""


def allowed(theirs: Mapping[str, Json], ours: Mapping[str, Json]) -> str | None:
    """Why a difference is known (see :data:`REVENUE_SPLIT`), or None."""
    if theirs["type"] != ours["type"]:
        return None
    if theirs["type"] == "run_routes":
        a, b = theirs["routes"], ours["routes"]
        assert isinstance(a, list) and isinstance(b, list)
        strip = [{**r, "revenue": 0} for r in a if isinstance(r, dict)]
        total = sum(int(r["revenue"]) for r in a if isinstance(r, dict))  # type: ignore[arg-type]
        if strip == [{**r, "revenue": 0} for r in b if isinstance(r, dict)] and total == sum(
            int(r["revenue"])
            for r in b
            if isinstance(r, dict)  # type: ignore[arg-type]
        ):
            return "revenue split"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("name", RG_NAMES)
def test_interop_export_writes_the_sites_own_action_list(name: str) -> None:
    """Issue 7 "Export": import -> export gives the fixture's own actions, undo/redo
    resolved, auto actions in line: the same types, entities and fields, the railroads'
    passes where the site's steps waited for them, the ghost town choice, tile copies as the
    site hands them out, discounted purchases' share prices, the certificates each sale and
    purchase names (the site's view of who holds which number, kept beside our game).  Known
    difference: one hand-edited run's split between trains (:data:`REVENUE_SPLIT`); anything
    else fails, printing the first."""
    doc = read_document(fixture_path(name))
    recorded = flat(e.action for e in resolve(doc.actions).effective)
    written_doc = export_18xx_games(import_18xx_games(doc))["actions"]
    assert isinstance(written_doc, list)
    written = flat(a for a in written_doc if isinstance(a, dict))
    known: dict[str, int] = {}
    for i in range(max(len(recorded), len(written))):
        theirs = comparable(recorded[i]) if i < len(recorded) else None
        ours = comparable(written[i]) if i < len(written) else None
        if theirs is not None and ours is not None and theirs.get("percent", 0) is None:
            ours["percent"] = None
        if theirs == ours:
            continue
        why = allowed(theirs, ours) if theirs is not None and ours is not None else None
        assert why is not None, f"action {i}: the site recorded\n  {theirs}\nwe wrote\n  {ours}"
        known[why] = known.get(why, 0) + 1
    assert known.get("revenue split", 0) == REVENUE_SPLIT.get(name, 0)
