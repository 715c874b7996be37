"""P23 Bailey Yard (18xx.games): "Provides an additional station marker for the owning corp,
awarded at time of purchase" - whenever a company comes to own it (start, purchase, merger),
once; put into a company at its start, its token is one of those the company's size calls
for (18xx.games, the source of P23's facts: ``G1817::Game#tokens_needed`` counts it)."""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.titles.g18usa.private_abilities import ExtraStation
from roundhouse.titles.g18usa.state import UsaGame

MAX_TOKENS = 8
"""§14.3: never more than eight station tokens."""


def private_acquired(g: UsaGame, corp_id: str, private_id: str) -> None:
    """A company has come to own the private: P23's station tokens, once."""
    private = g.privates[private_id]
    for a in private.spec.abilities:
        if (
            isinstance(a, ExtraStation)
            and private.used.get(private.spec.abilities.index(a), 0) == 0
        ):
            corp = g.corps[corp_id]
            corp.tokens_owned = min(MAX_TOKENS, corp.tokens_owned + a.tokens)
            private.use(a)


def start_tokens(g: UsaGame, corp_id: str, privates: Sequence[str]) -> int:
    """The station tokens the privates put into a company at its start give it (P23), used
    up here so that :func:`private_acquired` does not give them again; the start counts
    them among the tokens it buys (:func:`.company_start.found`)."""
    count = 0
    for private_id in privates:
        private = g.privates[private_id]
        for a in private.spec.abilities:
            index = private.spec.abilities.index(a)
            if isinstance(a, ExtraStation) and private.used.get(index, 0) == 0:
                count += a.tokens
                private.use(a)
    return count
