"""The site's view of who holds which numbered certificate, kept by the 18RoyalGorge exporter
(issue 7 "Export": a sale must name certificates the seller holds on 18xx.games)."""

from __future__ import annotations

from roundhouse.core.engine18xx import Engine
from roundhouse.core.game import Game
from roundhouse.core.shares import POOL
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.interop.certificate import SiteCertificates


def fresh() -> Engine:
    game = Game(TITLE, ["1", "2", "3"], seed=1, options={"compat_18xx_games": True})
    g = game.state
    assert isinstance(g, Engine)
    return g


def give(g: Engine, view: SiteCertificates, ids: list[str], to: str) -> None:
    """The same certificates to the same holder in our game and on the site."""
    for cert_id in ids:
        g.books[cert_id.rpartition("_")[0]].move(cert_id, to)
    view.move(ids[0].rpartition("_")[0], ids, to)


def test_interop_18royalgorge_sale_names_certificates_in_arrival_order() -> None:
    """A sale takes the seller's certificates in the order they arrived, not by number."""
    g = fresh()
    view = SiteCertificates(g)
    give(g, view, ["SF_7"], "1")
    give(g, view, ["SF_3"], "1")
    assert view.sale(g.books["SF"], "1", 1) == ["SF_7"]
    assert view.sale(g.books["SF"], "1", 2) == ["SF_7", "SF_3"]


def test_interop_18royalgorge_first_metal_share_swaps_like_a_presidency() -> None:
    """CF&I's certificate 0 follows the most shares on the site: the new holder hands over
    its first other certificate (as endgame_triggered_on_buy shows), so its next sale names
    its second one."""
    g = fresh()
    view = SiteCertificates(g)
    give(g, view, ["CF&I_0"], "1")
    give(g, view, ["CF&I_1", "CF&I_2"], "2")
    view.catch_up(g)
    assert view.of("CF&I", "1") == ["CF&I_1"]
    assert view.of("CF&I", "2") == ["CF&I_2", "CF&I_0"]
    assert view.sale(g.books["CF&I"], "2", 1) == ["CF&I_2"]


def test_interop_18royalgorge_market_purchase_round_trips_through_the_sites_numbers() -> None:
    """Our engine sold SF_1 where the site sold SF_5: buying our first market certificate
    names the site's SF_5, and reading SF_5 back (held by a player in ours) is SF_1 again."""
    g = fresh()
    view = SiteCertificates(g)
    give(g, view, ["SF_1", "SF_5"], "1")
    g.books["SF"].move("SF_1", POOL)
    view.move("SF", ["SF_5"], POOL)
    view.catch_up(g)
    assert view.bought(g.books["SF"], "SF_1", POOL) == "SF_5"
    assert SiteCertificates.ours(g, "SF_5") == "SF_1"
