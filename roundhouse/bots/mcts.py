"""Monte Carlo tree search over the public API: the strongest bot level.

Each iteration copies the game (``game.clone()``), walks down the tree playing the moves
stored in it (``apply``, checked like anyone's), adds one new move, optionally plays a short
playout of ``depth`` cheap moves (:meth:`~roundhouse.bots.policy.TitlePolicy.quick`; none by
default) and scores the position it reaches with the policy's estimate of every player's final
score (:meth:`~roundhouse.bots.policy.TitlePolicy.values`, or the result once the game is
over).

- **Several players** (max^n): every node keeps the sum of each seat's reward, and the seat to
  act at a node picks by its own reward.  A reward is a seat's chance of winning, read from
  the estimated scores as a softmax (a finished game: the winners share 1).
- **Moves are plans**: a node's children are the acting seat's ways through the rest of its
  turn (:meth:`~roundhouse.bots.policy.TitlePolicy.plans`: a gauge step and what it does, a
  build's locomotives, an operating turn's track, ranked by the heuristic), so the tree
  branches where players decide, not at every small step.  Where a title lists a turn's
  moves one at a time (the 18xx operating turn), its policy's ``follow`` plays the rest of
  the turn after a searched move as the heuristic would, so a child is judged where the turn
  ends (after the run and the dividend), not halfway through it.
- **PUCT** selection, ``Q + c * P * sqrt(N) / (1 + n)``, with the heuristic's best plan as
  the prior's favourite (``prior``) and the rest sharing what is left.
- **Progressive widening**: a node searches its plans one more at a time as its visits grow
  (``1 + widen * sqrt(N)``), so a long list (bids, tile lays) does not spread the search
  thin.
- **Determinised** where information is hidden: each iteration starts from a game consistent
  with what the searching seat sees (:func:`determinized`); Chicago Express and 18RoyalGorge
  are open information after the set-up draw, so there it is the game itself.
- **Anytime**: stops after ``iterations`` iterations (by default
  :data:`~roundhouse.bots.spec.DEFAULT_ITERATIONS`) or, when given, ``time`` seconds of its
  own thread's CPU time (so a busy machine does not make it weaker), whichever comes first,
  and plays the root move searched most.  Only the time cap reads a clock: a bot searching by
  iterations alone plays the same move in the same position for the same seed on any
  machine (``tests/test_bots_determinism.py``).
"""

from __future__ import annotations

import math
import time as clock
from collections.abc import Callable, Collection, Mapping, Sequence

import roundhouse
from roundhouse.bots.policy import TitlePolicy, policy_for
from roundhouse.bots.random_bot import draw
from roundhouse.bots.spec import DEFAULT_ITERATIONS
from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng

DEFAULT_C = 1.5
DEFAULT_WIDEN = 1.0
DEFAULT_DEPTH = 0
"""Cheap moves played after the tree before the position is scored."""
DEFAULT_PRIOR = 0.5
"""Prior weight of the heuristic's own move among a node's candidates."""
TEMPERATURE = 0.08
"""Softmax temperature as a share of the mean estimated score."""
MIN_TEMPERATURE = 3.0


class Node:
    """One position in the tree, reached by the moves on the path from the root."""

    __slots__ = ("actor", "candidates", "children", "plan", "reward", "visits")

    def __init__(self, plan: Sequence[Action], actor: str | None) -> None:
        self.plan = tuple(plan)
        """The moves from the parent to here (one seat's moves)."""
        self.actor = actor
        """The seat to act here (None once the game is over)."""
        self.candidates: list[list[Action]] | None = None
        self.children: list[Node] = []
        self.visits = 0
        self.reward: dict[str, float] = {}
        """Seat -> sum of its rewards over the visits."""

    def mean(self, seat: str) -> float:
        return self.reward.get(seat, 0.0) / self.visits if self.visits else 0.0


def rewards(values: dict[str, float], winners: Collection[str] | None) -> dict[str, float]:
    """Each seat's chance of winning: in a finished game (``winners`` given, as the game names
    them - not always the best score, 18West §9) the winners share 1; otherwise a softmax over
    the estimated final scores."""
    if not values:
        return {}
    if winners is not None:
        return {p: (1.0 / len(winners) if p in winners else 0.0) for p in values}
    best = max(values.values())
    scale = sum(abs(v) for v in values.values()) / len(values)
    temperature = max(MIN_TEMPERATURE, TEMPERATURE * scale)
    weights = {p: math.exp((v - best) / temperature) for p, v in values.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def complete_information(game: Game) -> bool:
    """Whether every seat sees the whole game (nothing to determinise)."""
    public = game.observe(None)
    return all(game.observe(p) == public for p in game.players)


def determinized(game: Game, player: str, rng: Rng, tries: int = 8) -> Game:
    """A copy of ``game`` consistent with what ``player`` sees: the same moves replayed on
    another seed (hidden draws come out differently), kept when ``player``'s view is the
    same; the game itself when no other seed fits in ``tries``."""
    seen = game.observe(player)
    doc = game.to_doc()
    for _ in range(tries):
        trial = dict(doc)
        trial["seed"] = draw(rng, 1 << 30)
        try:
            other = roundhouse.load(trial)
        except (IllegalAction, ValueError):
            continue
        if other.observe(player) == seen:
            return other
    return game.clone()


class MctsBot:
    """UCT search with progressive widening and policy playouts; see the module docstring."""

    def __init__(
        self,
        seed: int,
        time: float | None = None,
        iterations: int | None = None,
        c: float = DEFAULT_C,
        widen: float = DEFAULT_WIDEN,
        depth: int = DEFAULT_DEPTH,
        prior: float = DEFAULT_PRIOR,
    ) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.time = float(time) if time is not None else None
        self.iterations = int(iterations) if iterations is not None else None
        if self.time is None and self.iterations is None:
            self.iterations = DEFAULT_ITERATIONS
        self.c = float(c)
        self.widen = float(widen)
        self.depth = int(depth)
        self.prior = float(prior)
        self._policies: dict[str, TitlePolicy] = {}
        self._hidden: dict[str, bool] = {}
        self.last_iterations = 0
        """Iterations the last decision ran (for the arena's statistics)."""

    @classmethod
    def from_budget(cls, seed: int, budget: Mapping[str, float]) -> MctsBot:
        """A bot from settings as :func:`roundhouse.bots.make_bot` takes them."""
        time = budget.get("time")
        iterations = budget.get("iterations")
        return cls(
            seed,
            time=float(time) if time is not None else None,
            iterations=int(iterations) if iterations is not None else None,
            c=float(budget.get("c", DEFAULT_C)),
            widen=float(budget.get("widen", DEFAULT_WIDEN)),
            depth=int(budget.get("depth", DEFAULT_DEPTH)),
            prior=float(budget.get("prior", DEFAULT_PRIOR)),
        )

    def policy(self, game: Game) -> TitlePolicy:
        found = self._policies.get(game.title.id)
        if found is None:
            found = self._policies[game.title.id] = policy_for(game, self.seed, search=True)
        return found

    def choose(self, game: Game, player: str) -> Action:
        legal = game.legal_actions(player)
        if not legal:
            raise ValueError(f"{player} has no legal action in {game!r}")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        deadline = clock.thread_time() + self.time if self.time is not None else math.inf
        policy = self.policy(game)
        root = Node((), player)
        root.candidates = policy.plans(game, player, self.rng)
        best = root.candidates[0][0]
        hidden = self._hidden_information(game)
        limit = self.iterations if self.iterations is not None else 1 << 62
        done = 0
        while done < limit and (self.time is None or clock.thread_time() < deadline):
            start = determinized(game, player, self.rng) if hidden else game.clone()
            self._iterate(root, start, policy)
            done += 1
        self.last_iterations = done
        if not root.children:
            return best
        return max(root.children, key=lambda n: (n.visits, n.mean(player))).plan[0]

    def _hidden_information(self, game: Game) -> bool:
        known = self._hidden.get(game.title.id)
        if known is None:
            known = self._hidden[game.title.id] = not complete_information(game)
        return known

    def _iterate(self, root: Node, game: Game, policy: TitlePolicy) -> None:
        path = [root]
        node = root
        while not game.finished:
            actor = node.actor
            if actor is None:
                break
            if node.candidates is None:
                node.candidates = policy.plans(game, actor, self.rng)
            allowed = 1 + int(self.widen * math.sqrt(node.visits))
            if len(node.children) < min(allowed, len(node.candidates)):
                plan = self._expand(game, node.candidates[len(node.children)], actor, policy)
                child = Node(plan, game.acting[0] if game.acting else None)
                node.children.append(child)
                path.append(child)
                break
            node = self._select(node)
            for action in node.plan:
                game.apply(action)
            path.append(node)
        self._playout(game, policy)
        reward = rewards(policy.values(game), game.winners)
        for visited in path:
            visited.visits += 1
            for seat, r in reward.items():
                visited.reward[seat] = visited.reward.get(seat, 0.0) + r

    def _expand(
        self, game: Game, plan: Sequence[Action], actor: str, policy: TitlePolicy
    ) -> Sequence[Action]:
        """Play a new child's plan; a policy with a ``follow`` (an 18xx operating turn, a move
        at a time in its legal lists) plays the rest of the turn after it as its heuristic
        would, so the child is judged where the turn ends, not halfway through it."""
        follow: Callable[[Game, Sequence[Action], str, Rng], list[Action]] | None = getattr(
            policy, "follow", None
        )
        if follow is not None:
            return follow(game, plan, actor, self.rng)
        for action in plan:
            game.apply(action)
        return plan

    def _select(self, node: Node) -> Node:
        """PUCT for the seat to act: its mean reward plus exploration weighted by the prior
        (the heuristic's move ``prior``, the rest sharing what is left)."""
        actor = node.actor
        assert actor is not None and node.candidates is not None
        rest = (1.0 - self.prior) / max(len(node.candidates) - 1, 1)
        root_n = math.sqrt(node.visits)
        c = self.c

        def score(pair: tuple[int, Node]) -> float:
            index, child = pair
            weight = self.prior if index == 0 else rest
            return child.mean(actor) + c * weight * root_n / (1 + child.visits)

        return max(enumerate(node.children), key=score)[1]

    def _playout(self, game: Game, policy: TitlePolicy) -> None:
        for _ in range(self.depth):
            if game.finished or not game.acting:
                return
            seat = game.acting[0]
            game.apply(policy.quick(game, seat, self.rng))

    def __repr__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.time is not None:
            parts.append(f"{self.time:g} s")
        budget = " and ".join(parts)
        return f"<MctsBot {budget} c={self.c:g} widen={self.widen:g} depth={self.depth}>"
