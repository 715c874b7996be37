"""An 18xx.games game document, read and checked before anything is replayed.

18xx.games exports a game as one JSON object: the title, the players in seat order with their
site ids, ``settings`` (the seed and optional rules), the action list and, once finished, the
``result`` and ``game_end_reason``.  The facts are in ``docs/facts/18xx-games-format.md`` §1
and §2.4; this module only checks shapes and types, so that every later error can point at one
field of one action instead of failing somewhere inside a replay.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.actions import Json
from roundhouse.core.errors import InvalidSetup

SiteId = int | str
"""A player's id on 18xx.games: a user id (int), or a name when the document gives no id."""


class DocumentError(InvalidSetup):
    """The document is not a readable 18xx.games game: the message names the field."""


@dataclasses.dataclass(frozen=True, slots=True)
class SitePlayer:
    """One seat as 18xx.games lists it; actions name the player by :attr:`id`."""

    id: SiteId
    name: str

    @property
    def seat(self) -> str:
        """Our seat name for this player: the site id as text, as ``result`` keys are."""
        return str(self.id)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Document:
    """The parts of an 18xx.games document that decide the game, plus its recorded outcome."""

    id: SiteId
    """Game id: an int, or ``"hs_…"`` for hotseat games; the seed falls back to it (§7.1)."""
    title: str
    players: tuple[SitePlayer, ...]
    """Seat order is list order: the first player is first in player order."""
    settings_seed: int | None
    """``settings.seed`` as written; None when absent or the empty string."""
    optional_rules: tuple[str, ...]
    actions: tuple[dict[str, Json], ...]
    """The raw log, undo/redo entries included, in list order (never sorted by id)."""
    result: dict[str, int] | None
    """Final score per player id (as text), when the game finished."""
    game_end_reason: str | None
    status: str | None = None
    manually_ended: bool = False
    source: str = "document"
    """Where it came from (a file path), for messages."""

    def player(self, site_id: Json) -> SitePlayer:
        """The player an action's ``entity`` names, or :class:`DocumentError`."""
        for p in self.players:
            if p.id == site_id or p.seat == str(site_id):
                return p
        raise DocumentError(f"{self.source}: no player with id {site_id!r}")

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(p.seat for p in self.players)


def parse_document(doc: object, *, source: str = "document") -> Document:
    """Check an 18xx.games document and return its parts, or raise :class:`DocumentError`.

    >>> d = parse_document({"id": 7, "title": "Toy", "players": [{"id": 1, "name": "Ann"},
    ...     {"id": 2, "name": "Bob"}], "settings": {"seed": 5}, "actions": []})
    >>> d.seats, d.settings_seed
    (('1', '2'), 5)
    """
    if not isinstance(doc, Mapping):
        raise DocumentError(f"{source}: an 18xx.games game must be a JSON object")
    for key in ("id", "title", "players", "actions"):
        if key not in doc:
            raise DocumentError(f"{source}: missing {key!r}")
    game_id = doc["id"]
    if not _is_int(game_id) and not isinstance(game_id, str):
        raise DocumentError(f"{source}: 'id' must be a number or text, got {game_id!r}")
    title = doc["title"]
    if not isinstance(title, str) or not title:
        raise DocumentError(f"{source}: 'title' must be text, got {title!r}")
    settings = doc.get("settings") or {}
    if not isinstance(settings, Mapping):
        raise DocumentError(f"{source}: 'settings' must be an object")
    return Document(
        id=game_id,
        title=title,
        players=_players(doc["players"], source),
        settings_seed=_seed(settings.get("seed"), source),
        optional_rules=_optional_rules(settings, doc, source),
        actions=_actions(doc["actions"], source),
        result=_result(doc.get("result"), source),
        game_end_reason=_optional_text(doc, "game_end_reason", source),
        status=_optional_text(doc, "status", source),
        manually_ended=doc.get("manually_ended") is True,
        source=source,
    )


def read_document(path: str | Path) -> Document:
    """Read and check an 18xx.games JSON file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read it ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise DocumentError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from exc
    return parse_document(data, source=str(path))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(value: object, source: str) -> tuple[SitePlayer, ...]:
    """Players in seat order; a player without an id is known by name, as on the site."""
    if not isinstance(value, list) or not value:
        raise DocumentError(f"{source}: 'players' must be a non-empty list")
    players: list[SitePlayer] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, Mapping):
            raise DocumentError(f"{source}: players[{i}] must be an object")
        name = entry.get("name")
        if not isinstance(name, str):
            raise DocumentError(f"{source}: players[{i}] needs a 'name' (text)")
        site_id = entry.get("id", name)
        if site_id is None:
            site_id = name
        if not (_is_int(site_id) or (isinstance(site_id, str) and site_id)):
            raise DocumentError(f"{source}: players[{i}].id must be a number, got {site_id!r}")
        assert isinstance(site_id, int | str)
        players.append(SitePlayer(site_id, name))
    seats = [p.seat for p in players]
    duplicates = sorted({s for s in seats if seats.count(s) > 1})
    if duplicates:
        raise DocumentError(f"{source}: player id(s) {', '.join(duplicates)} appear twice")
    return tuple(players)


def _seed(value: object, source: str) -> int | None:
    """``settings.seed``; hotseat games made without one write "" (§7.1)."""
    if value is None or value == "":
        return None
    if not _is_int(value):
        raise DocumentError(f"{source}: settings.seed must be a whole number, got {value!r}")
    assert isinstance(value, int)
    return value


def _optional_rules(
    settings: Mapping[str, object], doc: Mapping[str, object], source: str
) -> tuple[str, ...]:
    """The site reads ``settings.optional_rules`` and nothing else; we also take a top-level
    list when settings has none (facts sheet §1)."""
    value = settings.get("optional_rules")
    if value is None:
        value = doc.get("optional_rules")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        raise DocumentError(f"{source}: optional_rules must be a list of names")
    return tuple(value)


def _actions(value: object, source: str) -> tuple[dict[str, Json], ...]:
    if not isinstance(value, list):
        raise DocumentError(f"{source}: 'actions' must be a list")
    actions: list[dict[str, Json]] = []
    for index, action in enumerate(value):
        where = f"{source}: action index {index}"
        _check_action(action, where)
        assert isinstance(action, dict)
        action_id = action.get("id")
        if not _is_int(action_id):
            raise DocumentError(f"{where}: 'id' must be a whole number, got {action_id!r}")
        if action["type"] == "undo" and "action_id" in action:
            target = action["action_id"]
            if target is not None and not _is_int(target):
                raise DocumentError(f"{where}: undo action_id must be a whole number")
        autos = action.get("auto_actions")
        if autos is not None:
            if not isinstance(autos, list):
                raise DocumentError(f"{where}: 'auto_actions' must be a list")
            for j, auto in enumerate(autos):
                _check_action(auto, f"{where}, auto action {j}")
        actions.append(action)
    return tuple(actions)


def _check_action(action: object, where: str) -> None:
    if not isinstance(action, dict) or not all(isinstance(k, str) for k in action):
        raise DocumentError(f"{where}: an action must be a JSON object")
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise DocumentError(f"{where}: 'type' must be text, got {kind!r}")


def _result(value: object, source: str) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise DocumentError(f"{source}: 'result' must be an object of player id -> score")
    result: dict[str, int] = {}
    for key, score in value.items():
        if isinstance(score, float) and score.is_integer():
            score = int(score)
        if not _is_int(score):
            raise DocumentError(f"{source}: result[{key!r}] must be a whole number, got {score!r}")
        result[str(key)] = score
    return result


def _optional_text(doc: Mapping[str, object], key: str, source: str) -> str | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise DocumentError(f"{source}: {key!r} must be text, got {value!r}")
    return value
