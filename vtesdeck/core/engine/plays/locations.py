"""The bots' judgement of the cards of specs/locations.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from .. import game as g
from ..cards import Play
from ..frames import Action, Combat
from ..playbook import judge
from ..specs.locations import (
    _MAKES_ANARCH,
    _museum_give_up,
    _requires_anarch,
)
from ..specs.master import (
    _controls_ready_anarch,
    _has_card,
)
from ..state import VAMPIRE, Game
from .master import _dreams_blood_score, _dreams_hand_score, _score


def _with_ready_anarch(value: float) -> Callable[[Game, Play], float]:
    """A location worth playing only with a ready Anarch to use it."""

    def score(game: Game, play: Play) -> float:
        return value if _controls_ready_anarch(game, play.seat) else -1.0

    return score


def _rack_pick_score(game: Game, play: Play) -> float:
    """The Rack on the vampire with the most room for blood."""
    m = game.minions.get(play.target)
    return -1.0 if m is None else 30.0 + min(2, m.capacity - m.blood) + m.capacity / 10


def _museum_exchange_score(game: Game, play: Play) -> float:
    """Take back a modelled Anarch card for an unmodelled or duplicate one, with a ready Anarch to play it."""
    s = game.seats[play.seat]
    if s.pool < 8 or not _controls_ready_anarch(game, play.seat) or play.target not in s.ash_heap:
        return -1.0
    comp = game.compiled
    wanted = game.card_of[play.target]
    if wanted not in comp.implemented or any(game.card_of[c] == wanted for c in s.hand):
        return -1.0
    given = _museum_give_up(game, play.seat)
    v = game.card_of[given]
    duplicate = sum(1 for c in s.hand if game.card_of[c] == v) > 1
    return 15.0 if v not in comp.implemented or duplicate else -1.0


def _end_combat_score(game: Game, play: Play) -> float:
    """End the combat when the own Anarch is the weaker (or not stronger) one."""
    c = play.frame
    if not isinstance(c, Combat):
        return -1.0
    mine_a = g.controller(game, c.a.minion) == play.seat
    mine, other = (c.a, c.b) if mine_a else (c.b, c.a)
    m, o = game.minions.get(mine.minion), game.minions.get(other.minion)
    if m is None or o is None:
        return -1.0
    if g.controller(game, other.minion) == play.seat:
        return -1.0  # both one's own: nothing to fear
    hits_me, hits_back = g.strength_of(game, o.id), g.strength_of(game, m.id)
    return 25.0 if hits_me >= hits_back or m.blood <= hits_me else -1.0


def _club_score(game: Game, play: Play) -> float:
    act = play.frame
    m = game.minions.get(act.actor) if isinstance(act, Action) else None
    return 25.0 if m is not None and m.blood >= 2 else -1.0


def _haven_score(game: Game, play: Play) -> float:
    """On the biggest vampire, once the minions are out (and not more than one)."""
    m = game.minions.get(play.target)
    if m is None or m.kind != VAMPIRE:
        return -1.0
    if any(_has_card(game, x.id, "Secure Haven") for x in g.ready_minions(game, play.seat)):
        return -1.0
    return 18.0 + m.capacity


def _with_ready_clan(clan: str, value: float) -> Callable[[Game, Play], float]:
    """A location worth playing only with a ready vampire of ``clan`` to use it."""

    def score(game: Game, play: Play) -> float:
        return value if any(m.clan == clan for m in g.ready_minions(game, play.seat)) else -1.0

    return score


def _barrens_discard_score(game: Game, play: Play) -> float:
    """Cycle a card the seat cannot use: one the engine does not model, or one no vampire of the seat (in play or
    coming) has the Disciplines for."""
    comp = game.compiled
    vekn = game.card_of[play.target]
    if vekn not in comp.implemented:
        return 20.0
    spec = comp.specs.get(vekn)
    s = game.seats[play.seat]
    have = {d for c in (*s.controlled, *s.uncontrolled) if c in game.minions for d, _ in game.minions[c].disciplines}
    if spec is not None and spec.modes and all(m.disciplines and not set(m.disciplines) <= have for m in spec.modes):
        return 15.0
    return -1.0


def _la_discard_score(game: Game, play: Play) -> float:
    """Discard an Anarch card with a locked Anarch to unlock, or a card the seat cannot use."""
    text = game.compiled.cards[game.card_of[play.target]].text or ""
    if _requires_anarch(game, play.target) or _MAKES_ANARCH.search(text):
        if any(m.sect == "Anarch" and m.locked for m in g.ready_minions(game, play.seat)):
            return 24.0
    return _barrens_discard_score(game, play)


def _krcg_other_score(game: Game, play: Play) -> float:
    """Pay for another Methuselah's block only against its own predator's action (a rival next to it)."""
    act = play.frame
    if not isinstance(act, Action) or act.seat != game.predator(play.seat) or game.seats[play.seat].pool < 8:
        return -1.0
    return 15.0


def _theater_transfer_score(game: Game, play: Play) -> float:
    return 25.0 if game.seats[play.seat].uncontrolled else -1.0


def _titled_brujah(value: float) -> Callable[[Game, Play], float]:
    def score(game: Game, play: Play) -> float:
        mine = g.ready_minions(game, play.seat)
        return value if any(m.clan == "Brujah" and m.title for m in mine) else -1.0

    return score


def _heidelberg_score(game: Game, play: Play) -> float:
    """Move blood from a vampire that can spare 2 or more to one of the seat's near-empty ready vampires."""
    m = game.minions.get(play.target)
    if m is None or play.value < 1 or m.blood - play.value < 2:
        return -1.0
    low = any(x.kind == VAMPIRE and x.id != m.id and x.blood <= 1 for x in g.ready_minions(game, play.seat))
    return 20.0 + play.value if low else -1.0


def _sabbat_hunters(value: float) -> Callable[[Game, Play], float]:
    """A location worth playing only with a ready Sabbat vampire to use it."""

    def score(game: Game, play: Play) -> float:
        return value if any(m.sect == "Sabbat" for m in g.ready_minions(game, play.seat)) else -1.0

    return score


judge("Carfax Abbey", 0, score=_score(30.0))
judge("Carfax Abbey", 1, score=_score(30.0))
judge("Rack, The", 0, score=_rack_pick_score)
judge("Rack, The", 1, score=_score(30.0))
judge("Monastery of Shadows", 0, score=_score(30.0))
judge("Garibaldi-Meucci Museum", 0, score=_with_ready_anarch(26.0))
judge("Garibaldi-Meucci Museum", 1, score=_museum_exchange_score)
judge("Garibaldi-Meucci Museum", 2, score=_end_combat_score)
judge("Club Illusion", 0, score=_with_ready_anarch(26.0))
judge("Club Illusion", 1, score=_club_score)
judge("Anarch Railroad", 0, score=_with_ready_anarch(26.0))
judge("Secure Haven", 0, score=_haven_score)
judge("Papillon", 0, score=_score(30.0))
judge("Papillon", 1, score=_score(30.0))
judge("Barrens, The", 0, score=_score(28.0))
judge("Barrens, The", 1, score=_barrens_discard_score)
judge("Ecoterrorists", 0, score=_score(26.0))
judge("Ecoterrorists", 1, score=_dreams_blood_score)
judge("Backways", 0, score=_with_ready_clan("Gangrel", 26.0))
judge("Opium Den", 0, score=_with_ready_clan("Follower of Set", 26.0))
judge("Creepshow Casino", 0, score=_score(28.0))
judge("Creepshow Casino", 1, score=_score(20.0))
judge("KRCG News Radio", 0, score=_score(28.0))
judge("KRCG News Radio", 2, score=_krcg_other_score)
judge("Anarch Free Press, The", 0, score=_with_ready_anarch(26.0))
judge("Anarch Free Press, The", 2, score=_score(28.0))
judge("Zoo Hunting Ground", 0, score=_score(28.0))
judge("Zoo Hunting Ground", 1, score=_score(28.0))
judge("Ennoia's Theater", 0, score=_score(28.0))
judge("Ennoia's Theater", 1, score=_dreams_hand_score)
judge("Ennoia's Theater", 2, score=_theater_transfer_score)
judge("Metro Underground", 0, score=_score(22.0))
judge("New Carthage", 0, score=_titled_brujah(28.0))
for _hunting_ground in (
    "Library Hunting Ground",
    "Academic Hunting Ground",
    "Asylum Hunting Ground",
    "Warzone Hunting Ground",
    "University Hunting Ground",
    "Society Hunting Ground",
    "Temple Hunting Ground",
    "Park Hunting Ground",
    "Political Hunting Ground",
    "Underworld Hunting Ground",
    "Uptown Hunting Ground",
):
    judge(_hunting_ground, 0, score=_score(28.0))
    judge(_hunting_ground, 1, score=_score(28.0))
judge("Elysian Fields", 0, score=_score(26.0))
judge("Art Museum", 0, score=_score(26.0))
judge("Art Museum", 1, score=_dreams_blood_score)
judge("Gangrel Revel", 0, score=_score(27.0))
judge("Fragment of the Book of Nod", 0, score=_score(28.0))
judge("Fragment of the Book of Nod", 1, score=_score(24.0))
judge("Heidelberg Castle, Germany", 0, score=_score(24.0))
judge("Heidelberg Castle, Germany", 1, score=_heidelberg_score)
judge("Warsaw Station", 0, score=_score(26.0))
judge("Warsaw Station", 1, score=_score(24.0))
judge("Warsaw Station", 2, score=_score(30.0))
judge("Fortune Teller Shop", 0, score=_score(26.0))
judge("Labyrinth, The", 0, score=_score(26.0))
judge("Market Square", 0, score=_score(26.0))
judge("Channel 10", 0, score=_score(26.0))
judge("Ventrue Headquarters", 0, score=_score(27.0))
judge("Black Throne, The", 0, score=_score(26.0))
judge("Elysium: The Palace of Versailles", 0, score=_score(26.0))
judge("Hungry Coyote, The", 0, score=_sabbat_hunters(26.0))
judge("Arcane Library", 0, score=_score(26.0))
judge("Arcane Library", 1, score=_dreams_blood_score)
judge("Slaughterhouse, The", 0, score=_score(26.0))
judge("Slaughterhouse, The", 1, score=_score(22.0))
judge("Powerbase: Los Angeles", 0, score=_score(26.0))
judge("Powerbase: Los Angeles", 1, score=_la_discard_score)
judge("Powerbase: Savannah", 0, score=_score(24.0))
judge("Powerbase: Savannah", 1, score=_end_combat_score)
judge("Narrow Minds", 0, score=_score(18.0))


def _uncoiling_score(game: Game, play: Play) -> float:
    """Played against other Methuselahs' events in play."""
    types = game.compiled.types
    others = [
        c
        for s in game.order
        if s != play.seat
        for c in game.seats[s].controlled
        if c not in game.minions and "Event" in types.get(game.card_of[c], ())
    ]
    return 22.0 if others else -1.0


def _chicago_cash_score(game: Game, play: Play) -> float:
    """Take the blood once 4 or more sit on it, or when the pool runs low."""
    n = game.card_counters.get(play.card, 0)
    return 32.0 if n >= 4 or game.seats[play.seat].pool < 6 else -1.0


def _maabara_store_score(game: Game, play: Play) -> float:
    """Keep a card the engine plays (a modelled one) for later."""
    return 20.0 if game.card_of[play.target] in game.compiled.implemented else -1.0


def _cave_score(game: Game, play: Play) -> float:
    """The corruption action: worth most when it steals the minion (the biggest first)."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    have: int = sum(r.value for r in game.riders if r.holder == m.id and r.key == "corruption" and r.seat == play.seat)
    need = m.capacity if m.kind == VAMPIRE else 2
    return (30.0 if have + 1 >= need else 12.0) + float(min(have, 5))


def _filchware_score(game: Game, play: Play) -> float:
    """Equip with a modelled equipment card (a weapon or armour the engine plays)."""
    return 22.0 if game.card_of[play.target] in game.compiled.implemented else -1.0


def _ruins_score(game: Game, play: Play) -> float:
    """Burn as many counters as the bleed is worth (no more)."""
    act = play.frame
    if not isinstance(act, Action) or play.value > act.bleed:
        return -1.0
    return 20.0 + play.value


def _chantry_pool_score(game: Game, play: Play) -> float:
    return 26.0 if game.seats[play.seat].pool >= 6 else -1.0


def _wasserschloss_give_score(game: Game, play: Play) -> float:
    """Store blood from a Tremere that can spare it, with a Tremere waiting in the uncontrolled region."""
    m = game.minions.get(play.target)
    s = game.seats[play.seat]
    waiting = any(game.minions[c].clan == "Tremere" for c in s.uncontrolled if c in game.minions)
    return 18.0 if m is not None and m.blood >= 3 and waiting else -1.0


def _barranquilla_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return -1.0 if m is None else 24.0 + m.capacity


judge("Poacher's Hunting Ground", 0, score=_score(24.0))
judge("Poacher's Hunting Ground", 1, score=_score(28.0))
judge("NRA PAC", 0, score=_score(16.0))
judge("WMRH Talk Radio", 0, score=_score(26.0))
judge("WMRH Talk Radio", 2, score=_krcg_other_score)
judge("Chantry", 0, score=_score(24.0))
judge("Chantry", 1, score=_chantry_pool_score)
judge("Chantry", 2, score=_score(28.0))
judge("Wasserschloss Anif, Austria", 0, score=_score(24.0))
judge("Wasserschloss Anif, Austria", 1, score=_wasserschloss_give_score)
judge("Wasserschloss Anif, Austria", 2, score=_dreams_blood_score)
judge("Alamut", 0, score=_score(26.0))
judge("Powerbase: Barranquilla", 0, score=_barranquilla_score)
judge("Powerbase: Barranquilla", 1, score=_score(30.0))
judge("Shard, London, The", 0, score=_score(24.0))
judge("Line, The", 0, score=_score(26.0))
judge("Uncoiling, The", 0, score=_uncoiling_score)
judge("Yawp Court", 0, score=_sabbat_hunters(24.0))
judge("Elysium: The Arboretum", 0, score=_score(24.0))
judge("Elysium: The Arboretum", 1, score=_end_combat_score)
judge("Yoruba Shrine", 0, score=_score(24.0))
judge("Yoruba Shrine", 1, score=_score(30.0))
judge("Yoruba Shrine", 2, score=_score(30.0))
judge("Rumor Mill, Tabloid Newspaper, The", 0, score=_score(24.0))
judge("Rumor Mill, Tabloid Newspaper, The", 2, score=_krcg_other_score)
judge("NSA Trio", 0, score=_score(16.0))
judge("Powerbase: Madrid", 0, score=_score(24.0))
judge("Powerbase: Madrid", 1, score=_score(30.0))
judge("Powerbase: Chicago", 0, score=_score(26.0))
judge("Powerbase: Chicago", 1, score=_score(30.0))
judge("Powerbase: Chicago", 2, score=_chicago_cash_score)
judge("Maabara", 0, score=_score(24.0))
judge("Maabara", 1, score=_maabara_store_score)
judge("Maabara", 2, score=_score(16.0))
judge("Wall Street Night, Financial Newspaper", 0, score=_score(26.0))
judge("Black Forest Base", 0, score=_sabbat_hunters(26.0))
judge("Cave of Apples", 0, score=_score(26.0))
judge("Cave of Apples", 1, score=_cave_score)
judge("Carver's Meat Packing and Storage", 0, score=_score(24.0))
judge("Carver's Meat Packing and Storage", 1, score=_score(28.0))
judge("Filchware's Pawn Shop", 0, score=_score(24.0))
judge("Filchware's Pawn Shop", 1, score=_filchware_score)
judge("Ruins of Charizel", 0, score=_score(24.0))
judge("Ruins of Charizel", 1, score=_ruins_score)
judge("Slow Withering, The", 0, score=_score(14.0))
judge("Fourth Cycle, The", 0, score=_score(14.0))
judge("British Museum, London, The", 0, score=_score(26.0))
judge("British Museum, London, The", 1, score=_score(24.0))
judge("Blood Weakens", 0, score=_score(14.0))
judge("Veil of Darkness", 0, score=_score(14.0))


# -- cards added by cov_c -------------------------------------------------------------------------------------------------


def _hackerspace_score(game: Game, play: Play) -> float:
    """Hackerspace with Anarchs in play and equipment in the library for them."""
    anarchs = [m for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.sect == "Anarch"]
    comp = game.compiled
    s = game.seats[play.seat]
    gear = sum(1 for c in (*s.hand, *s.library) if "Equipment" in comp.types.get(game.card_of[c], ()))
    return 10.0 + 4.0 * len(anarchs) if anarchs and gear >= 2 else -1.0


judge("Hackerspace", 0, score=_hackerspace_score)


def _star_for_another(game: Game, play: Play) -> float:
    """Another Methuselah's blocker: helped only against the seat's predator acting (its gain is the seat's loss)."""
    act = play.frame
    return 12.0 if isinstance(act, Action) and act.seat == game.predator(play.seat) else -1.0


judge("London Evening Star, Tabloid Newspaper", 2, score=_star_for_another)
