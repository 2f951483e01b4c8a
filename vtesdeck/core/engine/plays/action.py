"""The bots' judgement of the cards of specs/action.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from ...eligibility import clan as clan_name
from .. import game as g
from ..cards import Play
from ..frames import Action, Combat
from ..playbook import STRIKE_EFFECT_WORTH, card_score, judge
from ..specs.action import BEAST_RISES
from ..state import VAMPIRE, Game
from ..vocabulary import (
    CorruptThenMaySteal,
    corruption_on,
    library_cards_playable,
    minion_cost,
    own_vampires_not_of_sect,
)


def _bleed_anyone_score(game: Game, play: Play) -> float:
    """Kindred Spirits may bleed any Methuselah: the prey is worth it (an oust of another seat gives its VP
    to someone else), the others barely."""
    m = game.minions.get(play.minion)
    base = 10.0 * ((m.bleed if m is not None else 1) + play.mode.bleed) + 8
    return base if play.target == game.prey(play.seat) else base - 30


def _combat_score(game: Game, play: Play) -> float:
    """Enter combat only with a minion the actor out-hits: its strength at least the target's blood or
    life, and more blood than the target's strength."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None:
        return -1.0
    if me.strength >= other.blood and me.blood > other.strength:
        return 24.0 + other.capacity if other.kind == VAMPIRE else 20.0
    return -5.0


def _steal_score(game: Game, play: Play) -> float:
    return 30.0 if play.target == game.prey(play.seat) else 8.0


def _smith_score(game: Game, play: Play) -> float:
    found = library_cards_playable(game, play, ("Equipment",), paid=False)
    return 28.0 if found and game.card_of[found[0]] in game.compiled.specs else 2.0


def _embrace_score(game: Game, play: Play) -> float:
    """Worth it with blood to spare and few vampires in play."""
    m = game.minions.get(play.minion)
    mine = len(g.ready_minions(game, play.seat))
    if m is None or m.blood < 4 or mine >= 4:
        return -1.0
    return 20.0


def _leadership_score(game: Game, play: Play) -> float:
    """Haqim's Law: Leadership: worth it when the seat controls one of the oldest ready Banu Haqim, more when no
    other seat does."""
    ready = [
        (m.capacity, s)
        for s in game.order
        for m in g.ready_minions(game, s)
        if m.kind == VAMPIRE and clan_name(m.clan) == clan_name("Assamite")
    ]
    if not ready:
        return -1.0
    oldest = max(c for c, _ in ready)
    winners = {s for c, s in ready if c == oldest}
    if play.seat not in winners:
        return -5.0
    return 26.0 - 6.0 * (len(winners) - 1)


judge("Deep Song", 1, score=_combat_score)
for _mode in (0, 1, 2):
    judge("Nose of the Hound", _mode, score=_combat_score)
judge("Ambush", 0, score=_combat_score)
judge("Harass", 0, score=_combat_score)
judge("Hunter's Mark", 0, score=_combat_score)
judge("Hunter's Mark", 1, score=_combat_score)  # the target cannot end the combat at first: as [cel][tha]
judge("Night Moves", 0, score=_bleed_anyone_score)
judge("Night Moves", 1, score=_bleed_anyone_score)
judge("Haqim's Law: Leadership", 0, score=_leadership_score)
judge("Sudario Refraction", 0, score=lambda game, play: 10.0)  # a slow cycle: when nothing better is at hand
judge("Revelations", 1, score=lambda game, play: 2.0)  # an open hand changes no bot's decision
for _mode in range(7):
    judge("Make the Misere", _mode, score=_combat_score)
judge("Kindred Spirits", 0, score=_bleed_anyone_score)
judge("Kindred Spirits", 1, score=_bleed_anyone_score)
judge("Magic of the Smith", 0, score=_smith_score)
judge("Magic of the Smith", 1, score=_smith_score)
judge("Embrace, The", 0, score=_embrace_score)
judge("Childe of the Revolution", 0, score=_embrace_score)
judge("Third Tradition: Progeny", 0, score=_embrace_score)
judge("Line Brawl", 0, score=_steal_score)
judge("Line Brawl", 1, score=_combat_score)
judge("Bum's Rush", 0, score=_combat_score)


def _title_card_score(game: Game, play: Play) -> float:
    """A Fee Stake: 2 votes for an untitled Anarch; never worth a title it already holds."""
    m = game.minions.get(play.minion)
    return 14.0 if m is not None and not m.title else -1.0


for _city in ("Seattle", "Perth", "Corte", "New York", "Los Angeles", "Boston"):
    judge(f"Fee Stake: {_city}", 0, score=_title_card_score)
judge("Constant Revolution", 0, score=lambda game, play: 20.0)  # every other Methuselah burns more each turn


def _aranthebes_stealth_score(game: Game, play: Play) -> float:
    """Aranthebes' -1 stealth: worth it when it lets one of the seat's minions block (the stealth beats the
    intercept by 1 only)."""
    act = play.frame
    if not isinstance(act, Action) or g.controller(game, act.blocker) != play.seat:
        return -1.0
    return 20.0 if act.stealth - act.intercept == 1 else -1.0


judge("Aranthebes, The Immortal", 0, score=lambda game, play: 16.0)
judge("Aranthebes, The Immortal", 1, score=_aranthebes_stealth_score)


def _mute_score(game: Game, play: Play) -> float:
    """Condemnation: Mute [dai]: worth the votes it takes."""
    m = game.minions.get(play.target)
    return 8.0 + 5.0 * min(3, m.votes) if m is not None and m.votes else -1.0


def _lock_score(game: Game, play: Play) -> float:
    """Lock an unlocked vampire of another Methuselah (it cannot block or act)."""
    m = game.minions.get(play.target)
    return 12.0 if m is not None and not m.locked else -1.0


judge("Condemnation: Mute", 0, score=_lock_score)
judge("Condemnation: Mute", 1, score=_mute_score)
judge("Condemnation: Mute", 2, score=_mute_score)
judge("Conceal", 0, score=lambda game, play: 14.0)  # an equipment of another Methuselah burned
judge("Conceal", 1, score=lambda game, play: 14.0)  # a location burned
judge("Corruption", 0, score=lambda game, play: 15.0)  # a step to stealing the minion
judge("Graverobbing", 0, score=lambda game, play: 18.0)  # a vampire taken from another Methuselah
judge("Graverobbing", 1, score=lambda game, play: 20.0)
judge("Mesu Bedshet", 0, score=lambda game, play: 8.0)  # a crypt draw by chance: when nothing better is at hand


def _rutors_hand_score(game: Game, play: Play) -> float:
    """Rutor's Hand [THA] only, with blood to burn for the immunity (4 after its cost): [tha] sends the vampire to
    torpor (unpreventable aggravated damage)."""
    m = game.minions.get(play.minion)
    return 12.0 if play.mode.superior and m is not None and m.blood >= 5 else -1.0


judge("Rutor's Hand", 0, score=_rutors_hand_score)
judge("Rutor's Hand", 1, score=_rutors_hand_score)


def _abactor_score(game: Game, play: Play) -> float:
    """Abactor: 5 blood, worth the blood hunt only when the seat outvotes the table (it would survive it)."""
    m = game.minions.get(play.minion)
    if m is None or m.capacity - m.blood < 3:
        return -1.0
    mine = g.votes_of(game, play.seat)
    others = sum(g.votes_of(game, s) for s in game.order if s != play.seat and not game.seats[s].ousted)
    return 12.0 if mine > others else -1.0


judge("Abactor", 0, score=_abactor_score)
judge("Smash and Grab", 0, score=lambda game, play: 14.0)  # an ally or retainer of another Methuselah hurt
judge("Smash and Grab", 2, score=lambda game, play: 14.0)  # a location of a neighbour burned
judge("Enticement", 0, score=lambda game, play: 6.0)  # no more bleeds this turn: when nothing better is at hand
judge("Enticement", 1, score=lambda game, play: 8.0)


def _sheepdog_score(game: Game, play: Play) -> float:
    """Sheepdog: 4 blood for a turn locked, worth it to a vampire with room for 3 or more."""
    m = game.minions.get(play.minion)
    return 14.0 if m is not None and m.capacity - m.blood >= 3 else -1.0


judge("Sheepdog", 0, score=_sheepdog_score)
judge("Waters of Duat", 0, score=_embrace_score)
judge("Shadow of the Beast", 0, score=lambda game, play: 10.0)
judge("Shadow of the Beast", 1, score=lambda game, play: 12.0)
judge("Tier of Souls", 0, score=lambda game, play: 12.0)
judge("Tier of Souls", 1, score=lambda game, play: 16.0)  # +1 bleed against the prey from then on
judge("Petra Resonance", 0, score=lambda game, play: 4.0)  # a gamble: when nothing better is at hand
judge("Anarch Secession", 0, score=lambda game, play: 6.0)
for _mode in (0, 1, 2):
    judge("Gear Up", _mode, score=lambda game, play: 16.0)  # unlocks: another action this turn
judge("Heroic Might", 0, score=lambda game, play: 12.0)
judge("Heroic Might", 1, score=lambda game, play: 16.0)
judge("Summoning, The", 0, score=lambda game, play: 8.0)
judge("Summoning, The", 1, score=lambda game, play: 20.0)  # an ally in play


def _hunt_score(game: Game, play: Play) -> float:
    """A card's hunt: worth the blood it would bring."""
    m = game.minions.get(play.minion)
    return 3.0 * min(4, m.capacity - m.blood) if m is not None else -1.0


for _mode in (0, 3):
    judge("Soul Feasting", _mode, score=_hunt_score)
for _mode in (1, 4):
    judge("Soul Feasting", _mode, score=lambda game, play: _hunt_score(game, play) - 8.0)  # your own wraith burned
for _mode in (2, 5):
    judge("Soul Feasting", _mode, score=lambda game, play: _hunt_score(game, play) + 8.0)  # another's wraith burned
judge("Web of Knives Recruit", 0, score=lambda game, play: 18.0)  # a 3-capacity vampire in three turns
judge("Anima Gathering", 0, score=lambda game, play: 6.0)  # a vampire kept locked for another's intercept
judge("Anima Gathering", 1, score=lambda game, play: 9.0)
judge("Taunt the Caged Beast", 0, score=_combat_score)
judge("Taunt the Caged Beast", 1, score=lambda game, play: 10.0)  # two other Methuselahs' vampires fight
judge("Under Siege", 0, score=lambda game, play: 14.0)
judge("Under Siege", 1, score=lambda game, play: 12.0)  # a block (the bots block bleeds and actions at them)
judge("Under Siege", 2, score=lambda game, play: 14.0)


def _force_of_will_score(game: Game, play: Play) -> float:
    """Force of Will sends its vampire to torpor (aggravated damage): worth it to oust the prey."""
    m = game.minions.get(play.minion)
    bleed = (m.bleed if m is not None else 1) + play.mode.bleed
    return 30.0 if game.seats[game.prey(play.seat)].pool <= bleed else -1.0


judge("Force of Will", 0, score=_force_of_will_score)
judge("Force of Will", 1, score=_force_of_will_score)


def _puppet_score(game: Game, play: Play) -> float:
    """Puppet Master [DOM]: a vampire kept locked through its Methuselah's turn and acting for us in our next one,
    worth more the older it is (a bleed of +2 is still the better use against a small one)."""
    m = game.minions.get(play.target)
    return 18.0 + 2 * m.capacity if m is not None else -1.0


judge("Puppet Master", 1, score=_puppet_score)


def _lobby_score(game: Game, play: Play) -> float:
    """Charming Lobby: what the chosen political card would score played itself, with +1 stealth and the next
    referendum passing (and +2 votes for [PRE]) on top; a card in play to burn by referendum as a plain action."""
    chosen = play.value
    base = 25.0
    if chosen in game.seats[play.seat].hand:
        spec = game.compiled.specs.get(game.card_of[chosen])
        handler = next((h for h in game.compiled.actions.get(game.card_of[chosen], ()) if h.mode.political), None)
        score = card_score(spec.name, handler.index) if spec is not None and handler is not None else None
        if score is not None and handler is not None:
            base = score(game, Play(seat=play.seat, card=chosen, mode=handler.mode, minion=play.minion))
    return base + 4.0 + (3.0 if play.mode.superior else 0.0)


judge("Charming Lobby", 0, score=_lobby_score)
judge("Charming Lobby", 1, score=_lobby_score)

# -- cards added by cov_c -------------------------------------------------------------------------------------------------


def _segregation_play_score(game: Game, play: Play) -> float:
    """Judgment: Camarilla Segregation when it costs the seat nothing: 1 pool a turn from each other Methuselah
    with a non-Camarilla vampire (none of the seat's own, which would pay too)."""
    if own_vampires_not_of_sect(game, play.seat, "Camarilla"):
        return -1.0
    hit = sum(1 for s in game.order if s != play.seat and own_vampires_not_of_sect(game, s, "Camarilla"))
    return 10.0 + 8.0 * hit if hit >= 2 else -1.0


def _segregation_burn_score(game: Game, play: Play) -> float:
    """Burn a vampire to burn Judgment: Camarilla Segregation only when it is worth little: in torpor, or small
    and empty."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    if m.torpor:
        return 20.0
    return 8.0 if m.capacity <= 2 and m.blood <= 1 else -1.0


judge("Judgment: Camarilla Segregation", 0, score=_segregation_play_score)
judge("Judgment: Camarilla Segregation", 1, score=_segregation_burn_score)


def _open_war_play_score(game: Game, play: Play) -> float:
    """Open War with two ready Anarchs or more to use its actions."""
    anarchs = [m for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.sect == "Anarch"]
    return 16.0 if len(anarchs) >= 2 else -1.0


def _open_war_burn_score(game: Game, play: Play) -> float:
    """Burn another's location for 2 pool while the pool can spare it."""
    return 15.0 if game.seats[play.seat].pool >= 8 else -1.0


judge("Open War", 0, score=_open_war_play_score)
judge("Open War", 1, score=_combat_score)
judge("Open War", 2, score=_open_war_burn_score)
# Pool onto Open War comes back only to its controller, 4 turns later: its controller gains nothing by it and the
# others pay 4 pool to hand it 4; the bots leave it.
judge("Open War", 3, score=lambda game, play: -1.0)


def _perfectus_move_score(game: Game, play: Play) -> float:
    """Move blood from a full Anarch to an emptier one (the emptiest is chosen first)."""
    m = game.minions.get(play.target)
    if m is None:
        return -1.0
    others = [o for o in g.ready_minions(game, play.seat) if o.sect == "Anarch" and o.id != m.id and o.kind == VAMPIRE]
    return 8.0 if others and m.blood >= 3 and min(o.blood for o in others) + 2 <= m.blood else -1.0


judge("Status Perfectus, The", 0, score=lambda game, play: 16.0)
judge("Status Perfectus, The", 1, score=_perfectus_move_score)
judge("Status Perfectus, The", 2, score=lambda game, play: 20.0)  # a round the acting minion cannot strike in


def _divine_sign_score(game: Game, play: Play) -> float:
    """Divine Sign costs the actor nothing (it unlocks): +2 intercept against a neighbour's best bleeder."""
    other = game.minions.get(play.target)
    if other is None:
        return -1.0
    owner = g.controller(game, other.id)
    near = owner in (game.prey(play.seat), game.predator(play.seat))
    return (14.0 if near else 4.0) + other.bleed


judge("Divine Sign", 0, score=_divine_sign_score)
judge("Divine Sign", 1, score=_divine_sign_score)


def _impersonation_score(game: Game, play: Play) -> float:
    """Clan Impersonation when the hand holds a card requiring a clan none of the seat's ready vampires is of."""
    mine = {clan_name(m.clan) for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE}
    cards = game.compiled.cards
    for c in game.seats[play.seat].hand:
        card = cards.get(game.card_of[c])
        needs = {clan_name(x) for x in card.requirements.clans} if card is not None else set()
        if needs and not needs & mine:
            return 12.0
    return -1.0


judge("Clan Impersonation", 0, score=_impersonation_score)
judge("Clan Impersonation", 1, score=lambda game, play: -1.0)  # the clan was chosen on purpose
# Khabar: Glory unlocks its Assamite (+1 bleed for its next action): first, before any other action of the turn.
judge("Khabar: Glory", 0, score=lambda game, play: 30.0)


def _pulse_score(game: Game, play: Play) -> float:
    """Pulse of the Canaille [AUS] (3 blood): +2 bleed for every later bleed, on a vampire left with blood to act."""
    m = game.minions.get(play.minion)
    return 22.0 if m is not None and m.blood >= 5 else -1.0


# [aus] costs 3 blood to look at the hands, which changes no bot's decision: never worth it here.
judge("Pulse of the Canaille", 0, score=lambda game, play: -1.0)
judge("Pulse of the Canaille", 1, score=_pulse_score)


def _gift_of_proteus_score(game: Game, play: Play) -> float:
    """Worth an action when it frees the hand of 2 or more Protean cards (all of them: more is better)."""
    return 4.0 + 4.0 * play.value if play.value >= 2 else 2.0


judge("Gift of Proteus", 0, score=_gift_of_proteus_score)


def _baltimore_purge_score(game: Game, play: Play) -> float:
    """Baltimore Purge: worth losing this vampire to torpor when two other Methuselahs each lose one too."""
    m = game.minions.get(play.minion)
    if m is None:
        return -1.0
    hit = sum(
        1
        for s in game.order
        if s != play.seat and any(o.kind == VAMPIRE and o.capacity <= m.capacity for o in g.ready_minions(game, s))
    )
    return 25.0 if hit >= 2 else -1.0


judge("Baltimore Purge", 0, score=_baltimore_purge_score)
judge("Baltimore Purge", 1, score=_baltimore_purge_score)


def _hells_fury_score(game: Game, play: Play) -> float:
    """Unleash Hell's Fury: a standing block that sends an acting vampire to torpor; [DAI] costs no action."""
    return 40.0 if play.mode.superior else 18.0


judge("Unleash Hell's Fury", 0, score=_hells_fury_score)
judge("Unleash Hell's Fury", 1, score=_hells_fury_score)


def _beast_call_score(game: Game, play: Play) -> float:
    """Call the Great Beast on a Baali: worth it on an old one (few ritual actions to the Beast)."""
    m = game.minions.get(play.minion)
    return 22.0 if m is not None and m.capacity >= 7 else 6.0


def _beast_ritual_score(game: Game, play: Play) -> float:
    """1 more ritual counter: the last one, which raises the Beast, most."""
    return 40.0 if game.card_counters.get(play.card, 0) + 1 >= BEAST_RISES else 24.0


def _beast_unlock_score(game: Game, play: Play) -> float:
    """Infernal: pay 1 pool to unlock the Beast while the pool is comfortable."""
    m = game.minions.get(play.minion)
    return 25.0 if m is not None and not m.torpor and game.seats[play.seat].pool > 4 else -5.0


judge("Call the Great Beast", 0, score=_beast_call_score)
judge("Call the Great Beast", 1, score=_beast_ritual_score)
judge("Call the Great Beast", 2, score=_combat_score)
judge("Call the Great Beast", 4, score=_beast_unlock_score)


def _contagion_score(game: Game, play: Play) -> float:
    """Contagion on an infernal vampire: each other Methuselah burns a pool each turn; [DAI] adds a stealing strike."""
    return 26.0 if play.mode.superior else 22.0


def _corruption_strike_worth(game: Game, c: Combat, minion: int) -> float:
    """A corruption counter by a strike: a steal when it completes one (above any hit), else about a 1-damage hit."""
    other = c.other(minion).minion
    if other not in game.minions:
        return 0.0
    seat = g.controller(game, minion)
    if corruption_on(game, other, seat) + 1 >= max(1, minion_cost(game, other)):
        return 80.0
    return 12.0


judge("Contagion", 0, score=_contagion_score)
judge("Contagion", 1, score=_contagion_score)
STRIKE_EFFECT_WORTH[CorruptThenMaySteal] = _corruption_strike_worth


def _restoration_score(game: Game, play: Play) -> float:
    """Restoration: worth the blood it adds (up to capacity), like a hunt that cannot be blocked so easily."""
    m = game.minions.get(play.minion)
    if m is None:
        return -1.0
    gained = min(3 if play.mode.superior else 2, m.capacity - m.blood)
    return 8.0 * gained - 1.0 if gained else -5.0


judge("Restoration", 0, score=_restoration_score)
judge("Restoration", 1, score=_restoration_score)
judge("Bakr", 0, score=_combat_score)  # his +1 stealth (D) combat action: only against a minion he out-hits
