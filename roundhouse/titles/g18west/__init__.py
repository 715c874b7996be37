"""18West (2nd edition): Granger Roads, Land Grant and Public Companies in the American West.
Its data lives here so far, not yet a playable title: the tiles and upgrade rules
(:mod:`.tiles`) and the starting board with its set-up tables (:mod:`.board`)."""
