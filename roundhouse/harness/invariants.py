"""The promises every title keeps after every action, checked through the public API.

Each check has a stable name (``"money.conserved"``, ``"legal.listed_refused"`` …) so failures
can be grouped, saved and compared.  Three tiers, from cheap to thorough:

* after **every** action: money is conserved (``TitleState.conserved_money``), the title's own
  invariants hold (``TitleState.invariant_violations``: shares add up, limits kept), someone is
  to act and has a legal move until the game ends, and a finished game has a result;
* at **sampled** positions (the first few, then every k-th): every listed move is accepted and
  undone cleanly, malformed and illegal actions are refused with the right error and leave the
  state hash unchanged, a field nudged off a listed move, or set to another name of the game
  or to garbage (:mod:`roundhouse.harness.mutation`), is either refused or was listed
  (``legal_actions()`` is complete), and views are plain JSON;
* at a few **random** positions and at the end: the save file survives JSON and reloads to the
  same state hash, and undoing the last action then replaying it gives the same hash.

Titles may create or destroy money only where their rulebook says so, and must then fold that
into ``conserved_money`` (DESIGN.md: every dollar has a source and a sink).
"""

from __future__ import annotations

import dataclasses
import json
import traceback

from roundhouse.bots.random_bot import draw, pick
from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.core.game import Game, load
from roundhouse.core.rng import Rng
from roundhouse.harness.mutation import Vocabulary, mutant

NOBODY = "\u2205 nobody"
"""A seat name no real game uses, for the unknown-player probe."""


class CheckFailed(Exception):
    """Raised by a check; carries the check's name and the action involved, if any."""

    def __init__(self, check: str, message: str, action: Json = None) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message
        self.action = action


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Failure:
    """A broken promise: which check, what happened, and after how many actions."""

    check: str
    message: str
    position: int
    """Number of actions applied when the failure was seen."""
    action: Json = None
    """The action being applied or probed (JSON), if the failure concerns one."""

    def __str__(self) -> str:
        return f"[{self.check}] after {self.position} actions: {self.message}"

    @classmethod
    def from_exception(cls, exc: BaseException, position: int, action: Json = None) -> Failure:
        """A failure for an exception that no check expected (a crash in title code)."""
        if isinstance(exc, CheckFailed):
            return cls(
                check=exc.check,
                message=exc.message,
                position=position,
                action=exc.action if exc.action is not None else action,
            )
        return cls(check="crash", message=describe(exc), position=position, action=action)


def describe(exc: BaseException) -> str:
    """``KeyError: 'PRR' (roundhouse/titles/x.py:120 in execute)``: the error and where."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" ({frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return f"{text}{where}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Policy:
    """How thoroughly to check: the fuzz runner samples, shrinking and regressions check all."""

    first: int = 6
    """Positions (from the start) at which the sampled checks always run."""
    every: int = 8
    """After those, the sampled checks run at every k-th position."""
    roundtrip_every: int = 48
    """Least average spacing of random save/load and undo/replay round trips (plus one at the
    end)."""
    roundtrip_growth: int = 2
    """Past ``roundtrip_every * roundtrip_growth`` positions the average spacing is the
    position over this: a round trip replays the whole log, so even spacing costs the square
    of a game's length (two thirds of a long 18West game's checks), while a replay at a late
    position already covers every action before it.  About two more round trips per
    e-fold of length, each game's checks then cost a few times the game itself."""
    max_moves: int | None = 12
    """Listed moves tried at a sampled position (a random subset beyond this); None: all."""
    full: bool = False
    """Run every check at every position, trying every listed move (shrink, regressions)."""
    mutants: int = 4
    """Mutants (a listed move with one field set to a name of the game or to garbage) tried
    at a sampled position."""


SAMPLED = Policy()
FULL = Policy(max_moves=None, full=True, mutants=12)


class Checker:
    """Runs the checks on one game as it is played; raises :class:`CheckFailed`.

    Its choices (which positions to sample, which moves to probe) come from its own seeded
    generator, so a fuzz case is reproducible and the checks never change the game's course.
    """

    def __init__(self, game: Game, rng: Rng, policy: Policy = SAMPLED) -> None:
        self.policy = policy
        self.rng = rng
        self.money = game.state.conserved_money()
        self.vocabulary = Vocabulary()
        """Names and numbers seen in this game so far: the values mutants are made of."""

    # -- when ------------------------------------------------------------------------------

    def position(self, game: Game) -> None:
        """Every check due at the current position (after ``len(game.log)`` actions)."""
        count = len(game.log)
        self.always(game)
        p = self.policy
        if p.full or count < p.first or count % p.every == 0:
            self.sampled(game)
        spacing = max(p.roundtrip_every, count // p.roundtrip_growth)
        if count and (p.full or draw(self.rng, spacing) == 0):
            self.roundtrip(game)

    def end(self, game: Game) -> None:
        """The checks for a finished game: round trips, and no move is taken any more."""
        self.roundtrip(game)
        if game.log:
            before = game.state_hash()
            self._refused(game, "move after the end", game.log[-1].to_json(), IllegalAction, before)

    # -- after every action ----------------------------------------------------------------

    def always(self, game: Game) -> None:
        """Money conserved, title invariants, someone to act with a move, result at the end."""
        money = game.state.conserved_money()
        if money != self.money:
            raise CheckFailed(
                "money.conserved", f"conserved money changed from {self.money} to {money}"
            )
        violations = game.state.invariant_violations()
        if violations:
            raise CheckFailed("title.invariant", "; ".join(violations))
        legal = game.legal_actions()
        acting = game.acting
        if game.finished:
            if len(legal) or acting:
                raise CheckFailed(
                    "game.over", f"finished, yet {list(acting)} may act with {len(legal)} moves"
                )
            result = game.result
            if result is None or set(result) != set(game.players):
                raise CheckFailed("game.result", f"finished with result {result!r}")
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in result.values()):
                raise CheckFailed("game.result", f"scores must be whole numbers: {result!r}")
            return
        if not acting:
            raise CheckFailed("game.acting", "nobody is to act but the game is not over")
        if not len(legal):
            raise CheckFailed(
                "legal.nonempty", f"{', '.join(acting)} to act but there is no legal action"
            )
        movers = {a.player for a in legal}
        if not movers <= set(acting):
            raise CheckFailed(
                "legal.acting_seat",
                f"moves listed for {sorted(movers - set(acting))}, who are not to act",
            )
        if movers != set(acting):
            raise CheckFailed(
                "legal.every_acting_seat",
                f"{sorted(set(acting) - movers)} must act but have no legal action",
            )

    # -- at sampled positions --------------------------------------------------------------

    def sampled(self, game: Game) -> None:
        """Views are JSON; listed moves are accepted; bad and illegal moves are refused."""
        seats = game.players if self.policy.full else (pick(self.rng, game.players),)
        for seat in (None, *seats):
            try:
                json.dumps(game.view(seat), allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise CheckFailed("view.json", f"view({seat!r}) is not plain JSON: {exc}") from exc
        legal = list(game.legal_actions())
        if len(set(legal)) != len(legal):
            raise CheckFailed("legal.duplicates", "legal_actions() lists a move twice")
        before = game.state_hash()
        for move in self._sample(legal):
            self._listed(game, move, before if self.policy.full else None)
        if not self.policy.full and game.state_hash() != before:
            raise CheckFailed("undo.restores", "undoing the listed moves did not restore the state")
        if not game.finished:
            each = before if self.policy.full else None
            for label, doc, expected in self._probes(game, legal):
                self._refused(game, label, doc, expected, each)
            for nudged in self._perturbed(legal):
                self.unlisted(game, nudged, each)
            for changed in self._mutants(game, legal):
                self.unlisted(game, changed, each)
            if each is None and game.state_hash() != before:
                raise CheckFailed("refusal.unchanged", "a refused action changed the state")

    def _sample(self, moves: list[Action]) -> list[Action]:
        cap = self.policy.max_moves
        if cap is None or len(moves) <= cap:
            return moves
        chosen = list(moves)
        for i in range(cap):
            j = i + draw(self.rng, len(chosen) - i)
            chosen[i], chosen[j] = chosen[j], chosen[i]
        return chosen[:cap]

    def _listed(self, game: Game, move: Action, before: str | None) -> None:
        """A listed move is accepted, the position after it is sound, and undo restores.

        With ``before`` (the state hash) each undo is compared on its own; otherwise the caller
        compares once after all moves, which is cheaper and still catches the fault.
        """
        try:
            if game.state.trusts_its_listing:
                game.state.check(move)  # asked directly: apply takes the list's own objects
            game.apply(move)
        except IllegalAction as exc:
            raise CheckFailed(
                "legal.listed_refused", f"{move!r} is listed but refused: {exc}", move.to_json()
            ) from exc
        except Exception as exc:
            raise CheckFailed(
                "crash", f"listed move {move!r}: {describe(exc)}", move.to_json()
            ) from exc
        try:
            self.always(game)
        except CheckFailed as exc:
            raise CheckFailed(
                exc.check, f"after listed move {move!r}: {exc.message}", move.to_json()
            ) from exc
        finally:
            game.undo()
        if before is not None and game.state_hash() != before:
            raise CheckFailed(
                "undo.restores", f"undoing {move!r} did not restore the state", move.to_json()
            )

    def _probes(
        self, game: Game, legal: list[Action]
    ) -> list[tuple[str, Json, type[IllegalAction]]]:
        """Actions that must be refused: unreadable ones, and listed ones from the wrong seat."""
        probes: list[tuple[str, Json, type[IllegalAction]]] = [
            ("unknown kind", {"kind": "no_such_action", "player": game.acting[0]}, MalformedAction),
            ("not an object", ["not", "an", "action"], MalformedAction),
        ]
        bases = legal if self.policy.full else [pick(self.rng, legal)]
        for move in bases[:16]:
            doc = move.to_json()
            probes.append(("unknown player", {**doc, "player": NOBODY}, MalformedAction))
            probes.append(("unknown field", {**doc, "no_such_field": 1}, MalformedAction))
            fields = list(dataclasses.fields(move))
            required = [
                f.name
                for f in fields
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            ]
            for name in required if self.policy.full else [pick(self.rng, required)]:
                short = {k: v for k, v in doc.items() if k != name}
                probes.append((f"missing {name!r}", short, MalformedAction))
            names = [f.name for f in fields]
            for name in names if self.policy.full else [pick(self.rng, names)]:
                bad: dict[str, Json] = {**doc, name: {"no": "value"}}
                probes.append((f"bad type for {name!r}", bad, MalformedAction))
            idle = [p for p in game.players if p not in game.acting]
            if idle:
                seat = pick(self.rng, idle)
                probes.append((f"out of turn ({seat})", {**doc, "player": seat}, IllegalAction))
        return probes

    def _refused(
        self,
        game: Game,
        label: str,
        doc: Json,
        expected: type[IllegalAction],
        before: str | None,
    ) -> None:
        """``doc`` is refused with ``expected``, says why, and leaves the state unchanged.

        Without ``before`` the caller compares the state hash once after several refusals.
        """
        try:
            game.apply(doc)  # type: ignore[arg-type]
        except IllegalAction as exc:
            if not isinstance(exc, expected):
                raise CheckFailed(
                    "refusal.kind",
                    f"{label}: expected {expected.__name__}, got {type(exc).__name__}: {exc}",
                    doc,
                ) from exc
            if not str(exc).strip():
                raise CheckFailed(
                    "refusal.reason", f"{label}: refused without a reason", doc
                ) from exc
        except Exception as exc:
            raise CheckFailed("crash", f"{label} {doc!r}: {describe(exc)}", doc) from exc
        else:
            game.undo()
            raise CheckFailed("refusal.accepted", f"{label} {doc!r} was accepted", doc)
        if before is not None and game.state_hash() != before:
            raise CheckFailed("refusal.unchanged", f"{label}: refused but the state changed", doc)

    def _perturbed(self, legal: list[Action]) -> list[dict[str, Json]]:
        """Listed moves with one field nudged (amount ±1, a far-off number, an unknown id)."""
        out: list[dict[str, Json]] = []
        bases = legal[:16] if self.policy.full else [pick(self.rng, legal)]
        for move in bases:
            doc = move.to_json()
            options: list[dict[str, Json]] = [
                {**doc, name: value}
                for name, current in doc.items()
                if name not in ("kind", "player")
                for value in _nudges(current)
            ]
            if options:
                out.extend(options if self.policy.full else [pick(self.rng, options)])
        return out

    def _mutants(self, game: Game, legal: list[Action]) -> list[dict[str, Json]]:
        """Listed moves with one field set to another name or number of the game, or to
        garbage (:mod:`roundhouse.harness.mutation`)."""
        self.vocabulary.add_moves(legal)
        self.vocabulary.add_json(game.view())
        values = self.vocabulary.values()
        out: list[dict[str, Json]] = []
        for _ in range(self.policy.mutants if legal else 0):
            move = pick(self.rng, legal)
            fields = [name for name in move.to_json() if name != "kind"]
            out.append(mutant(move, pick(self.rng, fields), pick(self.rng, values)))
        return out

    def unlisted(self, game: Game, doc: dict[str, Json], before: str | None = None) -> None:
        """``doc``, unless it is a listed move, is refused with IllegalAction and a reason
        (``legal_actions()`` is complete; a kind it only suggests, ``open_kinds``, may be
        accepted); with ``before`` (the state hash) the state must be unchanged.  Raises
        :class:`CheckFailed` otherwise."""
        try:
            # The game's own list, not the copy: it also holds documented amount ranges.
            if game.title.codec.decode(doc) in game.legal_actions():
                return
        except MalformedAction:
            pass
        try:
            game.apply(doc)
        except IllegalAction as exc:
            if not str(exc).strip():
                raise CheckFailed(
                    "refusal.reason", f"{doc!r}: refused without a reason", doc
                ) from exc
        except Exception as exc:
            raise CheckFailed("crash", f"unlisted move {doc!r}: {describe(exc)}", doc) from exc
        else:
            game.undo()
            if doc.get("kind") not in game.legal_actions().open_kinds:
                raise CheckFailed("legal.incomplete", f"{doc!r} is accepted but not listed", doc)
        if before is not None and game.state_hash() != before:
            raise CheckFailed("refusal.unchanged", f"{doc!r}: refused but the state changed", doc)

    def focus(self, game: Game, doc: Json) -> None:
        """Try one recorded move again: accepted if listed, refused cleanly if not.

        The full checks try only the first listed moves' nudges; replaying a saved failure
        also tries the exact move that failed, so it is reproduced wherever it was found.
        """
        if not isinstance(doc, dict) or game.finished:
            return
        legal = list(game.legal_actions())
        before = game.state_hash()
        try:
            decoded = game.title.codec.decode(doc)
        except MalformedAction:
            return
        if decoded in legal:
            self._listed(game, decoded, before)
        else:
            self.unlisted(game, doc, before)

    # -- round trips -----------------------------------------------------------------------

    def roundtrip(self, game: Game) -> None:
        """Save/JSON/load gives the same hash and moves; undo then replay gives the same hash."""
        digest = game.state_hash()
        try:
            text = json.dumps(game.to_doc(), allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise CheckFailed("save.json", f"the save file is not plain JSON: {exc}") from exc
        try:
            again = load(json.loads(text))
        except Exception as exc:
            raise CheckFailed("save.load", f"the save file does not load: {describe(exc)}") from exc
        if again.state_hash() != digest:
            raise CheckFailed("save.hash", "reloading the save file gives a different state")
        if list(again.legal_actions()) != list(game.legal_actions()):
            raise CheckFailed("save.legal", "the reloaded game lists different moves")
        if not game.log:
            return
        last = game.log[-1]
        try:
            game.undo()
            game.apply(last)
        except Exception as exc:
            raise CheckFailed(
                "undo.replay", f"undo then replay of {last!r}: {describe(exc)}", last.to_json()
            ) from exc
        if game.state_hash() != digest:
            raise CheckFailed(
                "undo.replay", f"undo then replay of {last!r} changed the state", last.to_json()
            )


def _nudges(value: Json) -> list[Json]:
    """Wrong-but-well-typed values for one field of a listed move."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 1_000_003, -value - 1]
    if isinstance(value, str):
        return [f"{value}?", ""]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[-1:]]] if value else []
    return []
