"""The 1817 family's machinery, as 18USA (2017) plays it: what 18USA shares with 1817.

18USA is built on 1817 (DESIGN.md: "18USA builds on the 1817 family"), so the rules the two
books share live here, one concept per module, for the 18USA title (and any later 1817-family
title) to assemble:

* settings: :mod:`.config` (:class:`~.config.FamilyConfig`: loans :mod:`.loan`, shorts
  :mod:`.short`, conversions and sales :mod:`.takeover`);
* state: :mod:`.engine` (:class:`~.engine.FamilyEngine`: the Bank of New York's loan cubes
  and the short shares, §9, §11.2) and :mod:`.hooks` (:class:`~.hooks.FamilyHooks`);
* the actions: :mod:`.actions`;
* the private auction, §10: :mod:`.private_auction`;
* the stock round: short sales and acting for a company (§11, :mod:`.short_sale`), starting
  a company by auction (§11.6, :mod:`.company_start`);
* the operating round: loans and interest (§9, §12.8-§12.9, :mod:`.loan_step`), Pullman cars
  (§12.7, :mod:`.car_step`), dividends owed on shorts (§12.5, :mod:`.dividend_step`), the
  cash crisis (§15, :mod:`.cash_crisis`, :mod:`.corporate_round`);
* the merger and acquisition round (§14, :mod:`.takeover_round`): conversions, mergers and
  company sales (:mod:`.company_sale`, :mod:`.sale_auction`), acquired station tokens
  (§14.3, :mod:`.token_board`, :mod:`.token_cut_step`).

Section numbers are 18USA's (``/work/shared/rules/18USA.txt``).
"""
