"""The card-spec format: cards as data (ENGINE.md, "A closed effect vocabulary").

A ``Spec`` is one card: its name (the official VEKN name) and one ``Mode`` per way to play it: one per
discipline level ("[dom]" inferior, "[DOM]" superior), per discipline of a multi-discipline card, or one
mode for a card without disciplines. A mode names

- its ``window`` (windows.W): where it may be played;
- who plays it (``role``, by default from the card's type: an action modifier by the acting minion, a
  reaction by a ready unlocked minion of another Methuselah, a combat card by a combatant, a master by the
  Methuselah, an action card by the minion taking the action);
- a predicate ``when`` over the game and the ``Play`` (``vocabulary.py`` has the common ones:
  ``bleeding_you``, ``action_succeeded``…), composable with ``all_of``;
- its effects: a tuple of primitives from ``vocabulary.py``, each a small callable run in order;
- for an action card: ``act`` fields (``bleeds``, ``directed``, ``stealth``, ``bleed``), targets.

Rules every card of a type obeys are the compiler's (``compile.py``), not each spec's: who may play it,
"(limit)" on bleed increases, stealth and intercept only as needed, the disciplines and requirements via
``core.eligibility`` (the one place that says whether a minion may play a card), costs.

Cards that need code are specs too, with an effect written as a function in their module. A spec is
counted as implemented only with a scenario under ``tests/engine/scenarios/`` that plays it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Sequence
from enum import IntEnum, unique
from typing import TYPE_CHECKING, Any

from .windows import W

if TYPE_CHECKING:
    from .state import Game


@unique  # two members with one value would be one member under two names (a window offered as another)
class Role(IntEnum):
    """Who plays a mode (the compiler's rules by card type, 4.3.3 "Modifiers and reactions")."""

    DEFAULT = 0  # from the card's type and the window
    ACTOR = 1  # an action card: a ready unlocked minion as its action
    ACTING = 2  # an action modifier: the acting minion (a torpid one during its own action, L1919-1921)
    REACTING = 3  # a reaction: a ready minion of another Methuselah, unlocked unless woken
    BLOCKER = 4  # a reaction by the current blocker (intercept during a block attempt)
    COMBATANT = 5  # a combat card: one of the two combatants
    METHUSELAH = 6  # a master card, or a card in play used by its controller
    OTHER_READY = 7  # a ready vampire of the acting Methuselah other than the acting minion (Cloak superior)
    LOCKED_REACTING = 8  # a reaction "only usable by a locked minion": a ready locked minion of another seat


@dataclasses.dataclass(slots=True)
class Play:
    """One play of a card mode being resolved: who (``seat``, ``minion`` or -1 for the Methuselah), which
    card copy (``card``, -1 for an ability), the chosen ``target`` (a seat or a minion, per the mode) and
    ``value`` (X, an amount chosen), and the frame it was played in."""

    seat: int
    card: int
    mode: Mode
    minion: int = -1
    target: int = -1
    value: int = 0
    frame: Any = None


Effect = Callable[["Game", Play], None | Generator[Any, Any, Any]]
Pred = Callable[["Game", Play], bool]
Targets = Callable[["Game", Play], Sequence[int]]
Values = Callable[["Game", Play], Sequence[int]]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Mode:
    """One way to play a card. ``disciplines``: all of them at ``superior`` or not ("[cel][pro]" is
    ("cel", "pro")); left empty, the compiler reads them from the card text's line at that level (a spec names
    them only where the card has several lines at one level: ``compile.with_disciplines``). ``cost_blood``/
    ``cost_pool`` default to the card's printed cost (None); ``x_cost`` means "X blood" with X from ``values``."""

    window: W
    disciplines: tuple[str, ...] = ()
    superior: bool = False
    role: Role = Role.DEFAULT
    when: Pred | None = None
    effects: tuple[Effect, ...] = ()
    targets: Targets | None = None  # the targets to choose from (one option each); None: no target
    values: Values | None = None  # amounts to choose from (X); None: no amount
    cost_blood: int | None = None
    cost_pool: int | None = None
    x_cost: bool = False
    # An action card's action (window MINION): a bleed (with +``bleed``), directed or not, its stealth.
    bleeds: bool = False
    directed: bool = False
    stealth: int = 0
    bleed: int = 0
    bleed_at_most: int = 0  # "If more than 1 pool is bled with this action, ignore the excess" (Night Moves): 1
    enters_combat: bool = False  # "(D) Enter combat with a minion": resolution is a combat
    combat_maneuvers: int = 0  # … with N optional maneuvers for the acting minion in that combat (Bum's Rush)
    combat_presses: int = 0  # … with N optional presses for the acting minion in that combat (Hunter's Mark)
    combat_strength: int = 0  # +N strength for the acting minion in a combat of the action (Make the Misere [pot]; a
    # bleed's combat is the one resulting from a block: "if this vampire is blocked, +1 strength", Show of Force)
    presses_continue_only: bool = False  # … "only usable to continue combat" (Harass): see game._alternate
    replace_after_action: bool = False  # "Do not replace until after this action" (Bum's Rush): see game.action
    seat_target: bool = False  # a directed action whose ``targets`` are Methuselahs (seat indices), not minions
    # A combat card's strike, maneuver, press, prevention are effects; a strike card sets ``strike``.
    strike: Any = None  # a vocabulary.Strike when the mode is a strike
    stays: bool = False  # the card stays in play (put in play, on a minion) instead of the ash heap
    no_lock: bool = False  # a reaction that does not lock (the default for reactions: they never lock)
    limit: str = ""  # "one each round/combat/action/turn" key, checked by the compiler
    limit_scope: str = ""  # "round", "combat", "action", "turn", "game"; "table turn": by anyone (Ashur Tablets, Loup)
    trifle: bool = False
    out_of_turn: bool = False
    in_play: bool = False  # a mode of the card once in play (a location's, an equipment's), not from the hand
    political: bool = False  # a political action: ``effects`` happen if the referendum passes
    score: Any = None  # (game, play) → the heuristic bot's worth of this play, when the window's default is wrong
    stakes: Any = None  # political: (game, play, seat) → how much the seat gains if it passes (bots vote by it)
    label: str = ""  # a short description for logs and option lists
    # The action a card on the acting minion gives (an ``in_play`` mode) fizzles, succeeding for no effect, when the
    # card is no longer on the acting minion as the action resolves (RTR 19960221): its bleed is then 0 (read by
    # game._announce_to_resolution). Camera Phone, Codex of the Edenic Groundskeepers, Seal of Veddartha.
    fizzles_unless_carried: bool = False
    # What changes the bleed of this mode's own bleed action, read by one vocabulary hook (``ActionBleed``): Camera
    # Phone, Codex of the Edenic Groundskeepers.
    action_bleed: ActionBleed | None = None

    # An action entering combat (``enters_combat``): effects as it resolves, before that combat (run only when the
    # combat happens), read by the combat as the mode's ``combat_*`` numbers are: Big Game's maneuver or press "in
    # that combat" against a Red List minion (``If`` and ``ManeuverOrPressInCombat``).
    before_combat: tuple[Effect, ...] = ()

    @property
    def level(self) -> str:
        if not self.disciplines:
            return ""
        return "".join(f"[{d.upper() if self.superior else d}]" for d in self.disciplines)


@dataclasses.dataclass(frozen=True, slots=True)
class ActionBleed:
    """What changes the bleed amount of a mode's own bleed action (``Mode.action_bleed``), as it is announced (read
    by the vocabulary's "bleed" hook at the tables holding such a mode): ``vs_no_ready_unlocked`` more bleed when the
    target Methuselah controls no ready unlocked minion (Codex of the Edenic Groundskeepers: +3);
    ``equipment_adds_none``, "no other equipment can increase the bleed amount of this action": the acting minion's
    equipment ``Bearer.bleed`` bonuses are taken back, a retainer's stay (Camera Phone)."""

    vs_no_ready_unlocked: int = 0
    equipment_adds_none: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Bearer:
    """What an equipment or retainer gives the minion it is on, while it is there (read by the vocabulary's hooks):
    ``intercept``, ``strength`` and ``bleed`` per copy, a weapon's ``strike`` (a game.Strike), and a weapon's optional
    maneuver once each combat (``maneuver_each_combat``: using it commits the bearer to the weapon's strike)."""

    intercept: int = 0
    strength: int = 0
    bleed: int = 0
    strike: Any = None
    maneuver_each_combat: bool = False
    cannot_block: bool = False  # the minion it is on cannot block (Pentex(TM) Subversion)
    pool_on_torpor: int = 0  # after the minion goes to torpor, its controller burns this much pool (Fame)
    equipment: bool = False  # a card of another type that "becomes equipment" on the minion (Weighted Walking Stick)
    per_counter: bool = False  # each counter on the card counts as one more copy (a superior Preternatural Strength)
    stealth: int = 0  # +stealth to the minion's actions (Blithe Acceptance)
    once_each_combat: bool = False  # its ``strike`` is usable once each combat, per copy (Sawed-Off Shotgun)
    strike_capacity_above: int = 0  # its ``strike`` is usable only by a vampire of a higher capacity (Blade of Enoch)
    frenzy_immune: bool = False  # the vampire with it is immune to frenzy cards (Sire's Index Finger)…
    frenzy_immune_capacity_above: int = 0  # … when its capacity is above this ("with capacity above 5": Blade of Enoch)
    halves_blood_costs: bool = False  # non-action-modifier cards cost the bearer half the blood, rounded down (Ankara)
    rescue_cost: int = 0  # rescuing a vampire from torpor costs the bearer this much more blood (Ritual Goblet: -1)
    unlock_after_rescue: bool = False  # once each turn, the bearer unlocks after rescuing a vampire (Ritual Goblet)
    untargetable_by_others: bool = False  # the minion cannot be the target of other Methuselahs' actions (Secure Haven)
    burns_on_torpor: bool = False  # the card burns if the minion goes to torpor (Secure Haven)
    intercept_defending: int = 0  # +intercept during actions directed at its controller or a card they control (Abbot)
    blocks_younger_unlocked: bool = False  # it does not lock for blocking a vampire not older than it (Atonement)
    bleed_vs_prey: int = 0  # +bleed when bleeding its controller's prey (Tier of Souls [SUP])
    intercept_vs_chosen: int = 0  # +intercept against the minion the card chose as it was played (Divine Sign)
    oust_pool: int = 0  # its controller gains this much more pool when its prey is ousted (Khabar: Glory)
    only_marked: str = ""  # it gives all this only while the copy carries this mark (Contagion: played at [DAI])


@dataclasses.dataclass(frozen=True, slots=True)
class Everyone:
    """What a card in play gives every minion at the table, once however many copies (read by the vocabulary's
    hooks): ``ally_intercept_vs_vampires``, intercept for allies against acting vampires (The Unmasking); every
    Methuselah's hand size per victory point (``hand_size_per_victory_point``: The Bitter and Sweet Story); a
    successful equip action unlocks at the end of the turn (``unlock_after_equip``: NRA PAC); no combat ends as a
    strike in the first round of the turn's first combat between an acting and a blocking vampire
    (``no_combat_ending_first_round``: NSA Trio)."""

    ally_intercept_vs_vampires: int = 0
    hand_size_per_victory_point: int = 0  # each Methuselah's hand size, per victory point (The Bitter and Sweet Story)
    unlock_after_equip: bool = False  # a minion that performs a successful equip action unlocks at the end of the turn
    # in the first combat each turn between an acting vampire and the vampire blocking it, neither may end combat as a
    # strike in the first round (NSA Trio)
    no_combat_ending_first_round: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Upkeep:
    """What a card in play (anywhere, or on a minion) makes each Methuselah burn in its own unlock phase, per
    copy: ``pool``, unless that Methuselah controls a ready vampire of ``unless_ready_sect`` (Anarch Revolt), or
    only while the minion the card is on is in torpor (``while_in_torpor``: Fame), or only when that Methuselah
    controls a vampire not of ``if_controlling_not_sect`` (Judgment: Camarilla Segregation), or only the other
    Methuselahs while it is ready (``others_while_ready``: Contagion)."""

    pool: int = 1
    unless_ready_sect: str = ""
    while_in_torpor: bool = False
    if_controlling_not_sect: str = ""
    others_while_ready: bool = (
        False  # each Methuselah but its controller, while the vampire it is on is ready (Contagion)
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Ally:
    """What an ally's card says it can do in combat and when blocking (read by the vocabulary's hooks for the ally
    in play): its ``strikes`` (game.Strike), strikes usable once each combat, presses and maneuvers each combat,
    less damage from each strike against it, intercept against acting vampires or during directed actions, an
    additional strike each round, what it does in the first round of combat."""

    strikes: tuple[Any, ...] = ()
    once_each_combat: tuple[Any, ...] = ()
    presses_each_combat: int = 0
    maneuvers_each_combat: int = 0
    strike_damage_taken: int = 0  # each strike against it inflicts this much less (not environmental damage)
    intercept_vs_vampires: int = 0
    additional_strike: bool = False  # an additional strike each round, "(limited)" (Renegade Garou)
    first_round_stops_capacity: int = 0  # opposing vampires of this capacity or less cannot strike in the first round
    intercept_directed: int = 0  # +intercept during directed actions (Asanbonsam Ghoul)
    close_blocking_directed: bool = False  # blocking a directed action: the first round's range is close (Asanbonsam)
    burned_in_unlock: bool = False  # "burn this ally during your unlock phase" (Nocturn, Spectral Servitor)…
    pool_instead_marked: str = ""  # … a copy with this mark (``MarkThisCard``) may burn 1 pool instead (Spectral [OBL])
    intercept_directed_at_controller: int = 0  # +intercept during actions directed at its controller (Ponticulus)
    immune_to_normal_damage: bool = False  # "immune to non-aggravated damage", in combat or not (Ponticulus)
    cannot_act: bool = False  # "he cannot act" (Ponticulus)
    shuffled_when_burned: bool = False  # "if she is burned, shuffle her into her owner's library" (Saatet-ta)
    # "cannot be the target of a directed action performed by an ally or a vampire with capacity N or less" (Veneficti)
    untargetable_up_to_capacity: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Blocks:
    """A card in play that can attempt to block actions directed at its controller (or a card they control) as a
    minion (Unleash Hell's Fury): during each attempt it is a vampire with this ``capacity``, ``intercept`` and
    ``traits``, no clan and no blood, ready and unlocked whether the card is locked or not; the same minion
    (its card's copy id) for every attempt. What happens when it blocks is the card's own (a "blocked" hook):
    there is no combat (game.card_blocker)."""

    capacity: int
    intercept: int = 0
    traits: tuple[str, ...] = ()
    damage_on_block: int = 0  # when it blocks, the acting minion takes this unpreventable aggravated damage
    burn_on_block: bool = False  # … and the card burns (Unleash Hell's Fury: both, before any other effect)


@dataclasses.dataclass(frozen=True, slots=True)
class Attached:
    """What a card put on a minion (a modifier's, a combat card's, a political action's: not an equipment's or
    retainer's ``Bearer``) does to the minion carrying it, per copy, read by the vocabulary's hooks at the tables
    holding such a card: ``votes`` (Firebrand: +1); ``cannot_hunt``, "if they must hunt, they go to torpor instead"
    (Pulled Fangs); ``burn_on_torpor``, burned as the minion goes to torpor (Firebrand); ``blood_each_unlock``, the
    minion burns that much blood or life in its controller's unlock phase (Sculpt the Flesh; a card burned in that
    phase is ``Spec.unlock_phase``'s, Shadow Cloak); ``targeted_only_with``, other Methuselahs' minions without
    this Discipline cannot perform actions directed at the minion (Shadow Cloak: "aus"); ``burn_entering_combat``,
    burned as the minion enters combat (Blithe Acceptance: a copy marked ``vocabulary.BLOOD_INSTEAD_OF_BURNING``
    costs it 1 blood instead); ``worn_by_strikes``, each damage its ``Bearer`` strike inflicts burns a counter from it,
    burned at none (Weighted Walking Stick)."""

    votes: int = 0
    cannot_hunt: bool = False
    burn_on_torpor: bool = False
    blood_each_unlock: int = 0
    targeted_only_with: str = ""
    burn_entering_combat: bool = False
    worn_by_strikes: bool = False
    strength: int = 0  # +N strength to the minion (Heroic Might: 1, and 1 more at [POT])
    strikes: tuple[Any, ...] = ()  # strikes (game.Strike) the minion can use, once however many copies (Heroic Might)
    lose_votes: int = 0  # -N votes, never more than the minion's own (Condemnation: Mute: 3; ANK 20251125)
    blood_after_referendum: int = 0  # the minion burns N blood after each referendum that passes (Condemnation: Mute)
    # What more the copy played at superior does (marked ``vocabulary.PLAYED_AT_SUPERIOR`` by ``MarkThisCard`` in its
    # superior mode), read as a second ``Attached`` of that copy: Heroic Might [POT] (+1 strength, a 2R strike),
    # Condemnation: Mute [DAI] (1 blood after each referendum that passes).
    superior: Attached | None = None

    # the minion the card chose (``game.chosen_minion``) gets +N bleed against the controller of the minion carrying
    # it (Unholy Penance [PRE]: the striking vampire, chosen by ``vocabulary.PutAfterCombat(opposing=True)``)
    bleed_for_chosen: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class ReferendumVotes:
    """What a political action card changes in the votes of its own referendum (read by the vocabulary's "votes"
    and "votes_cast" hooks), for each Methuselah: +1 vote for each of its ready vampires of ``clan_bonus``
    (Lasombra Justicar, Toreador Justicar); none from its ready vampires not of ``only_sect`` (Cardinal
    Benediction: "non-Sabbat vampires cannot cast votes or ballots"); ``titled`` votes for each of its ready titled
    vampires with votes (Eat the Rich: -1); ``edge`` more votes for burning the Edge (Eat the Rich: 1)."""

    clan_bonus: str = ""
    only_sect: str = ""
    titled: int = 0
    edge: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Controller:
    """What a card in play gives the Methuselah controlling it, once however many copies (read by the
    vocabulary's hooks): transfers each influence phase, hand size, master phase actions."""

    transfers: int = 0
    hand_size: int = 0
    master_actions: int = 0  # more master phase actions (Rumors of Gehenna: "two master phase actions instead of one")


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockPhase:
    """What a card in play does in its controller's unlock phase (read by the vocabulary's hooks), the card being
    in the controller's region or on one of its minions: ``burn`` it ("burn this card during your unlock phase":
    Sheepdog, Khabar: Glory, Shadow Cloak); the minion it is on ``stays_locked`` ("does not unlock as normal":
    Sheepdog, Anima Gathering, Rötschreck); the controller's prey burns ``prey_burns`` pool per copy (Creeping
    Sabotage), or that much however many copies with ``once`` ("only 1 pool each turn with Army of Rats cards"); the
    pool its controller burns to unlock its infernal minions by their trait goes on it as counters
    (``infernal_pool_to_card``: Ruins of Charizel)."""

    burn: bool = False
    stays_locked: bool = False
    prey_burns: int = 0
    once: bool = False
    infernal_pool_to_card: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardPhase:
    """What a card in play does as a discard phase starts (read by the vocabulary's "discard_phase" hooks), the
    acting Methuselah's: its controller may lock it and burn ``unlock_for_pool`` pool to unlock one of its vampires
    (Metro Underground); in its controller's, another event in play ``burns_other_event`` at random (The Uncoiling);
    in another Methuselah's, that one may use a discard phase action and burn X pool, X the other events in play, to
    burn it (``burned_for_pool_per_event``: The Uncoiling); a Methuselah whose minions attempted no action this turn
    may use a discard phase action to burn it (``burned_if_no_action``: NSA Trio); in its controller's predator's,
    its counters burn (``counters_burn_in_predators_phase``: Ruins of Charizel). A card burned so whose text says
    "do not replace as long as this card is in play" lets its owner replace (The Uncoiling, Veil of Darkness)."""

    unlock_for_pool: int = 0
    burns_other_event: bool = False
    burned_for_pool_per_event: bool = False
    burned_if_no_action: bool = False
    counters_burn_in_predators_phase: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Gehenna:
    """A Gehenna event in play (read by the vocabulary's hooks), whose effect "vampires who commit diablerie ignore
    until a Gehenna event is played" (Blood Weakens, The Slow Withering, Veil of Darkness): a diablerie also lets the
    players of those "not replaced until a vampire commits diablerie" replace them (``DoNotReplace(until_diablerie=
    True)``). The effect: cards played at the superior level cost ``superior_blood`` more blood (The Slow Withering);
    during an action, cards requiring Disciplines that minions play are ``unreplaced_during_action`` until it ends or
    the hand is empty (Blood Weakens); a vampire's first card requiring Disciplines each turn is put to the
    ``reveal_test``: the top card of its controller's library revealed, a master card cancels it (no cost paid), and
    one requiring Obtenebration also costs the vampire 2 blood (Veil of Darkness)."""

    superior_blood: int = 0
    unreplaced_during_action: bool = False
    reveal_test: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class ChosenMethuselah:
    """What a card put in play does to the Methuselah chosen as it was played (``vocabulary.PutInPlayChoosingMethuselah``
    remembers whom; read by the vocabulary's hooks while the card is in play): +``hand_size`` (Year of Fortune: +1);
    ``no_replacing_in_minion_phases``, the Methuselah does not replace cards during any Methuselah's minion phase (The
    Meddling of Semsith)."""

    hand_size: int = 0
    no_replacing_in_minion_phases: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Spec:
    """A card as data: its official name and its modes, in the card's order."""

    name: str
    modes: tuple[Mode, ...]
    notes: str = ""  # what the spec leaves out, when anything
    # Who may burn the card once in play, by an action (game.action_options offers it to every other Methuselah):
    # "vampire" or "minion" as a (D) action, "other minion" (not the minion it is on), "referendum" as a +1 stealth
    # political action whose referendum burns it.
    burn: str = ""
    # Who may steal the card in play (take control of it) by a (D) action at its controller (``STEALERS``).
    steal: str = ""
    bearer: Bearer | None = None  # what it gives the minion carrying it (an equipment's, a retainer's)
    controller: Controller | None = None  # what it gives the Methuselah controlling it (a location's)
    ally: Ally | None = None  # what an ally can do in play (its strikes, presses…)
    upkeep: Upkeep | None = None  # what it makes each Methuselah burn in its unlock phase
    everyone: Everyone | None = None  # what it gives every minion at the table
    blocks: Blocks | None = None  # it can attempt to block as a minion while in play
    # What of the card's text the spec leaves out: a spec that says something here is *partial*, listed apart in
    # every report and counted as unmodelled in the coverage shares (DESIGN.md, engine_coverage).
    missing: str = ""
    # What the (D) action that may burn it (``burn``) does instead, the card staying in play: "counters" (burn all
    # the counters on it: Powerbase: Madrid), "counters to pool" (to the acting Methuselah's pool: Powerbase: Chicago).
    burn_instead: str | None = None
    # When the card in play burns by itself: "discard phase" ("burn this card during your discard phase": Eyes of the
    # Beast, on a minion of yours or on the table); "end of turn" ("burn this card at the end of the turn": Loup).
    burns_at: str | None = None
    referendum_votes: ReferendumVotes | None = None  # what it changes in the votes of its own referendum
    attached: Attached | None = None  # what it does to the minion it is put on (not equipment, not a retainer)
    unlock_phase: UnlockPhase | None = None  # what it does in its controller's unlock phase
    # what it does to the Methuselah it chose as it was played (Year of Fortune, The Meddling of Semsith)
    chosen_methuselah: ChosenMethuselah | None = None

    gehenna: Gehenna | None = None  # a Gehenna event: what it does in play, which diablerists ignore
    discard_phase: DiscardPhase | None = None  # what it does in the discard phase (its controller's, or any)


@dataclasses.dataclass(frozen=True, slots=True)
class VampireSpec:
    """A vampire's printed ability: static bonuses and handlers (modes with ``role`` METHUSELAH or the
    vampire acting), by its unique name ("Theo Bell (G2)")."""

    name: str
    bleed: int = 0
    strength: int = 0
    intercept: int = 0
    stealth: int = 0
    hand_size: int = 0
    master_actions: int = 0
    transfers: int = 0
    votes: int = 0
    # Conditional printed bonuses many vampires share, read by specs/vampires.py's hooks: +1 bleed when bleeding a
    # Methuselah who controls a ready vampire of one of these clans (Queen Anne: Tremere); optional presses once
    # each combat (Charles Delmare); optional maneuvers during the first round of each combat (Antón de Concepción).
    bleed_vs_clans: tuple[str, ...] = ()
    presses_each_combat: int = 0
    maneuvers_first_round: int = 0
    modes: tuple[Mode, ...] = ()
    notes: str = ""
    missing: str = ""  # what of the vampire's text the spec leaves out (partial: see Spec.missing)


# Hooks: the escape hatch for static abilities the core reads at one place ("intercept", "bleed",
# "hand_size", "transfers", "master_actions", "strength", "stealth", "can_block", "votes"): each a function
# whose results the core adds up (or, for predicates, all must allow). Registered by spec modules.
HOOKS: dict[str, list[Callable[..., Any]]] = {}
# A hook's cards (official names, a vampire's unique name): a table holding none of them never calls it
# (game.hooks_of). A hook registered without cards is called at every table (the vocabulary's, which read data).
HOOK_CARDS: dict[Callable[..., Any], tuple[str, ...]] = {}
# A vocabulary hook's cards, found by the compiler: those with the data it reads (``data``: "bearers",
# "controllers", "allies", "upkeeps", "everyone", the specs' fields, or one field of those: "ally.additional_strike")
# or a mode with one of its ``effects``.
HOOK_READS: dict[Callable[..., Any], tuple[tuple[str, ...], tuple[type, ...]]] = {}
# The hooks that only ever add (a "hand_size" hook giving +N, never -N): the core may skip them where only a
# smaller value matters (game._shrinking_cards).
HOOKS_ONLY_ADD: set[Callable[..., Any]] = set()


def hook(
    name: str, *cards: str, data: tuple[str, ...] = (), effects: tuple[type, ...] = (), only_adds: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a hook; ``cards``: the cards whose text it is (it only matters at a table holding one); a
    vocabulary hook says instead which data or effects it reads (``data``, ``effects``). ``only_adds``: the hook
    never returns less than 0 (+1 hand size per location, never -1)."""

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        HOOKS.setdefault(name, []).append(function)
        if only_adds:
            HOOKS_ONLY_ADD.add(function)
        if cards:
            HOOK_CARDS[function] = cards
        if data or effects:
            HOOK_READS[function] = (data, effects)
        return function

    return register


# The registries the spec modules fill (``specs/__init__.py`` imports them all): by official name.
LIBRARY: dict[str, Spec] = {}
CRYPT: dict[str, VampireSpec] = {}


# Who may burn a card in play by a (D) action or a referendum; "non-<clan> minion": Gangrel Revel, Brujah Debate.
# "Vampires with capacity 5 or more can shuffle <it> into your library as a (D) action" (Aranthebes).
SHUFFLERS = "vampire of capacity 5 or more: shuffle"
# "minion +1 stealth": an undirected +1 stealth action of any minion (Sculpt the Flesh); "vampire, two +1 stealth
# actions": two such actions of vampires burn it (Pulled Fangs).
BURNERS = (
    "",
    "vampire",
    "minion",
    "other minion",
    "non-Ravnos minion",
    "non-Ventrue minion",
    "referendum",
    "Sabbat vampire",  # "any Sabbat vampire can burn this card" (Lazarene Inquisitor)
    "Camarilla referendum",  # "Any Camarilla vampire can call a referendum to burn this card" (Elysium: The Arboretum)
    "Changeling ally",  # "Changeling allies can burn this location" (Black Forest Base)
    SHUFFLERS,
    "minion +1 stealth",
    "vampire, two +1 stealth actions",
    "chosen minion",  # "The chosen minion can burn this card as a (D) action" (Divine Sign: game.chosen_minion)
    "minion, +1 stealth (D)",  # "Any minion may burn this card as a +1 stealth (D) action" (Brainwash)
)


# Who may steal a card in play by a (D) action: "vampire", "Anarch", or a vampire "with a capacity above 4" (The
# Erciyes Fragments).
STEALERS = ("", "vampire", "Anarch", "vampire of capacity 5 or more")
# What a (D) action that may burn a card does instead (``Spec.burn_instead``).
BURNS_INSTEAD = (None, "counters", "counters to pool")
# When a card in play burns by itself (``Spec.burns_at``).
BURNS_AT = (None, "discard phase", "end of turn")


def card(
    name: str,
    *modes: Mode,
    notes: str = "",
    burn: str = "",
    steal: str = "",
    bearer: Bearer | None = None,
    controller: Controller | None = None,
    ally: Ally | None = None,
    upkeep: Upkeep | None = None,
    everyone: Everyone | None = None,
    blocks: Blocks | None = None,
    missing: str = "",
    burn_instead: str | None = None,
    burns_at: str | None = None,
    referendum_votes: ReferendumVotes | None = None,
    attached: Attached | None = None,
    unlock_phase: UnlockPhase | None = None,
    chosen_methuselah: ChosenMethuselah | None = None,
    gehenna: Gehenna | None = None,
    discard_phase: DiscardPhase | None = None,
) -> Spec:
    """Register a library card's spec (a spec module's one line per card). ``notes`` say how the spec reads the
    card where the text leaves a choice; ``missing`` what of the text it leaves out (the card is then partial)."""
    if name in LIBRARY:
        raise ValueError(f"two specs for {name}")
    if burn not in BURNERS:
        raise ValueError(f"{name}: burn must be one of {BURNERS}, not {burn!r}")
    if steal not in STEALERS:
        raise ValueError(f"{name}: steal must be one of {STEALERS}, not {steal!r}")
    if burn_instead not in BURNS_INSTEAD:
        raise ValueError(f"{name}: burn_instead must be one of {BURNS_INSTEAD}, not {burn_instead!r}")
    if burns_at not in BURNS_AT:
        raise ValueError(f"{name}: burns_at must be one of {BURNS_AT}, not {burns_at!r}")
    spec = LIBRARY[name] = Spec(
        name,
        tuple(modes),
        notes,
        burn,
        steal,
        bearer,
        controller,
        ally,
        upkeep,
        everyone,
        blocks,
        missing,
        burn_instead,
        burns_at,
        referendum_votes,
        attached,
        unlock_phase=unlock_phase,
        chosen_methuselah=chosen_methuselah,
        gehenna=gehenna,
        discard_phase=discard_phase,
    )
    return spec


def vampire(name: str, **fields: Any) -> VampireSpec:
    """Register a vampire's printed ability, by its unique name."""
    if name in CRYPT:
        raise ValueError(f"two specs for {name}")
    spec = CRYPT[name] = VampireSpec(name, **fields)
    return spec
