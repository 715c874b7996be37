"""Games on disk: each game is its set-up plus an append-only log, in SQLite or PostgreSQL.

A log row is either an action or an undo marker (``{"undo": n}``) and carries its index.  A
write names the index it expects to take; the ``(game_id, idx)`` primary key plus a guarded
update of ``games.version`` make a stale write fail with :class:`StaleIndex` and change
nothing, so two clicks at once (in one worker or in several) cannot both land.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

METADATA = sa.MetaData()

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("title", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("table_token_hash", sa.String(64), nullable=True),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("action_count", sa.Integer, nullable=False, server_default="0"),
    sa.Column("acting", sa.JSON, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("open_seats", sa.Boolean, nullable=False, server_default=sa.true()),
)

SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("position", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("bot_level", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
)

LOG = sa.Table(
    "log_entries",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("entry", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


class StaleIndex(Exception):
    """The write was made against an older log than the one stored now."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"the game has moved on: you acted at index {expected}, it is {actual}")
        self.expected = expected
        self.actual = actual


class UnknownGame(KeyError):
    """No game has this id."""


def hash_token(token: str) -> str:
    """Tokens are stored hashed, so a copied database does not hand out seats."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclasses.dataclass(frozen=True, kw_only=True)
class SeatRecord:
    position: int
    name: str
    kind: str
    bot_level: str | None
    token_hash: str | None
    claimed: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameRecord:
    """One game's set-up and bookkeeping, without its log."""

    id: str
    title: str
    options: dict[str, object]
    seed: int
    mode: str
    table_token_hash: str | None
    version: int
    action_count: int
    acting: list[str]
    finished: bool
    created_at: dt.datetime
    updated_at: dt.datetime
    seats: tuple[SeatRecord, ...]
    listed: bool = True
    """Shown in the lobby's game list (unlisted games are reached by their link only)."""
    open_seats: bool = True
    """Online: anyone may take a free human seat from the lobby; otherwise seats are taken
    only through the invite links the creator was given."""

    @property
    def players(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat(self, name: str) -> SeatRecord | None:
        return next((s for s in self.seats if s.name == name), None)

    @property
    def is_open(self) -> bool:
        """An online game with open seats, one of them a human seat nobody has taken yet."""
        return (
            not self.finished
            and self.mode == "online"
            and self.open_seats
            and any(s.kind == "human" and not s.claimed for s in self.seats)
        )

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        return "open" if self.is_open else "running"


@dataclasses.dataclass(frozen=True, kw_only=True)
class NewSeat:
    name: str
    kind: str
    bot_level: str | None = None
    token_hash: str | None = None
    claimed: bool = False


class Store:
    """The games table, seats and logs behind one SQLAlchemy engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def from_url(cls, url: str) -> Store:
        connect_args: dict[str, object] = {}
        sqlite = url.startswith("sqlite")
        if sqlite:
            # The app calls the store from the event loop and from worker threads.
            connect_args["check_same_thread"] = False
        engine = sa.create_engine(url, connect_args=connect_args, pool_pre_ping=True)
        if sqlite and engine.url.database not in (None, "", ":memory:"):
            sa.event.listen(engine, "connect", _write_ahead_log)
        return cls(engine)

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        with self.engine.begin() as conn:
            yield conn

    def create(
        self,
        *,
        title: str,
        options: dict[str, object],
        seed: int,
        mode: str,
        table_token_hash: str | None,
        seats: Sequence[NewSeat],
        acting: list[str],
        entries: Sequence[dict[str, object]] = (),
        action_count: int = 0,
        finished: bool = False,
        listed: bool = True,
        open_seats: bool = True,
    ) -> str:
        """Store a new game (optionally with an imported log) and return its id."""
        game_id = secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
        now = _now()
        with self._begin() as conn:
            conn.execute(
                GAMES.insert().values(
                    id=game_id,
                    title=title,
                    options=options,
                    seed=seed,
                    mode=mode,
                    table_token_hash=table_token_hash,
                    version=len(entries),
                    action_count=action_count,
                    acting=acting,
                    finished=finished,
                    created_at=now,
                    updated_at=now,
                    listed=listed,
                    open_seats=open_seats,
                )
            )
            conn.execute(
                SEATS.insert(),
                [
                    {
                        "game_id": game_id,
                        "position": i,
                        "name": s.name,
                        "kind": s.kind,
                        "bot_level": s.bot_level,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                    }
                    for i, s in enumerate(seats)
                ],
            )
            if entries:
                conn.execute(
                    LOG.insert(),
                    [
                        {"game_id": game_id, "idx": i, "entry": e, "created_at": now}
                        for i, e in enumerate(entries)
                    ],
                )
        return game_id

    def get(self, game_id: str) -> GameRecord:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GAMES).where(GAMES.c.id == game_id)).mappings().first()
            if row is None:
                raise UnknownGame(game_id)
            seats = conn.execute(
                sa.select(SEATS).where(SEATS.c.game_id == game_id).order_by(SEATS.c.position)
            ).mappings()
            return _record(row, [_seat(s) for s in seats])

    def version(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            value = conn.execute(
                sa.select(GAMES.c.version).where(GAMES.c.id == game_id)
            ).scalar_one_or_none()
        if value is None:
            raise UnknownGame(game_id)
        return int(value)

    def entries(self, game_id: str, start: int = 0) -> list[dict[str, object]]:
        """Log rows from index ``start`` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(LOG.c.entry)
                .where(LOG.c.game_id == game_id, LOG.c.idx >= start)
                .order_by(LOG.c.idx)
            ).scalars()
            return [dict(r) for r in rows]

    def append(
        self,
        game_id: str,
        index: int,
        entry: dict[str, object],
        *,
        action_count: int,
        acting: list[str],
        finished: bool,
    ) -> None:
        """Write log row ``index``; :class:`StaleIndex` (and no change) if it is not next."""
        try:
            with self._begin() as conn:
                updated = conn.execute(
                    GAMES.update()
                    .where(GAMES.c.id == game_id, GAMES.c.version == index)
                    .values(
                        version=index + 1,
                        action_count=action_count,
                        acting=acting,
                        finished=finished,
                        updated_at=_now(),
                    )
                )
                if updated.rowcount != 1:
                    actual = conn.execute(
                        sa.select(GAMES.c.version).where(GAMES.c.id == game_id)
                    ).scalar_one_or_none()
                    if actual is None:
                        raise UnknownGame(game_id)
                    raise StaleIndex(index, int(actual))
                conn.execute(
                    LOG.insert().values(game_id=game_id, idx=index, entry=entry, created_at=_now())
                )
        except IntegrityError:
            raise StaleIndex(index, self.version(game_id)) from None

    def claim(self, game_id: str, position: int, name: str, token_hash: str) -> bool:
        """Give an unclaimed human seat to a joining player; False if it was taken meanwhile."""
        with self._begin() as conn:
            updated = conn.execute(
                SEATS.update()
                .where(
                    SEATS.c.game_id == game_id,
                    SEATS.c.position == position,
                    SEATS.c.kind == "human",
                    SEATS.c.claimed == sa.false(),
                )
                .values(claimed=True, token_hash=token_hash)
            )
            return updated.rowcount == 1

    def listing(self, status: str | None = None, limit: int = 100) -> list[GameRecord]:
        """Newest first; ``status`` is open, running or finished (None: all)."""
        query = (
            sa.select(GAMES).where(GAMES.c.listed == sa.true()).order_by(GAMES.c.updated_at.desc())
        )
        if status == "finished":
            query = query.where(GAMES.c.finished == sa.true())
        elif status in ("open", "running"):
            query = query.where(GAMES.c.finished == sa.false())
        with self.engine.connect() as conn:
            games = list(conn.execute(query).mappings())
            ids = [g["id"] for g in games]
            seats: dict[str, list[SeatRecord]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    sa.select(SEATS).where(SEATS.c.game_id.in_(ids)).order_by(SEATS.c.position)
                ).mappings():
                    seats[s["game_id"]].append(_seat(s))
        records = [_record(g, seats[g["id"]]) for g in games]
        if status in ("open", "running"):
            records = [r for r in records if r.status == status]
        return records[:limit]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(sa.select(GAMES.c.id).where(GAMES.c.finished == sa.false())).scalars()
            )


def _write_ahead_log(dbapi_connection: sqlite3.Connection, connection_record: object) -> None:
    """SQLite files keep a write-ahead log.  With the default rollback journal every append
    synced the journal and the database (tens of milliseconds on an ordinary disk, during which
    the worker's event loop waits); with WAL a commit syncs the log once, still before it
    returns, so a recorded move survives a crash just the same, and readers in other workers
    no longer wait for a writer.  The setting is stored in the file (it adds ``-wal`` and
    ``-shm`` files beside it)."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    finally:
        cursor.close()


def _seat(row: sa.RowMapping) -> SeatRecord:
    return SeatRecord(
        position=row["position"],
        name=row["name"],
        kind=row["kind"],
        bot_level=row["bot_level"],
        token_hash=row["token_hash"],
        claimed=bool(row["claimed"]),
    )


def _record(row: sa.RowMapping, seats: list[SeatRecord]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        title=row["title"],
        options=dict(row["options"]),
        seed=int(row["seed"]),
        mode=row["mode"],
        table_token_hash=row["table_token_hash"],
        version=int(row["version"]),
        action_count=int(row["action_count"]),
        acting=list(row["acting"]),
        finished=bool(row["finished"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        seats=tuple(seats),
        listed=bool(row["listed"]),
        open_seats=bool(row["open_seats"]),
    )
