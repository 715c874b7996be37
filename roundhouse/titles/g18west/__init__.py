"""18West (2nd edition): Granger Roads, Land Grant and Public Companies in the American West.
Not yet a playable title: the tiles and upgrade rules (:mod:`.tiles`), the starting board with
its set-up tables (:mod:`.board`), and the merger and acquisition round (18West §6:
:mod:`.merger_round`, :mod:`.acquisition`, its settings :mod:`.merger_rules`, actions
:mod:`.actions`, the title's answers :mod:`.merger_answers` and hooks :mod:`.hooks`)."""
