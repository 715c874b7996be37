"""The translator seam: dispatch, ignored types and unknown-type errors (issue 7)."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import InvalidSetup, MalformedAction
from roundhouse.interop import import_18xx_games
from roundhouse.interop.translate import (
    TRANSLATORS,
    SiteAction,
    Translator,
    TranslatorRegistry,
    UnknownActionType,
)
from tests.interop.documents import toy_doc
from tests.interop.toy_translator import TRANSLATOR


def test_interop_unknown_type_names_the_type_and_the_index() -> None:
    data = toy_doc()
    data["actions"][4] = {"type": "lay_tile", "entity": 202, "id": 5, "hex": "E11"}
    with pytest.raises(UnknownActionType, match=r"'lay_tile' at action index 4 \(id 5\)") as err:
        import_18xx_games(data)
    assert (err.value.type, err.value.index, err.value.auto) == ("lay_tile", 4, None)
    assert "handles: end_game, run_routes, take" in str(err.value)


def test_interop_unknown_type_inside_auto_actions_names_its_place() -> None:
    data = toy_doc()
    data["actions"][0]["auto_actions"] = [{"type": "pass", "entity": 202}]
    with pytest.raises(UnknownActionType, match=r"'pass' at auto action 0 of action index 0"):
        import_18xx_games(data)


def test_interop_4_4_programs_chat_and_log_have_no_effect() -> None:
    """§4.4/§4.5: program_* and message/log change nothing; a program's auto actions count."""
    for kind in ("message", "log", "program_buy_shares", "program_disable", "program_anything"):
        action = SiteAction({"type": kind, "entity": 101}, 0, 1)
        assert list(TRANSLATOR.read(action, None)) == []  # type: ignore[arg-type]
        assert TRANSLATOR.handles(kind)
    assert not TRANSLATOR.handles("bid")


def test_interop_site_action_fields_are_checked_with_their_place() -> None:
    action = SiteAction({"type": "take", "entity": "RG", "entity_type": "corporation"}, 7, 8, 2)
    with pytest.raises(MalformedAction, match=r"auto action 2 of action index 7 \(id 8\), take"):
        action.integer("count")
    with pytest.raises(MalformedAction, match="expected a player as entity"):
        action.seat()
    with pytest.raises(MalformedAction, match="'hexes' must be a list of text"):
        SiteAction({"type": "x", "hexes": [1]}, 0, 1).texts("hexes")
    assert SiteAction({"type": "x", "entity": 5}, 0, 1).seat() == "5"


def test_interop_titles_without_translator_are_refused_clearly() -> None:
    registry = TranslatorRegistry()
    with pytest.raises(InvalidSetup, match=r"no 18xx\.games translator for title .18West."):
        registry.get("18West")
    registry.register("Toy", "tests.interop.toy_translator:TRANSLATOR")
    assert registry.get("t-o-y") is TRANSLATOR
    registry.register("Bad", "tests.interop.documents:REPO")
    with pytest.raises(TypeError, match="is not a Translator"):
        registry.get("bad")
    assert TRANSLATORS.get("toy") is TRANSLATOR


def test_interop_export_of_an_unknown_kind_is_refused() -> None:
    class Empty(Translator):
        title = "Toy"

    import roundhouse

    game = roundhouse.new_game("Toy", ["1", "2"])
    take = game.legal_actions()[0]
    with pytest.raises(MalformedAction, match=r"no 18xx\.games form for action kind .take."):
        Empty().write(take, game, None)  # type: ignore[arg-type]


def test_interop_a_companys_action_is_made_by_the_acting_seat() -> None:
    import roundhouse

    game = roundhouse.new_game("Toy", ["7", "8"])
    company = SiteAction({"type": "run_routes", "entity": "RG", "entity_type": "corporation"}, 3, 4)
    assert TRANSLATOR.acting_seat(company, game) == "7"
    player = SiteAction({"type": "take", "entity": 8, "entity_type": "player"}, 3, 4)
    assert TRANSLATOR.acting_seat(player, game) == "8"
    while not game.finished:
        game.apply(game.legal_actions()[-1])
    with pytest.raises(MalformedAction, match="0 seats are acting"):
        TRANSLATOR.acting_seat(company, game)
