"""The game table behind the API: create, join, act, undo, read, import and export games.

Everything here is synchronous and quick; the async routes call it directly, so within one
worker two requests never interleave inside a method.  Across workers the stored log's index
is the guard (see :mod:`roundhouse.server.storage`).

Who may do what:

- reading a game's public view, its log, history and export needs no token;
- a seat's own view and legal actions, acting and undoing need a token: in a *hotseat* game
  the table token acts for every human seat; in an *online* game each seat's token acts for
  that seat only, and only while it is one of the acting seats;
- undo (hotseat): the table token may take back any number of actions;
  undo (online): a seat may take back the last actions only if every one of them was made by
  that seat or by a bot, and at least one by that seat — so nobody undoes another person's move.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

import roundhouse
from roundhouse.core.title import REGISTRY
from roundhouse.core.view import TileCatalogue
from roundhouse.server import schema
from roundhouse.server.bot_pool import BotRequest
from roundhouse.server.cache import GameCache, effective_actions
from roundhouse.server.drawing import Drawings
from roundhouse.server.exports import export_formats
from roundhouse.server.problem import Problem
from roundhouse.server.seat_bot import seat_label
from roundhouse.server.seating import named_seats, saved_seats
from roundhouse.server.storage import (
    GameRecord,
    NewSeat,
    StaleIndex,
    Store,
    UnknownGame,
    hash_token,
    new_token,
)
from roundhouse.server.value import round_starts, value_series


def stale(exc: StaleIndex) -> Problem:
    return Problem(
        409,
        "stale",
        f"the game has moved on since you looked (you acted at index {exc.expected}, "
        f"it is now {exc.actual}); reload and choose again",
    )


def legal_moves(game: roundhouse.Game, seats: Sequence[str]) -> list[schema.LegalAction]:
    """The legal moves of ``seats``, each worded for its button and with its step."""
    out = []
    for a in game.legal_actions():
        if a.player not in seats:
            continue
        step, words = game.step_of(a)
        out.append(
            schema.LegalAction(
                seat=a.player,
                kind=a.kind,
                text=game.describe(a),
                action=a.to_json(),
                step=step,
                step_action=words,
                hexes=list(game.places(a)),
            )
        )
    return out


def refused(exc: ValueError) -> Problem:
    if isinstance(exc, roundhouse.IllegalAction):
        code = "malformed_action" if isinstance(exc, roundhouse.MalformedAction) else "illegal"
        return Problem(422, code, str(exc), rule=exc.rule, citation=exc.citation)
    return Problem(422, "invalid_setup", str(exc))


class BotTurn:
    """A bot about to choose: what it thinks on, and the version its move must be played at."""

    def __init__(self, version: int, request: BotRequest) -> None:
        self.version = version
        self.request = request


class GameService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.cache = GameCache(store)
        self.drawings = Drawings()
        self._values: dict[str, tuple[int, schema.ValuesReply]] = {}

    # -- reading -------------------------------------------------------------------------

    def record(self, game_id: str) -> GameRecord:
        try:
            return self.store.get(game_id)
        except UnknownGame:
            raise Problem(404, "no_game", f"there is no game {game_id!r}") from None

    def live(self, record: GameRecord) -> roundhouse.Game:
        return self.cache.game(record)

    def summary(self, record: GameRecord) -> schema.GameSummary:
        try:
            name = REGISTRY.get(record.title).name
        except ValueError:
            name = record.title
        return schema.GameSummary(
            id=record.id,
            title=record.title,
            title_name=name,
            mode=record.mode,
            listed=record.listed,
            open_seats=record.open_seats,
            status=record.status,  # type: ignore[arg-type]
            seats=[
                schema.SeatInfo(
                    name=s.name,
                    kind=s.kind,
                    level=s.bot_level,
                    claimed=s.claimed,
                    label=seat_label(s.kind, s.bot_level),
                )
                for s in record.seats
            ],
            version=record.version,
            action_count=record.action_count,
            acting=record.acting,
            finished=record.finished,
            created_at=record.created_at,
            updated_at=record.updated_at,
        )

    def games(self, status: str | None) -> list[schema.GameSummary]:
        return [self.summary(r) for r in self.store.listing(status)]

    def seats_for(self, record: GameRecord, token: str | None) -> list[str]:
        """The human seats ``token`` may act for in this game (empty for no or a bad token)."""
        if not token:
            return []
        digest = hash_token(token)
        if record.mode == "hotseat":
            if record.table_token_hash and secrets.compare_digest(digest, record.table_token_hash):
                return [s.name for s in record.seats if s.kind == "human"]
            return []
        return [
            s.name
            for s in record.seats
            if s.kind == "human"
            and s.token_hash is not None
            and secrets.compare_digest(digest, s.token_hash)
        ]

    def _require_seat(self, record: GameRecord, token: str | None, seat: str) -> None:
        if record.seat(seat) is None:
            raise Problem(404, "no_seat", f"{seat!r} is not a seat in this game")
        if seat not in self.seats_for(record, token):
            raise Problem(
                403, "not_your_seat", f"this link's token does not let you act for {seat}"
            )

    def view(self, game_id: str, seat: str | None, token: str | None) -> schema.ViewReply:
        record = self.record(game_id)
        if seat is not None:
            self._require_seat(record, token, seat)
        game = self.live(record)
        return schema.ViewReply(
            version=record.version,
            seat=seat,
            may_act_for=self.seats_for(record, token),
            view=game.observe(seat),
        )

    def legal(self, game_id: str, seat: str | None, token: str | None) -> schema.LegalReply:
        """The legal actions of the acting seats this token may act for (or of ``seat``)."""
        record = self.record(game_id)
        allowed = self.seats_for(record, token)
        if seat is not None:
            self._require_seat(record, token, seat)
            wanted = [seat]
        else:
            wanted = allowed
        game = self.live(record)
        actions = legal_moves(game, wanted)
        return schema.LegalReply(version=record.version, actions=actions)

    def log(self, game_id: str) -> schema.LogReply:
        record = self.record(game_id)
        game = self.live(record)
        return schema.LogReply(
            version=record.version,
            entries=list(game.log_entries()),
            setup=list(game.setup_events),
        )

    def table(self, game_id: str, token: str | None, log_from: int) -> schema.TableReply:
        record = self.record(game_id)
        game = self.live(record)
        allowed = self.seats_for(record, token)
        seat = allowed[0] if len(allowed) == 1 else None
        log_from = min(log_from, len(game.log))
        return schema.TableReply(
            game=self.summary(record),
            version=record.version,
            may_act_for=allowed,
            view=game.observe(seat),
            actions=legal_moves(game, allowed),
            log_from=log_from,
            log=list(game.log_entries(log_from)),
            setup=list(game.setup_events) if log_from == 0 else [],
            exports=export_formats(game),
        )

    def history(self, game_id: str, index: int) -> schema.ViewReply:
        record = self.record(game_id)
        game = self.live(record)
        if not 0 <= index <= len(game.log):
            raise Problem(
                404, "no_position", f"no position {index}; the game has {len(game.log)} actions"
            )
        return schema.ViewReply(
            version=record.version, seat=None, may_act_for=[], view=game.at(index).observe()
        )

    def tiles(self, game_id: str) -> TileCatalogue:
        record = self.record(game_id)
        catalogue = self.live(record).tiles()
        if catalogue is None:
            raise Problem(404, "no_tiles", f"{record.title} has no tiles")
        return catalogue

    def export(self, game_id: str) -> dict[str, object]:
        """The save file, with each seat's kind (person or bot) so an import seats the same
        table (:func:`roundhouse.load` reads only the game's own keys)."""
        record = self.record(game_id)
        doc: dict[str, object] = dict(self.live(record).to_doc())
        doc["seats"] = [
            {"name": s.name, "kind": s.kind, **({"level": s.bot_level} if s.bot_level else {})}
            for s in record.seats
        ]
        return doc

    def values(self, game_id: str) -> schema.ValuesReply:
        record = self.record(game_id)
        cached = self._values.get(game_id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        game = self.live(record)
        indices, series = value_series(game)
        rounds = [schema.RoundStart(index=i, label=label) for i, label in round_starts(game)]
        reply = schema.ValuesReply(
            version=record.version, indices=indices, series=series, rounds=rounds
        )
        self._values[game_id] = (record.version, reply)
        return reply

    # -- creating and joining ------------------------------------------------------------

    def create(self, request: schema.CreateGame) -> schema.Created:
        seed = request.seed if request.seed is not None else secrets.randbelow(2**31)
        names = [s.name for s in request.seats]
        try:
            game = roundhouse.new_game(request.title, names, seed, request.options)
        except ValueError as exc:
            raise refused(exc) from None
        return self._store_new(
            game,
            request.mode,
            request.seats,
            request.join_as,
            [],
            listed=request.listed,
            open_seats=request.open_seats,
        )

    def export_18xx(self, game_id: str) -> dict[str, object]:
        """The game as an 18xx.games document (titles that site also has)."""
        from roundhouse.interop import export_18xx_games

        record = self.record(game_id)
        try:
            return dict(export_18xx_games(self.live(record)))
        except ValueError as exc:
            raise refused(exc) from None

    def import_doc(self, request: schema.ImportGame, *, site: bool = False) -> schema.Created:
        """Store a saved game: our JSON, or (``site``) an 18xx.games document replayed by the
        importer, whose seats are the site's player ids."""
        try:
            if site:
                from roundhouse.interop import import_18xx_games

                game = named_seats(import_18xx_games(request.doc), request.doc)
            else:
                game = roundhouse.load(request.doc)
        except ValueError as exc:
            raise refused(exc) from None
        seats = request.seats if request.seats is not None else saved_seats(request.doc, game)
        if [s.name for s in seats] != list(game.players):
            raise Problem(
                422,
                "seats_mismatch",
                f"seats must name the saved game's players in order: {list(game.players)}",
            )
        entries: list[dict[str, object]] = [{"action": a.to_json()} for a in game.log]
        return self._store_new(
            game,
            request.mode,
            seats,
            next((s.name for s in seats if s.kind == "human"), None)
            if request.mode == "online"
            else None,
            entries,
            listed=request.listed,
            open_seats=request.open_seats,
        )

    def _store_new(
        self,
        game: roundhouse.Game,
        mode: str,
        seats: Sequence[schema.SeatSpec],
        join_as: str | None,
        entries: list[dict[str, object]],
        *,
        listed: bool = True,
        open_seats: bool = False,
    ) -> schema.Created:
        token: str | None = None
        table_hash: str | None = None
        new_seats: list[NewSeat] = []
        invites: list[schema.Invite] = []
        by_invite = mode == "online" and not open_seats
        if mode == "hotseat":
            token = new_token()
            table_hash = hash_token(token)
        for s in seats:
            seat_hash: str | None = None
            claimed = s.kind == "bot" or mode == "hotseat"
            if mode == "online" and s.kind == "human" and (by_invite or s.name == join_as):
                seat_token = new_token()
                seat_hash = hash_token(seat_token)
                claimed = True
                invites.append(schema.Invite(seat=s.name, token=seat_token, link=""))
                if s.name == join_as:
                    token = seat_token
            new_seats.append(
                NewSeat(
                    name=s.name,
                    kind=s.kind,
                    bot_level=s.level,
                    token_hash=seat_hash,
                    claimed=claimed,
                )
            )
        game_id = self.store.create(
            title=game.title.id,
            options=dict(game.options),
            seed=game.seed,
            mode=mode,
            table_token_hash=table_hash,
            seats=new_seats,
            acting=list(game.acting),
            entries=entries,
            action_count=len(game.log),
            finished=game.finished,
            listed=listed,
            open_seats=open_seats,
        )
        record = self.record(game_id)
        link = f"/games/{game_id}" + (f"#token={token}" if token else "")
        seat = join_as if mode == "online" else None
        return schema.Created(
            game=self.summary(record),
            token=token,
            seat=seat,
            link=link,
            invites=[
                i.model_copy(update={"link": f"/games/{game_id}#token={i.token}"})
                for i in invites
                if by_invite
            ],
        )

    def join(self, game_id: str, seat: str) -> schema.Joined:
        record = self.record(game_id)
        found = record.seat(seat)
        if found is None:
            raise Problem(404, "no_seat", f"{seat!r} is not a seat in this game")
        if record.mode != "online":
            raise Problem(
                409, "hotseat", "a hotseat game is played from its creator's browser; no joining"
            )
        if found.kind != "human":
            raise Problem(409, "bot_seat", f"{seat} is a bot's seat")
        if not record.open_seats:
            raise Problem(
                403, "by_invitation", f"{seat} is taken through its invite link, not the lobby"
            )
        token = new_token()
        if found.claimed or not self.store.claim(game_id, found.position, seat, hash_token(token)):
            raise Problem(409, "seat_taken", f"{seat} has already been taken")
        record = self.record(game_id)
        return schema.Joined(
            game=self.summary(record),
            seat=seat,
            token=token,
            link=f"/games/{game_id}#token={token}",
        )

    # -- changing the game ---------------------------------------------------------------

    def act(self, game_id: str, request: schema.SubmitAction, token: str | None) -> schema.Accepted:
        record = self.record(game_id)
        player = request.action.get("player")
        if not isinstance(player, str):
            raise Problem(422, "malformed_action", "the action must name its 'player' (a seat)")
        self._require_seat(record, token, player)
        return self._apply(record, request.index, request.action)

    def bot_turn(self, game_id: str) -> BotTurn | None:
        """The bot to act now and the game as a save file to think on (the bot thinks in a
        worker process, :mod:`roundhouse.server.bot_pool`), or None."""
        record = self.record(game_id)
        if record.finished:
            return None
        game = self.live(record)
        for seat in record.seats:
            if seat.kind == "bot" and seat.name in game.acting:
                request = BotRequest(
                    game_id=game_id,
                    title_where=REGISTRY.where(game.title.id),
                    doc=game.to_doc(),
                    seat=seat.name,
                    level=seat.bot_level or schema.DEFAULT_BOT_LEVEL,
                    bot_seed=record.seed * 1000 + seat.position,
                )
                return BotTurn(record.version, request)
        return None

    def bot_submit(
        self, game_id: str, version: int, action: Mapping[str, object]
    ) -> schema.Accepted:
        """Play a bot's chosen action against the version it thought about (409 if stale)."""
        return self._apply(self.record(game_id), version, action)

    def price_run(
        self, game_id: str, request: schema.PriceRun, token: str | None
    ) -> schema.RunPrice:
        """What a company's routes earn now, by the engine's own route check, so a person can
        edit the offered run and play it as ``run_routes`` with the right revenue."""
        record = self.record(game_id)
        if not self.seats_for(record, token):
            raise Problem(403, "not_your_seat", "pricing routes needs the link of a seat")
        game = self.live(record)
        routes = tuple(tuple(r) for r in request.routes if r)
        try:
            run = game.price_run(request.entity, routes)
        except (ValueError, KeyError) as exc:
            if isinstance(exc, roundhouse.IllegalAction):
                raise refused(exc) from None
            raise Problem(422, "bad_routes", f"cannot read those routes: {exc}") from None
        if run is None:
            raise Problem(501, "no_routes", f"{record.title} has no train routes to price")
        return schema.RunPrice(
            version=record.version,
            entity=request.entity,
            routes=[list(r) for r in run.notation()],
            revenue=run.total,
            revenues=[r.revenue for r in run.routes],
        )

    def _apply(
        self, record: GameRecord, index: int, action: Mapping[str, object]
    ) -> schema.Accepted:
        if index != record.version:
            raise stale(StaleIndex(index, record.version))
        game = self.live(record)
        try:
            decoded = game.apply(action)
        except ValueError as exc:
            raise refused(exc) from None
        try:
            self.store.append(
                record.id,
                index,
                {"action": decoded.to_json()},
                action_count=len(game.log),
                acting=list(game.acting),
                finished=game.finished,
            )
        except StaleIndex as exc:
            self.cache.drop(record.id)
            raise stale(exc) from None
        self.cache.advanced(record.id, index + 1)
        return schema.Accepted(version=index + 1, action_count=len(game.log), text=str(decoded))

    def undo(self, game_id: str, request: schema.Undo, token: str | None) -> schema.Accepted:
        record = self.record(game_id)
        allowed = self.seats_for(record, token)
        if not allowed:
            raise Problem(403, "not_your_seat", "undo needs the link of a seat in this game")
        if request.index != record.version:
            raise stale(StaleIndex(request.index, record.version))
        game = self.live(record)
        count = request.count
        if count > len(game.log):
            raise Problem(
                422, "undo_too_far", f"cannot undo {count}; the game has {len(game.log)} actions"
            )
        if record.mode == "online":
            bots = {s.name for s in record.seats if s.kind == "bot"}
            undone = game.log[len(game.log) - count :]
            if any(a.player not in bots and a.player not in allowed for a in undone) or not any(
                a.player in allowed for a in undone
            ):
                raise Problem(
                    403,
                    "undo_not_yours",
                    "online games only let you take back your own latest moves "
                    "(and the bot moves that followed them)",
                )
        game.undo(count)
        try:
            self.store.append(
                record.id,
                request.index,
                {"undo": count},
                action_count=len(game.log),
                acting=list(game.acting),
                finished=game.finished,
            )
        except StaleIndex as exc:
            self.cache.drop(record.id)
            raise stale(exc) from None
        self.cache.advanced(record.id, request.index + 1)
        return schema.Accepted(
            version=request.index + 1,
            action_count=len(game.log),
            text=f"{count} action{'s' if count != 1 else ''} taken back",
        )

    def unfinished(self) -> list[str]:
        return self.store.unfinished_ids()


__all__ = ["GameService", "effective_actions"]
