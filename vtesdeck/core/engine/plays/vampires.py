"""The bots' judgement of the cards of specs/vampires.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import CRYPT, Play
from ..frames import Action, Combat, Referendum
from ..playbook import break_block_score, judge, stake
from ..specs.vampires import INFERNAL, opposing_combat_card_cost, pairs_in_hand
from ..state import VAMPIRE, Game
from ..vocabulary import controller, ready_minions
from ..windows import Range, W


def _tupdog_score(game: Game, play: Play) -> float:
    """Enter combat only with an ally or retainer its hand strike can burn (it burns at the end of the minion
    phase anyway)."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None or other.kind == VAMPIRE:
        return -10.0
    return 12.0 if other.blood <= me.strength else -10.0


def _unnamed_strike_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.minion)
    return 28.0 if m is not None and m.blood >= 2 else 5.0


def _malgorzata_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return 22.0 - (m.blood + m.capacity if m is not None else 0)


judge("Tupdog", 0, score=_tupdog_score)
judge("unnamed, The", 0, score=_unnamed_strike_score)
judge("unnamed, The", 1, score=lambda game, play: 40.0)
judge("Malgorzata", 0, score=_malgorzata_score)
judge("Mistress Fanchon", 0, score=lambda game, play: 15.0)


# --- issue 27, part 1 ---


def _infernal_unlock_score(game: Game, play: Play) -> float:
    """Pay 1 pool to unlock a ready infernal vampire while the pool is comfortable; one in torpor is not worth it."""
    m = game.minions.get(play.minion)
    if m is None or m.torpor:
        return -5.0
    return 25.0 if game.seats[play.seat].pool > 4 else -5.0


def _convert_score(game: Game, play: Play) -> float:
    """Remove the convert to make a non-Anarch vampire Anarch (keep him as a vampire otherwise)."""
    m = game.minions.get(play.target)
    if m is None or m.sect == "Anarch":
        return -5.0
    return 30.0


def _convert_draw_score(game: Game, play: Play) -> float:
    """The crypt card rather than the pool while the crypt holds some."""
    return _convert_score(game, play) + (2.0 if game.seats[play.seat].crypt else -3.0)


def _erlik_score(game: Game, play: Play) -> float:
    """Move as much as he can spare: he keeps the rest (the more moved, the better)."""
    return 10.0 + play.value


def _abstain_score(game: Game, play: Play) -> float:
    """Make a vampire abstain when its Methuselah would vote against what this seat wants."""
    ref = play.frame
    m = game.minions.get(play.target)
    if not isinstance(ref, Referendum) or m is None:
        return -5.0
    mine, theirs = stake(game, ref, play.seat), stake(game, ref, controller(game, m.id))
    return 15.0 + m.votes if mine * theirs < 0 else -5.0


judge("Anarch Convert", 0, score=_convert_score)
judge("Anarch Convert", 1, score=_convert_draw_score)
judge("Erlik", 0, score=_erlik_score)
judge("Arishat", 0, score=_abstain_score)
for _name, _spec in CRYPT.items():
    for _index, _mode in enumerate(_spec.modes):
        if _mode is INFERNAL:  # scores are by card name: "Nergal (ADV)" is judged as "Nergal"
            judge(re.sub(r" \((?:G\d+|ADV)\)$", "", _name), _index, score=_infernal_unlock_score)


def _alafin_score(game: Game, play: Play) -> float:
    """Discard a pair of one card (the others' hand size shrinks); two different cards are not worth it."""
    pairs = pairs_in_hand(game, play.seat)
    if not 0 <= play.value < len(pairs):
        return -5.0
    a, b = pairs[play.value]
    return 15.0 if a == b else -5.0


judge("Babalawo Alafin", 0, score=_alafin_score)


def _nicomedes_score(game: Game, play: Play) -> float:
    """Cycle the hand when most of it is dead weight (cards the engine cannot play), keeping a blood."""
    m = game.minions.get(play.minion)
    comp = game.compiled
    if m is None or comp is None or m.blood < 2:
        return -5.0
    hand = game.seats[play.seat].hand
    dead = sum(1 for c in hand if game.card_of[c] not in comp.specs)
    return 25.0 if dead >= 4 else -5.0


def _carna_score(game: Game, play: Play) -> float:
    """Trade a retainer for 2 blood only when Carna runs low."""
    m = game.minions.get(play.minion)
    return 12.0 if m is not None and m.blood <= 2 else -5.0


judge("Theo Bell", 0, score=_tupdog_score)  # scores are by card name (Theo Bell (G6))
judge("Nicomedes", 0, score=_nicomedes_score)
judge("Carna, The Princess Witch", 0, score=_carna_score)


# -- issue 27, part 2 ---------------------------------------------------------------------------------------------


def _keeps_blood(least: int) -> Callable[[Game, Play], float]:
    """Burn blood for a bonus only while the vampire keeps ``least`` blood after it (Virginie, Francisco)."""

    def score(game: Game, play: Play) -> float:
        m = game.minions.get(play.minion)
        return 20.0 if m is not None and m.blood - 1 >= least else -1.0

    return score


def _lucinde_edge(game: Game, play: Play) -> float:
    """Burn the Edge for 1 blood only when Lucinde is low on blood (the Edge is worth a pool each turn)."""
    m = game.minions.get(play.minion)
    return 10.0 if m is not None and m.blood <= 1 and m.capacity > m.blood else -1.0


def _huitzilopochtli(game: Game, play: Play) -> float:
    """Buy a master phase action only once the seat's are used, with a master card left and pool to spare."""
    s = game.seats[play.seat]
    types = game.compiled.types if game.compiled is not None else {}
    masters = sum(1 for c in s.hand if "Master" in types.get(game.card_of[c], ()))
    return 15.0 if s.master_actions == 0 and masters >= 1 and s.pool > 6 else -1.0


def _scout(game: Game, play: Play) -> float:
    m = game.minions.get(play.minion)
    return 12.0 if m is not None and m.blood >= 4 else -1.0


def _votes_matter(game: Game, play: Play) -> float:
    """Discard a card for votes only in a referendum the seat cares about (Modius, Dr. John Dee)."""
    ref = play.frame if isinstance(play.frame, Referendum) else None
    return 12.0 if ref is not None and stake(game, ref, play.seat) != 0 else -1.0


def _bruce(game: Game, play: Play) -> float:
    """Silence the Camarilla only when another Methuselah's ready Camarilla vampires have votes."""
    votes = sum(
        m.votes
        for s in game.order
        if s != play.seat
        for m in ready_minions(game, s)
        if m.kind == VAMPIRE and m.sect == "Camarilla"
    )
    return 15.0 if votes > 0 else -1.0


judge("Virginie, Prodigy", 0, score=_keeps_blood(2))
judge("Francisco Domingo de Polonia", 0, score=_keeps_blood(2))
judge("Lucinde, Alastor", 1, score=_lucinde_edge)
judge("Huitzilopochtli", 0, score=_huitzilopochtli)
judge("Scout Youngwood", 0, score=_scout)
judge("Modius", 0, score=_votes_matter)
judge("Dr. John Dee", 0, score=_votes_matter)
judge("Bruce de Guy", 0, score=_bruce)


def _anu_score(game: Game, play: Play) -> float:
    """Raise only the bleeds of your own minions, while Anu keeps some blood."""
    act = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(act, Action) or m is None or act.seat != play.seat:
        return -5.0
    return 15.0 if m.blood >= 3 else -5.0


def _isanwayen_score(game: Game, play: Play) -> float:
    """Lock him for a master phase action only with more master cards in hand than actions left."""
    comp = game.compiled
    s = game.seats[play.seat]
    masters = sum(1 for c in s.hand if comp is not None and "Master" in comp.types.get(game.card_of[c], ()))
    return 25.0 if masters > s.master_actions else -5.0


judge("Anu Diptinatpa", 0, score=_anu_score)
judge("Isanwayen", 0, score=_isanwayen_score)
judge("Ghede", 0, score=_tupdog_score)


def _lord_tremere_unlock_score(game: Game, play: Play) -> float:
    """Unlock one of your own Tremere that has not bled this turn (it can act again); never another's."""
    m = game.minions.get(play.target)
    if m is None or controller(game, m.id) != play.seat or m.bled_turn == game.turn or m.torpor:
        return -5.0
    return 20.0


def _lord_tremere_lock_blocker_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return 30.0 if m is not None and controller(game, m.id) != play.seat else -5.0


judge("Lord Tremere", 0, score=_lord_tremere_unlock_score)
judge("Lord Tremere", 1, score=lambda game, play: -5.0)
judge("Lord Tremere", 2, score=_lord_tremere_lock_blocker_score)


def _giotto_score(game: Game, play: Play) -> float:
    """Discard a card the engine cannot play (dead weight) for a fresh one."""
    comp = game.compiled
    return 10.0 if comp is not None and game.card_of[play.target] not in comp.specs else -5.0


judge("Giotto Verducci", 0, score=_giotto_score)


def _solomon_score(game: Game, play: Play) -> float:
    """Drain a prey's uncontrolled vampire that is close to coming out, as much as the transfers allow."""
    m = game.minions.get(play.target)
    if m is None or m.blood < m.capacity - 2 or play.value > m.blood:
        return -5.0
    return 10.0 + play.value


def _gilbert_score(game: Game, play: Play) -> float:
    """Dig the crypt for a Malkavian only with blood to spare and a vampire that could become Anarch."""
    me = game.minions.get(play.minion)
    others = [m for m in game.minions.values() if controller(game, m.id) == play.seat]
    useful = any(m.kind == VAMPIRE and m.in_play and not m.title and m.sect != "Anarch" for m in others)
    return 8.0 if me is not None and me.blood >= 3 and useful else -5.0


judge("Solomon Batanea", 0, score=_solomon_score)
judge("Gilbert Duane", 0, score=_gilbert_score)


def _luciano_score(game: Game, play: Play) -> float:
    """Move an animal retainer only to a ready vampire of yours that has none yet (never to its own employer)."""
    retainer, to = game.minions.get(play.target), game.minions.get(play.value)
    if retainer is None or to is None or to.id == retainer.holder or to.torpor:
        return -5.0
    return 5.0 if not any(c in game.minions for c in to.cards) else -5.0


judge("Luciano Carvalho", 0, score=_luciano_score)


def _hartmut_edge_score(game: Game, play: Play) -> float:
    """Burn the Edge for a pool only when the pool runs low (the Edge gives a pool each unlock phase anyway)."""
    return 10.0 if game.seats[play.seat].pool <= 3 else -5.0


judge("Hartmut Stover", 0, score=_hartmut_edge_score)


# --- vampires added for vamps_b


def _talbot_score(game: Game, play: Play) -> float:
    """Discard a master card to fight only a minion his hand strike can send to torpor or burn, while he keeps
    blood to spare."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None or me.blood < 3:
        return -5.0
    return 14.0 if other.blood <= me.strength else -5.0


def _silvian_score(game: Game, play: Play) -> float:
    """Take a prince's blood only while it keeps 3 or more."""
    prince = game.minions.get(play.target)
    return 6.0 if prince is not None and prince.blood >= 4 else -1.0


def _own_actor(game: Game, play: Play) -> float:
    """Help only an acting minion of the seat's own (Victoria Ash's +1 bleed to an Assamite)."""
    act = play.frame if isinstance(play.frame, Action) else None
    return 12.0 if act is not None and act.seat == play.seat and len(game.seats[play.seat].hand) >= 2 else -1.0


def _sarrasine_score(game: Game, play: Play) -> float:
    """Burn the Edge for a master phase action only with more master cards in hand than actions left."""
    s = game.seats[play.seat]
    types = game.compiled.types if game.compiled is not None else {}
    masters = sum(1 for c in s.hand if "Master" in types.get(game.card_of[c], ()))
    return 15.0 if masters > s.master_actions else -1.0


judge("Talbot", 0, score=_talbot_score)
judge("Maldavis", 0, score=lambda game, play: 6.0)
judge("Leila Monroe", 0, score=lambda game, play: 6.0)
judge("Silvian Popescu", 0, score=_silvian_score)
judge("Victoria Ash", 0, score=_own_actor)
judge("Sarrasine", 0, score=_sarrasine_score)
judge("Alexa Draper", 0, score=_votes_matter)
judge("Baron Dieudonne", 0, score=_keeps_blood(2))


def _mustafa_score(game: Game, play: Play) -> float:
    """Take Mustafa's votes when his Methuselah and this seat want opposite outcomes, the Toreador keeping a blood."""
    ref = play.frame
    toreador, mustafa = game.minions.get(play.target), game.minions.get(play.minion)
    if not isinstance(ref, Referendum) or toreador is None or mustafa is None or toreador.blood < 2:
        return -1.0
    mine, theirs = stake(game, ref, play.seat), stake(game, ref, controller(game, mustafa.id))
    return 12.0 + mustafa.votes if mine * theirs < 0 and mustafa.votes > 0 else -1.0


judge("Mustafa, The Heir", 0, score=_mustafa_score)


# --- vampires added for vamps_a


def _villon_lock_score(game: Game, play: Play) -> float:
    """Lock another Methuselah's vampire (one fewer blocker, one fewer actor) with blood to spare; never one's own."""
    me, target = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or target is None or controller(game, target.id) == play.seat or me.blood < 4:
        return -5.0
    return 12.0 + (4.0 if controller(game, target.id) in (game.prey(play.seat), game.predator(play.seat)) else 0.0)


def _fight_score(game: Game, play: Play) -> float:
    """Enter combat only when the hand strike can burn or send the target to torpor in a round (or two for a
    vampire of its age): a combat monster's action, not a gamble."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None:
        return -10.0
    strength = me.strength
    if other.kind != VAMPIRE:
        return 14.0 if other.blood <= strength else -5.0
    return 14.0 if other.blood < strength and me.blood >= 3 else -5.0


def _etrius_score(game: Game, play: Play) -> float:
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None:
        return -5.0
    taken = min(3, other.blood, me.capacity - me.blood)
    return 6.0 * taken - 2.0


def _jaroslav_score(game: Game, play: Play) -> float:
    """1 damage to each ready Sabbat vampire of the prey: worth it with two or more, or one nearly empty."""
    prey = game.prey(play.seat)
    hit = [m for m in ready_minions(game, prey) if m.kind == VAMPIRE and m.sect == "Sabbat"]
    if not hit:
        return -10.0
    return 8.0 * len(hit) + (6.0 if any(m.blood == 0 for m in hit) else 0.0)


def _nikolaus_score(game: Game, play: Play) -> float:
    """Burn the Edge for a blood only when it brings the Nosferatu out (the Edge gives a pool each unlock phase)."""
    m = game.minions.get(play.target)
    return 10.0 if m is not None and m.blood + 1 >= m.capacity else -5.0


def _society_score(game: Game, play: Play) -> float:
    """Move the Society of Leopold onto another Methuselah's vampire (its upkeep burns their blood)."""
    return 20.0 if controller(game, play.target) != play.seat else -5.0


judge("Enkidu, The Noah", 0, score=_fight_score)
judge("Fergus Alexander", 0, score=_fight_score)
judge("Etrius", 0, score=_etrius_score)
judge("Jaroslav Pascek", 0, score=_jaroslav_score)
judge("Jayne Jonestown", 0, score=_society_score)


def _villon_score(game: Game, play: Play) -> float:
    """Scores are by card name: François Villon (G2) steals blood in an action, (G6) locks in the unlock phase."""
    return _villon_lock_score(game, play) if play.mode.window is W.UNLOCK else _etrius_score(game, play)


def _nikolaus_move_score(game: Game, play: Play) -> float:
    """Move a blood to the uncontrolled Nosferatu while Nikolaus keeps 2 or more."""
    me = game.minions.get(play.minion)
    return 8.0 if me is not None and me.blood >= 3 else -5.0


def _nikolaus_any_score(game: Game, play: Play) -> float:
    """Nikolaus Vermeulen (G2) moves blood in the unlock phase, (G6) burns the Edge in the influence phase."""
    return _nikolaus_move_score(game, play) if play.mode.window is W.UNLOCK else _nikolaus_score(game, play)


judge("François Villon", 0, score=_villon_score)
judge("Nikolaus Vermeulen", 0, score=_nikolaus_any_score)


def _take_card_score(game: Game, play: Play) -> float:
    """Steal an equipment or burn a location: worth as much as burning a card by action (baseline.W_BURN_CARD, 16), below
    a good bleed."""
    return 16.0


judge("Darius Shirazi", 0, score=_take_card_score)
judge("Annazir", 0, score=_take_card_score)
judge("Annazir", 1, score=_take_card_score)


# --- vampires added for cov_e

judge("Alicia Barrows", 0, score=lambda game, play: 5.0)


def _osric_score(game: Game, play: Play) -> float:
    """Burn a location for stealth only to push through a bleed of 2 or more, or an action card's action."""
    act = play.frame
    if not isinstance(act, Action) or not (act.bleed >= 2 or act.card >= 0):
        return -1.0
    return break_block_score(game, play)


judge("Osric Vladislav", 0, score=_osric_score)


def _gabriel_score(game: Game, play: Play) -> float:
    """Discard for +1 strength at close range, where the hand strike is used."""
    c = play.frame
    return 12.0 if isinstance(c, Combat) and c.range is Range.CLOSE else -1.0


judge("Gabriel Tremblay", 0, score=_gabriel_score)
judge("Olga Triminov", 0, score=lambda game, play: 15.0 if game.seats[play.seat].pool > 5 else -5.0)


def _lenelle_score(game: Game, play: Play) -> float:
    """Trade a card the engine does not model (a dead card) for a live one, with blood to spare."""
    m = game.minions.get(play.minion)
    comp = game.compiled
    if m is None or m.blood < 3 or comp is None or play.value < 0 or game.card_of[play.value] in comp.implemented:
        return -1.0
    return 8.0


judge("Lenelle, Mambo of Birmingham", 0, score=_lenelle_score)


def _randall_score(game: Game, play: Play) -> float:
    """Prevent damage to one's own minion, with blood to spare."""
    c, m = play.frame, game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None or m.blood < 2 or controller(game, play.target) != play.seat:
        return -1.0
    return 12.0


judge("Randall", 0, score=_randall_score)


def _tj_score(game: Game, play: Play) -> float:
    """Cancel a referendum this seat wants to fail."""
    ref = play.frame
    return 20.0 if isinstance(ref, Referendum) and stake(game, ref, play.seat) < 0 else -5.0


judge("T.J.", 0, score=_tj_score)


def _watenda_score(game: Game, play: Play) -> float:
    """Cancel a card for free, or for 1 blood with blood to spare."""
    m, cost = game.minions.get(play.minion), opposing_combat_card_cost(game, play)
    if m is None or cost < 0 or cost > 1 or m.blood - cost < 2:
        return -1.0
    return 18.0 - 4.0 * cost


judge("Watenda", 0, score=_watenda_score)
judge("Tobias Smith", 0, score=lambda game, play: 14.0)
