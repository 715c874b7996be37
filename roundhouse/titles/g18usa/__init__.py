"""18USA (2017): the 1817-family game of the whole United States with random metropolises,
subsidies and red areas.  Only its tile data lives here so far (:mod:`.tiles`)."""
