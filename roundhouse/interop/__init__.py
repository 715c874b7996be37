"""18xx.games interoperability: import, export and verified replay of its game documents.

``import_18xx_games(doc) -> Game`` replays a document (seats are the site's player ids as
text, so ``game.result`` is keyed like the document's ``result``); ``export_18xx_games(game)``
writes one; ``verify(doc) -> VerifyReport`` replays and compares result, end reason and every
``run_routes`` revenue with what the site recorded.

Each title plugs in a :class:`~roundhouse.interop.translate.Translator` registered in
:data:`~roundhouse.interop.translate.TRANSLATORS`; everything else here is title-independent.
"""

from roundhouse.interop.document import Document, DocumentError, parse_document, read_document
from roundhouse.interop.export import export_18xx_games
from roundhouse.interop.replay import ReplayError, RevenueCheck, import_18xx_games
from roundhouse.interop.report import Divergence, VerifyReport
from roundhouse.interop.seed import game_seed
from roundhouse.interop.translate import (
    TRANSLATORS,
    Disagreement,
    SiteAction,
    Translator,
    UnknownActionType,
)
from roundhouse.interop.undo import ResolvedLog, resolve
from roundhouse.interop.verify import verify

__all__ = [
    "TRANSLATORS",
    "Disagreement",
    "Divergence",
    "Document",
    "DocumentError",
    "ReplayError",
    "ResolvedLog",
    "RevenueCheck",
    "SiteAction",
    "Translator",
    "UnknownActionType",
    "VerifyReport",
    "export_18xx_games",
    "game_seed",
    "import_18xx_games",
    "parse_document",
    "read_document",
    "resolve",
    "verify",
]
