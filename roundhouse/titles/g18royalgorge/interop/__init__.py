"""18RoyalGorge on 18xx.games: its action vocabulary read into ours and written back
(:mod:`.translator` joins :mod:`.reader` and :mod:`.writer`; :mod:`.site_game` is what both
follow of the site's game).  The interop layer finds it as this folder's ``interop`` part
(:meth:`roundhouse.core.title.Registry.part`)."""

from roundhouse.titles.g18royalgorge.interop.translator import TRANSLATOR

__all__ = ["TRANSLATOR"]
