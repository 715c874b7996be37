"""The web app: ``create_app()`` for ASGI servers and tests, ``run()`` for ``roundhouse serve``."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from html import escape
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from roundhouse.server.api import router
from roundhouse.server.migration import upgrade
from roundhouse.server.problem import Problem
from roundhouse.server.runtime import Runtime
from roundhouse.server.settings import Settings

WEB = Path(__file__).resolve().parent.parent / "web"
LOG = logging.getLogger("roundhouse.server")


def create_app(database_url: str | None = None, *, settings: Settings | None = None) -> FastAPI:
    """The FastAPI app, its database brought up to date (``settings`` overrides the defaults)."""
    if settings is None:
        settings = Settings() if database_url is None else Settings(database_url=database_url)
    elif database_url is not None:
        raise ValueError("give database_url or settings, not both")
    runtime = Runtime(settings)
    if settings.migrate:
        upgrade(runtime.store.engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        runtime.resume_bots()
        yield
        await runtime.bots.stop()
        runtime.store.engine.dispose()

    app = FastAPI(
        title="Roundhouse",
        summary="Play Chicago Express and 18xx titles in the browser, hotseat or online",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.runtime = runtime
    # Views carry the whole board (tens of kilobytes of JSON); compressed they are a tenth.
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    app.include_router(router)
    _add_error_handlers(app)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/games/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        try:
            runtime.service.record(game_id)
        except Problem:
            return not_found_page(
                f"There is no game {game_id!r} here. It may have been mistyped, or it lives on "
                "another server."
            )
        return FileResponse(WEB / "game.html")

    @app.get("/games", include_in_schema=False)
    async def games_page() -> RedirectResponse:
        return RedirectResponse("/")

    return app


def not_found_page(message: str) -> HTMLResponse:
    """A page a person can read (not the API's JSON), with the way back to the lobby."""
    return HTMLResponse(
        status_code=404,
        content=(WEB / "notfound.html")
        .read_text()
        .replace("{message}", escape(message, quote=False)),
    )


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": {"code": code, "message": message}})


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(request: Request, exc: Problem) -> JSONResponse:
        return JSONResponse(status_code=exc.status, content=exc.body())

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body",))
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
        return _error(422, "invalid_request", "; ".join(parts) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def http(request: Request, exc: StarletteHTTPException) -> Response:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        page = not request.url.path.startswith(("/api/", "/static/", "/openapi"))
        if page and exc.status_code == 404 and request.method in ("GET", "HEAD"):
            return not_found_page(f"There is no page at {request.url.path}.")
        return _error(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> JSONResponse:
        LOG.exception("unhandled error on %s %s", request.method, request.url.path)
        return _error(500, "internal", "the server hit an unexpected error; it has been logged")


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Serve the app with uvicorn until interrupted (``roundhouse serve``)."""
    import uvicorn

    app = create_app(db_url)
    print(f"Roundhouse is at http://{host}:{port}/  (API docs: http://{host}:{port}/docs)")
    uvicorn.run(app, host=host, port=port, log_level="info")
