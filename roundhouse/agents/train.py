"""Train a small policy on Chicago Express against random bots, on a CPU, in minutes.

``python -m roundhouse.agents.train --minutes 5`` trains the NumPy policy of :mod:`.policy`
(actor-critic, Monte Carlo returns) in the Gymnasium environment (:func:`~roundhouse.agents.
gym_env`: seat 0, the other seats played by the random bot), then plays ``--eval-games``
games with it and the same games with the random bot in its seat, and prints both records.
The policy is saved with ``--save policy.npz``.
"""

from __future__ import annotations

import os

# One BLAS thread: the network's products are small, and threads fighting over a busy
# machine's cores make each one a hundred times slower.  Only takes effect when this module
# is what first imports NumPy (``python -m roundhouse.agents.train``).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402

import numpy as np  # noqa: E402

from roundhouse.agents.episode import Config, Episode  # noqa: E402
from roundhouse.agents.gym import RoundhouseGym, bot_seed  # noqa: E402
from roundhouse.agents.policy import Policy  # noqa: E402
from roundhouse.bots import make_bot  # noqa: E402

EVAL_SEEDS = 1_000_000
"""Evaluation games use seeds from here on, apart from the training games'."""


@dataclasses.dataclass(frozen=True, slots=True)
class Record:
    """How a seat did over a set of games."""

    games: int
    wins: float
    """First places (a tie for first counts as a share of a win)."""
    mean_reward: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def __str__(self) -> str:
        return (
            f"{self.games} games: win rate {self.win_rate:.1%}, "
            f"mean rank reward {self.mean_reward:+.3f}"
        )


def _win_share(scores: Sequence[float], seat: int) -> float:
    best = max(scores)
    if scores[seat] != best:
        return 0.0
    return 1.0 / sum(1 for s in scores if s == best)


def play(
    env: RoundhouseGym, policy: Policy, seed: int, rng: np.random.Generator | None
) -> tuple[list[np.ndarray], list[np.ndarray], list[int], float, float]:
    """One game of the policy in the env's seat: observations, masks, tokens, reward, win."""
    obs, info = env.reset(seed=seed)
    xs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    tokens: list[int] = []
    value = 0.0
    done = not obs["action_mask"].any()
    while not done:
        token = policy.act(obs["observation"], obs["action_mask"], rng)
        xs.append(obs["observation"])
        masks.append(obs["action_mask"])
        tokens.append(token)
        obs, r, terminated, truncated, info = env.step(token)
        value = float(r)
        done = terminated or truncated
    if not tokens:
        value = env.episode.returns()[env.seat] if env.episode else 0.0
    scores = info.get("scores") or (env.episode.scores() if env.episode else [0.0])
    return xs, masks, tokens, value, _win_share(scores, env.seat)


def train(
    *,
    players: int = 3,
    minutes: float = 5.0,
    batch: int = 16,
    hidden: int = 128,
    lr: float = 3e-3,
    seed: int = 0,
    log: Callable[[str], None] = print,
) -> Policy:
    """Train against random bots for ``minutes`` of wall-clock time."""
    env = RoundhouseGym("ChicagoExpress", players, 0, "random", illegal="raise")
    policy = Policy(env.config.features.size, env.config.space.size, hidden, seed)
    rng = np.random.default_rng(seed)
    start = time.monotonic()
    games = 0
    rewards: list[float] = []
    while time.monotonic() - start < minutes * 60:
        xs: list[np.ndarray] = []
        masks: list[np.ndarray] = []
        tokens: list[int] = []
        returns: list[float] = []
        for _ in range(batch):
            x, m, t, value, _won = play(env, policy, seed * 100_000 + games, rng)
            games += 1
            rewards.append(value)
            xs += x
            masks += m
            tokens += t
            returns += [value] * len(t)
        if not tokens:
            continue
        stats = policy.update(
            np.asarray(xs, np.float32),
            np.asarray(masks, np.int8),
            np.asarray(tokens, np.int64),
            np.asarray(returns, np.float32),
            lr=lr,
        )
        recent = float(np.mean(rewards[-10 * batch :]))
        log(
            f"{time.monotonic() - start:6.0f}s  games {games:5d}  steps {len(tokens):5d}  "
            f"mean reward (last {min(len(rewards), 10 * batch)}) {recent:+.3f}  "
            f"entropy {stats['entropy']:.2f}"
        )
    return policy


def evaluate(policy: Policy, players: int = 3, games: int = 200) -> Record:
    """The policy (most likely token) in seat 0 against random bots, on evaluation seeds."""
    env = RoundhouseGym("ChicagoExpress", players, 0, "random", illegal="raise")
    wins = 0.0
    total = 0.0
    for g in range(games):
        _x, _m, _t, value, won = play(env, policy, EVAL_SEEDS + g, None)
        wins += won
        total += value
    return Record(games, wins, total / games)


def random_bot_record(players: int = 3, games: int = 200) -> Record:
    """The random bot in seat 0 of the same games (same seeds, same opponents)."""
    config = Config("ChicagoExpress", players)
    wins = 0.0
    total = 0.0
    for g in range(games):
        seed = EVAL_SEEDS + g
        bots = {s: make_bot("random", bot_seed(seed, s)) for s in range(1, players)}
        bots[0] = make_bot("random", bot_seed(seed, 0) + 1)
        episode = Episode(config, seed, bots)
        wins += _win_share(episode.scores(), 0)
        total += episode.returns()[0]
    return Record(games, wins, total / games)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m roundhouse.agents.train", description=__doc__)
    p.add_argument("--minutes", type=float, default=5.0, help="training time (default 5)")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--batch", type=int, default=16, help="games per update")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--save", default=None, help="write the trained policy (.npz)")
    args = p.parse_args(argv)
    policy = train(
        players=args.players,
        minutes=args.minutes,
        batch=args.batch,
        hidden=args.hidden,
        lr=args.lr,
        seed=args.seed,
    )
    if args.save:
        policy.save(args.save)
    trained = evaluate(policy, args.players, args.eval_games)
    baseline = random_bot_record(args.players, args.eval_games)
    print(f"trained policy, seat 0 vs random bots: {trained}")
    print(f"random bot,     seat 0 vs random bots: {baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
