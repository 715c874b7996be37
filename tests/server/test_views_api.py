"""The typed views in the web API: published in OpenAPI (issue #15), and the JSON the server
sends is exactly the view's own ``to_json()``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import roundhouse
from tests.server.conftest import auth

VIEW_SCHEMAS = {
    "GameView",
    "Prompt",
    "AuctionView",
    "TableView",
    "PlayerRow",
    "CompanyRow",
    "Fact",
    "BoardView",
    "HexView",
    "StopView",
    "BorderView",
    "MarketView",
    "MarketCell",
    "TrainRoster",
    "TrainTypeRow",
    "PhaseRow",
    "TrainView",
    "PrivateView",
    "Panel",
    "LogEntry",
    "TileCatalogue",
    "TileEntry",
}


def _ref(schema: dict) -> str:
    return schema["$ref"].rsplit("/", 1)[-1]


def test_server_openapi_publishes_the_typed_views(client: TestClient) -> None:
    """Every view record is a schema of its own, with its fields described; the view and
    table replies carry the composite view, the tiles endpoint the catalogue."""
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    assert set(schemas) >= VIEW_SCHEMAS, sorted(VIEW_SCHEMAS - set(schemas))
    for reply in ("ViewReply", "TableReply"):
        assert _ref(schemas[reply]["properties"]["view"]) == "GameView"
    game_view = schemas["GameView"]["properties"]
    assert {"view_version", "parts", "prompt", "table", "board", "market", "trains"} <= set(
        game_view
    )
    assert _ref(game_view["prompt"]) == "Prompt"
    assert schemas["HexView"]["properties"]["entry_cost"]["description"]
    tiles = doc["paths"]["/api/games/{game_id}/tiles"]["get"]["responses"]["200"]
    assert _ref(tiles["content"]["application/json"]["schema"]) == "TileCatalogue"


@pytest.mark.parametrize("title", ["Toy", "ChicagoExpress", "18RoyalGorge", "18USA"])
def test_server_view_json_is_the_views_own_json(client: TestClient, title: str) -> None:
    """The server's reply (pydantic, from the schema) and ``game.view()`` agree key for key."""
    seats = [{"name": n} for n in ("Ann", "Bob", "Cy")]
    created = client.post("/api/games", json={"title": title, "seats": seats, "seed": 4}).json()
    gid = created["game"]["id"]
    local = roundhouse.new_game(title, ["Ann", "Bob", "Cy"], seed=4)
    assert client.get(f"/api/games/{gid}/view").json()["view"] == local.view()
    table = client.get(f"/api/games/{gid}/table", headers=auth(created["token"])).json()
    assert table["view"] == local.view()
    tiles = client.get(f"/api/games/{gid}/tiles")
    if local.tiles() is None:
        assert tiles.status_code == 404
    else:
        assert tiles.json() == local.tiles().to_json()  # type: ignore[union-attr]
