"""The common 18xx data tables: one schema module per table, read with
:mod:`roundhouse.core.datafile`.

* :mod:`.trains` - ``[[trains]]`` and ``[[phases]]`` (trains.toml): core
  :class:`~roundhouse.core.trains.TrainType` and :class:`~roundhouse.core.phases.Phase`;
* :mod:`.market` - ``[stock_market]``, ``[par_regions]``, ``[players]``, ``[shares]``
  (market.toml): a :class:`~roundhouse.core.market.MarketGrid`, player counts, share limits;
* :mod:`.companies` - corporation and private rows (companies.toml): core
  :class:`~roundhouse.core.entities.CorporationSpec` and
  :class:`~roundhouse.core.entities.PrivateSpec`;
* :mod:`.tiles` - ``[tiles.ID]``, tile counts and ``[upgrades]`` (tiles.toml): a
  :class:`~roundhouse.core.tiles.TileSet` and :class:`~roundhouse.core.upgrade.UpgradeRules`;
* :mod:`.map` - ``[board]`` and ``[hexes]`` (map.toml): a :class:`~roundhouse.core.board.Board`.

A title reads its files with :func:`roundhouse.core.datafile.load` against these schemas, or
against subclasses that add the keys and tables only it has.  ``docs/data-format.md`` is
generated from the schemas (``python -m roundhouse.datadoc``).
"""
