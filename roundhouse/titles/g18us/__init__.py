"""18US: Eastern, Land Grant and System companies across the United States.  Not yet a
playable title: its tile data (:mod:`.tiles`) and the machinery its concessions and privates
need (18US §3.2, §10), kept here until a second title uses it:

* the powers as data (:mod:`.ability`) and the steps that play them: extra tile lays
  (§10.1.3, :mod:`.extra_lay_step`), revenue markers (§10.1.1-§10.1.2,
  :mod:`.revenue_marker`, :mod:`.revenue_marker_step`), share exchange (§10.1.4,
  :mod:`.exchange_step`), train discount and train-purchase income (§10.1.5,
  :mod:`.train_discount`, :mod:`.train_income`), terrain paid by a card (§10.1.3,
  :mod:`.terrain_card`);
* track and token steps that wait for a card (:mod:`.card_window_step`), the board the cards
  act on (:mod:`.card_board`), the rounds with them (:mod:`.hooks`);
* the Eastern Railroad Convention's sealed bids (§3.2, :mod:`.sealed_bid`).
"""
