"""18RoyalGorge (Kayla Ross & Denman Scofield, Wood 18): the title's data and set-up draw.

Rules: /work/shared/rules/18RoyalGorge.txt, with docs/facts/18royalgorge.md for the numbers
the rulebook text lacks.  The data files (map, tiles, market, trains, companies) are read by
:mod:`.data`; :mod:`.setup_draw` deals the railroads and private assets from the seed.  The
rules engine comes later; the title is not registered yet.
"""
