"""Issue #20 on the server: pages for unknown games and paths, invite links, unlisted games and
spectators, exports that say when they are possible, imports that keep names and bot seats,
the narrated log, and routes priced in exact notation."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.server.conftest import auth, wait_for
from tests.server.royal_gorge_turn import operating_turn
from tests.server.test_api import HUMANS, assert_readable_error, create, take


def test_server_unknown_game_and_path_are_readable_pages(client: TestClient) -> None:
    """/games/<unknown> and unknown paths answer 404 with a page a person can read and a way
    back to the lobby; the API keeps its JSON errors."""
    page = client.get("/games/nosuchgame")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    assert "no game 'nosuchgame'" in page.text and 'href="/"' in page.text
    other = client.get("/no/such/page")
    assert other.status_code == 404 and "text/html" in other.headers["content-type"]
    assert "/no/such/page" in other.text
    assert_readable_error(client.get("/api/games/nosuchgame"), 404, "no_game")
    assert_readable_error(client.get("/api/nothing"), 404, "not_found")


def test_server_online_game_by_invitation(client: TestClient) -> None:
    """An online game gives its creator every human seat's own link; seats cannot be taken
    from the lobby; each link acts for its seat only; anyone may watch without a link."""
    created = create(client, mode="online", join_as="Ann")
    gid = created["game"]["id"]
    invites = {i["seat"]: i for i in created["invites"]}
    assert set(invites) == {"Ann", "Bob"}
    assert invites["Ann"]["token"] == created["token"]
    assert invites["Bob"]["link"] == f"/games/{gid}#token={invites['Bob']['token']}"
    assert client.get("/api/games?status=open").json() == []
    assert_readable_error(client.post(f"/api/games/{gid}/seats/Bob/join"), 403, "by_invitation")
    bob = invites["Bob"]["token"]
    assert_readable_error(take(client, created, "Ann", 1, 0, bob), 403, "not_your_seat")
    assert take(client, created, "Ann", 1, 0, created["token"]).status_code == 200
    assert take(client, created, "Bob", 1, 1, bob).status_code == 200
    spectator = client.get(f"/api/games/{gid}/table").json()
    assert spectator["may_act_for"] == [] and spectator["actions"] == []
    assert spectator["view"]["action_count"] == 2


def test_server_unlisted_games_stay_out_of_the_lobby(client: TestClient) -> None:
    hidden = create(client, listed=False)
    shown = create(client)
    ids = [g["id"] for g in client.get("/api/games").json()]
    assert shown["game"]["id"] in ids and hidden["game"]["id"] not in ids
    summary = client.get(f"/api/games/{hidden['game']['id']}").json()
    assert summary["listed"] is False


def test_server_open_seats_are_taken_from_the_lobby_only_when_offered(client: TestClient) -> None:
    invited = create(client, mode="online", seats=HUMANS, join_as="Ann")
    bob_seat = client.post(f"/api/games/{invited['game']['id']}/seats/Bob/join")
    assert bob_seat.status_code == 403
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    created = create(client, mode="online", seats=seats, join_as="Ann", open_seats=True)
    assert created["invites"] == []
    gid = created["game"]["id"]
    assert [g["id"] for g in client.get("/api/games?status=open").json()] == [gid]
    assert client.post(f"/api/games/{gid}/seats/Bob/join").status_code == 200


def test_server_exports_say_which_formats_a_game_can_take(client: TestClient) -> None:
    """Chicago Express has no 18xx.games translator and a rulebook 18RoyalGorge game sets up
    differently from the site: the table reply says so (issue #20: the button only erred)."""
    ce = create(client, title="ChicagoExpress")
    formats = {
        e["format"]: e for e in client.get(f"/api/games/{ce['game']['id']}/table").json()["exports"]
    }
    assert formats["roundhouse"]["available"] and not formats["18xx.games"]["available"]
    assert "Chicago Express" in formats["18xx.games"]["reason"]
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    rg = create(client, title="18RoyalGorge", seats=seats)
    formats = {
        e["format"]: e for e in client.get(f"/api/games/{rg['game']['id']}/table").json()["exports"]
    }
    assert not formats["18xx.games"]["available"]
    # In the lobby's words: the option's label, not its API name (issue #20).
    assert "“As on 18xx.games” left unticked" in formats["18xx.games"]["reason"]
    compat = create(client, title="18RoyalGorge", seats=seats, options={"compat_18xx_games": True})
    gid = compat["game"]["id"]
    formats = {e["format"]: e for e in client.get(f"/api/games/{gid}/table").json()["exports"]}
    assert formats["18xx.games"]["available"]
    assert client.get(f"/api/games/{gid}/export/18xx").status_code == 200


def test_server_export_import_keeps_names_and_bot_seats(client: TestClient) -> None:
    """Our export names each seat's kind; importing it seats the same people and bots."""
    created = create(
        client, seats=[{"name": "Ann"}, {"name": "Robo", "kind": "bot", "level": "random"}]
    )
    gid = created["game"]["id"]
    take(client, created, "Ann", 1, 0, created["token"])
    wait_for(client, gid, lambda g: g["action_count"] >= 2 or g["finished"])
    doc = client.get(f"/api/games/{gid}/export").json()
    assert doc["seats"] == [
        {"name": "Ann", "kind": "human"},
        {"name": "Robo", "kind": "bot", "level": "random"},
    ]
    imported = client.post("/api/games/import", json={"doc": doc})
    assert imported.status_code == 201, imported.text
    seats = imported.json()["game"]["seats"]
    assert [(s["name"], s["kind"], s["level"]) for s in seats] == [
        ("Ann", "human", None),
        ("Robo", "bot", "random"),
    ]


def test_server_log_is_narrated_with_events(client: TestClient) -> None:
    """Each log entry carries the events its action set off; the table reply from 0 gives
    what setting up told (the first round's header)."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    created = create(client, title="ChicagoExpress", seats=seats, seed=3)
    gid = created["game"]["id"]
    table = client.get(f"/api/games/{gid}/table", headers=auth(created["token"])).json()
    assert [e["kind"] for e in table["setup"]] == ["round"]
    for index, player in enumerate(("Ann", "Bob", "Cy")):
        bid = {"kind": "pass_bid", "player": player, "company": "PRR"}
        reply = client.post(
            f"/api/games/{gid}/actions",
            json={"index": index, "action": bid},
            headers=auth(created["token"]),
        )
        if reply.status_code != 200:
            break
    log = client.get(f"/api/games/{gid}/log").json()
    told = [e for entry in log["entries"] for e in entry["events"]]
    assert any(e["kind"] == "auction" and "PRR" in e["text"] for e in told), log


def test_server_prices_routes_in_exact_notation(client: TestClient) -> None:
    """18RoyalGorge "Run Trains": the route editor's routes come back with every hex passed
    and each route's revenue, so the page draws them along the track."""
    turn = operating_turn()
    created = client.post("/api/games/import", json={"doc": turn.doc}).json()
    gid = created["game"]["id"]
    index = created["game"]["version"]
    run = None
    for step in turn.plan:
        if step["kind"] == "run_routes":
            run = step
            break
        reply = client.post(
            f"/api/games/{gid}/actions",
            json={"index": index, "action": step},
            headers=auth(created["token"]),
        )
        assert reply.status_code == 200, reply.text
        index += 1
    assert run is not None
    stops_only = [[r[0], *[s for s in r[1:] if "-" in s]] for r in run["routes"]]
    priced = client.post(
        f"/api/games/{gid}/routes/price",
        json={"entity": turn.company, "routes": stops_only},
        headers=auth(created["token"]),
    ).json()
    assert priced["routes"] == run["routes"], json.dumps(priced)
    assert priced["revenue"] == run["revenue"] and sum(priced["revenues"]) <= run["revenue"]
