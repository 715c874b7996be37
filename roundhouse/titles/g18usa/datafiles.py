"""18USA's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.core.tables.companies import CompaniesFile
from roundhouse.titles.g18usa.board import UsaMapFile
from roundhouse.titles.g18usa.privates import UsaPrivatesFile
from roundhouse.titles.g18usa.tables import UsaMarket, UsaTrains
from roundhouse.titles.g18usa.tiles import UsaTiles

TITLE_NAME = "18USA"
DATA_FILES = (
    ("trains.toml", UsaTrains),
    ("market.toml", UsaMarket),
    ("companies.toml", CompaniesFile),
    ("tiles.toml", UsaTiles),
    ("map.toml", UsaMapFile),
    ("privates.toml", UsaPrivatesFile),
)
