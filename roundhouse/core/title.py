"""Titles: the immutable half of a game (metadata, options, rulebook, actions, set-up).

Following OpenSpiel's Game/State split, a :class:`Title` never changes; it makes the mutable
:class:`~roundhouse.core.state.TitleState` that a :class:`~roundhouse.core.game.Game` drives.
Core never names a title: title packages register themselves in :data:`REGISTRY`.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from roundhouse.core.actions import Action, ActionCodec
from roundhouse.core.errors import InvalidSetup
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.view.observer import Observer

if TYPE_CHECKING:
    from roundhouse.core.state import TitleState

OptionValue = bool | int | str


@dataclasses.dataclass(frozen=True, kw_only=True)
class OptionSpec:
    """One game option: its name for the API, its name and choices as a player reads them,
    its default, and what it changes.

    A lobby or an error names the option by :attr:`label` ("Shorter Game") and a choice by
    its words (:meth:`words`), never by ``shorter_game_end`` or ``one_plus_present``.

    >>> spec = OptionSpec(name="unbid_share", label="Unbid share", default="stays",
    ...     choices=("stays", "to_auctioneer"),
    ...     choice_labels=("stays on the charter", "goes to the auctioneer"),
    ...     description="Where a share nobody bids on goes.")
    >>> spec.words("to_auctioneer"), spec.words(spec.default)
    ('goes to the auctioneer', 'stays on the charter')
    """

    name: str
    """The option's name for the API and command lines: ``shorter_game_end``."""
    label: str
    """The option's name as a player reads it, the rulebook's where it has one: "Shorter Game"."""
    default: OptionValue
    description: str
    """What the option changes, in a sentence or two that do not repeat :attr:`label`."""
    choices: tuple[OptionValue, ...] | None = None
    choice_labels: tuple[str, ...] | None = None
    """Each of :attr:`choices` in words, in the same order (needed when a choice is text)."""

    def __post_init__(self) -> None:
        # A word choice must be said in words: "one_plus_present" is the API's, not a player's.
        if self.choice_labels is None and any(isinstance(c, str) for c in self.choices or ()):
            raise ValueError(f"option {self.name!r}: its choices need choice_labels")
        if self.choice_labels is not None and (
            self.choices is None or len(self.choice_labels) != len(self.choices)
        ):
            raise ValueError(f"option {self.name!r}: one choice label per choice")

    def words(self, value: OptionValue) -> str:
        """A value as the lobby shows it: a choice's words, else the value itself."""
        if self.choices is not None and self.choice_labels is not None and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return str(value)

    def check(self, value: object) -> OptionValue:
        if type(value) is not type(self.default):
            raise InvalidSetup(
                f"option {self.name!r} takes a {type(self.default).__name__}, got {value!r}"
            )
        assert isinstance(value, bool | int | str)
        if self.choices is not None and value not in self.choices:
            raise InvalidSetup(f"option {self.name!r} must be one of {list(self.choices)}")
        return value


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rulebook:
    """Maps core's stable rule keys to the sections of one rulebook edition."""

    name: str
    """How citations name the book, e.g. "Chicago Express" or "18USA"."""
    edition: str
    sections: Mapping[str, str]

    def cite(self, rule: str | None) -> str | None:
        """``"18USA §12.4"`` for a known key, None otherwise."""
        if rule is None or rule not in self.sections:
            return None
        return f"{self.name} {self.sections[rule]}"


SetupFn = Callable[[tuple[PlayerId, ...], Mapping[str, OptionValue], Rng], "TitleState"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Title:
    """Everything about a game that does not change while it is played."""

    id: str
    """Publisher's spelling, also 18xx.games's where it has the title: "18RoyalGorge"."""
    name: str
    players: range
    options: tuple[OptionSpec, ...]
    rulebook: Rulebook
    actions: tuple[type[Action], ...]
    setup: SetupFn
    designer: str = ""
    publisher: str = ""
    observer: Callable[[Any], Observer[Any]] | None = None
    """What builds the typed parts of the view from a state of this title (its
    :class:`~roundhouse.core.view.observer.Observer` subclass); None: the state's own
    ``observer()``.  Named here so that a title's state never imports its view."""
    codec: ActionCodec = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "codec", ActionCodec(self.actions))

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults filled in; unknown names and wrong types raise :class:`InvalidSetup`."""
        given = dict(given or {})
        specs = {o.name: o for o in self.options}
        unknown = set(given) - set(specs)
        if unknown:
            raise InvalidSetup(
                f"{self.id} has no option(s) {', '.join(sorted(unknown))}; "
                f"options are: {', '.join(sorted(specs)) or 'none'}"
            )
        return {
            name: spec.check(given[name]) if name in given else spec.default
            for name, spec in specs.items()
        }

    def info(self) -> dict[str, object]:
        """What ``roundhouse.titles()`` lists: id, name, player range and options."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.players.start,
            "max_players": self.players.stop - 1,
            "designer": self.designer,
            "publisher": self.publisher,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "choice_labels": (
                        list(o.choice_labels)
                        if o.choice_labels is not None
                        else [str(c) for c in o.choices]
                        if o.choices is not None
                        else None
                    ),
                    "label": o.label,
                    "description": o.description,
                }
                for o in self.options
            ],
        }


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, object]:
    """Options given as ``name=value`` text (command lines); values are read as JSON where
    they parse (true, 3), else as text.  :meth:`Title.resolve_options` then checks them.

    >>> parse_option_pairs(["compat_18xx_games=true", "players=3", "name=Ann"])
    {'compat_18xx_games': True, 'players': 3, 'name': 'Ann'}
    """
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise InvalidSetup(f"option {pair!r} must look like name=value")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def normalise_title_id(title_id: str) -> str:
    """Case- and punctuation-insensitive key: "Chicago Express" == "chicago-express"."""
    return re.sub(r"[^0-9a-z]", "", title_id.lower())


def folder_key(folder: str) -> str:
    """The title key a title folder stands for (STYLE.md: lower snake case, ``g`` before a
    leading digit): ``g18royalgorge`` -> ``18royalgorge``, ``chicago_express`` ->
    ``chicagoexpress``.

    >>> folder_key("g18royalgorge") == normalise_title_id("18RoyalGorge")
    True
    """
    if len(folder) > 1 and folder[0] == "g" and folder[1].isdigit():
        folder = folder[1:]
    return normalise_title_id(folder)


class Registry:
    """Title id -> title, imported lazily so start-up is fast.

    Titles are found, not listed: :meth:`discover` notes every folder of a package (the
    built-in titles are ``roundhouse.titles``'s folders) and a title is imported the first
    time it is asked for, by the key its folder name stands for (:func:`folder_key`).  A
    folder without a ``TITLE`` (a title still being written) is not offered.  Titles kept
    elsewhere (tests, plug-ins) register their ``"package.module:ATTR"`` with
    :meth:`register`.
    """

    def __init__(self) -> None:
        self._where: dict[str, str] = {}
        self._ids: dict[str, str] = {}
        self._order: list[str] = []
        self._loaded: dict[str, Title] = {}
        self._folders: dict[str, str] = {}
        """Key -> module of a discovered title folder not imported yet."""
        self._packages: dict[str, str] = {}
        """Key -> package of every discovered title folder, playable or not."""
        self.broken: dict[str, str] = {}
        """Module of a title folder that failed to import -> the error (a title being
        written must not take the others down with it)."""

    def discover(self, package: str) -> None:
        """Note every sub-package of ``package`` as a title folder (nothing is imported)."""
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(module.__path__):
            if info.ispkg:
                self._folders.setdefault(folder_key(info.name), f"{package}.{info.name}")
                self._packages.setdefault(folder_key(info.name), f"{package}.{info.name}")

    def folders(self) -> list[str]:
        """The key of every discovered title folder, playable or not, in name order."""
        return sorted(self._packages)

    def part(self, title_id: str, name: str) -> ModuleType | None:
        """Module ``name`` of the title's folder, or None when the folder has none.

        The outer layers keep what they need of a title with the title, found by these
        names and never by naming the title: ``interop`` (its 18xx.games ``TRANSLATOR``),
        ``drawing`` (``starting_map()``, the SVG of its board as set up; ``scenery()``, an area
        map's rivers and lakes), ``datafiles`` (``DATA_FILES``, its data files and their
        schemas) and ``bot`` (``make_policy``, its heuristic bot's policy).
        """
        package = self._packages.get(normalise_title_id(title_id))
        if package is None:
            return None
        module = f"{package}.{name}"
        if importlib.util.find_spec(module) is None:
            return None
        return importlib.import_module(module)

    def register(self, title_id: str, where: str) -> None:
        key = normalise_title_id(title_id)
        if key not in self._where:
            self._order.append(key)
        self._where[key] = where
        self._ids[key] = title_id
        self._folders.pop(key, None)

    def _open_folder(self, key: str) -> bool:
        """Import a discovered folder and register its ``TITLE``; False if it has none."""
        module_name = self._folders.pop(key, None)
        if module_name is None:
            return False
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            self.broken[module_name] = f"{type(exc).__name__}: {exc}"
            return False
        title = getattr(module, "TITLE", None)
        if not isinstance(title, Title):
            return False
        self.register(title.id, f"{module_name}:TITLE")
        self._loaded[normalise_title_id(title.id)] = title
        return True

    def get(self, title_id: str) -> Title:
        key = normalise_title_id(title_id)
        if key not in self._where and not self._open_folder(key):
            known = ", ".join(self.ids())
            raise InvalidSetup(f"unknown title {title_id!r}; known titles: {known}")
        if key not in self._loaded:
            module_name, _, attr = self._where[key].partition(":")
            title = getattr(importlib.import_module(module_name), attr)
            if not isinstance(title, Title):
                raise TypeError(f"{self._where[key]} is not a Title")
            self._loaded[key] = title
        return self._loaded[key]

    def where(self, title_id: str) -> str:
        """``"module:attribute"`` of a title, so another process can register the same title
        (one registered by a test or a plug-in is not found among the title folders)."""
        self.get(title_id)
        return self._where[normalise_title_id(title_id)]

    def ids(self) -> list[str]:
        """Registered title ids (discovered folders first opened) in registration order."""
        for key in sorted(self._folders, key=self._folders.__getitem__):
            self._open_folder(key)
        return [self._ids[k] for k in self._order]

    def unregister(self, title_id: str) -> None:
        """Forget a title (tests that register throw-away titles clean up with this)."""
        key = normalise_title_id(title_id)
        if key in self._where:
            del self._where[key], self._ids[key]
            self._loaded.pop(key, None)
            self._order.remove(key)

    def all(self) -> list[Title]:
        return [self.get(k) for k in self.ids()]


REGISTRY = Registry()
