"""The web API's 18xx endpoints: the server-drawn map, tile previews, the stock market in the
table reply, pricing edited routes with the engine's own check (18RoyalGorge "Run Trains":
a company runs its trains for what the routes earn) and bots in 18RoyalGorge seats."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import auth, wait_for
from tests.server.royal_gorge_turn import Turn, operating_turn
from tests.server.test_api import assert_readable_error, create


@pytest.fixture(scope="module")
def turn() -> Turn:
    return operating_turn()


def _import(client: TestClient, turn: Turn) -> dict:
    reply = client.post("/api/games/import", json={"doc": turn.doc})
    assert reply.status_code == 201, reply.text
    return reply.json()


def _play_until_run(client: TestClient, game: dict, turn: Turn) -> None:
    gid, token = game["game"]["id"], game["token"]
    version = game["game"]["version"]
    for action in turn.plan[:-1]:
        reply = client.post(
            f"/api/games/{gid}/actions",
            json={"index": version, "action": action},
            headers=auth(token),
        )
        assert reply.status_code == 200, reply.text
        version = reply.json()["version"]


def test_server_18royalgorge_board_svg_tags_hexes_and_stops(client: TestClient, turn: Turn) -> None:
    game = _import(client, turn)
    gid = game["game"]["id"]
    reply = client.get(f"/api/games/{gid}/board.svg")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("image/svg+xml")
    svg = reply.text
    assert svg.startswith("<svg") and 'data-hex="E11"' in svg and 'data-stop="' in svg
    lay = turn.plan[0]
    assert f'data-hex="{lay["hex"]}"' in svg
    # History positions draw too; a position past the end is refused.
    assert client.get(f"/api/games/{gid}/board.svg?index=0").status_code == 200
    assert_readable_error(client.get(f"/api/games/{gid}/board.svg?index=9999"), 404, "no_position")


def test_server_18royalgorge_board_shows_a_station_once_placed(
    client: TestClient, turn: Turn
) -> None:
    game = _import(client, turn)
    gid, token = game["game"]["id"], game["token"]
    token_step = next(a for a in turn.plan if a["kind"] == "place_token")
    marker = f'data-hex="{token_step["hex"]}" data-city="{token_step["city"]}"'
    before = client.get(f"/api/games/{gid}/board.svg").text
    assert marker in before
    _play_until_run(client, game, turn)
    after = client.get(f"/api/games/{gid}/board.svg").text
    spot = after[after.index(marker) :].split("/>")[0]
    assert turn.company in spot.split('data-tokens="')[1].split('"')[0]
    assert auth(token)


def test_server_18royalgorge_tile_previews(client: TestClient, turn: Turn) -> None:
    gid = _import(client, turn)["game"]["id"]
    tile = turn.plan[0]["tile"]
    reply = client.get(f"/api/games/{gid}/tiles/{tile}.svg?rotation=2")
    assert reply.status_code == 200 and reply.text.startswith("<svg")
    assert_readable_error(client.get(f"/api/games/{gid}/tiles/NOPE.svg"), 404, "no_tile")
    assert_readable_error(
        client.get(f"/api/games/{gid}/tiles/{tile}.svg?rotation=6"), 422, "invalid_request"
    )


def test_server_18royalgorge_table_has_market_and_colours(client: TestClient, turn: Turn) -> None:
    game = _import(client, turn)
    table = client.get(f"/api/games/{game['game']['id']}/table", headers=auth(game["token"])).json()
    view = table["view"]
    cells = [c for row in view["market"]["rows"] for c in row if c]
    assert all(isinstance(c["price"], int) for c in cells)
    company = next(c for c in view["table"]["companies"] if c["id"] == turn.company)
    assert any(turn.company in c["companies"] and c["price"] == company["price"] for c in cells)
    assert company["colour"] and company["president"] == turn.president
    assert view["prompt"]["entity"] == turn.company and view["prompt"]["step"] == "track"
    assert {a["kind"] for a in table["actions"]} >= {"lay_tile"}


def test_server_18royalgorge_price_routes_then_run_them(client: TestClient, turn: Turn) -> None:
    """The offered run priced again gives its revenue; playing it with that revenue lands."""
    game = _import(client, turn)
    gid, token = game["game"]["id"], game["token"]
    _play_until_run(client, game, turn)
    run = turn.plan[-1]
    url = f"/api/games/{gid}/routes/price"
    body = {"entity": turn.company, "routes": run["routes"]}
    assert_readable_error(client.post(url, json=body), 403, "not_your_seat")
    priced = client.post(url, json=body, headers=auth(token))
    assert priced.status_code == 200, priced.text
    assert priced.json()["revenue"] == run["revenue"]
    bad = {"entity": turn.company, "routes": [[run["routes"][0][0], "A1-0", "Z99-0"]]}
    assert client.post(url, json=bad, headers=auth(token)).status_code == 422
    assert_readable_error(
        client.post(url, json={"entity": turn.company, "routes": "x"}, headers=auth(token)),
        422,
        "invalid_request",
    )
    summary = client.get(f"/api/games/{gid}").json()
    action = {**run, "revenue": priced.json()["revenue"]}
    reply = client.post(
        f"/api/games/{gid}/actions",
        json={"index": summary["version"], "action": action},
        headers=auth(token),
    )
    assert reply.status_code == 200, reply.text
    wrong = {**run, "revenue": run["revenue"] + 10}
    assert (
        client.post(
            f"/api/games/{gid}/actions",
            json={"index": summary["version"] + 1, "action": wrong},
            headers=auth(token),
        ).status_code
        == 422
    )


def test_server_price_routes_needs_a_title_with_trains(client: TestClient) -> None:
    created = create(client)
    reply = client.post(
        f"/api/games/{created['game']['id']}/routes/price",
        json={"entity": "Ann", "routes": []},
        headers=auth(created["token"]),
    )
    assert_readable_error(reply, 501, "no_routes")


def test_server_18royalgorge_bots_play_by_themselves(client: TestClient) -> None:
    bots = [{"name": n, "kind": "bot", "level": "random"} for n in ("B1", "B2")]
    reply = client.post(
        "/api/games",
        json={"title": "18RoyalGorge", "seats": [*bots, {"name": "Ann"}], "seed": 5},
    )
    assert reply.status_code == 201, reply.text
    gid = reply.json()["game"]["id"]
    summary = wait_for(client, gid, lambda s: s["action_count"] >= 3 or "Ann" in s["acting"])
    assert summary["action_count"] >= 1
    log = client.get(f"/api/games/{gid}/log").json()["entries"]
    assert {e["player"] for e in log} & {"B1", "B2"}
