"""Short shares: a player sells a share they do not own and owes it back (18USA §11.2).

A short sale takes a short and a regular share from the company's short stack: the regular
share goes to the open market as an ordinary certificate, the player keeps the short and is
paid the share price.  Buying a share of the company closes a short: the regular and the short
share go back on the stack (18USA §11.3).  While shorts are out the company has that many
more regular certificates than its size, so "longs minus shorts equals the size" is the
share invariant (:meth:`ShortBook.outstanding`).

Shorts are negative shares: their owner pays the per-share dividend (18USA §12.5), settles
at the per-share amount when the company is sold (§14.2) and scores minus the share price at
the end (§16).  :data:`~roundhouse.core.shares.POOL` may hold shorts of a bankrupt player
(§15); the bank closes them at the start of a stock round from the treasury (§11).
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, kw_only=True)
class ShortRules:
    """Whether and what may be sold short; the default is the common "never"."""

    enabled: bool = False
    min_size: int = 5
    """Smallest company size that may be shorted (18USA §7.2, §11.2: not 2-share ones)."""
    forbidden_after: str | None = None
    """Phase from which short sales are forbidden (18USA §8: Phase 8)."""
    net_after_merger: bool = False
    """Whether a player holding shares and short shares of one company after a merger's
    exchange closes them in pairs (18xx.games, ``compat_18xx_games``); §14.1.2 only
    exchanges them."""
    close_at_limit: bool = False
    """Whether a player at the certificate limit may buy a share that closes a short (the
    count is unchanged after it; 18xx.games, ``compat_18xx_games``); §11.3: "In order to buy
    a certificate, a player must hold fewer certificates than the limit"."""
    bank_closes_in_takeover_zones: bool = True
    """Whether the bank closes the open market's shorts of a company in the liquidation or
    acquisition area at a stock round's start (18USA §11: "the bank will close any short
    shares in the open market by purchasing shares from the company treasury", no company
    excepted).  18xx.games passes over such a company (``G1817::Game#close_bank_shorts``),
    whose shorts stay in the market until a stock round begins with it out of those areas
    (off under ``compat_18xx_games``; found by the export differential, random seed 804)."""


class ShortBook:
    """Company -> owner -> short shares held."""

    __slots__ = ("held",)

    def __init__(self) -> None:
        self.held: dict[str, dict[str, int]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> ShortBook:
        copy = ShortBook()
        copy.held = {c: dict(o) for c, o in self.held.items()}
        return copy

    def of(self, owner: str, company: str) -> int:
        return self.held.get(company, {}).get(owner, 0)

    def outstanding(self, company: str) -> int:
        """Shorts of ``company`` out, whoever holds them."""
        return sum(self.held.get(company, {}).values())

    def holders(self, company: str) -> dict[str, int]:
        return {o: n for o, n in self.held.get(company, {}).items() if n}

    def add(self, owner: str, company: str, n: int = 1) -> None:
        owners = self.held.setdefault(company, {})
        owners[owner] = owners.get(owner, 0) + n
        if owners[owner] <= 0:
            del owners[owner]
        if not owners:
            del self.held[company]

    def clear(self, company: str) -> dict[str, int]:
        """Remove every short of ``company`` (it left play); returns what was held."""
        return self.held.pop(company, {})

    def rename(self, source: str, to: str) -> None:
        """A merger turns ``source``'s shorts into ``to``'s (18USA §14.1.2)."""
        for owner, n in self.clear(source).items():
            self.add(owner, to, n)

    def __repr__(self) -> str:
        parts = ", ".join(f"{c}: {dict(o)}" for c, o in sorted(self.held.items()))
        return f"<ShortBook {parts}>"
