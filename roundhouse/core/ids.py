"""Ids are the printed names: players by name, companies "PRR", hexes "E11", tiles "57"."""

from typing import NewType

PlayerId = NewType("PlayerId", str)
CompanyId = NewType("CompanyId", str)
HexId = NewType("HexId", str)
TileId = NewType("TileId", str)
TrainId = NewType("TrainId", str)
ShareId = NewType("ShareId", str)
