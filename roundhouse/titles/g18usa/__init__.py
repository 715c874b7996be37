"""18USA (2017): the 1817-family game of the whole United States with random metropolises,
subsidies and red areas.  Not yet a playable title: the tiles and upgrade rules
(:mod:`.tiles`), the printed board with its set-up tables (:mod:`.board`), and the 1817
family's machinery it builds on - loans, shorts, the cash crisis, Pullman cars, the merger
and acquisition round - in :mod:`.family1817`."""
