"""Rounds and steps of an 18xx game: auctions, stock rounds, operating rounds, emergency money
raising and the end of the game (DESIGN.md "flow").  Rounds and steps only one title needs
(merger rounds, loans, card powers) live in that title's package."""
