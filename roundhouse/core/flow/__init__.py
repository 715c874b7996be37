"""Rounds and steps of an 18xx game: auctions, stock rounds, operating rounds, merger
rounds, emergency money raising and the end of the game (DESIGN.md "flow")."""
