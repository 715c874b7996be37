"""Chicago Express's data files and their schemas, for ``python -m roundhouse.datadoc``
(docs/data-format.md) and the test that every data file is documented."""

from roundhouse.titles.chicago_express.board import CompaniesFile, MapFile
from roundhouse.titles.chicago_express.scenery import SceneryFile

TITLE_NAME = "ChicagoExpress"
DATA_FILES = (
    ("map.toml", MapFile),
    ("companies.toml", CompaniesFile),
    ("scenery.toml", SceneryFile),
)
