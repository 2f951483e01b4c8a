"""The bots' judgement of the cards of specs/master.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from .. import game as g
from ..cards import Play
from ..frames import Combat, Referendum
from ..playbook import judge, playable_worth, stake, wants_to_press
from ..specs.master import (
    _aggravated_strike_at,
    _controls_ready_anarch,
    _gehenna_events,
    _has_card,
    _master_mode_flag,
    _pact_pairs,
    _ranged_weapon,
    _villein_tax,
    _villeins_on,
)
from ..state import ALLY, VAMPIRE, Game, Minion
from ..vocabulary import (
    uncontrolled_vampires,
)
from ..windows import W


def _dreams_hand_score(game: Game, play: Play) -> float:
    """Lock for hand size only with no uncontrolled vampire to feed later in the turn (the better use)."""
    return -1.0 if uncontrolled_vampires(game, play) else 12.0


def _dreams_blood_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    return 25.0 + (5.0 if m.blood + 1 >= m.capacity else 0.0) + m.blood


def _to_pool_score(game: Game, play: Play) -> float:
    """Blood to the pool when the pool runs low and the vampire can spare it."""
    m = game.minions.get(play.minion)
    if m is None or m.blood < 2:
        return -1.0
    return 25.0 if game.seats[play.seat].pool < 8 or m.torpor else -1.0


def _to_blood_score(game: Game, play: Play) -> float:
    """Pool to the vampire when the pool is comfortable and the vampire is low."""
    m = game.minions.get(play.minion)
    if m is None or m.blood >= m.capacity or m.torpor:
        return -1.0
    return 20.0 if game.seats[play.seat].pool >= 12 and m.blood * 2 < m.capacity else -1.0


def _vessel_target_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return 25.0 + (m.capacity if m is not None else 0) if not _has_card(game, play.target, "Vessel") else 5.0


def _zillah_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    if m is None or game.seats[play.seat].pool < 11:
        return -1.0
    return 30.0 + m.blood


def _giant_score(game: Game, play: Play) -> float:
    """Giant's Blood once a game: on a big vampire missing much blood (5 or more)."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    missing = m.capacity - m.blood
    return 20.0 + 3.0 * missing if missing >= 5 else -1.0


def _liquidation_score(game: Game, play: Play) -> float:
    return 32.0 if len(game.seats[play.seat].library) >= 30 else -1.0


def _di_score(game: Game, play: Play) -> float:
    """Cancel a card aimed at this seat: a bleed or directed action at it, or a card of its predator."""
    if not game.aside or game.seats[play.seat].pool < 5:
        return -1.0
    player = g.controller(game, game.aside[-1])
    act = g.current_action(game)
    if act is not None and act.seat == player and act.target == play.seat and (act.is_bleed() or act.directed):
        return 35.0
    return -1.0


def _master_in_hand(game: Game, play: Play) -> float:
    """Lock The Parthenon only with a master card (not a trifle played free) in the hand to use it on."""
    s = game.seats[play.seat]
    comp = game.compiled
    for c in s.hand:
        if comp.hand.get((game.card_of[c], W.MASTER)) and s.master_actions == 0:
            return 30.0
    return -1.0


def _wider_view_draw_score(game: Game, play: Play) -> float:
    s = game.seats[play.seat]
    if s.uncontrolled and any(game.minions[c].blood > 0 for c in s.uncontrolled):
        return -1.0  # keep transfers for the vampire being influenced
    return 20.0 if len([c for c in s.controlled if c in game.minions]) < 4 else -1.0


def _wider_view_cash_score(game: Game, play: Play) -> float:
    s = game.seats[play.seat]
    return 18.0 if not s.uncontrolled and s.pool < 10 else -1.0


def _anarch_revolt_score(game: Game, play: Play) -> float:
    return 30.0 if _controls_ready_anarch(game, play.seat) else -1.0


def _fame_score(game: Game, play: Play) -> float:
    """Fame on the prey's (or another) biggest vampire."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    owner = g.controller(game, play.target)
    return (30.0 if owner == game.prey(play.seat) else 22.0) + m.capacity


def _pentex_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    owner = g.controller(game, play.target)
    near = owner in (game.prey(play.seat), game.predator(play.seat))
    return (28.0 if near else 15.0) + 3 * m.intercept + (0 if m.locked else 2)


def _perfectionist_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return 25.0 + (m.capacity if m is not None else 0)


def _unmasking_score(game: Game, play: Play) -> float:
    """Play The Unmasking with allies of one's own in play."""
    allies = sum(1 for c in game.seats[play.seat].controlled if c in game.minions and game.minions[c].kind == ALLY)
    return 15.0 if allies else -1.0


def _villein_score(game: Game, play: Play) -> float:
    """Move as much as the vampire can spare (keeping 1 blood; all of it in torpor), less the +1 per Villein
    already on it."""
    m = game.minions.get(play.target)
    if m is None or play.value > m.blood - (0 if m.torpor else 1):
        return -1.0
    return 25.0 + play.value - 3 * _villeins_on(game, play.target)


def _minion_tap_score(game: Game, play: Play) -> float:
    """Tap what the vampire can spare (keeping 1 blood; all of it in torpor) when the pool runs low, for a net
    gain of 2 or more after the Villein tax."""
    m = game.minions.get(play.target)
    if m is None or play.value > m.blood - (0 if m.torpor else 1):
        return -1.0
    net = play.value - _villein_tax(game, play.seat)
    if net < 2 or game.seats[play.seat].pool >= 12:
        return -1.0
    return 20.0 + net


def _score(value: float) -> Callable[[Game, Play], float]:
    def fixed(game: Game, play: Play) -> float:
        return value

    return fixed


def _smiling_jack_score(game: Game, play: Play) -> float:
    return 28.0 if game.seats[play.seat].pool >= 10 else -1.0


def _wash_score(game: Game, play: Play) -> float:
    """Cancel a neighbour's master that is not a trifle (the trifle's action comes back to it anyway)."""
    if not game.aside or g.rider_sum(game, -1 - play.seat, "mpa_debt") > 0:
        return -1.0  # one out-of-turn master against each of its own master phases
    vekn = game.card_of[game.aside[-1]]
    return -1.0 if _master_mode_flag(game, vekn, "trifle") else 26.0


def _coven_lock_score(game: Game, play: Play) -> float:
    """Lock The Coven every turn it is there: for the vampire with most room (2 blood or more)."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    return 26.0 + min(2, m.capacity - m.blood)


def _life_in_the_city_score(game: Game, play: Play) -> float:
    """1 blood to one's own vampire with room for it (the emptiest first)."""
    m = game.minions.get(play.target)
    if m is None or m.blood >= m.capacity or g.controller(game, play.target) != play.seat:
        return -1.0
    return 24.0 + min(3, m.capacity - m.blood)


def _troublemaker_lock_score(game: Game, play: Play) -> float:
    """Lock the prey's vampires while two or more of them are ready and unlocked (they could block)."""
    unlocked = sum(1 for m in g.ready_minions(game, game.prey(play.seat)) if m.kind == VAMPIRE and not m.locked)
    return 26.0 + unlocked if unlocked >= 2 else -1.0


def _troublemaker_burn_score(game: Game, play: Play) -> float:
    """Burn a modelled equipment of the prey (one that does something at this table)."""
    return 30.0 if game.card_of[play.target] in game.compiled.implemented else 18.0


def _misdirection_score(game: Game, play: Play) -> float:
    """Lock a would-be blocker of the prey or predator (the most intercept first) before the seat's own minions
    act."""
    m = game.minions.get(play.target)
    owner = g.controller(game, play.target)
    if m is None or owner == play.seat or owner not in (game.prey(play.seat), game.predator(play.seat)):
        return -1.0
    if not any(x.kind == VAMPIRE and not x.locked for x in g.ready_minions(game, play.seat)):
        return -1.0
    return 20.0 + 3 * m.intercept + m.capacity / 3


def _guardian_angel_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    if m is None or _has_card(game, play.target, "Guardian Angel"):
        return -1.0
    return 22.0 + m.capacity / 2


def _golconda_score(game: Game, play: Play) -> float:
    """Cash in one's own vampire in torpor, or one's own when the pool is low."""
    m = game.minions.get(play.target)
    if m is None or g.controller(game, play.target) != play.seat:
        return -1.0
    if m.torpor or game.seats[play.seat].pool <= 6:
        return 30.0 + m.capacity
    return -1.0


def _discipline_card_score(game: Game, play: Play) -> float:
    """A Discipline card on one's own biggest ready vampire, a level it lacks before a superior one."""
    m = game.minions.get(play.target)
    if m is None or m.torpor:
        return -1.0
    return 22.0 + m.capacity / 2 + 2 * (len(m.disciplines) > 0)


def _tribute_score(game: Game, play: Play) -> float:
    """Tribute with two or more ready vampires that can spare the blood (2 or more each)."""
    spare = sum(1 for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.blood >= 2)
    return 20.0 + 3 * spare if spare >= 2 and game.seats[play.seat].pool < 15 else -1.0


def _family_gathering_score(game: Game, play: Play) -> float:
    """A trifle worth a try while the crypt holds a Hecata."""
    s = game.seats[play.seat]
    hecata = any(game.vampires[game.card_of[c]].clan == "Hecata" for c in s.crypt if game.card_of[c] in game.vampires)
    return 20.0 if hecata else -1.0


def _grooming_score(game: Game, play: Play) -> float:
    """Move what the donor can spare (keeping 1 blood)."""
    m = game.minions.get(play.target)
    if m is None or play.value > m.blood - 1:
        return -1.0
    return 24.0 + play.value


def _fortschritt_score(game: Game, play: Play) -> float:
    return 30.0 if _gehenna_events(game, play.seat) else -1.0


def _tgb_score(game: Game, play: Play) -> float:
    """Lock the smallest Toreador so the bigger one acts unblockably."""
    m = game.minions.get(play.target)
    return -1.0 if m is None else 26.0 - m.capacity / 2


def _debate_score(game: Game, play: Play) -> float:
    """With two or more ready Brujah (one is locked each turn, the others hit harder)."""
    brujah = sum(1 for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.clan == "Brujah")
    return 22.0 if brujah >= 2 else -1.0


def _sudden_reversal_score(game: Game, play: Play) -> float:
    """Cancel a master card, first of all a neighbour's that is not a trifle (it costs the next master phase
    action)."""
    if not game.aside or g.rider_sum(game, -1 - play.seat, "mpa_debt") > 0:
        return -1.0
    copy = game.aside[-1]
    near = game.owner_of[copy] in (game.prey(play.seat), game.predator(play.seat))
    if _master_mode_flag(game, game.card_of[copy], "trifle"):
        return 15.0 if near else -1.0
    return 26.0 if near else 18.0


def _effective_management_score(game: Game, play: Play) -> float:
    """Draw a crypt card while the uncontrolled region is short (fewer than 2 vampires waiting)."""
    s = game.seats[play.seat]
    return 26.0 if len(s.uncontrolled) < 2 else 12.0


def _dabbler_unlock_score(game: Game, play: Play) -> float:
    """Unlock to act again in its own minion phase with blood to spare; else gain the blood."""
    m = game.minions.get(play.minion)
    if m is None or m.blood < 3 or game.acting != play.seat:
        return -1.0
    return 30.0


def _dabbler_target_score(game: Game, play: Play) -> float:
    """On a vampire with 3 or more Disciplines (the more, the better)."""
    m = game.minions.get(play.target)
    if m is None or len(m.disciplines) < 3:
        return -1.0
    return 20.0 + len(m.disciplines)


judge("Ashur Tablets", 0, score=_score(35.0))
judge("Dreams of the Sphinx", 1, score=_dreams_hand_score)
judge("Dreams of the Sphinx", 3, score=_dreams_blood_score)
judge("Vessel", 0, score=_vessel_target_score)
judge("Vessel", 1, score=_to_pool_score)
judge("Vessel", 2, score=_to_blood_score)
judge("Zillah's Valley", 0, score=_zillah_score)
judge("Wider View", 0, score=_score(22.0))
judge("Wider View", 1, score=_wider_view_draw_score)
judge("Wider View", 2, score=_wider_view_cash_score)
judge("Information Highway", 0, score=_score(34.0))
judge("Liquidation", 0, score=_liquidation_score)
judge("Direct Intervention", 0, score=_di_score)
judge("Parthenon, The", 0, score=_score(33.0))
judge("Parthenon, The", 1, score=_master_in_hand)
judge("Giant's Blood", 0, score=_giant_score)
judge("Pentex(TM) Subversion", 0, score=_pentex_score)
judge("Powerbase: Montreal", 0, score=_score(30.0))
judge("Powerbase: Montreal", 1, score=_dreams_blood_score)
judge("Blood Doll", 0, score=_vessel_target_score)
judge("Blood Doll", 1, score=_to_pool_score)
judge("Blood Doll", 2, score=_to_blood_score)
judge("Anarch Revolt", 0, score=_anarch_revolt_score)
judge("Jake Washington", 0, score=_score(28.0))
judge("Jake Washington", 1, score=_score(30.0))
judge("Archon Investigation", 0, score=_score(60.0))
judge("Perfectionist", 0, score=_perfectionist_score)
judge("Perfectionist", 1, score=_score(30.0))
judge("Fame", 0, score=_fame_score)
judge("Unmasking, The", 0, score=_unmasking_score)
judge("Villein", 0, score=_villein_score)
judge("Minion Tap", 0, score=_minion_tap_score)
judge("Smiling Jack, The Anarch", 0, score=_smiling_jack_score)
judge("Wash", 0, score=_wash_score)
judge("Sudden Reversal", 0, score=_sudden_reversal_score)
judge("Coven, The", 0, score=_score(27.0))
judge("Camarilla Conclave", 0, score=_score(26.0))
judge("Camarilla Conclave", 2, score=_score(24.0))
judge("Legendary Vampire", 0, score=_score(30.0))
judge("Brujah Debate", 0, score=_debate_score)
judge("Toreador Grand Ball", 0, score=_tgb_score)
judge("Protected Resources", 0, score=_score(25.0))
judge("Tend the Flock", 0, score=_dreams_blood_score)
judge("Fortschritt Library", 0, score=_fortschritt_score)
judge("Unholy Sacrament", 0, score=_dreams_blood_score)
judge("Family Gathering", 0, score=_family_gathering_score)
judge("Grooming the Protégé", 0, score=_grooming_score)
for _discipline_card in (
    "Protean",
    "Obfuscate",
    "Dominate",
    "Fortitude",
    "Dementation",
    "Animalism",
    "Celerity",
    "Presence",
    "Auspex",
    "Abombwe",
):
    judge(_discipline_card, 0, score=_discipline_card_score)
judge("Tribute to the Master", 0, score=_tribute_score)
judge("Elder Library", 0, score=_score(32.0))
judge("Misdirection", 0, score=_misdirection_score)
judge("Guardian Angel", 0, score=_guardian_angel_score)
judge("Guardian Angel", 1, score=_score(30.0))
judge("Golconda: Inner Peace", 0, score=_golconda_score)
judge("Piper", 0, score=_score(28.0))
judge("Anarch Troublemaker", 0, score=_score(27.0))
judge("Anarch Troublemaker", 1, score=_troublemaker_lock_score)
judge("Anarch Troublemaker", 2, score=_troublemaker_burn_score)
judge("Life in the City", 0, score=_life_in_the_city_score)
judge("Eternals of Sirius, The", 0, score=_score(35.0))
judge("Eternals of Sirius, The", 1, score=_dreams_blood_score)
judge("Coven, The", 1, score=_coven_lock_score)
judge("Effective Management", 0, score=_effective_management_score)
judge("Haqim's Law: Retribution", 0, score=_score(24.0))
judge("Haqim's Law: Retribution", 1, score=_score(24.0))
judge("Dabbler", 0, score=_dabbler_target_score)
judge("Dabbler", 1, score=_dabbler_unlock_score)
judge("Dabbler", 2, score=_score(25.0))


# -- masters_a -------------------------------------------------------------------------------------------------------


def _stake_here(game: Game, play: Play) -> float:
    ref = play.frame
    return stake(game, ref, play.seat) if isinstance(ref, Referendum) else 0.0


def _votes_score(game: Game, play: Play) -> float:
    """Votes from a card in play (Ferraille, Power Structure): only when the referendum matters to the seat."""
    return 22.0 if _stake_here(game, play) != 0 else -1.0


def _ferraille_score(game: Game, play: Play) -> float:
    return _votes_score(game, play) if game.seats[play.seat].pool >= 5 else -1.0


def _vox_domini_score(game: Game, play: Play) -> float:
    """Make a referendum fail that would cost the seat."""
    return 26.0 if _stake_here(game, play) < 0 else -1.0


def _failsafe_score(game: Game, play: Play) -> float:
    return 35.0


judge("Ferraille", 0, score=_score(28.0))
judge("Ferraille", 1, score=_ferraille_score)
judge("Power Structure", 0, score=_score(27.0))
judge("Power Structure", 1, score=_votes_score)
judge("Failsafe", 0, score=_score(24.0))
judge("Failsafe", 1, score=_failsafe_score)
judge("Vox Domini", 0, score=_vox_domini_score)


def _beats(game: Game, me: int, other: int) -> bool:
    a, b = game.minions.get(me), game.minions.get(other)
    return a is not None and b is not None and a.strength >= b.blood and a.blood > b.strength


def _frontal_play_score(game: Game, play: Play) -> float:
    """Frontal Assault when a ready minion of the seat out-hits a minion of the prey, and the prey has few."""
    prey = game.prey(play.seat)
    theirs = [m.id for m in g.ready_minions(game, prey)] if prey != play.seat else []
    mine = [m.id for m in g.ready_minions(game, play.seat) if not m.locked]
    if len(theirs) > 3 or not any(_beats(game, a, b) for a in mine for b in theirs):
        return -1.0
    return 26.0


def _frontal_action_score(game: Game, play: Play) -> float:
    other = game.minions.get(play.target)
    if other is None or not _beats(game, play.minion, play.target):
        return -5.0
    return 24.0 + other.capacity if other.kind == VAMPIRE else 20.0


def _fear_of_mekhet_score(game: Game, play: Play) -> float:
    return 30.0 if g.controller(game, play.target) != play.seat else -5.0


def _kaymakli_score(game: Game, play: Play) -> float:
    """When the other Methuselahs' uncontrolled vampires hold more blood than the seat's."""
    mine = sum(game.minions[c].blood for c in game.seats[play.seat].uncontrolled if c in game.minions)
    theirs = max(
        (
            sum(game.minions[c].blood for c in game.seats[s].uncontrolled if c in game.minions)
            for s in game.order
            if s != play.seat
        ),
        default=0,
    )
    return 28.0 if theirs >= mine + 4 else -1.0


judge("Frontal Assault", 0, score=_frontal_play_score)
judge("Frontal Assault", 1, score=_frontal_action_score)
judge("Fear of Mekhet", 0, score=_fear_of_mekhet_score)
judge("Kaymakli Nightmares", 0, score=_kaymakli_score)


def _at_others(game: Game, play: Play) -> float:
    """A card or action aimed at another Methuselah's vampire, not one's own."""
    return 26.0 if play.target in game.minions and g.controller(game, play.target) != play.seat else -5.0


judge("Haven Uncovered", 0, score=_at_others)
judge("Haven Uncovered", 1, score=_frontal_action_score)
judge("Haven Uncovered", 2, score=_score(22.0))
judge("Society of Leopold", 0, score=_at_others)
judge("Society of Leopold", 1, score=_at_others)
judge("Lazarene Inquisitor", 1, score=_at_others)
judge("Priority Contract", 1, score=_frontal_action_score)


def _pact_score(game: Game, play: Play) -> float:
    """On a Discipline the vampire has at the inferior level (those pairs come first)."""
    pairs = _pact_pairs(game, play)
    if not 0 <= play.target < len(pairs):
        return -1.0
    minion, code = pairs[play.target]
    level = dict(game.minions[minion].disciplines).get(code, 0)
    return 28.0 - 0.01 * play.target if level == 1 else -1.0


judge("Infernal Pact", 0, score=_pact_score)
judge("Dark Influences", 0, score=_di_score)


def _rotschreck_score(game: Game, play: Play) -> float:
    """Torpor now rather than 2 or more aggravated damage (the first already sends the vampire to torpor)."""
    c = play.frame
    if not isinstance(c, Combat):
        return -1.0
    return 30.0 if _aggravated_strike_at(game, c, play.target) >= 2 else -1.0


judge("Rötschreck", 0, score=_rotschreck_score)
judge("Twilight Camp", 1, score=_score(24.0))


def _mob_score(game: Game, play: Play) -> float:
    c = play.frame
    return 20.0 if isinstance(c, Combat) and wants_to_press(game, c, play.target) else -1.0


judge("Mob Connections", 1, score=_mob_score)


def _life_boon_score(game: Game, play: Play) -> float:
    """Save a Methuselah when the pool spares it: its next VP is ours, its ouster's VP and 6 pool denied. The
    amount a quarter of the pool (1 to 6): enough to last a few bleeds, not a gift that ousts its giver."""
    pool = game.seats[play.seat].pool
    if pool - play.value < 6:
        return -1.0
    wanted = max(1, min(6, pool // 4))
    return 30.0 - abs(play.value - wanted)


judge("Life Boon", 0, score=_life_boon_score)


def _sinking_ship_score(game: Game, play: Play) -> float:
    """Take the oldest minion offered (the targets list it first): a vampire for good, with its blood."""
    m = game.minions.get(play.target)
    return 30.0 + m.capacity + m.blood if m is not None else -1.0


judge("From a Sinking Ship", 0, score=_sinking_ship_score)

# -- cards added by cov_c -------------------------------------------------------------------------------------------------


def _out_hits(me: Minion, other: Minion) -> bool:
    """The minion's strength at least the other's blood or life, and more blood than the other's strength."""
    return me.strength >= other.blood and me.blood > other.strength


def _luanda_choose_score(game: Game, play: Play) -> float:
    """Lock Powerbase: Luanda for a vampire that out-hits another's minion (its combat action comes next)."""
    m = game.minions.get(play.target)
    if m is None or m.locked:
        return -1.0
    foes = [o for s in game.order if s != play.seat for o in g.ready_minions(game, s)]
    return 18.0 if any(_out_hits(m, o) for o in foes) else -1.0


def _luanda_combat_score(game: Game, play: Play) -> float:
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None or not _out_hits(me, other):
        return -5.0
    return 24.0 + other.capacity if other.kind == VAMPIRE else 20.0


judge("Powerbase: Luanda", 0, score=_score(26.0))
judge("Powerbase: Luanda", 1, score=_luanda_choose_score)
judge("Powerbase: Luanda", 2, score=_luanda_combat_score)


def _lilith_score(game: Game, play: Play) -> float:
    """The Path of Lilith with a ready non-Camarilla vampire to torture with."""
    fighters = [m for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.sect != "Camarilla"]
    return 18.0 if fighters else -1.0


judge("Path of Lilith, The", 0, score=_lilith_score)


def _vast_wealth_score(game: Game, play: Play) -> float:
    """Vast Wealth on a minion of a seat whose library holds equipment."""
    comp = game.compiled
    held = sum(1 for c in game.seats[play.seat].library if "Equipment" in comp.types.get(game.card_of[c], ()))
    return 16.0 if held >= 2 else -1.0


judge("Vast Wealth", 0, score=_vast_wealth_score)
judge("Vast Wealth", 1, score=lambda game, play: 18.0 if game.seats[play.seat].pool >= 6 else -1.0)


def _erciyes_score(game: Game, play: Play) -> float:
    """Take the prey's card the seat could best play; none it could not (the Fragments hold 1 card at a time)."""
    worth = playable_worth(game, play.seat, play.target)
    return worth if worth else -1.0


judge("Erciyes Fragments, The", 1, score=_erciyes_score)


def _brainwash_score(game: Game, play: Play) -> float:
    """On the prey's uncontrolled vampire with the most blood (the one it is bringing out)."""
    m = game.minions.get(play.target)
    return 10.0 + 5.0 * m.blood if m is not None else -1.0


judge("Brainwash", 0, score=_brainwash_score)


def _anachronism_score(game: Game, play: Play) -> float:
    """On another Methuselah's vampire carrying a ranged weapon (it burns), the more the better; never on its own."""
    m = game.minions.get(play.target)
    if m is None or g.controller(game, m.id) == play.seat:
        return -1.0
    burned = sum(1 for c in m.cards if _ranged_weapon(game, game.card_of[c]))
    return 20.0 + 10.0 * burned if burned else -1.0


judge("Anachronism", 0, score=_anachronism_score)
