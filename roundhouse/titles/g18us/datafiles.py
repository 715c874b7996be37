"""18US's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.titles.g18us.board import UsMap
from roundhouse.titles.g18us.tiles import UsTiles

TITLE_NAME = "18US"
DATA_FILES = (("tiles.toml", UsTiles), ("map.toml", UsMap))
