"""18RoyalGorge's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.titles.g18royalgorge.tables import (
    RoyalGorgeCompanies,
    RoyalGorgeMap,
    RoyalGorgeMarket,
    RoyalGorgeTiles,
    RoyalGorgeTrains,
)

TITLE_NAME = "18RoyalGorge"
DATA_FILES = (
    ("trains.toml", RoyalGorgeTrains),
    ("market.toml", RoyalGorgeMarket),
    ("companies.toml", RoyalGorgeCompanies),
    ("tiles.toml", RoyalGorgeTiles),
    ("map.toml", RoyalGorgeMap),
)
