"""Issue #22: the training example runs, and its policy learns from returns."""

from __future__ import annotations

import numpy as np

from roundhouse.agents import train
from roundhouse.agents.policy import Policy


def test_an_update_raises_the_probability_of_a_rewarded_token() -> None:
    net = Policy(inputs=4, actions=5, hidden=8, seed=0)
    xs = np.ones((6, 4), np.float32)
    masks = np.ones((6, 5), np.int8)
    actions = np.array([2, 2, 2, 1, 1, 1])
    returns = np.array([1, 1, 1, -1, -1, -1], np.float32)
    before = net.probabilities(xs[0], masks[0])
    for _ in range(30):
        net.update(xs, masks, actions, returns, lr=1e-2, entropy=0.0)
    after = net.probabilities(xs[0], masks[0])
    assert after[2] > before[2] + 0.2 and after[1] < before[1]


def test_masked_tokens_get_no_probability() -> None:
    net = Policy(inputs=3, actions=4, hidden=4, seed=1)
    probs = net.probabilities(np.ones(3, np.float32), np.array([0, 1, 0, 1], np.int8))
    assert probs[0] == 0 and probs[2] == 0 and abs(probs.sum() - 1) < 1e-6


def test_the_example_trains_and_evaluates(tmp_path: object) -> None:
    """A few seconds of the command in the README (the real run takes minutes)."""
    lines: list[str] = []
    policy = train.train(minutes=0.01, batch=2, hidden=16, log=lines.append)
    assert lines and "games" in lines[0]
    record = train.evaluate(policy, games=2)
    baseline = train.random_bot_record(games=2)
    assert record.games == baseline.games == 2
    assert 0 <= record.wins <= 2 and -1 <= record.mean_reward <= 1
