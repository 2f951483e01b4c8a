"""Master cards whose rulings span turns (a YAML scenario plays one turn): The Rack keeps its chosen vampire from
the turn it is played to later unlock phases. Tables are set up with the scenario format and played with
test_rules' ``drive``."""

from __future__ import annotations

from vtesdeck.core import carddb
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine.frames import Action
from vtesdeck.core.engine.state import Game, Phase
from vtesdeck.core.engine.windows import Act

from .test_rules import drive, table


def _rack_on_anson(cards: carddb.CardIndex) -> tuple[Game, dict[str, int]]:
    game, aliases = table(
        cards,
        {
            "hand": ["Rack, The"],
            "ready": [{"card": "Anson", "blood": 3, "as": "anson"}, {"card": "Smudge the Ignored", "as": "smudge"}],
        },
        {"pool": 30, "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4, "as": "lodin"}]},
    )
    drive(game, aliases, cards, [{"seat": 0, "play": "Rack, The", "target": "anson"}], Phase.MASTER, Phase.MASTER)
    return game, aliases


def test_the_rack_gives_blood_to_its_chosen_vampire_in_torpor(cards: carddb.CardIndex) -> None:
    """PIB 20150522: The Rack can provide blood to the chosen vampire in torpor (not to another vampire)."""
    game, aliases = _rack_on_anson(cards)
    anson, smudge = game.minions[aliases["anson"]], game.minions[aliases["smudge"]]
    anson.torpor = True
    drive(game, aliases, cards, [{"seat": 0, "play": "Rack, The", "mode": 1}], Phase.UNLOCK, Phase.UNLOCK)
    assert (anson.blood, smudge.blood) == (5, 0)


def test_the_rack_gives_no_blood_once_its_vampire_is_out_of_play(cards: carddb.CardIndex) -> None:
    """LSJ 20010623, TOM 19960122: no blood to the chosen vampire while it is not controlled (banished to the
    uncontrolled region), and no new vampire is chosen for it."""
    game, aliases = _rack_on_anson(cards)
    anson, smudge = game.minions[aliases["anson"]], game.minions[aliases["smudge"]]
    seat = game.seats[0]
    seat.controlled.remove(anson.id)
    seat.uncontrolled.append(anson.id)
    anson.in_play = False
    asked = drive(game, aliases, cards, [], Phase.UNLOCK, Phase.UNLOCK)
    rack_offered = any(o.card in seat.controlled and o.ids == (1,) for _s, options in asked for o in options)
    assert not rack_offered
    assert (anson.blood, smudge.blood) == (3, 0)


def test_a_stolen_rack_gives_blood_to_the_vampire_its_new_controller_chose(cards: carddb.CardIndex) -> None:
    """The card: 'as ... its controller changes, its controller chooses a ready vampire they control'."""
    game, aliases = _rack_on_anson(cards)
    anson, lodin = game.minions[aliases["anson"]], game.minions[aliases["lodin"]]
    game.acting = 1
    game.seats[1].master_actions = 1
    drive(
        game,
        aliases,
        cards,
        [{"seat": 1, "action": "steal card", "by": "lodin", "target": "Rack, The"}],
        Phase.MINION,
        Phase.MINION,
    )
    rack = next(c for c in game.seats[1].controlled if cards[game.card_of[c]].name == "Rack, The")
    lodin.locked = False
    drive(game, aliases, cards, [{"seat": 1, "play": "Rack, The"}], Phase.UNLOCK, Phase.UNLOCK)
    assert lodin.blood == 6
    game.acting = 0
    drive(game, aliases, cards, [], Phase.UNLOCK, Phase.UNLOCK)
    assert anson.blood == 3 and rack in game.seats[1].controlled


def test_a_discipline_card_gives_a_level_and_capacity_and_a_second_copy_the_superior_level(
    cards: carddb.CardIndex,
) -> None:
    """Dominate: "This vampire gets +1 level of [dom] and +1 capacity"; with it the vampire may play a [dom]
    card; a second copy makes the level superior."""
    game, aliases = table(
        cards,
        {
            "hand": ["Dominate", "Dominate", "Govern the Unaligned"],
            "ready": [{"card": "Smudge the Ignored", "blood": 1, "as": "smudge"}],
        },
    )
    smudge = game.minions[aliases["smudge"]]
    govern = next(c for c in game.seats[0].hand if cards[game.card_of[c]].name == "Govern the Unaligned")
    assert not [o for o in g.action_options(game, 0) if o.card == govern]
    drive(game, aliases, cards, [{"seat": 0, "play": "Dominate", "target": "smudge"}], Phase.MASTER, Phase.MASTER)
    assert (dict(smudge.disciplines)["dom"], smudge.capacity, smudge.blood) == (1, 2, 1)
    assert [o for o in g.action_options(game, 0) if o.card == govern and o.minion == smudge.id]
    game.seats[0].master_actions = 1
    drive(game, aliases, cards, [{"seat": 0, "play": "Dominate", "target": "smudge"}], Phase.MASTER, Phase.MASTER)
    assert (dict(smudge.disciplines)["dom"], smudge.capacity) == (2, 3)


def test_the_toreador_locked_by_the_grand_ball_does_not_unlock_as_normal(cards: carddb.CardIndex) -> None:
    """Toreador Grand Ball: "The locked Toreador does not unlock as normal"; the other one unlocks."""
    game, aliases = table(
        cards,
        {
            "hand": ["Toreador Grand Ball"],
            "ready": [{"card": "Anson", "blood": 3, "as": "anson"}, {"card": "Adrianne", "blood": 3, "as": "adrianne"}],
        },
    )
    drive(
        game,
        aliases,
        cards,
        [{"seat": 0, "play": "Toreador Grand Ball", "target": "anson"}],
        Phase.MASTER,
        Phase.MASTER,
    )
    anson, adrianne = game.minions[aliases["anson"]], game.minions[aliases["adrianne"]]
    adrianne.locked = True
    drive(game, aliases, cards, [], Phase.UNLOCK, Phase.UNLOCK)
    assert anson.locked and not adrianne.locked


def test_nosferatu_get_minus_1_stealth_to_burn_the_grand_ball(cards: carddb.CardIndex) -> None:
    """Toreador Grand Ball: "Minions can burn this card as a (D) action; Nosferatu get -1 stealth during that
    action"."""
    game, aliases = table(
        cards,
        {"ready": [{"card": "Agrippina", "blood": 4, "as": "nosferatu"}, {"card": "Anson", "blood": 3, "as": "anson"}]},
        {"pool": 30, "in_play": ["Toreador Grand Ball"]},
    )
    ball = game.seats[1].controlled[0]
    for actor, stealth in (("nosferatu", -1), ("anson", 0)):
        act = Action(seat=0, actor=aliases[actor], kind=Act.BURN_CARD, target=1, target_minion=ball)
        assert g.hook_sum(game, "stealth", act) == stealth


def test_brujah_debate_can_be_burned_by_non_ventrue_minions_only(cards: carddb.CardIndex) -> None:
    """Brujah Debate: "Non-Ventrue minions can burn this card as a (D) action" (Gangrel Revel: non-Ravnos)."""
    game, aliases = table(
        cards,
        {
            "ready": [
                {"card": "Anson", "blood": 3, "as": "anson"},
                {"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"},
            ]
        },
        {"pool": 30, "in_play": ["Brujah Debate"]},
    )
    burners = {o.minion for o in g.action_options(game, 0) if o.value == Act.BURN_CARD}
    assert burners == {aliases["anson"]}


def test_legendary_vampire_goes_only_on_a_vampire_brought_out_in_the_last_influence_phase(
    cards: carddb.CardIndex,
) -> None:
    """Legendary Vampire: "a vampire with capacity 7 or more who entered your ready region during your last
    influence phase": offered the turn after it is brought out, not two turns later; +2 votes."""
    game, aliases = table(
        cards,
        {"hand": ["Legendary Vampire"], "uncontrolled": [{"card": "Lodin (Olaf Holte)", "blood": 8, "as": "lodin"}]},
    )
    lodin = game.minions[aliases["lodin"]]
    drive(game, aliases, cards, [{"seat": 0, "bring out": "lodin"}], Phase.INFLUENCE, Phase.INFLUENCE)
    assert lodin.in_play
    legendary = game.seats[0].hand[0]

    def offered() -> bool:
        return any(o.card == legendary and o.target == lodin.id for o in g.hand_options(game, 0, g.W.MASTER, None))

    drive(game, aliases, cards, [], Phase.UNLOCK, Phase.UNLOCK)
    assert offered()
    votes = g.votes_of(game, 0)
    drive(
        game, aliases, cards, [{"seat": 0, "play": "Legendary Vampire", "target": "lodin"}], Phase.MASTER, Phase.MASTER
    )
    assert g.votes_of(game, 0) == votes + 2
    game.seats[0].hand.append(legendary)
    lodin.cards.clear()
    drive(game, aliases, cards, [], Phase.UNLOCK, Phase.UNLOCK)
    assert not offered()


# -- Gehenna events (cards.Gehenna): a diablerie spans the minion phase and the turns after it -----------------------


def _gehenna_table(cards: carddb.CardIndex, *in_play: str, hand: tuple[str, ...] = ()) -> tuple[Game, dict[str, int]]:
    """Lord Tremere (seat 0) may diablerize Nathan Turner; the Gehenna events ``in_play`` on seat 1's table."""
    return table(
        cards,
        {
            "hand": [*hand, *["Dodge"] * (7 - len(hand))],
            "library": ["Dodge"] * 10,
            "ready": [{"card": "Lord Tremere", "blood": 3, "as": "tremere"}],
        },
        {"pool": 30, "in_play": list(in_play), "torpor": [{"card": "Nathan Turner", "blood": 2, "as": "nathan"}]},
    )


def _diablerize(game: Game, aliases: dict[str, int], cards: carddb.CardIndex) -> None:
    drive(game, aliases, cards, [{"seat": 0, "action": "diablerie", "by": "tremere", "target": "nathan"}])


def _ignores_gehenna(game: Game, minion: int) -> bool:
    return any(r.holder == minion and r.key == "ignores gehenna" for r in game.riders)


def test_a_diablerie_replaces_the_slow_withering_and_its_diablerist_ignores_it(cards: carddb.CardIndex) -> None:
    """The Slow Withering: 'Do not replace until a vampire commits diablerie … Vampires who commit diablerie ignore
    this effect until a Gehenna event is played'."""
    game, aliases = _gehenna_table(cards, "Veil of Darkness", hand=("Slow Withering, The",))
    drive(game, aliases, cards, [{"seat": 0, "play": "Slow Withering, The"}], Phase.DISCARD, Phase.DISCARD)
    assert len(game.seats[0].hand) == 6
    game.acting = 0  # seat 0's next turn
    _diablerize(game, aliases, cards)
    assert len(game.seats[0].hand) == 7
    assert _ignores_gehenna(game, aliases["tremere"])


def test_a_gehenna_event_played_ends_what_a_diablerist_ignores(cards: carddb.CardIndex) -> None:
    """Blood Weakens: 'Vampires who commit diablerie ignore this effect until a Gehenna event is played'. Veil of
    Darkness is a Gehenna event ('Gehenna.' opens its text): playing it ends that, as Blood Weakens does."""
    for event in ("Veil of Darkness", "Blood Weakens"):
        game, aliases = _gehenna_table(cards, "Slow Withering, The", hand=(event,))
        _diablerize(game, aliases, cards)
        assert _ignores_gehenna(game, aliases["tremere"])
        drive(game, aliases, cards, [{"seat": 0, "play": event}], Phase.DISCARD, Phase.DISCARD)
        assert not _ignores_gehenna(game, aliases["tremere"]), event
