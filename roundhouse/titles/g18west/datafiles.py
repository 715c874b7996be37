"""18West's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.core.tables.companies import CompaniesFile
from roundhouse.core.tables.market import MarketFile
from roundhouse.core.tables.trains import TrainsFile
from roundhouse.titles.g18west.board import WestMap
from roundhouse.titles.g18west.tiles import WestTiles

TITLE_NAME = "18West"
DATA_FILES = (
    ("trains.toml", TrainsFile),
    ("market.toml", MarketFile),
    ("companies.toml", CompaniesFile),
    ("tiles.toml", WestTiles),
    ("map.toml", WestMap),
)
