"""One fuzz case: a seeded random game of one title and player count, checked as it is played.

A case is named by ``(title, players, seed)`` and its drivers: the game seed, the option
draw, each bot's generator and the checker's generator all derive from that seed, so
``roundhouse fuzz --titles T --players N --seed S --games 1`` plays exactly the same game.

Drivers: ``random`` (the default) has random bots at every seat: quick games that try every
kind of move, most of them ended early by a bankruptcy.  ``heuristic`` seats the title's
heuristic bot everywhere: games that start companies, buy trains before they rust and reach
the late phases, where the random ones seldom go.  ``mixed`` draws one of the two for each
game, or a heuristic bot at each seat with even odds (all from the seed).
"""

from __future__ import annotations

import dataclasses
import time

from roundhouse.bots import make_bot
from roundhouse.bots.base import Bot
from roundhouse.bots.random_bot import RandomBot, draw, pick
from roundhouse.core.actions import Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game, new_game
from roundhouse.core.rng import Rng
from roundhouse.core.title import REGISTRY, OptionValue
from roundhouse.harness.invariants import SAMPLED, Checker, Failure, Policy, describe
from roundhouse.harness.shrink import shortest_failing_prefix

NAMES = ("Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal")
MAX_ACTIONS = 20_000
"""Default cap on a game's length: a random game still going after this many never ends."""
DRIVERS = ("random", "heuristic", "mixed")
"""Who plays a case's seats (module docstring)."""
UNWRITTEN = "rule.unwritten"
"""The check name of a game stopped by a rule its title declares not written yet (a
``NotImplementedError`` naming the rule section, as the house rules ask): reported, never a
failure, since the title says so itself; a fuzz run counts such games apart."""


def unwritten(exc: BaseException) -> str | None:
    """The message of the ``NotImplementedError`` behind ``exc`` (itself, or what a check
    wrapped), or None."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, NotImplementedError):
            return str(seen) or type(seen).__name__
        seen = seen.__cause__ or seen.__context__
    return None


def _stopped(failure: Failure, exc: BaseException) -> Failure:
    """``failure``, or the :data:`UNWRITTEN` stop when a declared-unwritten rule caused it."""
    message = unwritten(exc)
    if message is None:
        return failure
    return Failure(check=UNWRITTEN, message=message, position=failure.position)


def stream(seed: int, k: int) -> int:
    """Seed of the ``k``-th independent generator of a case (bots, checker, options)."""
    return (seed * 2_654_435_761 + (k + 1) * 40_503) % 2**31


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    """A reproducible game: title, number of players and seed."""

    title: str
    players: int
    seed: int
    drivers: str = "random"

    @property
    def names(self) -> list[str]:
        return [NAMES[i] if i < len(NAMES) else f"P{i + 1}" for i in range(self.players)]

    def options(self) -> dict[str, OptionValue]:
        """Options drawn from the seed: each yes/no or multiple-choice option at random.

        Options with an open range (a number without choices) keep their default.
        """
        rng = Rng(stream(self.seed, 99))
        chosen: dict[str, OptionValue] = {}
        for spec in REGISTRY.get(self.title).options:
            if isinstance(spec.default, bool):
                chosen[spec.name] = bool(draw(rng, 2))
            elif spec.choices:
                chosen[spec.name] = pick(rng, spec.choices)
        return chosen

    def command(self, imports: tuple[str, ...] = ()) -> str:
        """The command line that plays this case again."""
        extra = "".join(f" --import {m}" for m in imports)
        if self.drivers != "random":
            extra += f" --drivers {self.drivers}"
        return (
            f"roundhouse fuzz --titles {self.title} --players {self.players} "
            f"--seed {self.seed} --games 1 --jobs 1{extra}"
        )

    def bots(self) -> dict[str, Bot]:
        """The seats' bots, each with its own generator from the seed."""
        seats = Rng(stream(self.seed, 97))
        drivers = self.drivers
        if drivers == "mixed":
            drivers = ("random", "heuristic", "mixed")[draw(seats, 3)]
        out: dict[str, Bot] = {}
        for i, name in enumerate(self.names):
            heuristic = drivers == "heuristic" or (drivers == "mixed" and bool(draw(seats, 2)))
            out[name] = (
                make_bot("heuristic", stream(self.seed, i))
                if heuristic
                else RandomBot(stream(self.seed, i))
            )
        return out

    def __str__(self) -> str:
        return f"{self.title} {self.players}p seed {self.seed}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """What happened in one case; ``doc`` is the save file that reproduces a failure."""

    case: Case
    actions: int
    seconds: float
    failure: Failure | None = None
    doc: dict[str, Json] | None = None
    end_reason: str | None = None
    skipped: bool = False
    """The time budget ran out before the case started."""

    @property
    def failed(self) -> bool:
        """A broken promise (not a stop at a rule the title declares unwritten)."""
        return self.failure is not None and self.failure.check != UNWRITTEN

    @property
    def unwritten(self) -> str | None:
        """The unwritten rule the game stopped at, if it did."""
        failure = self.failure
        return failure.message if failure is not None and failure.check == UNWRITTEN else None


def play(
    case: Case, policy: Policy = SAMPLED, max_actions: int = MAX_ACTIONS
) -> tuple[Game | None, Failure | None, dict[str, Json]]:
    """Play the case with its bots, checking as configured.

    Returns the game (None if set-up failed), the first failure and the save file of the game
    so far, including the action that failed to apply, if that was the failure.
    """
    doc: dict[str, Json] = {
        "title": case.title,
        "options": {},
        "seed": case.seed,
        "players": list(case.names),
        "actions": [],
    }
    try:
        options = case.options()
        doc["options"] = dict(options)
        game = new_game(case.title, case.names, case.seed, options)
        checker = Checker(game, Rng(stream(case.seed, 90)), policy)
    except Exception as exc:
        return None, Failure.from_exception(exc, 0), doc
    try:
        checker.position(game)
    except Exception as exc:
        return game, Failure.from_exception(exc, 0), doc
    bots = case.bots()
    turns = Rng(stream(case.seed, 91))
    while not game.finished:
        count = len(game.log)
        if count >= max_actions:
            failure = Failure(
                check="game.terminates",
                message=f"still going after {count} actions (limit --max-actions)",
                position=count,
            )
            return game, failure, game.to_doc()
        acting = game.acting
        seat = acting[0] if len(acting) == 1 else pick(turns, acting)
        try:
            action = bots[seat].choose(game, seat)
        except Exception as exc:
            return (
                game,
                _stopped(Failure(check="crash", message=describe(exc), position=count), exc),
                game.to_doc(),
            )
        try:
            game.apply(action)
        except Exception as exc:
            check = "legal.listed_refused" if isinstance(exc, IllegalAction) else "crash"
            failure = _stopped(
                Failure(
                    check=check,
                    message=f"{action!r}: {describe(exc)}",
                    position=count,
                    action=action.to_json(),
                ),
                exc,
            )
            saved = game.to_doc()
            actions = saved["actions"]
            assert isinstance(actions, list)
            actions.append(action.to_json())
            return game, failure, saved
        try:
            checker.position(game)
        except Exception as exc:
            found = Failure.from_exception(exc, len(game.log))
            return game, _stopped(found, exc), game.to_doc()
    try:
        checker.end(game)
    except Exception as exc:
        return game, Failure.from_exception(exc, len(game.log)), game.to_doc()
    return game, None, game.to_doc()


def run(
    case: Case,
    policy: Policy = SAMPLED,
    max_actions: int = MAX_ACTIONS,
    shrink: bool = True,
    deadline: float | None = None,
) -> Outcome:
    """Play one case; on failure, shrink it to the shortest failing prefix."""
    if deadline is not None and time.time() > deadline:
        return Outcome(case=case, actions=0, seconds=0.0, skipped=True)
    start = time.perf_counter()
    game, failure, doc = play(case, policy, max_actions)
    actions = len(game.log) if game is not None else 0
    if failure is not None and shrink and failure.check not in ("game.terminates", UNWRITTEN):
        doc, failure = shortest_failing_prefix(doc, failure)
    return Outcome(
        case=case,
        actions=actions,
        seconds=time.perf_counter() - start,
        failure=failure,
        doc=doc if failure is not None else None,
        end_reason=game.end_reason if game is not None else None,
    )
