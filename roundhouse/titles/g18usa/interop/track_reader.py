"""The 18USA reader's track and stations: tiles as the site names them (a resource baked
into the tile, 18USA §13; the ore token's upgrade; Denver's orientation, §12.2.3; the
privates' and the Boomtown subsidy's lays), cities by the site's part index, home stations
chosen at an auction's opening (§11.6) and the tokens a company gives up (§14.3)."""

from __future__ import annotations

from collections.abc import Iterator

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Choose, DiscardTrain, LayTile, PlaceToken
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.interop.translate import SiteAction
from roundhouse.titles.g18usa.denver import DENVER, ORIENTATIONS
from roundhouse.titles.g18usa.interop.names import board_map, engine, site_tile
from roundhouse.titles.g18usa.interop.reader_base import ReaderBase
from roundhouse.titles.g18usa.interop.site_moves import accepted
from roundhouse.titles.g18usa.law_firm_step import is_law_firm
from roundhouse.titles.g18usa.ore_upgrade import UpgradeOre
from roundhouse.titles.g18usa.powers import PrivateLay, UsePrivate
from roundhouse.titles.g18usa.resource_subsidy import SubsidyLay
from roundhouse.titles.g18usa.state import UsaGame


class TrackReader(ReaderBase):
    """``lay_tile``, ``place_token``, ``remove_token`` and what they wait for."""

    def _orient_denver(self, game: Game) -> Iterator[Action]:
        """Denver's orientation, chosen on the site right after the home token and asked by
        ours before the company's first track step (§12.2.3)."""
        memory = self.memory(game)
        if not memory.denver:
            return
        wanted = [
            a
            for a in game.legal_actions(kinds={Choose.kind})
            if isinstance(a, Choose) and a.choice == memory.denver and not a.company
        ]
        if wanted:
            memory.denver = ""
            yield wanted[0]

    def read_lay_tile(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        hex_name = action.text("hex")
        tile = site_tile(action.text("tile"))
        rotation = action.integer("rotation")
        self.memory(game).laid[action.text("tile")] = hex_name
        g = engine(game)
        board = board_map(g).board
        if action.entity_type == "company" and str(action.entity) in g.privates:
            yield PrivateLay(
                player=seat,
                entity=entity,
                company=str(action.entity),
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
            )
            return
        if action.entity_type == "company" and g.company_subsidies[entity].kind == "boomtown":
            yield LayTile(
                player=seat,
                entity=entity,
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
            )
            return
        if action.entity_type == "company":
            if tile.resource not in ("coal", "oil", "ore"):
                raise action.fail(f"a subsidy lays a resource tile, not {action.text('tile')}")
            yield SubsidyLay(
                player=seat,
                entity=entity,
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
                choice=tile.resource,  # type: ignore[arg-type]
            )
            return
        if hex_name == DENVER and tile.name == "X04" and g.denver_open:
            # X04s -> X04: the orientation, asked by ours in the company's first turn
            self.memory(game).denver = next(
                c for c, r in ORIENTATIONS.items() if r % 2 == rotation % 2
            )
            yield from self._orient_denver(game)
            return
        subsidy = self._subsidy_lay(action, game, seat, entity, hex_name, tile.name, rotation)
        if subsidy is not None:
            yield subsidy  # the company's lay of its Resource subsidy's tile
            return
        if tile.resource == "ore20" and board.hexes[hex_name].tile.id == tile.name:
            yield UpgradeOre(player=seat, entity=entity, hex=hex_name)
            return
        yield LayTile(
            player=seat,
            entity=entity,
            hex=hex_name,
            tile=tile.name,
            rotation=_rotation(g, tile.name, rotation),
        )
        # a tile upgraded over a resource token keeps it: the site names the token again
        resource = "ore" if tile.resource == "ore20" else tile.resource
        if resource and not _has_marker(board.hexes[hex_name].markers, resource):
            yield self._one_of(
                action,
                game,
                UsePrivate.kind,
                lambda a: isinstance(a, UsePrivate) and a.hex == hex_name and a.choice == resource,
            )

    def read_place_token(self, action: SiteAction, game: Game) -> Iterator[Action]:
        corp = str(action.entity)
        g = engine(game)
        hex_name, city = self.city(action, game, action.text("city"))
        if corp in g.corps and not g.corps[corp].started:
            # the home of a company being started: the opener's choice (§11.6 step 2)
            if len(game.acting) != 1:
                raise action.fail(f"nobody is opening {corp}'s auction")
            opener = game.acting[0]
            yield PlaceToken(player=opener, entity=opener, hex=hex_name, city=city)
            return
        seat, entity = self.who(action, game)
        if action.entity_type == "company" and is_law_firm(g, corp):
            # appendix P20: the site's ``token`` ability, our use of the private
            sketch = UsePrivate(player=seat, entity=entity, company=corp, hex=hex_name)
            yield from self.silent_moves(sketch, game)
            yield self._one_of(
                action,
                game,
                UsePrivate.kind,
                lambda a: (
                    isinstance(a, UsePrivate)
                    and a.company == corp
                    and a.hex == hex_name
                    and a.choice == city
                ),
            )
            return
        yield PlaceToken(player=seat, entity=entity, hex=hex_name, city=city)

    def _subsidy_lay(
        self,
        action: SiteAction,
        game: Game,
        seat: PlayerId,
        entity: str,
        hex_name: str,
        tile: str,
        rotation: int,
    ) -> SubsidyLay | None:
        """A company's lay of a resource tile that its Resource subsidy makes: the site
        takes the subsidy's lay as the company's own (``ResourceTrack#lay_tile_action``, the
        subsidy first since its lay is not counted), the writer writes it so."""
        resource = site_tile(action.text("tile")).resource
        if resource not in ("coal", "oil", "ore"):
            return None
        ours = SubsidyLay(
            player=seat,
            entity=entity,
            hex=hex_name,
            tile=tile,
            rotation=_rotation(engine(game), tile, rotation),
            choice=resource,  # type: ignore[arg-type]
        )
        return ours if accepted(ours, game) else None

    def read_remove_token(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """§14.3: the token a company over eight gives up (our token-cut step's choice)."""
        seat, entity = self.who(action, game)
        hex_name, city = self.city(action, game, action.text("city"))
        ours = Choose(player=seat, entity=entity, choice=f"{hex_name} {city}")
        if not accepted(ours, game) and game.legal_kinds() <= {DiscardTrain.kind}:
            # the site cuts tokens before trains; ours asks for the discard first
            self.memory(game).removals.append(ours)
            return
        yield ours

    def city(self, action: SiteAction, game: Game, site_city: str) -> tuple[str, str]:
        """(hex, our city) of a site city id ``"<tile copy>-<part index>"``: a printed hex
        (``"H8-5-0"``), or the hex where that tile lies (``"X02-0-0"``, ``"57-3-0"``)."""
        copy, _, index = site_city.rpartition("-")
        if not index.isdecimal():
            raise action.fail(f"city {site_city!r} has no index")
        board = board_map(engine(game)).board
        printed = copy.rpartition("-")[0]
        hex_name: str | None = printed if printed in board.hexes else None
        if hex_name is None:
            name = site_tile(copy)
            hex_name = self.memory(game).laid.get(copy)
            if hex_name is None:
                holding = [h for h, here in board.hexes.items() if here.tile.id == name.name]
                if len(holding) != 1:
                    raise action.fail(f"cannot tell which hex holds city {site_city!r}")
                hex_name = holding[0]
        # the index counts every part of the site's tile (icons too: Fargo's city is part
        # 1); where a tile has several cities they come first
        cities = list(board.hexes[hex_name].tokens)
        if len(cities) == 1:
            return hex_name, cities[0]
        if int(index) >= len(cities):
            raise action.fail(f"{hex_name} has no city {index}")
        return hex_name, cities[int(index)]


def _has_marker(markers: object, resource: str) -> bool:
    """Whether a hex's markers hold a token of ``resource`` (an ore token on either side)."""
    assert isinstance(markers, (list, tuple, set, frozenset))
    return resource in markers or (resource == "ore" and "ore20" in markers)


def _rotation(g: UsaGame, name: str, rotation: int) -> int:
    """Our rotation for the site's: a symmetric tile lists only the first of the rotations
    with the same track."""
    tile = board_map(g).board.tiles[name]
    if rotation in tile.rotations:
        return rotation
    links = tile.links(rotation)
    return next((r for r in tile.rotations if tile.links(r) == links), rotation)
