"""How 18xx.games starts companies in 18USA's stock rounds, where it differs from §11.6 and §8
(``compat_18xx_games`` only; each difference is in docs/rules-notes.md).

* §11.6 liquidates at the round's end only a 10-share company that could not buy its station
  tokens; the site liquidates any company that still owes one
  (``G1817::Round::Stock#finish_round``).
* P23 Bailey Yard put into a company at its start is one of the tokens the company buys.
* A purchase of the company's shares pays the tokens it still owes.
* §8's text: "No new companies may be started" in Phase 8 (its table: "10 share"); the
  site's Phase 8 starts 10-share companies (``corporation_sizes``).
"""

from __future__ import annotations

import dataclasses

from roundhouse.titles.g18usa.family1817.company_start import StartRules


def site_start_rules(start: StartRules) -> StartRules:
    """``start`` (the rulebook's start rules, §17's variants applied) as the site plays them."""
    return dataclasses.replace(
        start,
        liquidate_unpaid=frozenset(start.token_cost),
        brought_tokens_count=True,
        tokens_after_purchase=True,
        sizes={**start.sizes, "8": (10,)},
    )
