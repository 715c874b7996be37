"""The generic 18xx heuristic policy that the 18US, 18USA and 18West bots are built on
(18RoyalGorge's uses its readers and move trials).

- :mod:`.position`: the companies and the train roster as numbers (a title's ``read``
  fills a subclass with its own fields);
- :mod:`.trains`: the money kept for a train, which to buy, which to take when forced;
- :mod:`.track`: lays and stations ranked by the map;
- :mod:`.money`: dividends and emergency sales;
- :mod:`.stock`: when a player opens another company, what another's share yields;
- :mod:`.trial`: a move tried on a copy, and what it cost the company;
- :mod:`.policy`: :class:`~.policy.Policy18xx`, the dispatch scaffolding and the operating
  turn around a title's hooks.

A title folder's ``bot`` part keeps only what its rules make its own: its conventions and
auctions, its share judgements, its special steps and constants.
"""
