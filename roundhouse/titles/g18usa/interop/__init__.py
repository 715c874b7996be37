"""18USA on 18xx.games: its action vocabulary read into ours (:mod:`.translator`,
:mod:`.reader`, :mod:`.names`).  The interop layer finds it as this folder's ``interop``
part (:meth:`roundhouse.core.title.Registry.part`)."""

from roundhouse.titles.g18usa.interop.translator import TRANSLATOR

__all__ = ["TRANSLATOR"]
