"""18RoyalGorge "Brown Privates Reference", Track Engineer (B5), and "Expanded Content", Elijah
McCoy (B5a, its alternate art): each operating round the owning railroad may run one train one
stop longer - "This ability may not affect the same train as the coal depot"."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, RunRoutes
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import TITLE, coal, privates, track_engineer
from roundhouse.titles.g18royalgorge.company import privates as private_cards
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady


def at_first_run(**options: object) -> tuple[Game, RoyalGorgeGame]:
    """Seed 40 deals Coal Depot (G6) and Track Engineer (B5); play steadily until a railroad
    with two 2+ trains is about to run (Rio Grande, 46 actions in)."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=40, options=options)
    rng = Rng(5)
    while not any(isinstance(m, RunRoutes) and m.routes for m in game.legal_actions()):
        game.apply(steady(list(game.legal_actions()), rng))
    return game, rg_state(game.state)  # type: ignore[arg-type]


def choices(game: Game) -> list[str]:
    game._legal = None  # the position was edited by hand
    return [m.choice for m in game.legal_actions() if isinstance(m, Choose)]


def test_18royalgorge_b5_owner_may_lengthen_one_train_before_the_run() -> None:
    """B5: the owning railroad picks one of its trains; it runs as one size larger."""
    game, g = at_first_run()
    corp = game.legal_actions()[0].entity  # type: ignore[attr-defined]
    trains = sorted(t.id for t in g.depot.owned_by(corp))
    assert choices(game) == []
    g.privates["B5"].owner = corp
    assert choices(game) == [f"engineer/{t}/1" for t in trains]
    game.apply(Choose(player=game.acting[0], entity=corp, choice=f"engineer/{trains[0]}/1"))
    assert isinstance(g.map, RoyalGorgeMap)
    kinds = {t.id: t.kind.name for t in g.map.trains(g, corp)}
    assert kinds[trains[0]] == "2+*1" and kinds[trains[1]] == "2+"
    assert choices(game) == []  # once a turn
    run = next(m for m in game.legal_actions() if isinstance(m, RunRoutes))
    game.apply(run)
    assert g.coal_boost == {} and g.coal_used == set()  # the next turn may use it again


def test_18royalgorge_b5_never_the_train_coal_extends() -> None:
    """B5 notes: "This ability may not affect the same train as the coal depot", and the
    reverse: the coal goes on the other train."""
    game, g = at_first_run()
    corp = game.legal_actions()[0].entity  # type: ignore[attr-defined]
    first, second = sorted(t.id for t in g.depot.owned_by(corp))
    g.privates["B5"].owner = corp
    g.privates[privates.COAL_DEPOT].owner = corp
    g.privates[privates.COAL_DEPOT].closed = False
    g.coal[privates.COAL_DEPOT] = 3
    game.apply(Choose(player=game.acting[0], entity=corp, choice=f"coal_depot/{first}/1"))
    assert choices(game) == [f"engineer/{second}/1"]
    with pytest.raises(IllegalAction):
        game.apply(Choose(player=game.acting[0], entity=corp, choice=f"engineer/{first}/1"))
    game.apply(Choose(player=game.acting[0], entity=corp, choice=f"engineer/{second}/1"))
    assert g.coal_boost == {first: 1, second: 1}


def test_18royalgorge_b5_unit_rules() -> None:
    """Only the owning railroad, only an open card, only once a turn."""
    _, g = at_first_run()
    g.privates["B5"].owner = "SF"
    assert track_engineer.choices(g, "RG", ["2+-0"]) == []
    assert track_engineer.choices(g, "SF", ["2+-9"]) == ["engineer/2+-9/1"]
    g.privates["B5"].closed = True
    assert track_engineer.choices(g, "SF", ["2+-9"]) == []
    with pytest.raises(IllegalAction) as err:
        track_engineer.use(g, "SF", "engineer/2+-9/1", ["2+-9"])
    assert err.value.rule == "engineer.not_available"
    coal.end_turn(g)


def test_18royalgorge_b5a_elijah_mccoy_is_the_track_engineer() -> None:
    """ "Elijah McCoy (B5a)": income $10 from Yellow, closes with the first 5+ train, "alternate
    art for B5": same value and ability under its own id; the option deals it for B5."""
    b5 = private_cards()["B5"]
    b5a = track_engineer.alternate_art(b5)
    assert (b5a.id, b5a.spec.value, b5a.spec.abilities) == ("B5a", 60, b5.spec.abilities)
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=40, options={"elijah_mccoy": True})
    g = rg_state(game.state)  # type: ignore[arg-type]
    assert "B5a" in g.privates and "B5" not in g.privates
    g.privates["B5a"].owner = "RG"
    assert track_engineer.choices(g, "RG", ["3+-0"]) == ["engineer/3+-0/1"]
