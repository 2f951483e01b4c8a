"""Action cards (played by a ready unlocked minion as its action; W.ACTION)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Generator, Sequence
from typing import Any

from ...domain import DISCIPLINES
from ...eligibility import (
    CITY_TITLES,
    in_game,
    with_clan,
)
from ...eligibility import (
    clan as clan_name,
)
from .. import economy
from .. import vocabulary as v
from ..cards import (
    SHUFFLERS,
    Attached,
    Bearer,
    Blocks,
    Mode,
    Play,
    Role,
    UnlockPhase,
    Upkeep,
    card,
    hook,
)
from ..economy import Kind, Option
from ..frames import (
    Action,
    Referendum,
    Until,
)
from ..handlers import Handler
from ..playbook import most_wanted_clans
from ..state import (
    VAMPIRE,
    Game,
    Minion,
    leave_play,
)
from ..vocabulary import (
    BURN_BY_REFERENDUM,
    ActingMinionCannotStrikeFirstRound,
    AddBlood,
    AshHeapCardToHand,
    AttemptBlock,
    BloodToUncontrolled,
    BurnBlood,
    BurnEdgeTo,
    BurnOnTarget,
    BurnPool,
    BurnTargetBlood,
    BurnTargetCard,
    BurnTargetLife,
    BurnTargetMinion,
    BurnThisCard,
    CorruptionCounterOnMinionOfTarget,
    CorruptThenMaySteal,
    CounterOnThisCard,
    CryptDraw,
    DamageAfterResolution,
    DoNotReplace,
    DrawCards,
    Embrace,
    EnterCombatWithTarget,
    ExtraVotes,
    GainPool,
    HuntFor,
    If,
    Intercept,
    LockMinionOfTarget,
    LockTarget,
    LockThisCard,
    ManeuverOrPressInCombat,
    Minions,
    MoveBloodToAnother,
    NoMoreBleedsThisTurn,
    PoolToThisCard,
    Prevent,
    PutInPlay,
    PutOnTarget,
    RemoveFromAshHeapToBurnPool,
    RetrieveOnReplace,
    SearchLibraryFor,
    SpendMasterAction,
    StealMinion,
    StealPool,
    Stealth,
    StealthThisTurn,
    StrengthUntilNextUnlock,
    Strike,
    StrikeHandOrMelee,
    StunTarget,
    TargetBurnsPool,
    TargetDiscards,
    TargetLocksOwnMinion,
    ThisCardChoosesTarget,
    TitleCard,
    UnlockSelf,
    action_of,
    add_rider,
    all_of,
    allies_and_retainers_of_others,
    allies_of_others,
    any_methuselah_but_you,
    ash_heap_at_least,
    bleed_succeeded,
    blood_movers,
    burn_card,
    burn_minion,
    cannot_block,
    card_cost,
    cards_requiring,
    carried_by_actor,
    carries_no,
    choose,
    combat,
    controller,
    crypt_not_empty,
    current_action,
    damage_pending,
    discard,
    equipment_of_others,
    hand_or_melee_strikes,
    has_edge,
    has_targets,
    hold,
    hook_sum,
    in_polling,
    in_sect,
    infernal_actor,
    is_ready,
    leave_aside,
    library_has_playable,
    locations_of_others,
    locations_of_predator_or_prey,
    locked_or_low_blood_of_others,
    locked_ready_minions_of_others,
    locked_self,
    master_action_left,
    may_attempt_block,
    may_play,
    minion_entered,
    minions_of_prey,
    move_blood,
    not_carrying,
    offered_to_every_methuselah,
    other_ready_vampires,
    own_vampires_not_in_sect,
    own_wraiths,
    plays_held_cards,
    pool_at_least,
    prey_only,
    prey_or_predator,
    ready_minions,
    ready_minions_of_others,
    ready_vampires_of_others,
    referendum,
    referendum_burnable,
    refill,
    removal_stealth,
    retainers_of_others,
    retrieves_on_replace,
    self_ready,
    set_aside,
    target_still,
    to_ash_heap,
    torpid_vampires_of_others,
    uncontrolled_of_clan,
    uncontrolled_vampires,
    uncontrolled_with_trait,
    unlocked_vampires_of_others,
    vekn,
    while_carried,
    wraiths_of_others,
    younger_ready_vampires_of_others,
    younger_uncontrolled,
    younger_uncontrolled_with,
)
from ..windows import Act, W

Flow = Generator[Any, Any, None]

card(
    "Govern the Unaligned",
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(3),),
        label="add 3 blood to a younger uncontrolled vampire",
    ),
)


# -- helpers of the cards below (the escape hatch: card-only behaviour) ----------------------------------------------------


def _multi_bleed(name: str, parts: dict[str, tuple[int, int, tuple[Any, ...]]], **extra: Any) -> tuple[Mode, ...]:
    """The modes of a "More than one Discipline can be used" bleed card: one per non-empty set of its
    disciplines, in the card's order; ``parts``: discipline → (stealth, bleed, effects)."""
    modes = []
    names = list(parts)
    for size in range(1, len(names) + 1):
        for combo in itertools.combinations(names, size):
            modes.append(
                Mode(
                    window=W.ACTION,
                    disciplines=combo,
                    bleeds=True,
                    stealth=sum(parts[d][0] for d in combo),
                    bleed=sum(parts[d][1] for d in combo),
                    effects=tuple(e for d in combo for e in parts[d][2]),
                    label=f"{name} bleed [{']['.join(combo)}]",
                    **extra,
                )
            )
    return tuple(modes)


card(
    "Childe of the Revolution",
    Mode(
        window=W.ACTION,
        stealth=1,
        effects=(Embrace(sect="Anarch", discipline_master=True),),
        label="a new 1-capacity Anarch vampire",
    ),
    notes="The new vampire meets the requirements of its clan, sect, capacity and Disciplines (game.may_play).",
)
card(
    "Third Tradition: Progeny",
    Mode(
        window=W.ACTION,
        stealth=1,
        effects=(Embrace(sect="Camarilla", discipline_master=True, cannot_act=True, blood_from_actor=2),),
        label="a new 1-capacity Camarilla vampire",
    ),
    notes="The new vampire meets the requirements of its clan, sect, capacity and Disciplines (game.may_play).",
)


card(
    "Thing",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=uncontrolled_of_clan("Gangrel"),
        effects=(AddBlood(2),),
        label="add 2 blood to an uncontrolled Gangrel",
    ),
)
card(
    "Deep Song",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=ready_vampires_of_others,
        effects=(EnterCombatWithTarget(lock_target=True, target_acts=True),),
        label="lock a vampire and enter combat with it",
    ),
    notes="[ANI]: the Frenzy card type has no effect here (no card cares yet).",
)
card(
    "Platinum Protocol, The",
    *_multi_bleed(
        "Platinum Protocol",
        {
            "obf": (1, 0, ()),
            "pre": (0, 1, ()),
            "pro": (0, 0, (If(bleed_succeeded, (CorruptionCounterOnMinionOfTarget(),)),)),
        },
    ),
)
card(
    "Kindred Spirits",
    Mode(
        window=W.ACTION,
        bleeds=True,
        targets=any_methuselah_but_you,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=1,
        targets=any_methuselah_but_you,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
    ),
)
card(
    "Break the Bonds",
    *_multi_bleed(
        "Break the Bonds",
        {
            "ani": (0, 1, ()),
            "obf": (0, 0, (If(bleed_succeeded, (LockMinionOfTarget(),)),)),
            "pre": (0, 0, (If(bleed_succeeded, (BloodToUncontrolled(1),)),)),
        },
    ),
    notes="[pre]: the uncontrolled vampire is chosen on resolution (the card: on declaration); every mode "
    "with [pre] needs one.",
)
card(
    "Entrancement",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        directed=True,
        targets=allies_of_others,
        effects=(StealMinion(),),
        label="steal an ally",
    ),
)
card(
    "Enchant Kindred",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(2),),
        label="add 2 blood to a younger uncontrolled vampire",
    ),
)
card(
    "Magic of the Smith",
    Mode(
        window=W.ACTION,
        stealth=1,
        when=library_has_playable("Equipment"),
        effects=(SearchLibraryFor(("Equipment",), play=True),),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=3,
        when=library_has_playable("Equipment"),
        effects=(SearchLibraryFor(("Equipment",), play=True),),
    ),
    notes="Always an equip action (not recruit/employ for the equipment-like cards); the equipment's own "
    "effects run when it has a spec.",
)
card(
    "Embrace, The",
    Mode(window=W.ACTION, stealth=1, effects=(Embrace(),), label="a new 1-capacity vampire"),
    notes="The new vampire has no disciplines (the card gives none); it meets the requirements of its clan, sect "
    "and capacity (game.may_play).",
)
card(
    "Line Brawl",
    Mode(
        window=W.ACTION,
        disciplines=("cel",),
        directed=True,
        seat_target=True,
        targets=any_methuselah_but_you,
        effects=(StealPool(1),),
        label="steal 1 pool",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("pot",),
        directed=True,
        enters_combat=True,
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    Mode(window=W.ACTION, disciplines=("pre",), bleeds=True, bleed=1, label="bleed +1"),
)


# -- Computer Hacking, Bum's Rush, Illegalism ---------------------------------------------------------------------------

card("Computer Hacking", Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"))


card(
    "Bum's Rush",
    Mode(
        window=W.ACTION,
        directed=True,
        enters_combat=True,
        combat_maneuvers=1,
        replace_after_action=True,
        targets=ready_minions_of_others,
        label="enter combat, 1 optional maneuver",
    ),
)


card(
    "Illegalism",
    *_multi_bleed(
        "Illegalism", {"cel": (0, 0, (If(bleed_succeeded, (UnlockSelf(),)),)), "chi": (1, 0, ()), "pre": (0, 1, ())}
    ),
)


# -- bleeds with a bonus, blood to the uncontrolled region, pool ----------------------------------------------------------

card(
    "Public Trust",
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=2,
        when=has_targets(uncontrolled_vampires),
        effects=(If(bleed_succeeded, (BloodToUncontrolled(1),)),),
        label="bleed +2, 1 blood to an uncontrolled vampire",
    ),
    notes="[PRE]: the uncontrolled vampire is chosen on resolution (the card: on declaration, ANK 20240706), and "
    "one must be there to play it.",
)
card(
    "Legal Manipulations",
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=2,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
        label="bleed +2, gain 1 pool",
    ),
)
card(
    "Intimidation",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(window=W.ACTION, superior=True, bleeds=True, bleed=2, label="bleed +2"),
)
card(
    "Scouting Mission",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(2),),
        label="add 2 blood to a younger uncontrolled vampire",
    ),
)
card(
    "Feast of the Soul's Secrets",
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=2,
        effects=(If(bleed_succeeded, (BloodToUncontrolled(2, younger=True, or_controlled=True),)),),
        label="bleed +2, 2 blood to a younger vampire",
    ),
    notes="[DOM]: the younger vampire is chosen on resolution (the card: when played, ANK 20240724-2); the bleed "
    "may be played without one.",
)
card("Art Scam", Mode(window=W.ACTION, stealth=1, effects=(GainPool(2),), label="gain 2 pool"))
card(
    "Fourth Tradition: The Accounting",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(3),),
        label="add 3 blood to a younger uncontrolled vampire",
    ),
)
card(
    "Call, The",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=younger_uncontrolled_with("dem"),
        effects=(AddBlood(2),),
        label="add 2 blood to a younger uncontrolled vampire with Dementation",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled_with("dem"),
        effects=(AddBlood(3),),
        label="add 3 blood to a younger uncontrolled vampire with Dementation",
    ),
)
card(
    "Reunion Kamut",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=uncontrolled_with_trait("black hand"),
        effects=(AddBlood(2),),
        label="add 2 blood to an uncontrolled Black Hand vampire",
    ),
)
card(
    "Flurry of Action",
    Mode(
        window=W.ACTION,
        bleeds=True,
        effects=(If(bleed_succeeded, (DrawCards(2),)),),
        label="bleed, draw 2 cards",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        effects=(If(bleed_succeeded, (UnlockSelf(),)),),
        label="bleed, unlock",
    ),
)


# -- entering combat ----------------------------------------------------------------------------------------------------


def _enter_combat(targets: Any, label: str, **fields: Any) -> Mode:
    """ "(D) Enter combat with <targets>": the target must still qualify as the action resolves, else the action
    succeeds with no effect (it "fizzles": rulings LSJ 20070411, ANK 20210124)."""
    return Mode(
        window=W.ACTION,
        directed=True,
        targets=targets,
        effects=(If(target_still(targets), (EnterCombatWithTarget(),)),),
        label=label,
        **fields,
    )


card("Ambush", _enter_combat(locked_ready_minions_of_others, "enter combat with a locked minion", combat_maneuvers=1))
card(
    "Harass",
    _enter_combat(
        locked_or_low_blood_of_others(3),
        "enter combat with a locked minion or a vampire with 3 blood or fewer",
        combat_presses=1,
        presses_continue_only=True,
    ),
)
card(
    "Hunter's Mark",
    Mode(
        window=W.ACTION,
        directed=True,
        enters_combat=True,
        combat_presses=1,
        targets=ready_minions_of_others,
        label="enter combat, 1 optional press",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        enters_combat=True,
        combat_presses=1,
        targets=ready_minions_of_others,
        before_combat=(v.MarkAction(v.TARGET_CANNOT_END_COMBAT_FIRST_ROUND),),
        label="enter combat, 1 optional press; no strike: combat ends against it in the first round",
    ),
    notes="[CEL][THA]: 'cannot strike: combat ends' is a kind of strike it cannot use (as Mind of the Wilds: LSJ "
    "20100308), in the first round only; it may strike otherwise.",
)


card(
    "Nose of the Hound",
    _enter_combat(
        locked_ready_minions_of_others,
        "enter combat with a locked minion, 1 maneuver",
        disciplines=("aus",),
        stealth=1,
        combat_maneuvers=1,
    ),
    _enter_combat(
        locked_ready_minions_of_others,
        "enter combat with a locked minion, 2 maneuvers",
        disciplines=("spi",),
        stealth=1,
        combat_maneuvers=2,
    ),
    _enter_combat(
        ready_minions_of_others, "enter combat with a minion, 2 maneuvers", superior=True, stealth=1, combat_maneuvers=2
    ),
)


# -- Night Moves ----------------------------------------------------------------------------------------------------------

card(
    "Night Moves",
    Mode(
        window=W.ACTION,
        bleeds=True,
        stealth=3,
        bleed_at_most=1,
        targets=prey_or_predator,
        label="bleed at +3 stealth, 1 pool at most",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        stealth=6,
        bleed_at_most=1,
        targets=prey_or_predator,
        label="bleed at +6 stealth, 1 pool at most",
    ),
)


# -- Mind Numb ------------------------------------------------------------------------------------------------------------

card(
    "Mind Numb",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=unlocked_vampires_of_others,
        effects=(If(target_still(unlocked_vampires_of_others), (StunTarget(),)),),
        label="stun an unlocked vampire",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        stealth=1,
        targets=unlocked_vampires_of_others,
        effects=(If(target_still(unlocked_vampires_of_others), (StunTarget(),)),),
        label="stun an unlocked vampire",
    ),
    notes="Stun: the vampire is locked and does not unlock during its controller's next unlock phase.",
)


# -- cards put on the acting vampire, at a level: Heart of the City, Preternatural Strength -------------------------------
# A superior copy carries 1 counter, which counts as one more copy (Bearer.per_counter): +2 bleed, +2 strength.

card(
    "Heart of the City",
    Mode(window=W.ACTION, stealth=1, when=not_carrying("Heart of the City"), effects=(PutOnTarget(on_self=True),)),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        when=not_carrying("Heart of the City"),
        effects=(PutOnTarget(on_self=True, counters=1),),
    ),
    bearer=Bearer(bleed=1, per_counter=True),
)
card(
    "Preternatural Strength",
    Mode(
        window=W.ACTION,
        stealth=2,
        when=not_carrying("Preternatural Strength"),
        effects=(PutOnTarget(on_self=True),),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=2,
        when=not_carrying("Preternatural Strength"),
        effects=(PutOnTarget(on_self=True, counters=1),),
    ),
    bearer=Bearer(strength=1, per_counter=True),
    notes="'They cannot play cards named Torn Signpost': Torn Signpost's modes ask not_carrying (specs/combat.py).",
)


# -- Haqim's Law: Leadership ----------------------------------------------------------------------------------------------


card(
    "Haqim's Law: Leadership", Mode(window=W.ACTION, stealth=1, effects=(v.ControllersOfOldestGainPool("Assamite", 2),))
)


# -- Shroud of Decay, Inside Dirt -----------------------------------------------------------------------------------------

card(
    "Shroud of Decay",
    Mode(
        window=W.ACTION,
        bleeds=True,
        bleed=1,
        effects=(If(bleed_succeeded, (TargetDiscards(2),)),),
        label="bleed +1, the target discards 2 cards",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        seat_target=True,
        targets=prey_only,
        when=ash_heap_at_least(7, whose="prey"),
        effects=(RemoveFromAshHeapToBurnPool(7, 3),),
        label="remove 7 cards of the prey's ash heap: it burns 3 pool",
    ),
    notes="[OBL]: the 7 cards removed are the oldest of the ash heap (the player's choice, LSJ 20090710: no card "
    "modelled reads which).",
)


card(
    "Inside Dirt",
    Mode(
        window=W.ACTION,
        directed=True,
        when=has_edge,
        targets=Minions(whose="others", ready=False),
        effects=(BurnEdgeTo((BurnTargetBlood(3),)),),
        label="burn the Edge: a vampire burns 3 blood",
    ),
    Mode(
        window=W.ACTION,
        directed=True,
        seat_target=True,
        when=has_edge,
        targets=prey_only,
        effects=(BurnEdgeTo((TargetBurnsPool(3),)),),
        label="burn the Edge: the prey burns 3 pool",
    ),
    notes="The Edge is burned as the action resolves (it must still be held then).",
)


# -- cards in play that make the prey burn pool: Army of Rats, Creeping Sabotage ------------------------------------------


card(
    "Army of Rats",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),)),
    burn="minion",
    unlock_phase=UnlockPhase(prey_burns=1, once=True),
)
card(
    "Creeping Sabotage",
    Mode(window=W.ACTION, stealth=1, x_cost=True, values=v.copies_controlled, effects=(PutInPlay(),)),
    burn="minion",
    unlock_phase=UnlockPhase(prey_burns=1),
    notes="X counts the copies already in play when it is played.",
)


# -- Disciple of Lazarus, Recruitment Exercise: the crypt -----------------------------------------------------------------


_HARBINGER = "Harbinger of Skulls"
card(
    "Disciple of Lazarus",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=v.younger_uncontrolled_with(clan=_HARBINGER),
        effects=(AddBlood(2),),
        label="add 2 blood to a younger uncontrolled Harbinger of Skulls",
    ),
    Mode(
        window=W.ACTION,
        stealth=1,
        when=v.crypt_has_clan(_HARBINGER),
        effects=(v.SearchCryptFor(_HARBINGER),),
        label="search the crypt for a Harbinger of Skulls",
    ),
)


card(
    "Recruitment Exercise",
    Mode(window=W.ACTION, stealth=1, when=crypt_not_empty, effects=(CryptDraw(blood=1, trait="black hand"),)),
)


# -- Show of Force, Abbot -------------------------------------------------------------------------------------------------

card(
    "Show of Force",
    Mode(window=W.ACTION, bleeds=True, bleed=1, combat_strength=1, label="bleed +1; if blocked, +1 strength"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=2,
        combat_strength=2,
        label="bleed +2; if blocked, +2 strength",
    ),
    notes="The strength the vampire 'can gain' when blocked is always taken (it is never worse).",
)


card(
    "Abbot",
    Mode(window=W.ACTION, stealth=1, when=not_carrying("Abbot"), effects=(PutOnTarget(on_self=True), UnlockSelf())),
    bearer=Bearer(intercept_defending=1),
)


# -- locations and equipment: Rewilding, Loss, Dominate Kine --------------------------------------------------------------


card(
    "Rewilding",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=locations_of_others,
        effects=(If(target_still(locations_of_others), (BurnTargetCard(), TargetBurnsPool(2))),),
        label="burn a location, its controller burns 2 pool",
    ),
    notes="The controller burns 2 pool only if the location is still there to burn.",
)


_LOSS_TARGETS = v.cards_on_minions_of("prey or predator", equipment=True, locations=True)
card(
    "Loss",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=_LOSS_TARGETS,
        effects=(If(target_still(_LOSS_TARGETS), (BurnTargetCard(),)),),
        label="burn an equipment or location on a minion of your predator or prey",
    ),
    Mode(window=W.ACTION, superior=True, bleeds=True, bleed=2, label="bleed +2"),
)


card(
    "Dominate Kine",
    Mode(window=W.ACTION, bleeds=True, bleed=1, stealth=1, label="+1 stealth, bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=locations_of_others,
        effects=(If(target_still(locations_of_others), (v.TakeControlOfTargetCard(),)),),
        label="steal a location",
    ),
    notes="[DOM]: a location on a minion (Secure Haven) goes onto the acting minion.",
)


# -- Revelations ----------------------------------------------------------------------------------------------------------


card(
    "Revelations",
    Mode(
        window=W.ACTION,
        stealth=1,
        directed=True,
        seat_target=True,
        targets=prey_only,
        effects=(TargetDiscards(1, players_choice=True),),
        label="discard a card of your choice from the prey's hand",
    ),
    Mode(window=W.ACTION, superior=True, stealth=1, effects=(PutInPlay(),), label="the prey plays with an open hand"),
    burn="minion",
    notes="[AUS]: the open hand changes no decision here (the bots read no hand but their own).",
)


# -- Make the Misere ------------------------------------------------------------------------------------------------------


def _misere_modes() -> tuple[Mode, ...]:
    """One mode per non-empty set of [cel] (1 optional maneuver), [obf] (+1 stealth), [pot] (+1 strength that
    combat), "More than one Discipline can be used"."""
    modes = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(("cel", "obf", "pot"), size):
            modes.append(
                _enter_combat(
                    locked_ready_minions_of_others,
                    f"enter combat with a locked minion [{']['.join(combo)}]",
                    disciplines=combo,
                    stealth=1 if "obf" in combo else 0,
                    combat_maneuvers=1 if "cel" in combo else 0,
                    combat_strength=1 if "pot" in combo else 0,
                )
            )
    return tuple(modes)


card("Make the Misere", *_misere_modes())


card(
    "Far Mastery",
    Mode(
        window=W.ACTION,
        stealth=1,
        directed=True,
        targets=retainers_of_others,
        effects=(StealMinion(),),
        label="steal a retainer",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        directed=True,
        targets=allies_of_others,
        effects=(StealMinion(),),
        label="steal an ally",
    ),
    notes="[dom]: a retainer of another Methuselah's minion, which goes on the acting vampire.",
)


# -- Sudario Refraction ---------------------------------------------------------------------------------------------------


card(
    "Sudario Refraction",
    Mode(
        window=W.ACTION,
        stealth=1,
        effects=(v.AshHeapToLibraryTop(3), v.DiscardAtRandom(3)),
        label="3 cards of the ash heap on the library",
    ),
    notes="The three cards are chosen on resolution (the card: named on declaration, LSJ 20050422), any copy "
    "(LSJ 20090722).",
)


# -- Undue Influence ------------------------------------------------------------------------------------------------------


def _crypt_cards_with_blood_of_others(game: Game, play: Play) -> list[int]:
    """Crypt cards with blood in the uncontrolled regions of other Methuselahs (Undue Influence [chi])."""
    return [c for s in game.order if s != play.seat for c in game.seats[s].uncontrolled if game.minions[c].blood > 0]


def _blood_from_target_to_uncontrolled(game: Game, play: Play) -> Flow:
    """Move 1 blood from the target crypt card to a vampire of the player's uncontrolled region (chosen now)."""
    source = game.minions.get(play.target)
    if source is None or source.in_play or source.blood < 1 or not game.seats[play.seat].uncontrolled:
        return
    options = [Option(Kind.TERMS, play.seat, target=c) for c in game.seats[play.seat].uncontrolled]
    option = yield from choose(game, play.seat, options)
    source.blood -= 1
    game.minions[option.target].blood += 1
    game.log("move blood", play.seat, source.id, option.target, 1)


def _add_blood_then_bring_out(game: Game, play: Play) -> None:
    """Add 1 blood to the target uncontrolled vampire; with blood at or above its capacity, it moves to the
    ready region (as when influenced out: economy.bring_out)."""
    AddBlood(1)(game, play)
    m = game.minions.get(play.target)
    if m is not None and not m.in_play and play.target in game.seats[play.seat].uncontrolled:
        if m.blood >= m.capacity:
            economy.bring_out(game, play.seat, m.id)
            minion_entered(game, play.seat, m.id)


card(
    "Undue Influence",
    Mode(
        window=W.ACTION,
        disciplines=("chi",),
        stealth=1,
        directed=True,
        when=has_targets(uncontrolled_vampires),
        targets=_crypt_cards_with_blood_of_others,
        effects=(_blood_from_target_to_uncontrolled,),
        label="move 1 blood from another's uncontrolled crypt card",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("pre",),
        stealth=1,
        bleeds=True,
        when=has_targets(uncontrolled_vampires),
        effects=(If(bleed_succeeded, (BloodToUncontrolled(1),)),),
        label="bleed, 1 blood to an uncontrolled vampire",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("qui",),
        stealth=1,
        targets=uncontrolled_vampires,
        effects=(_add_blood_then_bring_out,),
        label="1 blood to an uncontrolled vampire, out at capacity",
    ),
    notes="The uncontrolled vampire is chosen on resolution for [chi] and [pre] (the card: as it is played; one "
    "must be there to play it); [chi] takes blood from another Methuselah's uncontrolled region (a (D) action).",
)


# -- Constant Revolution --------------------------------------------------------------------------------------------------


card(
    "Constant Revolution",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(), CounterOnThisCard()), label="in play with 1 counter"),
    burn="vampire",
    notes="The burning Methuselah chooses how many of the X are cards (discarded at random all at once, then the hand "
    "is drawn back up: LSJ 20090618), the rest is pool; never more cards than the hand holds.",
)


@hook("unlock", "Constant Revolution")
def _constant_revolution(game: Game, seat: int) -> Flow | None:
    """During its controller's unlock phase, 1 more counter on each Constant Revolution; during another
    Methuselah's, that Methuselah burns X pool and/or cards at random from its hand (X: the counters)."""
    wanted = vekn(game, "Constant Revolution")
    owed = 0
    for s in game.order:
        for c in game.seats[s].controlled:
            if c in game.minions or game.card_of[c] != wanted:
                continue
            if s == seat:
                game.card_counters[c] = game.card_counters.get(c, 0) + 1
            else:
                owed += game.card_counters.get(c, 0)
    return _burn_pool_or_cards(game, seat, owed) if owed else None


def _burn_pool_or_cards(game: Game, seat: int, owed: int) -> Flow:
    """The seat burns ``owed`` pool and/or cards at random from its hand, split as it chooses (most cards first)."""
    hand = game.seats[seat].hand
    most = min(owed, len(hand))
    option = yield from choose(game, seat, [Option(Kind.TERMS, seat, value=k) for k in range(most, -1, -1)])
    if option.value:
        discard(game, seat, game.rng.sample(hand, option.value))
    if owed - option.value:
        economy.burn_pool(game, seat, owed - option.value)
        game.log("burn pool", seat, owed - option.value)


@hook("directed_cost", "Constant Revolution")
def _constant_revolution_burn_cost(game: Game, act: Action) -> int:
    """ "Vampires can burn this card as a (D) action that costs 1 pool"."""
    target = act.target_minion
    if act.kind is not Act.BURN_CARD or target < 0 or target in game.minions:
        return 0
    return 1 if game.card_of[target] == vekn(game, "Constant Revolution") else 0


# -- Fee Stakes: the Anarch title of baron of a city ----------------------------------------------------------------------

for _city, _clans in (
    ("Seattle", ("Gangrel", "Gangrel antitribu")),
    ("Perth", ()),
    ("Corte", ()),
    ("New York", ("Brujah", "Brujah antitribu")),
    ("Los Angeles", ()),
    ("Boston", ("Toreador", "Toreador antitribu")),
):
    card(
        f"Fee Stake: {_city}",
        Mode(window=W.ACTION, stealth=1, effects=(TitleCard("baron", clans=_clans),), label=f"baron of {_city}"),
        burn="referendum",
        notes="The title of baron gives 2 votes (none while the vampire is not Anarch), replacing any other title; "
        "the title is unique to its city, but a contest for it (another Fee Stake, a printed baron, prince or "
        "archbishop of the city) is not modelled.",
    )


# -- Aranthebes, The Immortal ---------------------------------------------------------------------------------------------


def _predator_action_blocked_short(game: Game, play: Play) -> bool:
    """A block attempt against an action of a minion of your predator, that its stealth still beats."""
    act = play.frame if isinstance(play.frame, Action) else None
    if act is None or act.blocker < 0 or act.seat != game.predator(play.seat) or act.seat == play.seat:
        return False
    return act.stealth > act.intercept


card(
    "Aranthebes, The Immortal",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),), label="put in play"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_predator_action_blocked_short,
        effects=(LockThisCard(), Stealth(-1)),
        label="lock: -1 stealth to a minion of your predator",
    ),
    burn=SHUFFLERS,
    notes="The -1 stealth goes to the acting minion of your predator, during a block attempt its stealth still "
    "beats (any time before resolution, LSJ 20020612: only then does it change anything).",
)


@hook("bleed", "Aranthebes, The Immortal")
def _aranthebes_bleed(game: Game, act: Action) -> int:
    """While Aranthebes is unlocked, vampires with capacity 4 or less get -1 bleed against its controller."""
    actor = game.minions.get(act.actor)
    if actor is None or actor.kind != VAMPIRE or actor.capacity > 4 or act.target < 0:
        return 0
    wanted = vekn(game, "Aranthebes, The Immortal")
    held = game.seats[act.target].controlled
    return -1 if any(game.card_of[c] == wanted and c not in game.locked_cards for c in held) else 0


# -- Field Training -------------------------------------------------------------------------------------------------------

_FIELD_TRAINING = "field training:"  # a rider on the attached vampire: "field training:<discipline>:<old sect>"


def _superior_disciplines(game: Game, play: Play) -> list[str]:
    m = game.minions.get(play.minion)
    return [d for d, level in m.disciplines if level >= 2] if m is not None else []


def _field_training_targets(game: Game, play: Play) -> list[int]:
    """Another ready non-titled vampire you control, without a Field Training."""
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE and m.id != play.minion and not m.title and not _carries(game, m, "Field Training")
    ]


def _carries(game: Game, m: Minion, name: str) -> bool:
    wanted = vekn(game, name)
    return any(game.card_of[c] == wanted for c in m.cards)


def _field_training(game: Game, play: Play) -> Flow:
    """Choose a Discipline the acting vampire has at superior; the card goes on the target, which is considered
    Anarch and gets +1 level of it (superior at most)."""
    chosen = _superior_disciplines(game, play)
    m = game.minions.get(play.target)
    if not chosen or m is None or not m.in_play or m.torpor:
        to_ash_heap(game, play.card)
        return
    option = yield from choose(game, play.seat, [Option(Kind.TERMS, play.seat, value=i) for i in range(len(chosen))])
    code = chosen[option.value]
    PutOnTarget()(game, play)
    levels = dict(m.disciplines)
    before = levels.get(code, 0)
    levels[code] = min(2, before + 1)
    m.disciplines = tuple(levels.items())
    add_rider(game, m.id, f"{_FIELD_TRAINING}{code}:{m.sect}", before, Until.END_OF_GAME, play.seat)
    m.sect = "Anarch"


card(
    "Field Training",
    Mode(
        window=W.ACTION,
        stealth=1,
        when=lambda game, play: bool(_superior_disciplines(game, play)),
        targets=_field_training_targets,
        effects=(UnlockSelf(), _field_training),
        label="unlock; another vampire is Anarch with +1 level of a Discipline",
    ),
    notes="The Discipline is chosen on resolution (the acting vampire must have one at superior: ANK 20180731-2); "
    "the burn when the attached vampire changes sect never happens here (no modelled card changes an Anarch's "
    "sect).",
)


@hook("card_burned", "Field Training")
def _field_training_gone(game: Game, copy: int, holder: int) -> None:
    """Field Training leaves its vampire: the Discipline level it gave and the Anarch sect go with it."""
    m = game.minions.get(holder)
    if m is None or game.card_of[copy] != vekn(game, "Field Training"):
        return
    for r in [r for r in game.riders if r.holder == holder and r.key.startswith(_FIELD_TRAINING)]:
        game.riders.remove(r)
        code, sect = r.key[len(_FIELD_TRAINING) :].split(":", 1)
        levels = dict(m.disciplines)
        if r.value:
            levels[code] = r.value
        else:
            levels.pop(code, None)
        m.disciplines = tuple(levels.items())
        m.sect = sect


@hook("meets_requirement", "Field Training")
def _field_trained(game: Game, handler: Any, m: Minion) -> bool:
    """The vampire with Field Training plays cards with the Discipline level it gave (and as an Anarch)."""
    printed = game.compiled.eligibility.minion(m.card)
    if printed is None or handler.requirement is None or not _carries(game, m, "Field Training"):
        return False
    grown = in_game(printed, tuple(d for d, _ in m.disciplines), m.capacity)
    return bool(handler.requirement.met_by(grown, became_anarch=m.sect == "Anarch"))


# -- Chameleon ------------------------------------------------------------------------------------------------------------


def _new_younger_vampires_of_others(game: Game, play: Play) -> list[int]:
    """Younger ready vampires of other Methuselahs that entered play since your last minion phase (in their
    controller's latest turn), of a capacity the acting vampire can pay in blood (X)."""
    actor = game.minions.get(play.minion)
    if actor is None:
        return []
    return [
        m.id
        for s in game.order
        if s != play.seat
        for m in ready_minions(game, s)
        if m.kind == VAMPIRE
        and m.capacity < actor.capacity
        and m.capacity <= actor.blood
        and m.entered_turn == game.seats[s].turns
    ]


def _chameleon(game: Game, play: Play) -> None:
    """Pay X blood (X: the target's capacity), take control of the target; it becomes Anarch."""
    actor, m = game.minions.get(play.minion), game.minions.get(play.target)
    if actor is None or m is None or not m.in_play or m.torpor or actor.blood < m.capacity:
        return
    move_blood(game, actor.id, -m.capacity)
    StealMinion()(game, play)
    if controller(game, m.id) == play.seat:
        m.sect = "Anarch"


card(
    "Chameleon",
    Mode(
        window=W.ACTION,
        stealth=1,
        directed=True,
        targets=_new_younger_vampires_of_others,
        effects=(_chameleon,),
        label="take control of a younger vampire that just entered play",
    ),
    notes="X is the target's capacity, paid in blood as the action resolves (the action does nothing if the acting "
    "vampire no longer has that much blood).",
)


# -- Condemnation: Mute ---------------------------------------------------------------------------------------------------
# On the vampire: -3 votes (Attached.lose_votes); the copy played at [DAI] is marked and makes it burn 1 blood after
# each referendum that passes (Attached.superior). The only condemnation card the engine models is this one, so "burn
# all other condemnation cards on this minion" burns a copy of it already there (one at most: each play burns the last).

card(
    "Condemnation: Mute",
    Mode(
        window=W.ACTION,
        disciplines=("chi",),
        stealth=1,
        directed=True,
        targets=younger_ready_vampires_of_others,
        effects=(If(target_still(younger_ready_vampires_of_others), (LockTarget(),)),),
        label="lock a younger vampire",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("dai",),
        stealth=1,
        directed=True,
        when=infernal_actor,
        targets=ready_vampires_of_others,
        effects=(BurnOnTarget("Condemnation: Mute"), PutOnTarget()),
        label="-3 votes on a vampire",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        directed=True,
        when=infernal_actor,
        targets=ready_vampires_of_others,
        effects=(BurnOnTarget("Condemnation: Mute"), PutOnTarget(), v.MarkThisCard(v.PLAYED_AT_SUPERIOR)),
        label="-3 votes on a vampire, 1 blood after each referendum that passes",
    ),
    attached=Attached(lose_votes=3, superior=Attached(blood_after_referendum=1)),
    notes="The -3 votes never take more than the vampire's own votes (net negative votes subtract nothing: "
    "ANK 20251125). [DAI]: the blood is burned after a political action's referendum passes (a blood hunt's too "
    "is not counted).",
)


# -- Corruption -----------------------------------------------------------------------------------------------------------

card(
    "Corruption",
    Mode(
        window=W.ACTION,
        stealth=1,
        directed=True,
        targets=minions_of_prey,
        effects=(If(target_still(minions_of_prey), (CorruptThenMaySteal(),)),),
        label="a corruption counter on a minion of your prey; steal it at its capacity or cost",
    ),
)


# -- Conceal --------------------------------------------------------------------------------------------------------------

card(
    "Conceal",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=equipment_of_others(),
        effects=(If(target_still(equipment_of_others()), (BurnTargetCard(),)),),
        label="burn an equipment",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=locations_of_others,
        effects=(If(target_still(locations_of_others), (BurnTargetCard(),)),),
        label="burn a location",
    ),
)


# -- Graverobbing ---------------------------------------------------------------------------------------------------------


card(
    "Graverobbing",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=torpid_vampires_of_others,
        effects=(If(target_still(torpid_vampires_of_others), (StealMinion(),)),),
        label="steal a vampire in torpor",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=torpid_vampires_of_others,
        effects=(If(target_still(torpid_vampires_of_others), (StealMinion(), v.TargetLeavesTorporFor(2))),),
        label="steal a vampire in torpor, 2 blood to move it to your ready region",
    ),
    notes="A target no longer in torpor as the action resolves: it fizzles (ANK 20210124).",
)


# -- Mesu Bedshet ---------------------------------------------------------------------------------------------------------


card(
    "Mesu Bedshet",
    Mode(
        window=W.ACTION,
        stealth=1,
        when=crypt_not_empty,
        effects=(v.RevealCryptTop("Follower of Set", blood_if_younger=2, shuffle_otherwise=True),),
        label="reveal the crypt's top",
    ),
)


# -- Rutor's Hand ---------------------------------------------------------------------------------------------------------


_RUTORS_HAND_UNLOCK = Mode(
    window=W.AFTER_ACTION,
    in_play=True,
    when=v.locked_in_own_minion_phase,
    effects=(LockThisCard(), UnlockSelf()),
    label="lock: unlock this vampire",
)
card(
    "Rutor's Hand",
    Mode(
        window=W.ACTION,
        stealth=1,
        when=not_carrying("Rutor's Hand"),
        effects=(PutOnTarget(on_self=True), LockThisCard(), v.SelfTakesAggravated(1)),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        when=not_carrying("Rutor's Hand"),
        effects=(PutOnTarget(on_self=True), LockThisCard(), v.SelfTakesAggravated(1, immune_for_blood=3)),
    ),
    _RUTORS_HAND_UNLOCK,
    notes="The Hand unlocks its vampire after an action of its controller's minion phase (the engine's window in "
    "that phase).",
)


# -- Abactor --------------------------------------------------------------------------------------------------------------

_ABACTOR_BLOOD_HUNT = Mode(window=W.POLLING, label="blood hunt")


def _abactor(game: Game, play: Play) -> Flow:
    """Hunt at +4 hunt; once the vampire gained blood, a referendum to call a blood hunt on it (as after a
    diablerie: passed, it is burned)."""
    act = play.frame if isinstance(play.frame, Action) else None
    m = game.minions.get(play.minion)
    if act is None or m is None:
        return
    gained = move_blood(game, m.id, 1 + 4 + hook_sum(game, "hunt", act))
    act.flags["hunted"] = gained
    game.log("hunt", play.seat, m.id, gained)
    if gained <= 0:
        return  # no blood gained: no successful resolution, no blood hunt (LSJ 20090411)
    ref = Referendum(seat=play.seat, caller=-1, blood_hunt=True)
    yield from referendum(game, ref, Play(seat=play.seat, card=-1, mode=_ABACTOR_BLOOD_HUNT, minion=m.id, frame=ref))
    if ref.passed and m.id in game.minions:
        burn_minion(game, m.id)


card(
    "Abactor",
    Mode(window=W.ACTION, stealth=1, effects=(_abactor,), label="hunt at +4 hunt, then a blood hunt referendum"),
    notes="The blood hunt referendum is part of the resolution (LSJ 20100112); this hunt is the card's action (the "
    "hunt bonuses of the vampire apply), not the default hunt action.",
)


# -- bleeds and burns: Social Charm, Fleetness, Propaganda, Smash and Grab, Enticement -----------------------------------

card(
    "Social Charm",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=1,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
        label="bleed +1, gain 1 pool",
    ),
)
card(
    "Fleetness",
    Mode(window=W.ACTION, stealth=1, bleeds=True, label="bleed"),
    _enter_combat(
        locked_ready_minions_of_others,
        "enter combat with a locked minion, 1 maneuver",
        superior=True,
        stealth=1,
        combat_maneuvers=1,
    ),
    notes="[CEL]: a target no longer locked as the action resolves: it fizzles (ANK 20210124).",
)
card(
    "Propaganda",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1, titled vampires cannot block"),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=1,
        effects=(TargetLocksOwnMinion(),),
        label="bleed +1, titled vampires cannot block, the target locks a minion",
    ),
    notes="[PRE]: the target Methuselah locks one of its ready unlocked minions as the action resolves.",
)


cannot_block("Propaganda", Minions(titled=True), of="action")  # "Titled vampires cannot block this action"


card(
    "Smash and Grab",
    Mode(
        window=W.ACTION,
        disciplines=("ani",),
        stealth=1,
        directed=True,
        targets=allies_and_retainers_of_others,
        effects=(If(target_still(allies_and_retainers_of_others), (BurnTargetLife(2),)),),
        label="burn 2 life from an ally or retainer",
    ),
    Mode(window=W.ACTION, disciplines=("dem",), bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        disciplines=("pot",),
        stealth=1,
        directed=True,
        targets=locations_of_predator_or_prey,
        effects=(If(target_still(locations_of_predator_or_prey), (BurnTargetCard(),)),),
        label="burn a location of your predator or prey",
    ),
)
card(
    "Enticement",
    Mode(
        window=W.ACTION,
        directed=True,
        seat_target=True,
        when=has_edge,
        targets=prey_only,
        effects=(BurnEdgeTo((TargetBurnsPool(2),)), NoMoreBleedsThisTurn()),
        label="burn the Edge: the prey burns 2 pool",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        seat_target=True,
        when=has_edge,
        targets=prey_only,
        effects=(BurnEdgeTo((TargetBurnsPool(3),)), NoMoreBleedsThisTurn()),
        label="burn the Edge: the prey burns 3 pool",
    ),
    notes="Directed at the prey (LSJ 20010807); the Edge is burned as the action resolves (it must still be held "
    "then); your minions cannot bleed for the rest of the turn even if the Edge was lost (LSJ 20100527).",
)


# -- Fifth Tradition: Hospitality, Waters of Duat, Sheepdog, Shadow of the Beast ----------------------------------------


card(
    "Fifth Tradition: Hospitality",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=other_ready_vampires,
        effects=(AddBlood(4),),
        label="add 4 blood to another vampire",
    ),
    notes="Another ready vampire in play (the text says no more).",
)


card(
    "Waters of Duat",
    Mode(
        window=W.ACTION, stealth=1, effects=(Embrace(discipline_master=True),), label="a new 1-capacity Follower of Set"
    ),
    notes="The new vampire is of the acting vampire's sect (the card names none).",
)
card(
    "Sheepdog",
    Mode(
        window=W.ACTION,
        effects=(AddBlood(4, to_self=True), PutOnTarget(on_self=True)),
        label="gain 4 blood, stay locked through the next unlock phase",
    ),
    unlock_phase=UnlockPhase(burn=True, stays_locked=True),
)


# Shadow of the Beast: an optional maneuver each combat for the vampire carrying it; the copy played at [PRO] is
# marked (MarkThisCard) and gives an optional press too.

card(
    "Shadow of the Beast",
    Mode(
        window=W.ACTION,
        when=not_carrying("Shadow of the Beast"),
        effects=(PutOnTarget(on_self=True),),
        label="an optional maneuver each combat",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        when=not_carrying("Shadow of the Beast"),
        effects=(PutOnTarget(on_self=True), v.MarkThisCard(v.PLAYED_AT_SUPERIOR)),
        label="an optional maneuver and an optional press each combat",
    ),
)
while_carried("Shadow of the Beast", maneuvers=1)
while_carried("Shadow of the Beast", presses=1, marked=v.PLAYED_AT_SUPERIOR)


# -- Tier of Souls, Petra Resonance, Anarch Secession -------------------------------------------------------------------


def _steal_blood_or_life(game: Game, play: Play) -> None:
    """Move 1 blood or life from the target minion to the acting vampire (logged as a move: StealBloodFromTarget
    would log a steal, and the games' logs are kept identical)."""
    m = game.minions.get(play.target)
    if m is None or not m.in_play or m.blood < 1 or play.minion not in game.minions:
        return
    move_blood(game, m.id, -1)
    move_blood(game, play.minion, 1)
    game.log("move blood", play.seat, m.id, play.minion, 1)
    if m.kind != VAMPIRE and m.blood <= 0:
        burn_minion(game, m.id)


card(
    "Tier of Souls",
    Mode(
        window=W.ACTION,
        directed=True,
        targets=minions_of_prey,
        effects=(If(target_still(minions_of_prey), (_steal_blood_or_life,)),),
        label="steal 1 blood or life from a minion of your prey",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        when=not_carrying("Tier of Souls"),
        targets=minions_of_prey,
        effects=(If(target_still(minions_of_prey), (_steal_blood_or_life,)), PutOnTarget(on_self=True)),
        label="steal 1 blood or life, +1 bleed against your prey",
    ),
    burn="minion",
    bearer=Bearer(bleed_vs_prey=1),
    notes="[ANI]: the card goes on the vampire even if the target is gone.",
)


def _all_crypts(game: Game, play: Play) -> bool:
    """ "Not usable if any Methuselah's crypt is empty" (RTR 20000501)."""
    return all(game.seats[s].crypt for s in game.order if not game.seats[s].ousted)


def _petra_resonance(game: Game, play: Play) -> None:
    """Each Methuselah reveals the top of its crypt: a tie for the highest or the lowest cost makes everyone burn 1
    pool; else the highest steals 3 pool from the lowest. Every crypt is shuffled."""
    live = [s for s in game.order if not game.seats[s].ousted and game.seats[s].crypt]
    costs = {s: _crypt_cost(game, game.seats[s].crypt[-1]) for s in live}
    for s in live:
        game.rng.shuffle(game.seats[s].crypt)
    if len(costs) < 2:
        return
    high, low = max(costs.values()), min(costs.values())
    highest = [s for s, c in costs.items() if c == high]
    lowest = [s for s, c in costs.items() if c == low]
    if len(highest) > 1 or len(lowest) > 1:
        for s in live:
            economy.burn_pool(game, s, 1)
            game.log("burn pool", s, 1)
        return
    taken = min(3, game.seats[lowest[0]].pool)
    economy.burn_pool(game, lowest[0], taken)
    economy.gain_pool(game, highest[0], taken)
    game.log("steal pool", highest[0], lowest[0], taken)


def _crypt_cost(game: Game, copy: int) -> int:
    template = game.vampires.get(game.card_of[copy])
    return template.capacity if template is not None else 0


card(
    "Petra Resonance",
    Mode(window=W.ACTION, stealth=1, when=_all_crypts, effects=(_petra_resonance,), label="reveal the crypts' tops"),
    notes="A crypt card's cost is its capacity (an imbued's life).",
)


card(
    "Anarch Secession",
    Mode(
        window=W.ACTION,
        stealth=1,
        effects=(
            v.BecomeSect("Anarch"),
            If(v.has_title(*CITY_TITLES), (TitleCard("baron", burn_penalty=False),)),
        ),
        label="become Anarch (a baron with a city title)",
    ),
    notes="The city titles are prince, archbishop and baron (eligibility.CITY_TITLES).",
)


cannot_block("Anarch Secession", Minions(kind=None, titles=("",)), of="action")  # "Minions without titles …"


# -- Gear Up --------------------------------------------------------------------------------------------------------------

card(
    "Gear Up",
    Mode(
        window=W.ACTION,
        disciplines=("nec",),
        stealth=1,
        effects=(UnlockSelf(), AshHeapCardToHand()),
        label="unlock, a card from the ash heap to the hand",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("pre",),
        stealth=1,
        effects=(UnlockSelf(), StealthThisTurn(1)),
        label="unlock, +1 stealth this turn",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("vic",),
        stealth=1,
        effects=(UnlockSelf(), StrengthUntilNextUnlock(1)),
        label="unlock, +1 strength until your unlock phase",
    ),
)


# -- Heroic Might ---------------------------------------------------------------------------------------------------------
# On the vampire: +1 strength and a "burn equipment" strike, burned if it goes to torpor (Attached); the copy played
# at [POT] is marked and gives +1 strength more and a 2R strike (Attached.superior).

_HEROIC_BURN = Strike(damage=0, burn_equipment=True, equipment_only=True, label="burn equipment (Heroic Might)")
_HEROIC_RANGED = Strike(damage=2, ranged=True, label="2R damage (Heroic Might)")

card(
    "Heroic Might",
    Mode(
        window=W.ACTION,
        stealth=3,
        when=not_carrying("Heroic Might"),
        effects=(PutOnTarget(on_self=True),),
        label="+1 strength, strike: burn equipment",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=3,
        when=not_carrying("Heroic Might"),
        effects=(PutOnTarget(on_self=True), v.MarkThisCard(v.PLAYED_AT_SUPERIOR)),
        label="+2 strength, strike: burn equipment or 2R damage",
    ),
    attached=Attached(
        strength=1,
        strikes=(_HEROIC_BURN,),
        burn_on_torpor=True,
        superior=Attached(strength=1, strikes=(_HEROIC_RANGED,)),
    ),
    notes="Its strikes are Potence strikes (LSJ 20081120-2): no card here reads a strike's Discipline.",
)


# -- Fiendish Tongue ------------------------------------------------------------------------------------------------------

_FIENDISH = "fiendish tongue unlock"  # a rider on the Tzimisce whose Fiendish Tongue bled: until the discard phase


def _fiendish_tzimisce(game: Game, play: Play) -> None:
    """A Tzimisce's successful bleed: it may burn 1 blood to unlock during your next discard phase."""
    m = game.minions.get(play.minion)
    if m is not None and clan_name(m.clan) == clan_name("Tzimisce"):
        add_rider(game, m.id, _FIENDISH, 1, Until.END_OF_TURN, play.seat)


card(
    "Fiendish Tongue",
    Mode(
        window=W.ACTION,
        bleeds=True,
        bleed=1,
        effects=(If(bleed_succeeded, (_fiendish_tzimisce,)),),
        label="bleed +1, Anarchs -1 intercept",
    ),
    notes="The Tzimisce's unlock is offered as the discard phase starts (the bleed was this turn).",
)


@hook("intercept", "Fiendish Tongue")
def _fiendish_tongue_intercept(game: Game, minion: int, act: Action) -> int:
    """Anarchs get -1 intercept during Fiendish Tongue."""
    if act.card < 0 or game.card_of[act.card] != vekn(game, "Fiendish Tongue"):
        return 0
    m = game.minions.get(minion)
    return -1 if m is not None and m.sect == "Anarch" else 0


@hook("discard_phase", "Fiendish Tongue")
def _fiendish_tongue_unlock(game: Game, seat: int) -> Flow | None:
    """During your discard phase, the Tzimisce that bled with Fiendish Tongue can burn 1 blood to unlock."""
    found = [
        m
        for r in game.riders
        if r.key == _FIENDISH and r.seat == seat
        for m in [game.minions.get(r.holder)]
        if m is not None and m.in_play and m.locked and not m.torpor and m.blood >= 1
    ]
    return _fiendish_unlocks(game, seat, found) if found else None


def _fiendish_unlocks(game: Game, seat: int, found: list[Minion]) -> Flow:
    for m in found:
        option = yield from choose(game, seat, [Option(Kind.TERMS, seat, target=m.id, value=v) for v in (1, 0)])
        game.riders = [r for r in game.riders if not (r.key == _FIENDISH and r.holder == m.id)]
        if option.value and m.blood >= 1 and m.locked:
            move_blood(game, m.id, -1)
            m.locked = False
            game.log("unlock", seat, m.id)


# -- The Summoning --------------------------------------------------------------------------------------------------------


card(
    "Summoning, The",
    Mode(
        window=W.ACTION,
        stealth=1,
        effects=(SearchLibraryFor(("Ally", "Retainer")),),
        label="an ally or retainer from the library to the hand",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        when=library_has_playable("Ally"),
        effects=(SearchLibraryFor(("Ally",), play=True),),
        label="recruit an ally from the library",
    ),
    notes="[PRE]: the allies offered are those the engine models (an ally without a spec cannot be recruited); the "
    "recruited ally cannot act this turn (its Recruit effect).",
)


# -- Soul Feasting --------------------------------------------------------------------------------------------------------


def _soul_feasting(superior: bool) -> tuple[Mode, ...]:
    """Hunt, or burn a wraith (yours, or another Methuselah's by a (D) action) to hunt with +3 hunt; [NEC] +1 hunt."""
    more = 1 if superior else 0
    return (
        Mode(window=W.ACTION, superior=superior, stealth=1, effects=(HuntFor(more),), label=f"hunt +{more}"),
        Mode(
            window=W.ACTION,
            superior=superior,
            stealth=1,
            targets=own_wraiths,
            effects=(HuntFor(3 + more, burn_target=True),),
            label=f"burn your wraith: hunt +{3 + more}",
        ),
        Mode(
            window=W.ACTION,
            superior=superior,
            stealth=1,
            directed=True,
            targets=wraiths_of_others,
            effects=(HuntFor(3 + more, burn_target=True),),
            label=f"burn a wraith of another Methuselah: hunt +{3 + more}",
        ),
    )


card(
    "Soul Feasting",
    *_soul_feasting(False),
    *_soul_feasting(True),
    notes="A wraith gone as the action resolves: no hunt (nothing to burn).",
)


# -- Web of Knives Recruit ------------------------------------------------------------------------------------------------

card(
    "Web of Knives Recruit",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(), *(CounterOnThisCard(),) * 3), label="3 training counters"),
    notes="The card waits with its training counters among its player's cards in play (the text: in the "
    "uncontrolled region; no card here reaches it there).",
)


@hook("unlock", "Web of Knives Recruit")
def _web_of_knives_training(game: Game, seat: int) -> None:
    """During your unlock phase, 1 training counter burned from each of up to two Web of Knives Recruits; after the
    last, the card becomes a 3-capacity Independent Assamite with [cel][obf][pot][qui] and 3 blood, ready."""
    wanted = vekn(game, "Web of Knives Recruit")
    waiting = [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]
    for copy in waiting[:2]:
        game.card_counters[copy] = game.card_counters.get(copy, 0) - 1
        if game.card_counters[copy] > 0:
            continue
        game.card_counters.pop(copy, None)
        game.minions[copy] = Minion(
            id=copy,
            card=wanted,
            capacity=3,
            blood=3,
            in_play=True,
            kind=VAMPIRE,
            clan="Assamite",
            sect="Independent",
            disciplines=(("cel", 1), ("obf", 1), ("pot", 1), ("qui", 1)),
            traits=("blood cursed",),
        )
        game.gained += 3
        game.log("embrace", seat, copy, copy)


@hook("may_diablerize", "Web of Knives Recruit")
def _web_of_knives_blood_cursed(game: Game, minion: int) -> bool:
    """The Web of Knives Recruit vampire is Blood Cursed: it cannot commit diablerie (§7 L2316)."""
    m = game.minions.get(minion)
    return m is None or m.card != vekn(game, "Web of Knives Recruit")


# -- Anima Gathering ------------------------------------------------------------------------------------------------------

_ANIMA = "anima gathering"  # a rider on the chosen minion: the copy (value); "…:superior" for a copy played at [AUS]


def _other_own_minions(game: Game, play: Play) -> list[int]:
    return [m.id for m in ready_minions(game, play.seat) if m.id != play.minion]


def _anima_gathering(game: Game, play: Play) -> None:
    """The card goes on the acting vampire; the chosen minion gets +2 intercept ([AUS]: and +1 bleed) while it is
    there."""
    PutOnTarget(on_self=True)(game, play)
    if play.target in game.minions:
        key = f"{_ANIMA}:superior" if play.mode.superior else _ANIMA
        add_rider(game, play.target, key, play.card, Until.END_OF_GAME, play.seat)


def _anima(game: Game, minion: int) -> list[tuple[int, bool]]:
    """(copy, superior) of each Anima Gathering giving ``minion`` its bonus: the copy still on a locked vampire; a
    copy whose vampire unlocked is burned ("Burn this card if this minion unlocks")."""
    if not game.riders:
        return []
    out = []
    for r in [r for r in game.riders if r.key.startswith(_ANIMA) and r.holder == minion]:
        holder = next((m for m in game.minions.values() if r.value in m.cards), None)
        if holder is None:
            game.riders.remove(r)
        elif not holder.locked:
            game.riders.remove(r)
            burn_card(game, r.value)
        else:
            out.append((r.value, r.key.endswith(":superior")))
    return out


card(
    "Anima Gathering",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=_other_own_minions,
        effects=(_anima_gathering,),
        label="another minion gets +2 intercept",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=_other_own_minions,
        effects=(_anima_gathering,),
        label="another minion gets +2 intercept and +1 bleed",
    ),
    notes="The vampire with the card never unlocks as normal (its controller's choice, always taken here: the bonus "
    "lasts while it stays locked); a copy whose vampire unlocked by another effect burns as its bonus is next read.",
    unlock_phase=UnlockPhase(stays_locked=True),
)


@hook("intercept", "Anima Gathering")
def _anima_intercept(game: Game, minion: int, act: Action) -> int:
    return 2 * len(_anima(game, minion))


@hook("bleed", "Anima Gathering")
def _anima_bleed(game: Game, act: Action) -> int:
    return sum(1 for _, superior in _anima(game, act.actor) if superior)


# -- Taunt the Caged Beast ------------------------------------------------------------------------------------------------


def _prey_vampires_with_a_rival(game: Game, play: Play) -> list[int]:
    """[ANI]: a ready vampire of your prey, while your predator (another Methuselah) has one too."""
    prey, predator = game.prey(play.seat), game.predator(play.seat)
    if prey == predator or play.seat in (prey, predator):
        return []
    if not any(m.kind == VAMPIRE for m in ready_minions(game, predator)):
        return []
    return [m.id for m in ready_minions(game, prey) if m.kind == VAMPIRE]


def _taunt(game: Game, play: Play) -> Flow:
    """A ready vampire of your predator (chosen now) and the prey's target vampire enter combat, the prey's first
    (LSJ 20070319); if only one is ready at its end, it gains 4 blood."""
    prey_vampire = game.minions.get(play.target)
    rivals = [m.id for m in ready_minions(game, game.predator(play.seat)) if m.kind == VAMPIRE]
    if prey_vampire is None or not is_ready(game, prey_vampire.id) or not rivals:
        return
    option = yield from choose(game, play.seat, [Option(Kind.TERMS, play.seat, target=c) for c in rivals])
    other = option.target
    yield from combat(game, prey_vampire.id, other, None)
    ready = [x for x in (prey_vampire.id, other) if is_ready(game, x)]
    if len(ready) == 1:
        move_blood(game, ready[0], 4)
        game.log("add blood", play.seat, ready[0], 4)


card(
    "Taunt the Caged Beast",
    _enter_combat(ready_vampires_of_others, "enter combat with a vampire, 1 optional maneuver", combat_maneuvers=1),
    Mode(
        window=W.ACTION,
        superior=True,
        when=has_targets(_prey_vampires_with_a_rival),
        targets=_prey_vampires_with_a_rival,
        effects=(_taunt,),
        label="a vampire of your prey and one of your predator enter combat",
    ),
    notes="[ANI]: the predator's vampire is chosen as the action resolves (the card: as it is played).",
)


# -- Under Siege ----------------------------------------------------------------------------------------------------------


def _may_block_here(game: Game, play: Play) -> bool:
    """The player's minions may block the current action (its target; an undirected action's prey or predator)."""
    act = play.frame if isinstance(play.frame, Action) else None
    if act is None or act.seat == play.seat or act.blocked or play.seat in act.declined:
        return False
    if act.directed:
        return act.target == play.seat
    return play.seat in (game.prey(act.seat), game.predator(act.seat))


def _sabbat_blockers(game: Game, play: Play) -> list[int]:
    """The player's ready Sabbat vampires that could attempt to block the current action (Under Siege)."""
    act = play.frame if isinstance(play.frame, Action) else None
    if act is None or act.blocker >= 0 or not _may_block_here(game, play):
        return []
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE and m.sect == "Sabbat" and may_attempt_block(game, dataclasses.replace(play, minion=m.id))
    ]


def _sabbat_attempting(game: Game, play: Play) -> list[int]:
    """The player's Sabbat vampire already attempting to block (ANK 20181122-2), short of intercept."""
    act = play.frame if isinstance(play.frame, Action) else None
    if act is None or act.blocker < 0 or act.stealth <= act.intercept:
        return []
    m = game.minions.get(act.blocker)
    ok = m is not None and m.sect == "Sabbat" and m.kind == VAMPIRE and controller(game, m.id) == play.seat
    return [m.id] if ok and m is not None else []


def _siege_counter(game: Game, play: Play) -> None:
    """Burn 1 counter from Under Siege; with none left, it burns."""
    game.card_counters[play.card] = game.card_counters.get(play.card, 0) - 1
    if game.card_counters[play.card] <= 0:
        burn_card(game, play.card)


def _siege_attempt(game: Game, play: Play) -> Flow | None:
    """The chosen Sabbat vampire unlocks and attempts to block with +1 intercept."""
    m = game.minions.get(play.target)
    if m is None:
        return None
    m.locked = False
    return AttemptBlock(intercept=1)(game, dataclasses.replace(play, minion=m.id))


def _siege_intercept(game: Game, play: Play) -> None:
    """The Sabbat vampire already attempting to block unlocks and gets +1 intercept."""
    m = game.minions.get(play.target)
    if m is not None:
        m.locked = False
        Intercept(1)(game, play)


card(
    "Under Siege",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(), *(CounterOnThisCard(),) * 3), label="3 counters"),
    Mode(
        window=W.BEFORE_BLOCKS,
        in_play=True,
        targets=_sabbat_blockers,
        effects=(_siege_counter, _siege_attempt),
        limit="under siege",
        limit_scope="action",
        label="burn a counter: a Sabbat vampire unlocks and attempts to block with +1 intercept",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        targets=_sabbat_attempting,
        effects=(_siege_counter, _siege_intercept),
        limit="under siege",
        limit_scope="action",
        label="burn a counter: the blocking Sabbat vampire unlocks with +1 intercept",
    ),
    notes="Once each action, for either use (a new attempt, or the vampire already attempting: ANK 20181122-2).",
)


# -- Force of Will --------------------------------------------------------------------------------------------------------

card(
    "Force of Will",
    Mode(
        window=W.ACTION,
        when=v.ByLockedMinion(),
        bleeds=True,
        bleed=1,
        effects=(DamageAfterResolution(2, even_if_blocked=True),),
        label="a locked vampire bleeds +1, then 2 aggravated damage",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        when=v.ByLockedMinion(),
        bleeds=True,
        bleed=2,
        effects=(DamageAfterResolution(1, even_if_blocked=True),),
        label="a locked vampire bleeds +2, then 1 aggravated damage",
    ),
)


# -- cov_d: Puppet Master ---------------------------------------------------------------------------------------------

_PUPPET = "Puppet Master"


def _puppet_mark(game: Game, play: Play) -> None:
    """The turn it was played in (its player's turn count): "your next minion phase" is a later one."""
    add_rider(game, play.card, "puppet turn", game.seats[play.seat].turns, Until.END_OF_GAME)


def _puppets(game: Game) -> list[tuple[int, int, int]]:
    """(card copy, the vampire it is on, the turn it was played) for each Puppet Master on a vampire."""
    found = []
    for r in game.riders:
        if r.key == "puppet turn":
            for s in game.order:
                for c in game.seats[s].controlled:
                    m = game.minions.get(c)
                    if m is not None and r.holder in m.cards:
                        found.append((r.holder, c, r.value))
    return found


@hook("stays_locked", _PUPPET)
def _puppet_stays_locked(game: Game, seat: int) -> list[int]:
    """The attached vampire does not unlock as normal."""
    if not game.riders:
        return []
    return [m for _, m, _ in _puppets(game) if game.minions[m].locked and m in game.seats[seat].controlled]


@hook("minion_phase", _PUPPET)
def _puppet_pulls(game: Game, seat: int) -> None:
    """In its player's next minion phase, as it starts: burn it, unlock the vampire and take control of it until the
    end of the turn (a rider names the Methuselah it goes back to: the end_of_turn hook)."""
    if not game.riders:
        return
    for card_copy, minion, turn in _puppets(game):
        if game.owner_of[card_copy] != seat or game.seats[seat].turns <= turn:
            continue
        burn_card(game, card_copy)
        game.riders = [r for r in game.riders if not (r.holder == card_copy and r.key == "puppet turn")]
        m = game.minions[minion]
        m.locked = False
        previous = controller(game, minion)
        if previous == seat:
            continue
        StealMinion()(game, Play(seat=seat, card=card_copy, mode=_PULL, target=minion))
        add_rider(game, minion, "puppet", previous, Until.END_OF_TURN)


@hook("end_of_turn", _PUPPET)
def _puppet_returns(game: Game, seat: int) -> None:
    """The vampire goes back to the Methuselah it was taken from, in torpor too (LSJ 20010119); removed from the
    game if that Methuselah was ousted (ANK 20181110)."""
    for r in [r for r in game.riders if r.key == "puppet"] if game.riders else []:
        m = game.minions.get(r.holder)
        if m is None or not m.in_play or m.id not in game.seats[seat].controlled:
            continue
        if game.seats[r.value].ousted:
            leave_play(game, m.id, removed=True)
            game.log("remove from the game", seat, m.id)
        else:
            StealMinion()(game, Play(seat=r.value, card=-1, mode=_PULL, target=m.id))


_PULL = Mode(window=W.ACTION)  # the mode of the Plays the control changes are made with (StealMinion reads none)

card(
    _PUPPET,
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=younger_ready_vampires_of_others,
        effects=(PutOnTarget(), LockTarget(), _puppet_mark),
        label="put on a younger vampire and lock it; steal it next minion phase",
    ),
    notes="The control is taken as its player's next minion phase starts (the rulings allow any point of it: "
    "LSJ 20001201; the start gives the vampire its actions).",
)


# -- cov_d: Charming Lobby --------------------------------------------------------------------------------------------

_LOBBY = "Charming Lobby"
_LOBBY_HOLDER = -2000  # the holder of the rider "the next referendum passes automatically" (no minion nor seat)
_FIZZLED = Mode(window=W.ACTION)  # the chosen card left the hand: the action succeeds with no effect


def _political_handler(game: Game, copy: int) -> Handler | None:
    return next((h for h in game.compiled.actions.get(game.card_of[copy], ()) if h.mode.political), None)


def _lobby_cards(game: Game, play: Play) -> list[int]:
    """The political action cards in the player's hand the acting vampire may play: requirements and cost apply
    (ANK 20220704, LSJ 20100819), an X cost aside; one copy of each card."""
    m = game.minions.get(play.minion)
    if m is None:
        return []
    seen: set[int] = set()
    out = []
    for c in game.seats[play.seat].hand:
        vekn_id = game.card_of[c]
        if c == play.card or vekn_id in seen:
            continue
        seen.add(vekn_id)
        h = _political_handler(game, c)
        if h is None or h.mode.x_cost or not may_play(game, h, m):
            continue
        blood, pool = card_cost(game, h, play.seat, m.id)
        if blood < m.blood and pool < game.seats[play.seat].pool:
            out.append(c)
    return out + referendum_burnable(game, play)


@hook("before_resolution", _LOBBY)
def _lobby_calls(game: Game, act: Action) -> None:
    """At resolution the chosen card is played: its cost paid (not the action's: LSJ 20091021), it calls the
    referendum in the Lobby's place (its vote the caller's, ANK 20220704); the Lobby goes to the ash heap. A card no
    longer in the hand calls nothing."""
    if act.card < 0 or game.card_of[act.card] != vekn(game, _LOBBY) or "value" not in act.flags:
        return
    chosen = act.flags.pop("value")
    m = game.minions.get(act.actor)
    act.flags["lobby"] = 2 if act.mode is not None and act.mode.superior else 1
    if chosen not in game.seats[act.seat].hand:  # a card in play allows the referendum: it burns the card
        held = any(chosen in game.seats[s].controlled for s in game.order)
        act.mode, act.target_minion = (BURN_BY_REFERENDUM, chosen) if held else (_FIZZLED, -1)
        act.kind = Act.POLITICAL if held else Act.CARD
        to_ash_heap(game, act.card)  # no political action card: no vote from a card (LSJ 20070927)
        refill(game, act.seat)
        act.card = -1
        return
    handler = _political_handler(game, chosen) if chosen in game.seats[act.seat].hand else None
    if m is None or handler is None:
        act.kind, act.mode = Act.CARD, _FIZZLED
        return
    blood, pool = card_cost(game, handler, act.seat, m.id, paying=True)
    move_blood(game, m.id, -blood)
    if pool:
        economy.burn_pool(game, act.seat, pool)
    to_ash_heap(game, act.card)
    refill(game, act.seat)
    set_aside(game, act.seat, chosen)
    act.card, act.mode = chosen, handler.mode
    game.log("play", act.seat, chosen, handler.index, m.id, -1)


@hook("before_referendum", _LOBBY)
def _lobby_votes(game: Game, act: Action, play: Play) -> None:
    """[PRE]: the vampire gains 2 votes in that first referendum."""
    if act.flags.get("lobby") == 2 and isinstance(play.frame, Referendum):
        play.frame.extra_votes[act.seat] = play.frame.extra_votes.get(act.seat, 0) + 2


@hook("referendum_passed", _LOBBY)
def _lobby_passed(game: Game, ref: Referendum) -> None:
    """If it passes, the next referendum called by any vampire thereafter passes automatically."""
    act = current_action(game)
    if act is not None and act.flags.get("lobby"):
        add_rider(game, _LOBBY_HOLDER, "lobby", 1, Until.END_OF_GAME)


@hook("passes_automatically", _LOBBY)
def _lobby_passes(game: Game, ref: Referendum) -> bool:
    """The next referendum a vampire calls, any Methuselah's (PIB 20110719); a blood hunt is called by none (TOM
    19950921)."""
    if not game.riders:
        return False
    rider = next((r for r in game.riders if r.holder == _LOBBY_HOLDER and r.key == "lobby"), None)
    m = game.minions.get(ref.caller) if ref.caller >= 0 else None
    if rider is None or m is None or m.kind != VAMPIRE:
        return False
    game.riders.remove(rider)
    return True


card(
    _LOBBY,
    Mode(window=W.ACTION, political=True, stealth=1, values=_lobby_cards, label="call a referendum"),
    Mode(window=W.ACTION, political=True, stealth=1, superior=True, values=_lobby_cards, label="… with +2 votes"),
    notes="The chosen card stays in the hand until resolution (the card: kept apart). A referendum allowed by an "
    "effect in play: to burn another Methuselah's card in play (Anarch Revolt, Elysium: The Arboretum).",
)


# -- cov_d: Loki's Gift -----------------------------------------------------------------------------------------------

_LOKI = "Loki's Gift"


_LOKI_SUPERIOR = "played at superior"  # a mark on the copy: its polling use is the [PRO] one's


card(
    _LOKI,
    Mode(
        window=W.ACTION,
        stealth=1,
        when=not_carrying(_LOKI),
        effects=(HuntFor(), PutOnTarget(on_self=True)),
        label="+1 stealth hunt; the card on the vampire",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        directed=True,
        when=not_carrying(_LOKI),
        targets=ready_vampires_of_others,
        effects=(HuntFor(), PutOnTarget(on_self=True), v.MarkThisCard(_LOKI_SUPERIOR), BurnTargetBlood(1)),
        label="(D) +1 stealth hunt, burn 1 blood of a vampire; the card on the vampire",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(v.self_acting, v.has_blood(1), v.intercept_reaches_stealth),
        effects=(BurnBlood(1), BurnThisCard(), Stealth(1)),
        label="burn it and 1 blood: +1 stealth",
    ),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, v.this_card_marked(_LOKI_SUPERIOR)),
        effects=(BurnThisCard(), ExtraVotes(2)),
        label="burn it: +2 votes",
    ),
    notes="[PRO]'s blood is burned from a ready vampire of another Methuselah (the (D) action's target).",
)


# -- cov_d: Skaald ----------------------------------------------------------------------------------------------------

_SKAALD = "Skaald"


def _untitled_gangrel(m: Minion) -> bool:
    return m.kind == VAMPIRE and m.clan == "Gangrel" and not m.title


@hook("votes", _SKAALD)
def _skaald_votes(game: Game, seat: int) -> int:
    """The non-titled Gangrel with Skaald gets +2 votes in referendums called by a Gangrel."""
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    caller = game.minions.get(ref.caller) if ref is not None and ref.caller >= 0 else None
    if caller is None or caller.clan != "Gangrel":
        return 0
    wanted = vekn(game, _SKAALD)
    return sum(
        2 for m in ready_minions(game, seat) if _untitled_gangrel(m) and any(game.card_of[c] == wanted for c in m.cards)
    )


@hook("may_remove", _SKAALD)
def _skaald_thieves(game: Game, minion: int, copy: int, on: int) -> bool:
    """Only an older non-titled Gangrel can steal it."""
    if game.card_of[copy] != vekn(game, _SKAALD):
        return True
    m, holder = game.minions.get(minion), game.minions.get(on)
    return m is not None and holder is not None and _untitled_gangrel(m) and m.capacity > holder.capacity


card(
    _SKAALD,
    Mode(window=W.ACTION, stealth=1, effects=(PutOnTarget(on_self=True), UnlockSelf()), label="on this Gangrel"),
    steal="vampire",
)
removal_stealth(_SKAALD, 1)


# -- cards added by cov_c -------------------------------------------------------------------------------------------------

_SEGREGATION = "Judgment: Camarilla Segregation"

card(
    _SEGREGATION,
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),), label="put in play"),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=own_vampires_not_in_sect("Camarilla"),
        effects=(BurnTargetMinion(), BurnThisCard()),
        label="burn a non-Camarilla vampire you control: burn this card",
    ),
    notes="Any Methuselah may burn it in its master phase (not a master phase action).",
    upkeep=Upkeep(pool=1, if_controlling_not_sect="Camarilla"),
)


offered_to_every_methuselah(W.MASTER, _SEGREGATION)


card(
    "Open War",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),), limit="open war", limit_scope="game", label="put in play"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=in_sect("Anarch"),
        targets=ready_minions_of_others,
        label="an Anarch enters combat with a minion",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        cost_pool=2,
        when=in_sect("Anarch"),
        targets=locations_of_others,
        effects=(BurnTargetCard(),),
        label="an Anarch burns a location (2 pool)",
    ),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=all_of(master_action_left, pool_at_least(2)),
        effects=(SpendMasterAction(), PoolToThisCard(1, burn_at=4, gain=4)),
        label="a master phase action: 1 pool to this card",
    ),
    notes="Any Methuselah's Anarchs use its actions, and any Methuselah its master phase ability; at 4 counters its "
    "controller gains the 4 pool.",
)
offered_to_every_methuselah(W.MASTER, "Open War")


# -- The Status Perfectus --------------------------------------------------------------------------------------------------


def _perfectus_fought(game: Game, play: Play) -> tuple[int, int] | None:
    """(the blocking Anarch, the acting minion still ready) after an action whose block led to a combat."""
    act = action_of(play)
    if act is None or act.blocker < 0 or act.flags.get("combat_with", -1) != act.blocker:
        return None
    blocker = game.minions.get(act.blocker)
    if blocker is None or blocker.kind != VAMPIRE or blocker.sect != "Anarch" or not is_ready(game, act.actor):
        return None
    return act.blocker, act.actor


def _perfectus_anarchs(game: Game, play: Play) -> Sequence[int]:
    """A ready unlocked Anarch of the player's other than the blocking one, to enter combat with the acting
    minion (another Methuselah's)."""
    fought = _perfectus_fought(game, play)
    if fought is None or controller(game, fought[1]) == play.seat:
        return []
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE and m.sect == "Anarch" and not m.locked and m.id != fought[0]
    ]


def _perfectus_combat(game: Game, play: Play) -> Flow | None:
    """Lock the Anarch; it enters combat with the acting minion (the combat is no part of the action: ANK 20180929,
    as Marie-Pierre's)."""
    fought = _perfectus_fought(game, play)
    anarch = game.minions.get(play.target)
    if fought is None or anarch is None or not is_ready(game, anarch.id):
        return None
    anarch.locked = True
    return combat(game, anarch.id, fought[1], None)


card(
    "Status Perfectus, The",
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),), label="put in play"),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=blood_movers("Anarch"),
        effects=(MoveBloodToAnother(1, sect="Anarch"),),
        label="move 1 blood between ready Anarchs",
    ),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        targets=_perfectus_anarchs,
        effects=(LockThisCard(), ActingMinionCannotStrikeFirstRound(), _perfectus_combat),
        label="lock: another Anarch enters combat with the acting minion, which cannot strike in the first round",
    ),
    notes="Its combat follows the action's (after the blocking Anarch's combat has ended), no part of the action.",
)


# -- Divine Sign -----------------------------------------------------------------------------------------------------------

_DIVINE_SIGN = "Divine Sign"
_DIVINE_SIGN_EFFECTS = (ThisCardChoosesTarget(), PutOnTarget(on_self=True), UnlockSelf())

card(
    _DIVINE_SIGN,
    Mode(
        window=W.ACTION,
        stealth=1,
        directed=True,
        when=not_carrying(_DIVINE_SIGN),
        targets=ready_minions_of_others,
        effects=_DIVINE_SIGN_EFFECTS,
        label="+2 intercept against a minion",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        directed=True,
        when=not_carrying(_DIVINE_SIGN),
        targets=ready_minions_of_others,
        effects=_DIVINE_SIGN_EFFECTS,
        label="+2 intercept against a minion; open hand in the combat of its block",
    ),
    burn="chosen minion",
    bearer=Bearer(intercept_vs_chosen=2),
    notes="The minion chosen is a ready minion of another Methuselah (the (D) action is directed at its controller). "
    "[NEC]'s open hand changes no decision here (the bots read no hand but their own).",
)


# -- Clan Impersonation ----------------------------------------------------------------------------------------------------
# The vampire's clan is ``Minion.clan`` (what every card reads); the clan chosen is also a rider on the card (its index
# in the table's clans), so that removing one copy gives the vampire back the clan of the copy left, if any, or its
# printed one (ANK 20200415, RTR 20201130; the most recent change takes precedence: LSJ 20021209).

_IMPERSONATION = "Clan Impersonation"
_CLAN_CHOSEN = "clan chosen"  # a rider on a Clan Impersonation: the index of its clan in _table_clans


def _table_clans(game: Game) -> tuple[str, ...]:
    """The clans a card at this table names (its requirements) or a vampire at the table is of, sorted (once per
    table): the clans worth choosing."""
    found = game.table.get("clans")
    if found is None:
        cards = game.compiled.cards
        names: set[str] = set()
        for vekn in set(game.card_of):
            c = cards.get(vekn)
            if c is not None:
                names.update(clan_name(x) for x in (*c.requirements.clans, *(c.clans if c.is_crypt else ())))
        found = game.table["clans"] = tuple(sorted(names))
    return tuple(found)


def _impersonate(game: Game, play: Play) -> Flow | None:
    """The card goes on the acting vampire, who is of the clan chosen now from then on."""
    m = game.minions.get(play.minion)
    if m is None or not m.in_play:
        to_ash_heap(game, play.card)
        return None
    clans = _table_clans(game)
    mine = clan_name(m.clan)
    offered = most_wanted_clans(game, play.seat, [name for name in clans if name != mine])
    options = [Option(Kind.TERMS, play.seat, value=clans.index(name)) for name in offered]
    if not options:
        to_ash_heap(game, play.card)
        return None
    return _impersonate_as(game, play, m, options)


def _impersonate_as(game: Game, play: Play, m: Minion, options: list[Option]) -> Flow:
    chosen = yield from choose(game, play.seat, options)
    PutOnTarget(on_self=True)(game, play)
    game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == _CLAN_CHOSEN)]
    add_rider(game, play.card, _CLAN_CHOSEN, chosen.value, Until.END_OF_GAME)
    m.clan = _table_clans(game)[chosen.value]
    game.log("clan", play.seat, m.id, m.clan)


@hook("card_burned", _IMPERSONATION)
def _impersonation_ends(game: Game, copy: int, minion: int) -> None:
    """Burned, the vampire's clan is the one chosen by the Clan Impersonation left on it, or its printed one."""
    m = game.minions.get(minion)
    if m is None or game.card_of[copy] != vekn(game, _IMPERSONATION):
        return
    m.clan = _clan_now(game, m)


def _clan_now(game: Game, m: Minion) -> str:
    wanted = vekn(game, _IMPERSONATION)
    clans = _table_clans(game)
    for c in reversed(m.cards):
        if game.card_of[c] == wanted:
            for r in game.riders:
                if r.holder == c and r.key == _CLAN_CHOSEN and 0 <= r.value < len(clans):
                    return clans[int(r.value)]
    template = game.vampires.get(m.card)
    return template.clan if template is not None else m.clan


def _impersonated(game: Game, m: Minion) -> Any:
    """The vampire as the requirement checks see it while it carries a Clan Impersonation (None: it carries none):
    of its clan now, its sect, title and traits (slave status: LSJ 20030511) unchanged."""
    wanted = vekn(game, _IMPERSONATION)
    if not m.cards or m.kind != VAMPIRE or not any(game.card_of[c] == wanted for c in m.cards):
        return None
    printed = game.compiled.eligibility.minion(m.card)
    card = game.compiled.cards.get(m.card)
    if printed is None or card is None:
        return None
    as_clan = with_clan(printed, card.clans, m.clan)
    return in_game(as_clan, tuple(d for d, _ in m.disciplines), m.capacity)


@hook("may_play", _IMPERSONATION)
def _impersonation_may_play(game: Game, handler: Any, m: Minion) -> bool:
    """A card requiring a clan is played by the clan the vampire is considered of, not by its printed one."""
    if handler.requirement is None:
        return True
    seen = _impersonated(game, m)
    return seen is None or bool(handler.requirement.met_by(seen, became_anarch=m.sect == "Anarch"))


@hook("meets_requirement", _IMPERSONATION)
def _impersonation_meets(game: Game, handler: Any, m: Minion) -> bool:
    seen = _impersonated(game, m) if handler.requirement is not None else None
    return seen is not None and bool(handler.requirement.met_by(seen, became_anarch=m.sect == "Anarch"))


card(
    _IMPERSONATION,
    Mode(window=W.ACTION, stealth=1, effects=(_impersonate,), label="choose a clan"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        when=carried_by_actor,
        effects=(BurnThisCard(),),
        label="burn this card",
    ),
    notes="The clans offered are those the table's cards name or its vampires are of. A title is no clan's here "
    "(the engine's titles name no clan), so no title is lost with the clan (RTR 20201130).",
)


# -- Khabar: Glory ---------------------------------------------------------------------------------------------------------

_GLORY = "Khabar: Glory"
card(
    _GLORY,
    Mode(
        window=W.ACTION,
        stealth=1,
        when=v.NoOptionalActionThisTurn(),
        effects=(PutOnTarget(on_self=True), UnlockSelf()),
        label="+1 bleed; 4 more pool if the prey is ousted",
    ),
    bearer=Bearer(bleed=1, oust_pool=4),
    unlock_phase=UnlockPhase(burn=True),
)


# -- Pulse of the Canaille -------------------------------------------------------------------------------------------------

card(
    "Pulse of the Canaille",
    Mode(window=W.ACTION, stealth=1, label="look at every hand this turn"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        when=not_carrying("Pulse of the Canaille"),
        effects=(PutOnTarget(on_self=True),),
        label="+2 bleed while on this vampire",
    ),
    bearer=Bearer(bleed=2),
    notes="[aus]: looking at the hands changes no decision here (the bots read no hand but their own).",
)


# -- Gift of Proteus ----------------------------------------------------------------------------------------------------
# The cards on it wait face down in ``Game.held``; the Gangrel it is on plays them as if from the hand (vocabulary
# ``plays_held_cards``: game.as_if_from_hand).

_GIFT = "Gift of Proteus"


def _protean_count(game: Game, play: Play) -> range:
    """How many cards requiring Protean to put on it, announced with the action (PIB 20150428): 1 up to those held."""
    return range(1, 1 + sum(1 for c in cards_requiring(game, play.seat, "pro") if c != play.card))


@hook("before_as_played", _GIFT)
def _gift_announced(game: Game, copy: int, seat: int, mode: Any, minion: int) -> None:
    """The cards it may take are those in the hand as it is played, before its replacement is drawn (PIB 20150428)."""
    act = current_action(game)
    if act is not None and act.card == copy and game.card_of[copy] == vekn(game, _GIFT):
        for c in cards_requiring(game, seat, "pro"):
            act.flags[f"proteus {c}"] = 1


def _gift(game: Game, play: Play) -> Generator[Any, Any, None]:
    """Put the Gift on the Gangrel with the number of cards requiring Protean announced, chosen from those still in
    the hand (all of them if fewer are left: PIB 20150428); with none on it, it burns."""
    act = action_of(play)
    m = game.minions.get(play.minion)
    if m is None or act is None:
        return
    left = [c for c in cards_requiring(game, play.seat, "pro") if act.flags.get(f"proteus {c}")]
    chosen: list[int] = []
    while left and len(chosen) < play.value:
        if len(chosen) + len(left) <= play.value:
            chosen += left
            break
        option = yield from choose(game, play.seat, [Option(Kind.TERMS, play.seat, target=c) for c in left])
        chosen.append(option.target)
        left.remove(option.target)
    if not chosen:
        return  # "Burn this card if it has no cards on it": it goes to the ash heap as the action ends
    leave_aside(game, play.card)
    m.cards.append(play.card)
    hand = game.seats[play.seat].hand
    for c in chosen:
        hand.remove(c)
        hold(game, play.card, c)
    game.log("cards to card", play.seat, play.card, len(chosen))
    refill(game, play.seat)


@hook("held_emptied", _GIFT)
def _gift_emptied(game: Game, holder: int) -> None:
    """ "Burn this card if it has no cards on it"."""
    if game.card_of[holder] == vekn(game, _GIFT):
        burn_card(game, holder)


plays_held_cards(_GIFT, bearer=True)
card(
    _GIFT,
    Mode(
        window=W.ACTION,
        stealth=1,
        when=carries_no(_GIFT),
        values=_protean_count,
        effects=(_gift,),
        label="put this card on this Gangrel with X cards requiring Protean from the hand",
    ),
    notes="X, the number of cards requiring Protean (at either level) put on it, is chosen as the action is announced, "
    "among the cards in the hand then (PIB 20150428); the cards themselves are chosen at resolution. The Gangrel plays "
    "them as if from the hand (requirements and costs apply; no replacement, 'do not replace' clauses ignored: LSJ "
    "20081126); they cannot be discarded or used for votes (LSJ 20050118). It burns as its last card is played.",
)


# -- Steely Tenacity ----------------------------------------------------------------------------------------------------

retrieves_on_replace("Steely Tenacity")
card(
    "Steely Tenacity",
    Mode(
        window=W.STRIKE,
        disciplines=("ani",),
        values=hand_or_melee_strikes,
        effects=(StrikeHandOrMelee(bonus=1, press=True), DoNotReplace(Until.END_OF_ACTION), RetrieveOnReplace()),
        label="hand or melee weapon strike at +1 damage, 1 optional press",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("dom",),
        bleeds=True,
        bleed=1,
        replace_after_action=True,
        label="bleed +1",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("qui",),
        stealth=1,
        directed=True,
        enters_combat=True,
        replace_after_action=True,
        targets=ready_minions_of_others,
        label="+1 stealth, enter combat",
    ),
    notes="Replaced once its action is over, after every combat and 'after resolution' effect (LSJ 20001120, LSJ "
    "20101021), blocked or not; then it always comes back from the ash heap instead of a draw when it is there (RBK "
    "targeting-of-cards), unless it was cancelled as played (LSJ 20080630) or its replacement is prevented (Visit "
    "from the Capuchin: LSJ 20080723); delayed (The Meddling of Semsith), it comes back when the replacement is "
    "drawn (LSJ 20100527). The optional press is usable in the current round only (TOM 19960521).",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

card(
    "Restoration",
    Mode(window=W.ACTION, stealth=1, effects=(AddBlood(2, to_self=True),), label="gain 2 blood"),
    Mode(window=W.ACTION, superior=True, stealth=1, effects=(AddBlood(3, to_self=True),), label="gain 3 blood"),
)
card(
    "Shattering",
    Mode(
        window=W.ACTION,
        disciplines=("chi",),
        stealth=1,
        directed=True,
        seat_target=True,
        targets=v.other_methuselahs,
        effects=(v.TargetDiscards(1, players_choice=True),),
        label="discard a card of your choice from another Methuselah's hand",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("dem",),
        stealth=2,
        targets=v.events_in_play,
        effects=(v.BurnTargetCard(),),
        label="burn an event",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("pro",),
        directed=True,
        targets=ready_minions_of_others,
        effects=(v.DamageTarget(2),),
        label="2 unpreventable damage on a ready minion",
    ),
    notes="[chi] and [pro] are (D) at the Methuselah or the minion's controller; [dem] is undirected whoever controls "
    "the event.",
)

_ATONEMENT = "Atonement"
card(
    _ATONEMENT,
    Mode(window=W.ACTION, stealth=1, effects=(PutOnTarget(on_self=True),), label="put on this vampire"),
    burn="vampire",
    bearer=Bearer(intercept=1, blocks_younger_unlocked=True),
)
v.removal_stealth(_ATONEMENT, -1, clan="Follower of Set")
v.removal_stealth(_ATONEMENT, -1, clan="Ministry")


# Big Game: against a Red List minion (still one as the action resolves), a maneuver or press in the combat, and the
# acting minion unlocks after it if still ready.
_RED_LIST = Minions(whose="others", kind=None, ready=False, trait="red list")

card(
    "Big Game",
    Mode(
        window=W.ACTION,
        directed=True,
        enters_combat=True,
        replace_after_action=True,
        targets=ready_minions_of_others,
        before_combat=(If(target_still(_RED_LIST), (ManeuverOrPressInCombat(),)),),
        effects=(If(all_of(target_still(_RED_LIST), locked_self, self_ready), (UnlockSelf(),)),),
        label="enter combat",
    ),
    notes="Against a Red List minion, the acting minion unlocks as the action resolves, after the combat.",
)


card(
    "Anonymous Freight",
    Mode(
        window=W.ACTION,
        stealth=3,
        targets=v.from_hand_onto_self("Equipment"),
        effects=(v.PutTargetOnSelfFromHand(),),
        label="equip with an equipment card from the hand",
    ),
    notes="The equipment is chosen as the action is announced (LSJ 20100130); its requirements are not the "
    "action's (ANK 20180817).",
)

_PURGE = "Baltimore Purge"


@hook("unlock", _PURGE)
def _baltimore_purge(game: Game, seat: int) -> int:
    """During your unlock phase: burn the card; each other Methuselah's ready vampire not older than this one (its
    youngest, then poorest: that Methuselah's pick; with a ready Lasombra of yours, your pick: its oldest, then
    richest) and this vampire go to torpor, all at once (LSJ 20050111)."""
    wanted = v.vekn(game, _PURGE)
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        purges = [x for x in m.cards if game.card_of[x] == wanted] if m is not None else []
        if m is None or not purges:
            continue
        for x in purges:
            v.burn_card(game, x)
        lasombra = any(o.kind == VAMPIRE and o.clan == "Lasombra" for o in v.ready_minions(game, seat))
        victims = [m.id]
        for other in game.order:
            if other == seat or game.seats[other].ousted:
                continue
            fits = [o for o in v.ready_minions(game, other) if o.kind == VAMPIRE and o.capacity <= m.capacity]
            if fits:
                key = lambda o: (o.capacity, o.blood)  # noqa: E731
                victims.append((max(fits, key=key) if lasombra else min(fits, key=key)).id)
        for victim in victims:
            if victim in game.minions and game.minions[victim].in_play:
                v.go_to_torpor(game, victim)
    return 0


card(
    _PURGE,
    Mode(window=W.ACTION, when=v.has_clan("Ravnos"), stealth=1, effects=(PutOnTarget(on_self=True),)),
    Mode(window=W.ACTION, when=v.not_(v.has_clan("Ravnos")), effects=(PutOnTarget(on_self=True),)),
    notes="The vampires are chosen by a fixed rule (each Methuselah sends its youngest, a Lasombra's controller "
    "picks the oldest), not asked.",
)


# --- cov_a ------------------------------------------------------------------------------------------------------------

_HELLS_FURY = "Unleash Hell's Fury"

card(
    _HELLS_FURY,
    Mode(window=W.ACTION, stealth=1, effects=(PutInPlay(),)),
    Mode(window=W.ACTION, superior=True, stealth=1, effects=(PutInPlay(), UnlockSelf()), label="and unlock"),
    blocks=Blocks(capacity=9, intercept=2, traits=("infernal",), damage_on_block=1, burn_on_block=True),
    notes="In play it attempts to block as a 9-capacity infernal vampire with +2 intercept and 0 blood, the same "
    "minion for every attempt, locked or not (LSJ 20100210, LSJ 19970707: game.card_blocker); a successful block is "
    "no combat: the acting minion takes 1 unpreventable environmental aggravated damage and the card burns before "
    "any other effect (ANK 20220116), even if the action ended (Mirror Walk: LSJ 20100301); the acting Methuselah "
    "may then play what is played once an action is blocked (Change of Target). The burn option is not modelled "
    "for any card.",
)


# Call the Great Beast: ritual counters on a Baali, then a vampire made of the card (a Minion record under the card's
# copy id, as The Embrace's), with its own abilities as in-play modes of this spec: the (D) combat, the prevention,
# and Infernal's pay-to-unlock with the "stays_locked" hook (specs/vampires.py's INFERNAL for a crypt card).

_BEAST = "Call the Great Beast"
BEAST_RISES = 11  # "If this card has 11 or more ritual counters"
_ALL_DISCIPLINES = tuple(sorted(DISCIPLINES))


def _beast_self(game: Game, play: Play) -> bool:
    """The card is the vampire it became (its own ability), not the card on a Baali."""
    return play.card == play.minion and play.card in game.minions


def _may_raise(game: Game, m: Minion | None, counters: int) -> bool:
    """The action that brings the counters to 11 puts a vampire in play: a sterile vampire cannot take it (LSJ
    20060815)."""
    return m is not None and (counters < BEAST_RISES or "sterile" not in m.traits)


def _beast_may_play(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return m is not None and _may_raise(game, m, m.capacity)


def _ritual_possible(game: Game, play: Play) -> bool:
    """The Baali carrying the card puts 1 more counter on it."""
    m = game.minions.get(play.minion)
    return carried_by_actor(game, play) and _may_raise(game, m, game.card_counters.get(play.card, 0) + 1)


def _put_on_baali(game: Game, play: Play) -> Generator[Any, Any, None] | None:
    """On the acting Baali with X ritual counters, X its capacity."""
    m = game.minions.get(play.minion)
    if m is None:
        to_ash_heap(game, play.card)
        return None
    leave_aside(game, play.card)
    m.cards.append(play.card)
    game.card_counters[play.card] = m.capacity
    game.log("equip", play.seat, m.id, play.card)
    return _beast_rises(game, play.seat, play.card, m.id)


def _ritual_counter(game: Game, play: Play) -> Generator[Any, Any, None] | None:
    m = game.minions.get(play.minion)
    if m is None or play.card not in m.cards:
        return None
    game.card_counters[play.card] = game.card_counters.get(play.card, 0) + 1
    game.log("counter", play.seat, play.card, game.card_counters[play.card])
    return _beast_rises(game, play.seat, play.card, m.id)


def beast_disciplines(game: Game, seat: int) -> list[str]:
    """Every Discipline, those the seat's library cards (library, hand, ash heap) ask for most first: the order the
    three are offered in (the bots take the first)."""
    comp = game.compiled
    s = game.seats[seat]
    wanted: dict[str, int] = {}
    for c in (*s.library, *s.hand, *s.ash_heap):
        spec = comp.specs.get(game.card_of[c])
        for index in range(len(spec.modes) if spec is not None else 0):
            handler = comp.by_mode.get((game.card_of[c], index))
            for d in handler.mode.disciplines if handler is not None else ():
                wanted[d] = wanted.get(d, 0) + 1
    return sorted(_ALL_DISCIPLINES, key=lambda d: -wanted.get(d, 0))


def _beast_rises(game: Game, seat: int, copy: int, baali: int) -> Generator[Any, Any, None] | None:
    """At 11 counters: the card moves to the ready region, the Baali burns, and the card becomes a 9-capacity unique
    clanless Independent infernal vampire with 4 strength, 3 bleed, three chosen Disciplines at the superior level
    and 9 blood (from the bank)."""
    if game.card_counters.get(copy, 0) < BEAST_RISES:
        return None
    return _rise(game, seat, copy, baali)


def _rise(game: Game, seat: int, copy: int, baali: int) -> Generator[Any, Any, None]:
    m = game.minions.get(baali)
    if m is not None and copy in m.cards:
        m.cards.remove(copy)
    game.card_counters.pop(copy, None)
    game.locked_cards.discard(copy)
    game.seats[seat].controlled.append(copy)
    beast = game.minions[copy] = Minion(
        id=copy,
        card=game.card_of[copy],
        capacity=9,
        in_play=True,
        kind=VAMPIRE,
        sect="Independent",
        traits=("infernal",),
        strength=4,
        bleed=3,
        unique=True,
        key=_BEAST,
    )
    move_blood(game, copy, 9)
    game.log("great beast", seat, copy)
    minion_entered(game, seat, copy)
    if m is not None:
        burn_minion(game, baali)
    offered = beast_disciplines(game, seat)
    chosen: list[str] = []
    for _ in range(3):
        options = [Option(Kind.TERMS, seat, target=i) for i, d in enumerate(offered) if d not in chosen]
        option = yield from choose(game, seat, options)
        chosen.append(offered[option.target])
    beast.disciplines = tuple((d, 2) for d in chosen)
    game.log("beast disciplines", seat, copy, ", ".join(chosen))


def _beast_payable(game: Game, play: Play) -> bool:
    """Infernal: the vampire is locked and the pool it costs is not the last (NO_SUICIDE_PAYMENTS)."""
    m = game.minions.get(play.minion)
    return _beast_self(game, play) and m is not None and m.locked and game.seats[play.seat].pool > 1


card(
    _BEAST,
    Mode(window=W.ACTION, stealth=1, when=_beast_may_play, effects=(_put_on_baali,), label="on this Baali"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        when=_ritual_possible,
        effects=(_ritual_counter,),
        label="1 ritual counter",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=all_of(_beast_self, has_targets(ready_minions_of_others)),
        targets=ready_minions_of_others,
        label="the Beast enters combat",
    ),
    Mode(
        window=W.PREVENT,
        role=Role.COMBATANT,
        in_play=True,
        when=all_of(_beast_self, damage_pending),
        effects=(Prevent(1),),
        limit="great beast prevents",
        limit_scope="combat",
        label="the Beast prevents 1 damage",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=_beast_payable,
        effects=(BurnPool(1), UnlockSelf()),
        label="infernal: burn 1 pool to unlock",
    ),
    notes="The counters are checked as they are put on it (a Baali of capacity 11 raises it at once). The three "
    "Disciplines are chosen among all of them, those the deck's cards ask for most offered first. It is unique: two "
    "Beasts are contested as any vampire brought out (not modelled as it rises). Burned, it is a card in the ash "
    "heap (LSJ 20020115); the rest of its life is the vampire's (Minion).",
)


@hook("stays_locked", _BEAST)
def _beast_stays_locked(game: Game, seat: int) -> list[int]:
    """Infernal (§7 L2322-2324): the Beast stays locked through its controller's unlock phase unless 1 pool is paid."""
    wanted = vekn(game, _BEAST)
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.card == wanted and m.locked:
            out.append(c)
    return out


# Contagion: on the vampire, the other Methuselahs burn 1 pool in their unlock phase while it is ready (Upkeep); [DAI]
# also gives it a strike once each combat (Bearer.only_marked: the copy played at [DAI] is marked).

_CONTAGION = "Contagion"
_CONTAGION_SUPERIOR = "played at superior"  # a mark on the copy played at [DAI]: its strike
CONTAGION_STRIKE = Strike(damage=0, effects=(CorruptThenMaySteal(opposing=True),), label="Contagion")


card(
    _CONTAGION,
    Mode(window=W.ACTION, stealth=1, effects=(PutOnTarget(on_self=True),)),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        effects=(PutOnTarget(on_self=True), v.MarkThisCard(_CONTAGION_SUPERIOR)),
        label="and a corruption strike each combat",
    ),
    upkeep=Upkeep(pool=1, others_while_ready=True),
    bearer=Bearer(strike=CONTAGION_STRIKE, once_each_combat=True, only_marked=_CONTAGION_SUPERIOR),
    notes="[DAI]'s strike (close range) puts a corruption counter as it resolves, unless dodged; with enough of "
    "them, the steal is chosen then and ends the combat (ANK 20200909, LSJ 20040130).",
)
