"""18West's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.titles.g18west.board import WestMap
from roundhouse.titles.g18west.tiles import WestTiles

TITLE_NAME = "18West"
DATA_FILES = (("tiles.toml", WestTiles), ("map.toml", WestMap))
