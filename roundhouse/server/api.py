"""The REST and WebSocket endpoints under ``/api`` (documented at ``/docs``).

Tokens travel as ``Authorization: Bearer <token>``; the game page reads its token from the
part of its link after ``#``, which browsers never send to servers or put in referrers.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Literal

from fastapi import (
    APIRouter,
    Depends,
    Path,
    Query,
    Request,
    Response,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

import roundhouse
from roundhouse.core.view import TileCatalogue
from roundhouse.server import schema
from roundhouse.server.problem import Problem
from roundhouse.server.runtime import Runtime

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="a seat's or the hotseat table's token")

GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9]+$")]
SeatQuery = Annotated[
    str | None, Query(min_length=1, max_length=40, description="the seat whose view you want")
]
ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": schema.ErrorReply} for code in (403, 404, 409, 422, 501)
}


async def runtime(request: Request) -> Runtime:
    """The worker's runtime.  Dependencies are ``async`` because FastAPI runs plain ``def``
    ones in a thread pool: two thread round trips per request for two attribute reads."""
    rt: Runtime = request.app.state.runtime
    return rt


async def token(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str | None:
    return credentials.credentials if credentials is not None else None


Rt = Annotated[Runtime, Depends(runtime)]
Token = Annotated[str | None, Depends(token)]


@router.get("/titles", summary="Titles you can play, with player ranges and options")
async def titles() -> list[dict[str, object]]:
    return roundhouse.titles()


@router.post("/games", status_code=201, responses=ERRORS, summary="Create a game")
async def create_game(body: schema.CreateGame, rt: Rt) -> schema.Created:
    created = rt.service.create(body)
    rt.changed(created.game.id)
    return created


@router.get("/games", summary="Games, newest first: open (seats free), running or finished")
async def list_games(
    rt: Rt, status: Literal["open", "running", "finished"] | None = None
) -> list[schema.GameSummary]:
    return rt.service.games(status)


@router.post(
    "/games/import", status_code=201, responses=ERRORS, summary="Store a game saved as our JSON"
)
async def import_game(body: schema.ImportGame, rt: Rt) -> schema.Created:
    created = rt.service.import_doc(body)
    rt.changed(created.game.id)
    return created


@router.post(
    "/games/import/18xx",
    status_code=201,
    responses=ERRORS,
    summary="Store an 18xx.games game document, replayed by the importer (seats: site ids)",
)
async def import_18xx(body: schema.ImportGame, rt: Rt) -> schema.Created:
    created = rt.service.import_doc(body, site=True)
    rt.changed(created.game.id)
    return created


@router.get("/games/{game_id}", responses=ERRORS, summary="A game's set-up and progress")
async def get_game(game_id: GameId, rt: Rt) -> schema.GameSummary:
    return rt.service.summary(rt.service.record(game_id))


@router.post(
    "/games/{game_id}/seats/{seat}/join",
    responses=ERRORS,
    summary="Take a free seat of an online game; the reply holds its secret token",
)
async def join_seat(
    game_id: GameId,
    seat: Annotated[str, Path(min_length=1, max_length=40)],
    rt: Rt,
    body: schema.JoinSeat | None = None,
) -> schema.Joined:
    joined = rt.service.join(game_id, seat)
    rt.changed(game_id, notify_only=True)
    return joined


@router.get(
    "/games/{game_id}/view", responses=ERRORS, summary="The game as a seat (or anyone) sees it"
)
async def get_view(game_id: GameId, rt: Rt, tok: Token, seat: SeatQuery = None) -> schema.ViewReply:
    return rt.service.view(game_id, seat, tok)


@router.get(
    "/games/{game_id}/actions",
    responses=ERRORS,
    summary="Legal actions of the acting seats your token may act for, with table talk",
)
async def get_actions(
    game_id: GameId, rt: Rt, tok: Token, seat: SeatQuery = None
) -> schema.LegalReply:
    return rt.service.legal(game_id, seat, tok)


@router.post(
    "/games/{game_id}/actions",
    responses=ERRORS,
    summary="Play an action; `index` is the version you saw (409 if the game moved on)",
)
async def post_action(
    game_id: GameId, body: schema.SubmitAction, rt: Rt, tok: Token
) -> schema.Accepted:
    accepted = rt.service.act(game_id, body, tok)
    rt.changed(game_id, accepted)
    return accepted


@router.post("/games/{game_id}/undo", responses=ERRORS, summary="Take back the last actions")
async def post_undo(game_id: GameId, body: schema.Undo, rt: Rt, tok: Token) -> schema.Accepted:
    accepted = rt.service.undo(game_id, body, tok)
    rt.changed(game_id, accepted)
    return accepted


@router.get(
    "/games/{game_id}/table",
    responses=ERRORS,
    summary="What a game page shows (summary, view, your legal actions, new log entries) at once",
)
async def get_table(
    game_id: GameId, rt: Rt, tok: Token, log_from: Annotated[int, Query(ge=0)] = 0
) -> schema.TableReply:
    return rt.service.table(game_id, tok, log_from)


@router.get(
    "/games/{game_id}/tiles",
    responses=ERRORS,
    summary="The game's tile catalogue: every tile's code, and each hex's printed tile "
    "(the same all game long; draws any hex of the view's board)",
)
async def get_tiles(game_id: GameId, rt: Rt) -> TileCatalogue:
    return rt.service.tiles(game_id)


@router.get("/games/{game_id}/log", responses=ERRORS, summary="Every action so far, as table talk")
async def get_log(game_id: GameId, rt: Rt) -> schema.LogReply:
    return rt.service.log(game_id)


@router.get(
    "/games/{game_id}/history/{index}",
    responses=ERRORS,
    summary="The public view after the first `index` actions (read-only)",
)
async def get_history(
    game_id: GameId, index: Annotated[int, Path(ge=0)], rt: Rt
) -> schema.ViewReply:
    return rt.service.history(game_id, index)


@router.get(
    "/games/{game_id}/values", responses=ERRORS, summary="Each player's value over the game"
)
async def get_values(game_id: GameId, rt: Rt) -> schema.ValuesReply:
    return rt.service.values(game_id)


SVG: dict[int | str, dict[str, object]] = {**ERRORS, 200: {"content": {"image/svg+xml": {}}}}


@router.get(
    "/games/{game_id}/board.svg",
    responses=SVG,
    response_class=Response,
    summary="The map as it stands (or after the first `index` actions), drawn by "
    "roundhouse.render: hexes carry data-hex, stops data-city and data-stop",
)
async def board_svg(
    game_id: GameId, rt: Rt, index: Annotated[int | None, Query(ge=0)] = None
) -> Response:
    record = rt.service.record(game_id)
    game = rt.service.live(record)
    if index is not None and index != len(game.log):
        if index > len(game.log):
            raise Problem(404, "no_position", f"no position {index}")
        game = game.at(index)
    drawn = rt.service.drawings.board(game_id, record.version, game)
    if drawn is None:
        raise Problem(
            501,
            "not_implemented",
            f"{record.title} has no map",
        )
    return Response(content=drawn, media_type="image/svg+xml")


@router.get(
    "/games/{game_id}/tiles/{tile}.svg",
    responses=SVG,
    response_class=Response,
    summary="One tile of the game's tile set at a rotation (previews for tile lays)",
)
async def tile_svg(
    game_id: GameId,
    tile: Annotated[str, Path(min_length=1, max_length=20, pattern=r"^[A-Za-z0-9_&+-]+$")],
    rt: Rt,
    rotation: Annotated[int, Query(ge=0, le=5)] = 0,
) -> Response:
    game = rt.service.live(rt.service.record(game_id))
    drawn = rt.service.drawings.tile(game, tile, rotation)
    if drawn is None:
        raise Problem(404, "no_tile", f"{game.title.id} has no tile {tile!r}")
    return Response(
        content=drawn,
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=3600"},
    )


@router.post(
    "/games/{game_id}/routes/price",
    responses=ERRORS,
    summary="What a company's routes (route notation) earn now; play them as run_routes",
)
async def price_run(game_id: GameId, body: schema.PriceRun, rt: Rt, tok: Token) -> schema.RunPrice:
    return rt.service.price_run(game_id, body, tok)


@router.get("/games/{game_id}/export", responses=ERRORS, summary="The game as our JSON save file")
async def export_game(game_id: GameId, rt: Rt) -> dict[str, object]:
    return rt.service.export(game_id)


@router.get("/games/{game_id}/export/18xx", responses=ERRORS, summary="As 18xx.games JSON")
async def export_18xx(game_id: GameId, rt: Rt) -> dict[str, object]:
    return rt.service.export_18xx(game_id)


@router.websocket("/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """Pushes ``{"type": "update", "version", "action_count", "acting", "finished", "last",
    "seats_taken"}`` on every change (a seat taken too); pages then fetch what they show.
    Clients send nothing."""
    rt: Runtime = websocket.app.state.runtime
    try:
        record = rt.service.record(game_id)
    except Problem:
        await websocket.close(code=4404)
        return
    await websocket.accept()
    queue = rt.hub.subscribe(game_id)
    reader = asyncio.ensure_future(_drain(websocket))
    try:
        last = record.version
        await websocket.send_json(rt.update_message(record))
        while not reader.done():
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {getter, reader},
                timeout=rt.settings.poll_interval,
                return_when=asyncio.FIRST_COMPLETED,
            )
            if getter in done:
                message = getter.result()
            else:
                getter.cancel()
                if reader.done():
                    break
                record = rt.service.record(game_id)
                if record.version == last:
                    continue
                message = rt.update_message(record)
            version = message.get("version")
            if isinstance(version, int):
                last = max(last, version)
            await websocket.send_json(message)
    except (WebSocketDisconnect, RuntimeError, Problem):
        pass
    finally:
        rt.hub.unsubscribe(game_id, queue)
        reader.cancel()
        with contextlib.suppress(Exception):
            await websocket.close()


async def _drain(websocket: WebSocket) -> None:
    """Reads (and ignores) what the page sends, so a closed page ends the socket promptly."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
