"""18USA (2017): the 1817-family game of the whole United States with random metropolises,
subsidies and red areas.  Its data lives here so far, not yet a playable title: the tiles and
upgrade rules (:mod:`.tiles`) and the printed board with its set-up tables (:mod:`.board`)."""
