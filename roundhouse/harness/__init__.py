"""The reliability harness: random full games with every invariant checked after every action.

``roundhouse fuzz`` (:mod:`roundhouse.harness.fuzz`) plays seeded random games of every
registered title; :mod:`~roundhouse.harness.invariants` holds the checks,
:mod:`~roundhouse.harness.case` plays one game under them, :mod:`~roundhouse.harness.shrink`
finds the shortest action prefix that still fails and :mod:`~roundhouse.harness.regression`
saves failures as game documents that ``tests/regressions`` replays.  Everything goes through
the public game API, so a new title is covered as soon as it registers.
"""
