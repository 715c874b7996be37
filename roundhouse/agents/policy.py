"""A small policy network in NumPy: one hidden layer, a masked softmax over tokens, a value head.

Enough to show the environments train on a CPU in minutes without a deep-learning library
(:mod:`.train` uses it); PyTorch or JAX users plug the same observations and masks into their
own networks.  Gradients are written out by hand (actor-critic with an entropy bonus) and
applied with Adam.

>>> import numpy as np
>>> net = Policy(inputs=3, actions=4, hidden=8, seed=0)
>>> probs = net.probabilities(np.ones(3, np.float32), np.array([1, 0, 1, 0], np.int8))
>>> round(float(probs.sum()), 6), float(probs[1])
(1.0, 0.0)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]


class Policy:
    """``x -> tanh(W1 x + b1) -> (logits W2 h + b2, value w3 h + b3)``."""

    def __init__(self, inputs: int, actions: int, hidden: int = 128, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.params: dict[str, Array] = {
            "W1": (rng.standard_normal((inputs, hidden)) / np.sqrt(inputs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "W2": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
            "w3": np.zeros(hidden, np.float32),
            "b3": np.zeros(1, np.float32),
        }
        self._m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._t = 0

    def _forward(self, x: Array, mask: npt.NDArray[np.int8]) -> tuple[Array, Array, Array]:
        p = self.params
        h = np.tanh(x @ p["W1"] + p["b1"])
        logits = h @ p["W2"] + p["b2"]
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits = logits - logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        probs = e / e.sum(axis=-1, keepdims=True)
        value = h @ p["w3"] + p["b3"][0]
        return h, probs.astype(np.float32), value.astype(np.float32)

    def probabilities(self, x: Array, mask: npt.NDArray[np.int8]) -> Array:
        """The policy's distribution over tokens (zero outside the mask)."""
        return self._forward(x, mask)[1]

    def act(self, x: Array, mask: npt.NDArray[np.int8], rng: np.random.Generator | None) -> int:
        """A token: sampled with ``rng``, the most likely one without."""
        probs = self.probabilities(x, mask)
        if rng is None:
            return int(np.argmax(probs))
        return int(rng.choice(len(probs), p=probs / probs.sum()))

    def update(
        self,
        xs: Array,
        masks: npt.NDArray[np.int8],
        actions: npt.NDArray[np.int64],
        returns: Array,
        *,
        lr: float = 1e-3,
        entropy: float = 0.01,
        value_weight: float = 0.5,
    ) -> dict[str, float]:
        """One actor-critic step on a batch of (observation, mask, token, return)."""
        p = self.params
        n = len(xs)
        h, probs, value = self._forward(xs, masks)
        advantage = returns - value
        logp = np.log(np.clip(probs, 1e-12, 1.0))
        ent = -(np.where(probs > 0, probs * logp, 0.0)).sum(axis=1)
        # d(-A log p[a] - beta H) / d logits, per row
        dlogits = probs.copy()
        dlogits[np.arange(n), actions] -= 1.0
        dlogits *= advantage[:, None]
        dlogits += entropy * np.where(probs > 0, probs * (logp + ent[:, None]), 0.0)
        dvalue = 2.0 * value_weight * (value - returns)
        dlogits /= n
        dvalue /= n
        grads = {
            "W2": h.T @ dlogits,
            "b2": dlogits.sum(axis=0),
            "w3": h.T @ dvalue,
            "b3": np.array([dvalue.sum()], np.float32),
        }
        dh = dlogits @ p["W2"].T + np.outer(dvalue, p["w3"])
        dpre = dh * (1.0 - h * h)
        grads["W1"] = xs.T @ dpre
        grads["b1"] = dpre.sum(axis=0)
        self._adam(grads, lr)
        chosen = probs[np.arange(n), actions]
        return {
            "policy_loss": float(-(advantage * np.log(np.clip(chosen, 1e-12, 1.0))).mean()),
            "value_loss": float((advantage**2).mean()),
            "entropy": float(ent.mean()),
        }

    def _adam(self, grads: dict[str, Array], lr: float) -> None:
        self._t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for k, g in grads.items():
            g = g.astype(np.float32)
            self._m[k] = b1 * self._m[k] + (1 - b1) * g
            self._v[k] = b2 * self._v[k] + (1 - b2) * g * g
            m = self._m[k] / (1 - b1**self._t)
            v = self._v[k] / (1 - b2**self._t)
            self.params[k] -= (lr * m / (np.sqrt(v) + eps)).astype(np.float32)

    def save(self, path: str | Path) -> None:
        np.savez(path, **self.params)  # type: ignore[arg-type]  # numpy's stub: allow_pickle

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        found = np.load(path)
        inputs, hidden = found["W1"].shape
        net = cls(inputs, found["W2"].shape[1], hidden)
        net.params = {k: found[k].astype(np.float32) for k in net.params}
        return net
