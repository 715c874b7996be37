"""The web API end to end: every endpoint, bad input, stale actions, seats and tokens.

Most tests use the toy title (tests/toy_title.py: take 1–3 counters, last counter wins) so
they check the server and not a title's rules; the full-game test plays Chicago Express.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.server.conftest import auth, wait_for

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]


def create(client: TestClient, **body: object) -> dict:
    request = {"title": "Toy", "seats": HUMANS, "seed": 1, **body}
    reply = client.post("/api/games", json=request)
    assert reply.status_code == 201, reply.text
    return reply.json()


def take(client: TestClient, game: dict, player: str, count: int, index: int, token: str | None):
    return client.post(
        f"/api/games/{game['game']['id']}/actions",
        json={"index": index, "action": {"kind": "take", "player": player, "count": count}},
        headers=auth(token),
    )


def pile(view: dict) -> int:
    """The toy's pile, from the panel its plain view becomes."""
    return next(row[1] for p in view["panels"] for row in p["rows"] if row[0] == "Pile")


def assert_readable_error(reply, status: int, code: str | None = None) -> dict:
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert error["message"]
    assert "Traceback" not in reply.text
    if code is not None:
        assert error["code"] == code, error
    return error


def test_server_titles_lists_registered_titles(client: TestClient) -> None:
    titles = {t["id"]: t for t in client.get("/api/titles").json()}
    assert titles["Toy"]["min_players"] == 2 and titles["Toy"]["max_players"] == 3
    assert "ChicagoExpress" in titles


def test_server_create_hotseat_game_gives_table_token_and_link(client: TestClient) -> None:
    created = create(client)
    game = created["game"]
    assert created["token"] and created["link"] == f"/games/{game['id']}#token={created['token']}"
    assert game["status"] == "running" and game["version"] == 0 and game["acting"] == ["Ann"]
    assert [s["name"] for s in game["seats"]] == ["Ann", "Bob"]
    assert client.get(f"/api/games/{game['id']}").json()["id"] == game["id"]
    running = client.get("/api/games?status=running").json()
    assert [g["id"] for g in running] == [game["id"]]
    assert client.get("/api/games?status=finished").json() == []


def test_server_create_refuses_bad_input_with_readable_errors(client: TestClient) -> None:
    bad = [
        ({"title": "Nope", "seats": HUMANS}, "invalid_setup"),
        ({"title": "Toy", "seats": [{"name": "Ann"}]}, "invalid_setup"),
        ({"title": "Toy", "seats": [{"name": "Ann"}, {"name": "Ann"}]}, "invalid_request"),
        ({"title": "Toy", "seats": HUMANS, "options": {"pile": "big"}}, "invalid_setup"),
        ({"title": "Toy", "seats": HUMANS, "options": {"colour": 1}}, "invalid_setup"),
        ({"title": "Toy", "seats": [{"name": "Ann", "level": "greedy"}, {"name": "B"}]}, None),
        ({"title": "Toy", "seats": HUMANS, "surprise": 1}, "invalid_request"),
        ({"title": "Toy", "seats": HUMANS, "seed": -1}, "invalid_request"),
        ({"title": "Toy", "seats": HUMANS, "mode": "online", "join_as": "Cy"}, None),
        ({"title": "Toy", "seats": [{"name": " "}, {"name": "Bob"}]}, "invalid_request"),
        ({"title": "Toy", "seats": [{"name": "B", "kind": "bot", "level": "genius"}]}, None),
        (
            {"title": "Toy", "seats": [{"name": "B", "kind": "bot", "level": "mcts:strength=9"}]},
            None,
        ),
    ]
    for body, code in bad:
        assert_readable_error(client.post("/api/games", json=body), 422, code)
    reply = client.post(
        "/api/games", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert_readable_error(reply, 422, "invalid_request")
    assert client.get("/api/games").json() == []


def test_server_unknown_game_is_404_json(client: TestClient) -> None:
    for path in ("", "/view", "/actions", "/log", "/history/0", "/export", "/values"):
        assert_readable_error(client.get(f"/api/games/nosuchgame{path}"), 404, "no_game")
    assert_readable_error(client.get("/api/nothing-here"), 404, "not_found")


def test_server_legal_actions_need_a_seat_token(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    assert client.get(f"/api/games/{gid}/actions").json()["actions"] == []
    assert client.get(f"/api/games/{gid}/actions", headers=auth("wrong")).json()["actions"] == []
    reply = client.get(f"/api/games/{gid}/actions", headers=auth(created["token"])).json()
    assert [a["action"] for a in reply["actions"]] == [
        {"kind": "take", "player": "Ann", "count": n} for n in (1, 2, 3)
    ]
    assert all(a["seat"] == "Ann" and a["text"] for a in reply["actions"])
    assert_readable_error(
        client.get(f"/api/games/{gid}/actions?seat=Ann", headers=auth("wrong")), 403
    )
    assert_readable_error(
        client.get(f"/api/games/{gid}/view?seat=Zed", headers=auth(created["token"])), 404
    )


def test_server_action_is_applied_logged_and_viewed(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    before = pile(client.get(f"/api/games/{gid}/view").json()["view"])
    reply = take(client, created, "Ann", 2, 0, created["token"])
    assert reply.status_code == 200, reply.text
    assert reply.json() == {"version": 1, "action_count": 1, "text": "Ann: take count=2"}
    view = client.get(f"/api/games/{gid}/view?seat=Bob", headers=auth(created["token"])).json()
    assert view["version"] == 1 and view["seat"] == "Bob"
    assert pile(view["view"]) == before - 2 and view["view"]["acting"] == ["Bob"]
    assert view["may_act_for"] == ["Ann", "Bob"]
    log = client.get(f"/api/games/{gid}/log").json()
    assert [e["text"] for e in log["entries"]] == ["Ann: take count=2"]


def test_server_stale_action_is_409_and_changes_nothing(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    assert take(client, created, "Ann", 1, 0, created["token"]).status_code == 200
    before = client.get(f"/api/games/{gid}/view").json()
    # Bob acts against the position before Ann's move: the game has moved on.
    assert_readable_error(take(client, created, "Bob", 1, 0, created["token"]), 409, "stale")
    # ... and against a future index.
    assert_readable_error(take(client, created, "Bob", 1, 5, created["token"]), 409, "stale")
    assert client.get(f"/api/games/{gid}/view").json() == before
    assert len(client.get(f"/api/games/{gid}/log").json()["entries"]) == 1


def test_server_illegal_and_malformed_actions_are_422_with_rule(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    token = created["token"]
    error = assert_readable_error(take(client, created, "Ann", 4, 0, token), 422, "illegal")
    assert error["rule"] == "take.count" and error["citation"] == "Toy §1"
    assert "Toy §1" in error["message"]
    error = assert_readable_error(take(client, created, "Bob", 1, 0, token), 422, "illegal")
    assert error["rule"] == "game.turn"
    for action in (
        {"kind": "fly", "player": "Ann"},
        {"kind": "take", "player": "Ann", "count": "two"},
        {"kind": "take", "player": "Ann"},
        {"kind": "take", "player": "Ann", "count": 1, "extra": 1},
    ):
        reply = client.post(
            f"/api/games/{gid}/actions", json={"index": 0, "action": action}, headers=auth(token)
        )
        assert_readable_error(reply, 422, "malformed_action")
    reply = client.post(f"/api/games/{gid}/actions", json={"index": 0}, headers=auth(token))
    assert_readable_error(reply, 422, "invalid_request")
    reply = client.post(
        f"/api/games/{gid}/actions",
        json={"index": 0, "action": {"kind": "take"}},
        headers=auth(token),
    )
    assert_readable_error(reply, 422, "malformed_action")
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_server_only_a_seat_token_may_act(client: TestClient) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "kind": "bot"}])
    assert_readable_error(take(client, created, "Ann", 1, 0, None), 403, "not_your_seat")
    assert_readable_error(take(client, created, "Ann", 1, 0, "guess"), 403, "not_your_seat")
    # The table token cannot move for a bot.
    other = create(client, seats=[{"name": "Bot", "kind": "bot"}, {"name": "Ann"}])
    wait_for(client, other["game"]["id"], lambda g: g["acting"] == ["Ann"])
    reply = take(client, other, "Bot", 1, 1, other["token"])
    assert_readable_error(reply, 403, "not_your_seat")


def test_server_online_seats_join_and_act_only_for_themselves(client: TestClient) -> None:
    created = create(client, mode="online", join_as="Ann", open_seats=True)
    gid = created["game"]["id"]
    ann = created["token"]
    assert created["seat"] == "Ann"
    assert [g["id"] for g in client.get("/api/games?status=open").json()] == [gid]
    assert_readable_error(client.post(f"/api/games/{gid}/seats/Ann/join"), 409, "seat_taken")
    assert_readable_error(client.post(f"/api/games/{gid}/seats/Zed/join"), 404, "no_seat")
    joined = client.post(f"/api/games/{gid}/seats/Bob/join", json={})
    assert joined.status_code == 200, joined.text
    bob = joined.json()["token"]
    assert joined.json()["link"].endswith(f"#token={bob}")
    assert_readable_error(client.post(f"/api/games/{gid}/seats/Bob/join"), 409, "seat_taken")
    assert client.get("/api/games?status=open").json() == []
    assert client.get("/api/games?status=running").json()[0]["id"] == gid

    assert_readable_error(take(client, created, "Ann", 1, 0, bob), 403, "not_your_seat")
    assert take(client, created, "Ann", 1, 0, ann).status_code == 200
    assert_readable_error(take(client, created, "Bob", 1, 1, ann), 403, "not_your_seat")
    assert client.get(f"/api/games/{gid}/actions", headers=auth(ann)).json()["actions"] == []
    assert take(client, created, "Bob", 1, 1, bob).status_code == 200


def test_server_hotseat_games_cannot_be_joined(client: TestClient) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "kind": "bot"}])
    gid = created["game"]["id"]
    assert_readable_error(client.post(f"/api/games/{gid}/seats/Ann/join"), 409, "hotseat")
    online = create(client, mode="online", seats=[{"name": "Ann"}, {"name": "Bot", "kind": "bot"}])
    oid = online["game"]["id"]
    assert online["token"] is None
    assert_readable_error(client.post(f"/api/games/{oid}/seats/Bot/join"), 409, "bot_seat")


def test_server_undo_hotseat_takes_back_and_is_logged(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    token = created["token"]
    start = client.get(f"/api/games/{gid}/view").json()["view"]
    assert take(client, created, "Ann", 2, 0, token).status_code == 200
    assert take(client, created, "Bob", 3, 1, token).status_code == 200
    assert_readable_error(
        client.post(f"/api/games/{gid}/undo", json={"index": 1, "count": 1}, headers=auth(token)),
        409,
        "stale",
    )
    assert_readable_error(
        client.post(f"/api/games/{gid}/undo", json={"index": 2, "count": 3}, headers=auth(token)),
        422,
        "undo_too_far",
    )
    assert_readable_error(
        client.post(f"/api/games/{gid}/undo", json={"index": 2, "count": 1}), 403, "not_your_seat"
    )
    reply = client.post(
        f"/api/games/{gid}/undo", json={"index": 2, "count": 2}, headers=auth(token)
    )
    assert reply.status_code == 200, reply.text
    assert reply.json()["version"] == 3 and reply.json()["action_count"] == 0
    assert client.get(f"/api/games/{gid}/view").json()["view"] == start
    # Play on after the undo: the log is the surviving actions only.
    assert take(client, created, "Ann", 1, 3, token).status_code == 200
    log = client.get(f"/api/games/{gid}/log").json()
    assert log["version"] == 4 and [e["text"] for e in log["entries"]] == ["Ann: take count=1"]


def test_server_undo_online_only_your_own_moves(client: TestClient) -> None:
    created = create(client, mode="online", join_as="Ann", open_seats=True)
    gid = created["game"]["id"]
    ann = created["token"]
    bob = client.post(f"/api/games/{gid}/seats/Bob/join").json()["token"]
    assert take(client, created, "Ann", 1, 0, ann).status_code == 200
    assert take(client, created, "Bob", 1, 1, bob).status_code == 200
    for count in (1, 2):
        reply = client.post(
            f"/api/games/{gid}/undo", json={"index": 2, "count": count}, headers=auth(ann)
        )
        assert_readable_error(reply, 403, "undo_not_yours")
    reply = client.post(f"/api/games/{gid}/undo", json={"index": 2, "count": 1}, headers=auth(bob))
    assert reply.status_code == 200 and reply.json()["action_count"] == 1


def test_server_undo_online_includes_following_bot_moves(client: TestClient) -> None:
    created = create(
        client,
        mode="online",
        join_as="Ann",
        seats=[{"name": "Ann"}, {"name": "Bot", "kind": "bot"}],
    )
    gid = created["game"]["id"]
    assert take(client, created, "Ann", 1, 0, created["token"]).status_code == 200
    wait_for(client, gid, lambda g: g["version"] == 2)
    reply = client.post(
        f"/api/games/{gid}/undo", json={"index": 2, "count": 2}, headers=auth(created["token"])
    )
    assert reply.status_code == 200, reply.text
    assert reply.json()["action_count"] == 0
    assert client.get(f"/api/games/{gid}").json()["acting"] == ["Ann"]


def test_server_history_shows_earlier_positions(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    start = client.get(f"/api/games/{gid}/view").json()["view"]
    take(client, created, "Ann", 3, 0, created["token"])
    take(client, created, "Bob", 1, 1, created["token"])
    assert client.get(f"/api/games/{gid}/history/0").json()["view"] == start
    after_one = client.get(f"/api/games/{gid}/history/1").json()["view"]
    assert pile(after_one) == pile(start) - 3 and after_one["action_count"] == 1
    assert pile(client.get(f"/api/games/{gid}/history/2").json()["view"]) == pile(start) - 4
    assert_readable_error(client.get(f"/api/games/{gid}/history/3"), 404, "no_position")
    assert_readable_error(client.get(f"/api/games/{gid}/history/-1"), 422)


def test_server_export_and_import_round_trip(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    take(client, created, "Ann", 2, 0, created["token"])
    take(client, created, "Bob", 1, 1, created["token"])
    doc = client.get(f"/api/games/{gid}/export").json()
    assert doc["title"] == "Toy" and doc["seed"] == 1 and doc["players"] == ["Ann", "Bob"]
    assert [a["count"] for a in doc["actions"]] == [2, 1]
    imported = client.post("/api/games/import", json={"doc": doc})
    assert imported.status_code == 201, imported.text
    new_id = imported.json()["game"]["id"]
    assert new_id != gid and imported.json()["game"]["action_count"] == 2
    assert (
        client.get(f"/api/games/{new_id}/view").json()["view"]
        == client.get(f"/api/games/{gid}/view").json()["view"]
    )
    # The imported game plays on with its own table token.
    assert take(client, imported.json(), "Ann", 1, 2, imported.json()["token"]).status_code == 200


def test_server_import_refuses_bad_documents(client: TestClient) -> None:
    good = {"title": "Toy", "seed": 1, "players": ["Ann", "Bob"], "actions": []}
    for doc, code in (
        ({"title": "Toy"}, "invalid_setup"),
        ({**good, "title": "Nope"}, "invalid_setup"),
        ({**good, "actions": [{"kind": "take", "player": "Ann", "count": 9}]}, "illegal"),
        ({**good, "actions": [{"kind": "take", "player": "Bob", "count": 1}]}, "illegal"),
        ({**good, "actions": "none"}, "invalid_setup"),
    ):
        assert_readable_error(client.post("/api/games/import", json={"doc": doc}), 422, code)
    seats = [{"name": "Bob"}, {"name": "Ann"}]
    reply = client.post("/api/games/import", json={"doc": good, "seats": seats})
    assert_readable_error(reply, 422, "seats_mismatch")
    assert_readable_error(client.post("/api/games/import", json={"doc": 3}), 422, "invalid_request")
    assert client.get("/api/games").json() == []


def test_server_18xx_interop_refuses_what_it_cannot_convert(client: TestClient) -> None:
    """A title 18xx.games lacks cannot be exported; a document that is not an 18xx.games
    game is refused with the importer's reason; a title without a board has no board.svg."""
    gid = create(client)["game"]["id"]
    # Chicago Express is not on 18xx.games, so no translator exists for it in any process.
    ce = create(client, title="ChicagoExpress")["game"]["id"]
    assert_readable_error(client.get(f"/api/games/{ce}/export/18xx"), 422, "invalid_setup")
    assert_readable_error(client.post("/api/games/import/18xx", json={}), 422, "invalid_request")
    reply = client.post("/api/games/import/18xx", json={"doc": {"title": "Toy"}})
    assert reply.status_code == 422 and "error" in reply.json()
    assert_readable_error(client.get(f"/api/games/{gid}/board.svg"), 501, "not_implemented")


def test_server_imports_and_exports_an_18xx_games_fixture(client: TestClient) -> None:
    """post_boston.json (18RoyalGorge, ended by hand on 18xx.games) is stored as a game whose
    seats carry the players' names from the document (issue #20: imports kept only the site's
    ids), and exports back as an 18xx.games document with the same scores."""
    import json

    from tests.shared_files import shared_file

    doc = json.loads(
        shared_file(
            "fixtures",
            "18xx.games",
            "18RoyalGorge",
            "post_boston.json",
            feature="importing an 18xx.games game through the web API",
            issue="#20",
        ).read_text()
    )
    reply = client.post("/api/games/import/18xx", json={"doc": doc})
    assert reply.status_code == 201, reply.text
    gid = reply.json()["game"]["id"]
    summary = client.get(f"/api/games/{gid}").json()
    assert [s["name"] for s in summary["seats"]] == [p["name"] for p in doc["players"]]
    assert all(s["kind"] == "human" for s in summary["seats"])
    exported = client.get(f"/api/games/{gid}/export/18xx").json()
    assert exported["title"] == "18RoyalGorge"
    assert [p["name"] for p in exported["players"]] == [p["name"] for p in doc["players"]]
    scores = {str(p["id"]): doc["result"][str(p["id"])] for p in doc["players"]}
    assert list(exported["result"].values()) == list(scores.values())


def test_server_bots_move_by_themselves_to_the_end(client: TestClient) -> None:
    created = create(
        client,
        seats=[
            {"name": "Bot A", "kind": "bot"},
            {"name": "Bot B", "kind": "bot", "level": "random"},
        ],
    )
    gid = created["game"]["id"]
    summary = wait_for(client, gid, lambda g: g["finished"])
    assert summary["status"] == "finished" and summary["acting"] == []
    view = client.get(f"/api/games/{gid}/view").json()["view"]
    assert pile(view) == 0 and sorted(view["result"].values()) == [0, 1]
    assert [g["id"] for g in client.get("/api/games?status=finished").json()] == [gid]
    values = client.get(f"/api/games/{gid}/values").json()
    assert values["indices"][0] == 0 and values["indices"][-1] == summary["action_count"]
    assert {p: s[-1] for p, s in values["series"].items()} == view["result"]
    assert_readable_error(
        take(client, created, "Bot A", 1, summary["version"], created["token"]), 403
    )


def test_server_bot_seats_name_their_level_and_search_bots_play_too(client: TestClient) -> None:
    """Issue #21: every seat may be a bot of any level, named for people; an MCTS seat plays
    its moves in a worker thread like the others (a tiny budget here)."""
    created = create(
        client,
        seats=[
            {"name": "Bot A", "kind": "bot", "level": "mcts:iterations=5"},
            {"name": "Bot B", "kind": "bot", "level": "greedy"},
        ],
    )
    gid = created["game"]["id"]
    seats = created["game"]["seats"]
    assert [s["level"] for s in seats] == ["mcts:iterations=5", "heuristic"]
    assert [s["label"] for s in seats] == ["MCTS bot (5 iterations a move)", "heuristic bot"]
    summary = wait_for(client, gid, lambda g: g["finished"])
    assert summary["status"] == "finished"


def test_server_websocket_pushes_each_new_version(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as socket:
        first = socket.receive_json()
        assert first["type"] == "update" and first["version"] == 0
        take(client, created, "Ann", 2, 0, created["token"])
        update = socket.receive_json()
        assert update["version"] == 1 and update["last"] == "Ann: take count=2"
        assert update["acting"] == ["Bob"]


def test_server_websocket_sees_moves_from_another_worker(
    make_client: Callable[..., TestClient],
) -> None:
    one, two = make_client(), make_client()
    created = create(one)
    gid = created["game"]["id"]
    with two.websocket_connect(f"/api/games/{gid}/ws") as socket:
        assert socket.receive_json()["version"] == 0
        take(one, created, "Ann", 1, 0, created["token"])
        assert socket.receive_json()["version"] == 1


def test_server_workers_share_the_log_and_refuse_stale_writes(
    make_client: Callable[..., TestClient],
) -> None:
    """Two workers with their own caches: a write through one makes the other's stale."""
    one, two = make_client(), make_client()
    created = create(one)
    gid = created["game"]["id"]
    token = created["token"]
    assert two.get(f"/api/games/{gid}/view").json()["version"] == 0  # two caches version 0
    assert take(one, created, "Ann", 2, 0, token).status_code == 200
    assert_readable_error(take(two, created, "Ann", 1, 0, token), 409, "stale")
    assert take(two, created, "Bob", 1, 1, token).status_code == 200
    assert one.get(f"/api/games/{gid}/view").json()["view"]["action_count"] == 2
    assert (
        one.post(f"/api/games/{gid}/undo", json={"index": 2}, headers=auth(token)).status_code
        == 200
    )
    assert two.get(f"/api/games/{gid}/view").json()["view"]["action_count"] == 1


def test_server_openapi_docs_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo"):
        assert path in paths


def test_server_pages_and_static_files_are_served(client: TestClient) -> None:
    assert "New game" in client.get("/").text
    gid = create(client)["game"]["id"]
    assert "game.js" in client.get(f"/games/{gid}").text
    assert client.get("/static/js/game.js").status_code == 200


def test_server_chicago_express_plays_to_the_end_with_bots(client: TestClient) -> None:
    """A whole Chicago Express game of bots, driven by the server's bot tasks; the final view's
    result is what the exported log replays to."""
    seats = [{"name": n, "kind": "bot", "level": "random"} for n in ("Ann", "Bob", "Cy")]
    created = create(client, title="ChicagoExpress", seats=seats, seed=3)
    gid = created["game"]["id"]
    summary = wait_for(client, gid, lambda g: g["finished"])
    view = client.get(f"/api/games/{gid}/view").json()["view"]
    assert view["finished"] and view["end_reason"] and set(view["result"]) == {"Ann", "Bob", "Cy"}
    doc = client.get(f"/api/games/{gid}/export").json()
    assert len(doc["actions"]) == summary["action_count"]
    replayed = client.post("/api/games/import", json={"doc": doc}).json()
    assert replayed["game"]["finished"]
    new_view = client.get(f"/api/games/{replayed['game']['id']}/view").json()["view"]
    assert new_view["result"] == view["result"]


def test_server_chicago_express_board_svg_has_its_rivers_and_lakes(client: TestClient) -> None:
    """Issue #20: the web page's Chicago Express map is the title's drawing, rivers and lakes
    included (the renderer asks the title's drawing part for its scenery)."""
    gid = create(client, title="ChicagoExpress")["game"]["id"]
    svg = client.get(f"/api/games/{gid}/board.svg").text
    assert 'data-hex="K4"' in svg and 'class="river"' in svg
    assert 'data-river="Ohio"' in svg and "Lake Erie" in svg


def test_server_table_gives_a_page_everything_at_one_version(client: TestClient) -> None:
    created = create(client)
    gid = created["game"]["id"]
    token = created["token"]
    take(client, created, "Ann", 1, 0, token)
    take(client, created, "Bob", 2, 1, token)
    table = client.get(f"/api/games/{gid}/table?log_from=1", headers=auth(token)).json()
    assert table["version"] == 2 and table["game"]["version"] == 2
    assert table["may_act_for"] == ["Ann", "Bob"]
    assert [a["action"]["count"] for a in table["actions"]] == [1, 2, 3]
    assert table["log_from"] == 1 and [e["text"] for e in table["log"]] == ["Bob: take count=2"]
    public = client.get(f"/api/games/{gid}/table?log_from=9").json()
    assert public["actions"] == [] and public["log_from"] == 2 and public["log"] == []
    assert_readable_error(client.get(f"/api/games/{gid}/table?log_from=-1"), 422)
