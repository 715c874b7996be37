"""The shapes of the web API's requests and replies (pydantic), so every request is validated
and /docs describes every endpoint."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from roundhouse.core.event import Event
from roundhouse.core.view import GameView, LogEntry

SeatName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


def _bot_level(text: str) -> str:
    """A bot level as ``roundhouse.bots.parse_level`` reads it, written back the same way."""
    from roundhouse.bots import parse_level

    return str(parse_level(text))


BotLevel = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=32),
    AfterValidator(_bot_level),
]
"""``random``, ``heuristic`` (``greedy`` is its old name) or ``mcts`` with a strength
(``mcts:strength=1`` … ``mcts:strength=5``: 0.25 s to 4 s a move)."""
DEFAULT_BOT_LEVEL = "heuristic"
Mode = Literal["hotseat", "online"]
JsonObject = dict[str, Any]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """One seat at the table: a person, or a bot of some level."""

    name: SeatName
    kind: Literal["human", "bot"] = "human"
    level: BotLevel | None = Field(
        default=None,
        description="bot level (bots only; default heuristic): random, heuristic, or mcts "
        "with a strength 1-5 (mcts:strength=3)",
    )

    @model_validator(mode="after")
    def _level_for_bots_only(self) -> SeatSpec:
        if self.kind == "human" and self.level is not None:
            raise ValueError(f"seat {self.name!r} is human and cannot have a bot level")
        if self.kind == "bot" and self.level is None:
            self.level = DEFAULT_BOT_LEVEL
        return self


def _distinct(seats: list[SeatSpec]) -> list[SeatSpec]:
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ: {names}")
    return seats


class CreateGame(Strict):
    """A new game: ``hotseat`` lets one browser play every human seat; ``online`` gives each
    human seat its own secret link."""

    title: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=12)]
    mode: Mode = "hotseat"
    seed: Annotated[int, Field(ge=0, lt=2**62)] | None = Field(
        default=None, description="the game's random seed; omitted: drawn at random"
    )
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    join_as: SeatName | None = Field(
        default=None, description="online games: the human seat the creator takes"
    )
    listed: bool = Field(
        default=True, description="shown in the lobby's game list; unlisted: reached by link only"
    )
    open_seats: bool = Field(
        default=False,
        description="online games: anyone may take a free seat from the lobby; otherwise each "
        "human seat is taken through its own invite link, all given to the creator",
    )

    @model_validator(mode="after")
    def _check(self) -> CreateGame:
        _distinct(self.seats)
        if self.join_as is not None:
            seat = next((s for s in self.seats if s.name == self.join_as), None)
            if seat is None or seat.kind != "human":
                raise ValueError(f"join_as {self.join_as!r} must name a human seat")
        return self


class ImportGame(Strict):
    """A saved game in our JSON format (``GET /api/games/{id}/export``), stored as a new game."""

    doc: JsonObject = Field(description='{"title", "options", "seed", "players", "actions"}')
    mode: Mode = "hotseat"
    seats: list[SeatSpec] | None = Field(
        default=None,
        description="kinds of the doc's players, in order; default: the doc's own `seats` "
        "(our export writes them), else all human",
    )
    listed: bool = True
    open_seats: bool = False


class JoinSeat(Strict):
    name: SeatName | None = Field(default=None, description="unused; seats keep their names")


class SubmitAction(Strict):
    """An action in its JSON form, and the log index the player saw when choosing it."""

    index: Annotated[int, Field(ge=0)] = Field(description="the game's `version` when chosen")
    action: JsonObject


class Undo(Strict):
    index: Annotated[int, Field(ge=0)] = Field(description="the game's `version` when asked")
    count: Annotated[int, Field(ge=1, le=10_000)] = 1


class SeatInfo(BaseModel):
    name: str
    kind: str
    level: str | None
    claimed: bool
    label: str = Field(
        default="",
        description='who plays the seat, for people: "person", "heuristic bot", '
        '"MCTS bot (strength 3: 1 s a move)"',
    )


class GameSummary(BaseModel):
    id: str
    title: str
    title_name: str
    mode: str
    listed: bool = True
    open_seats: bool = False
    status: Literal["open", "running", "finished"]
    seats: list[SeatInfo]
    version: int = Field(description="number of log rows (actions and undos) so far")
    action_count: int
    acting: list[str]
    finished: bool
    created_at: dt.datetime
    updated_at: dt.datetime


class Invite(BaseModel):
    """A human seat's own link: whoever opens it plays that seat (keep it secret)."""

    seat: str
    token: str
    link: str


class Created(BaseModel):
    game: GameSummary
    token: str | None = Field(description="secret: the table's (hotseat) or your seat's token")
    seat: str | None
    link: str = Field(description="the game page; it carries the token after '#'")
    invites: list[Invite] = Field(
        default_factory=list,
        description="online games by invitation: each human seat's link, to send to its player",
    )


class Joined(BaseModel):
    game: GameSummary
    seat: str
    token: str
    link: str


class ViewReply(BaseModel):
    version: int
    seat: str | None
    may_act_for: list[str] = Field(description="seats the presented token may act for")
    view: GameView = Field(description="the typed, versioned view (roundhouse.core.view)")


class LegalAction(BaseModel):
    seat: str
    kind: str
    text: str = Field(description="the move as its button says it, with what it costs or pays")
    action: JsonObject
    step: str = Field(default="", description='the step it belongs to ("track", "steel")')
    step_action: str = Field(default="", description='that step in words ("choose steel")')
    hexes: list[str] = Field(
        default_factory=list, description="the hexes the move is made on, to offer it on the map"
    )


class LegalReply(BaseModel):
    version: int
    actions: list[LegalAction]


class LogReply(BaseModel):
    version: int
    entries: list[LogEntry]
    setup: list[Event] = Field(default_factory=list, description="what setting up told the table")


class Accepted(BaseModel):
    version: int
    action_count: int
    text: str


class RoundStart(BaseModel):
    index: int = Field(description="the action count at which the round began")
    label: str = Field(description='the round as the banner names it: "SR 2", "OR 2.1"')


class ValuesReply(BaseModel):
    version: int
    indices: list[int] = Field(description="action counts at which values were sampled")
    series: dict[str, list[int]]
    rounds: list[RoundStart] = Field(
        default_factory=list, description="where each round began, for the chart's axis"
    )


class ErrorBody(BaseModel):
    code: str
    message: str
    rule: str | None = None
    citation: str | None = None


class ErrorReply(BaseModel):
    error: ErrorBody


class ExportFormat(BaseModel):
    """A format the game can be saved in, or why not."""

    format: Literal["roundhouse", "18xx.games"]
    available: bool
    reason: str | None = None


class TableReply(BaseModel):
    """Everything a game page shows, at one version, in one round trip."""

    game: GameSummary
    version: int
    may_act_for: list[str]
    view: GameView = Field(description="the typed, versioned view (roundhouse.core.view)")
    actions: list[LegalAction]
    log_from: int
    log: list[LogEntry] = Field(description="log entries from index `log_from` on")
    setup: list[Event] = Field(
        default_factory=list, description="what setting the game up told the table (log_from 0)"
    )
    exports: list[ExportFormat] = Field(default_factory=list)


class PriceRun(Strict):
    """Routes a company might run, in route notation (train id, then stops with via hexes)."""

    entity: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    routes: list[
        Annotated[list[Annotated[str, StringConstraints(max_length=40)]], Field(max_length=64)]
    ] = Field(max_length=16)


class RunPrice(BaseModel):
    """What those routes earn (the engine's own check), to play as `run_routes`."""

    version: int
    entity: str
    routes: list[list[str]] = Field(
        description="the routes in exact notation (every hex passed), to draw along the track"
    )
    revenue: int
    revenues: list[int] = Field(default_factory=list, description="each route's own revenue")
