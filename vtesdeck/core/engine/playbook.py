"""The bots' playbook: the judgement the heuristic bot (bots.py) and the cards' own scores (a mode's ``score``)
share, so that a card's spec never imports a bot: the combat policy (the worth of a strike, when to maneuver,
when to press), which crypt card a seat can best spare, and the worth of a card's mode keyed by its effects
(``effect_score``: a card written from the vocabulary needs no score of its own). Pure functions of the game; they read only what
the seat deciding may see (its hand and library are its own)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .cards import Mode, Play, Role
from .economy import rivals, self_contest
from .frames import Action, Combat, Referendum
from .game import (
    HAND_STRIKE,
    Strike,
    _handler_options,
    current_action,
    hook_sum,
    intercept_of,
    may_play,
    ready_minions,
    strength_of,
    strike_damage,
)
from .state import VAMPIRE, Game
from .vocabulary import (
    AdditionalStrikes,
    AttemptBlock,
    AttemptFails,
    BlockerIntercept,
    BurnBloodUnlessBlocks,
    CombatStrength,
    Maneuver,
    OptionalPress,
    Press,
    Prevent,
    StrikeWith,
    UnlockSelf,
    Wake,
    base_strength,
)
from .windows import Range, W


def least_wanted_vampires(game: Game, seat: int, copies: Sequence[int], drawn: int = -1) -> list[int]:
    """The seat's uncontrolled vampires ``copies``, the one it can best spare first (Wider View's removal): a
    copy that cannot come out (the seat controls its name) or would be contested, then the least blood put on
    it, then the fewest of the seat's library cards (hand and library) it could play; on a full tie the card
    just ``drawn`` is kept."""
    s = game.seats[seat]
    comp = game.compiled
    # the disciplines each card's modes name (a fact of the card, worked out once per table), counted by set
    per_card: dict[int, frozenset[str]] = game.table.setdefault("disciplines needed", {})
    needs: dict[frozenset[str], int] = {}
    for c in (*s.hand, *s.library) if comp is not None else ():
        vekn = game.card_of[c]
        need = per_card.get(vekn)
        if need is None:
            spec = comp.specs.get(vekn)
            if spec is None:
                continue
            need = per_card[vekn] = frozenset(d for mode in spec.modes for d in mode.disciplines)
        needs[need] = needs.get(need, 0) + 1

    def keep(copy: int) -> tuple[int, int, int, int]:
        m = game.minions[copy]
        usable = not (self_contest(game, seat, copy) or (m.unique and rivals(game, copy)))
        have = {d for d, _ in m.disciplines}
        fit = sum(n for need, n in needs.items() if not need or need & have)
        return (int(usable), m.blood, fit, int(copy == drawn))

    return sorted(copies, key=keep)


def most_wanted_clans(game: Game, seat: int, clans: Sequence[str]) -> list[str]:
    """The clans a vampire of the seat may be made of (Clan Impersonation), the best first: the one the most of the
    seat's library cards (hand first, then library) require."""
    comp = game.compiled
    s = game.seats[seat]
    hand: dict[str, int] = {}
    deck: dict[str, int] = {}
    for counts, copies in ((hand, s.hand), (deck, s.library)):
        for c in copies:
            card = comp.cards.get(game.card_of[c]) if comp is not None else None
            for name in card.requirements.clans if card is not None else ():
                counts[name] = counts.get(name, 0) + 1
    return sorted(clans, key=lambda name: (-hand.get(name, 0), -deck.get(name, 0), name))


W_SAVE = 40.0  # a combat ends or a dodge that saves the minion from torpor or burning


def strike_worth(game: Game, c: Combat, minion: int, strike: Strike) -> float:
    """The heuristic worth of a strike: 10 per point of damage it deals at the current range (aggravated ×1.5,
    stolen blood ×1.5: it also heals); a combat ends or a dodge is worth W_SAVE when the opponent's hand strike
    would send this minion to torpor or burn it, a little when it would only hurt, and nothing when this
    minion is winning (its own strike would torpor the opponent first)."""
    side, other = c.side(minion), c.other(minion)
    mine, theirs = game.minions.get(minion), game.minions.get(other.minion)
    if mine is None or theirs is None:
        return 0.0
    threat = theirs.strength + other.strength + other.combat_strength + hook_sum(game, "strength", theirs.id)
    if c.range is Range.LONG:
        threat = 0  # most strikes need close range; a ranged one is a risk the bot does not guess
    my_hand = strike_damage(game, c, side, HAND_STRIKE) if c.range is Range.CLOSE else 0
    if strike.combat_ends or strike.dodge:
        if threat >= max(1, mine.blood):
            return W_SAVE + (2.0 if strike.combat_ends else 0.0)
        if my_hand >= max(1, theirs.blood):
            return -5.0
        return 5.0 * threat
    if c.range is Range.LONG and not strike.ranged or c.range is Range.CLOSE and strike.long_only:
        return 0.0
    if strike.effects:  # a strike that is an effect (Contagion [DAI]): by its effect's rule (STRIKE_EFFECT_WORTH)
        rule = STRIKE_EFFECT_WORTH.get(type(strike.effects[0]))
        return rule(game, c, minion) if rule is not None else 5.0
    dmg = strike.steal * 1.5 if strike.steal else float(strike_damage(game, c, side, strike))
    return dmg * 10.0 + (dmg * 5 if strike.aggravated else 0)


# The worth of a strike whose resolution is an effect (game.Strike.effects), by the type of its first effect: the
# plays/ modules register them (a corruption counter that may steal the opposing minion: plays/action.py).
STRIKE_EFFECT_WORTH: dict[type, Callable[[Game, Combat, int], float]] = {}


def wants_to_maneuver(game: Game, c: Combat, minion: int) -> bool:
    """The bots' range policy, for granted maneuvers and maneuver cards alike: go long when the opponent hits
    harder up close."""
    other = c.other(minion).minion
    if minion not in game.minions or other not in game.minions:
        return False
    return c.range is Range.CLOSE and strength_of(game, other) > strength_of(game, minion)


def wants_to_press(game: Game, c: Combat, minion: int) -> bool:
    """The bots' press policy, for granted presses and press cards alike: cancel the opponent's press to
    continue when weaker or when its strike would torpor this minion; press to continue when this minion's
    strike would finish the opponent and it survives the opponent's."""
    mine, other = game.minions.get(minion), game.minions.get(c.other(minion).minion)
    if mine is None or other is None:
        return False
    my_strength, their_strength = strength_of(game, minion), strength_of(game, other.id)
    if c.press > 0:
        return their_strength > my_strength or mine.blood <= their_strength
    return my_strength >= other.blood and mine.blood > their_strength


# -- the worth of a card's mode, keyed by its effects ------------------------------------------------------------
#
# A mode with no ``score`` of its own is judged here by the first of its effects the playbook knows (a maneuver,
# a press, prevention…), else by the bot's default for its window (baseline.BaselineBot._play). So a card written
# from the vocabulary carries no bot judgement: the judgement of each effect lives once, here.

W_PLAY = 20.0  # the bots' default worth of a card play
W_REACT = 12.0  # a worthwhile unlock-and-block, wake or cross-table block (below W_PLAY)


def effect_score(game: Game, play: Play) -> float | None:
    """The worth of ``play`` by its mode's effects (the first effect with a rule), or None when none has one. A
    strike card is judged as a strike (``strike_worth``, by the bot), whatever else it does, unless it dodges."""
    strike_step = play.mode.window is W.STRIKE
    for effect in play.mode.effects:
        if strike_step and not isinstance(effect, StrikeWith):
            continue
        rule = _BY_EFFECT.get(type(effect))
        if rule is not None:
            worth = rule(game, play, effect)
            if worth is not None:
                return worth
    return None


def has_effect_rule(mode: Mode) -> bool:
    """Whether ``effect_score`` may judge this mode (one of its effects has a rule)."""
    return any(type(e) in _BY_EFFECT for e in mode.effects)


def worth_blocking(game: Game, play: Play, bonus: int = 0) -> bool:
    """Whether to bring a locked minion in to block: a bleed or an action directed at its seat, and the minion's
    intercept (with the card's ``bonus``) reaches the action's stealth."""
    act = play.frame if isinstance(play.frame, Action) else None
    if act is None or play.minion not in game.minions:
        return False
    if not (act.is_bleed() or act.directed and act.target == play.seat):
        return False
    return intercept_of(game, play.minion, act) + bonus >= act.stealth


def press_score(game: Game, play: Play) -> float:
    """The press policy, as a mode's ``score`` when its effect is its own code (Psyche!'s queued combat)."""
    return _press(game, play, None)


def break_block_score(game: Game, play: Play) -> float:
    """A block-breaking play, as a mode's ``score`` when its effect is its own code (Perfect Paragon)."""
    return _break_block(game, play, None)


def block_score(game: Game, play: Play) -> float:
    """A card that brings a locked minion in to block, as a mode's ``score`` when its effect is its own code."""
    return _block(game, play, None)


def _block(game: Game, play: Play, effect: Any) -> float:
    """Waking or unlocking to block (with the intercept its block attempt gets)."""
    bonus = sum(e.intercept for e in play.mode.effects if isinstance(e, AttemptBlock))
    return W_REACT if worth_blocking(game, play, bonus) else -1.0


def _wake(game: Game, play: Play, effect: Any) -> float:
    """Waking: to block in state A (``_block``); in any window, for a reaction the woken minion could then play
    there that no minion of the seat can play already (a redirect after blocks are declined, votes while
    polling…). A wake that costs blood unless the minion blocks (Forced Awakening) wants a blood to spare."""
    m = game.minions.get(play.minion)
    if m is None:
        return -1.0
    if any(isinstance(e, BurnBloodUnlessBlocks) for e in play.mode.effects) and m.blood < 2:
        return -1.0
    if play.mode.window is W.BEFORE_BLOCKS and worth_blocking(game, play):
        return W_REACT
    return W_REACT if woken_would_react(game, play) else -1.0


def woken_would_react(game: Game, play: Play) -> bool:
    """Whether, once woken, the playing minion could play in this window a reaction of the seat's hand that no
    minion of the seat can play now, and worth playing by its own judgement (a card with none: the window's
    default). Only the hand's reactions of this window are tried (scored often: a wake is offered in every window)."""
    act = current_action(game)
    if act is None or play.minion in act.woken:
        return False
    window, frame, seat = play.mode.window, play.frame, play.seat
    comp = game.compiled
    seen: set[int] = set()
    for copy in game.seats[seat].hand:
        vekn = game.card_of[copy]
        handlers = comp.hand.get((vekn, window)) if vekn not in seen else None
        seen.add(vekn)
        for handler in handlers or ():
            if handler.role is not Role.REACTING:
                continue
            act.woken.add(play.minion)
            try:
                then = [o for o in _handler_options(game, handler, seat, copy, None, frame) if o.minion == play.minion]
            finally:
                act.woken.discard(play.minion)
            if not then or _handler_options(game, handler, seat, copy, None, frame):
                continue  # not playable by it, or playable already by another minion of the seat
            o = then[0]
            after = Play(seat=seat, card=copy, mode=handler.mode, minion=o.minion, target=o.target, frame=frame)
            score = handler.mode.score or card_score(handler.name, handler.index)
            worth = score(game, after) if score is not None else effect_score(game, after)
            if worth is None or worth > 0:
                return True
    return False


def _unlock(game: Game, play: Play, effect: Any) -> float:
    """Unlocking: to block, in the "before blocks" window (a locked reacting minion); otherwise worth it only for
    a locked vampire that is not in torpor (after its action)."""
    if play.mode.window is W.BEFORE_BLOCKS:
        return _block(game, play, effect)
    m = game.minions.get(play.minion)
    return W_PLAY if m is not None and m.locked and not m.torpor else -5.0


def _break_block(game: Game, play: Play, effect: Any) -> float:
    """A block-breaking play (the attempt fails, the blocker loses intercept): only while the attempt would
    succeed."""
    act = play.frame if isinstance(play.frame, Action) else None
    return W_PLAY if act is not None and act.blocker >= 0 and act.intercept >= act.stealth else -5.0


def _maneuver(game: Game, play: Play, effect: Any) -> float:
    c = play.frame
    return 5.0 if isinstance(c, Combat) and wants_to_maneuver(game, c, play.minion) else -1.0


def _press(game: Game, play: Play, effect: Any) -> float:
    c = play.frame
    return 5.0 if isinstance(c, Combat) and wants_to_press(game, c, play.minion) else -1.0


def _additional_strikes(game: Game, play: Play, effect: Any) -> float:
    """An additional strike: at close range (the hand strike works), keeping a blood after its cost."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None or c.range is not Range.CLOSE or strength_of(game, play.minion) <= 0:
        return -1.0
    return 20.0 if m.kind != VAMPIRE or m.blood >= 2 else -1.0


def _dodge(game: Game, play: Play, effect: Any) -> float | None:
    """A dodge: worth the opponent's hand damage avoided, against the own hand strike (other strike cards: the
    bot's strike rule, ``strike_worth``)."""
    strike = getattr(effect, "strike", None)
    c = play.frame
    if not isinstance(strike, Strike) or not strike.dodge:
        return None
    if not isinstance(c, Combat):
        return 2.0
    return 10.0 * strength_of(game, c.other(play.minion).minion) + 2.0


def _combat_strength(game: Game, play: Play, effect: Any) -> float:
    """A strength set for the combat (Torn Signpost): worth playing only when it raises the strength."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None:
        return -1.0
    gain = effect.value - base_strength(game, m) - c.side(play.minion).combat_strength
    return 18.0 + 2 * gain if gain > 0 else -1.0


def _prevent(game: Game, play: Play, effect: Any) -> float:
    """Preventing N (+X) damage, or all the opposing strikes' damage, against its blood cost: positive only when
    it saves more than it costs (a bot never burns 1 blood to prevent 1 damage it could heal); an optional press
    with it adds 1."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None:
        return -1.0
    every, plus_x = effect.all_damage, effect.plus_x
    normal, agg = c.pending
    cost = (play.value if plus_x else 0) + (1 if every else 0)
    if every:
        env = c.env_damage.get(play.minion, 0) if "round:env" in c.side(play.minion).used else 0
        after_n, after_a = min(normal, env), 0
    else:
        left = effect.amount + (play.value if plus_x else 0)
        cut = 0 if effect.non_aggravated else min(left, agg)  # Soak prevents normal damage only
        after_a = agg - cut
        after_n = max(0, normal - (left - cut))
    before = _harm(game, m.id, normal, agg, m.blood)
    after = _harm(game, m.id, after_n, after_a, m.blood - cost) + cost
    bonus = 1.0 if any(isinstance(e, OptionalPress) for e in play.mode.effects) else 0.0
    return 5.0 * (before - after) + bonus


def _harm(game: Game, minion: int, normal: int, agg: int, blood: int) -> float:
    """What damage costs a minion: blood or life lost, +25 for torpor, +100 if burned (take_damage's rules)."""
    m = game.minions[minion]
    if normal + agg <= 0:
        return 0.0
    if m.kind != VAMPIRE:
        return float(min(blood, normal + agg)) + (100.0 if normal + agg >= blood else 0.0)
    healed = min(normal, blood)
    blood -= healed
    lost = float(healed)
    wounded = m.torpor or normal > healed
    for _ in range(agg):
        if not wounded:
            wounded = True
        elif blood >= 1:
            blood -= 1
            lost += 1
        else:
            return lost + 100.0
    return lost + (25.0 if wounded and not m.torpor else 0.0)


_BY_EFFECT: dict[type, Callable[[Game, Play, Any], float | None]] = {
    Wake: _wake,
    AttemptBlock: _block,
    UnlockSelf: _unlock,
    AttemptFails: _break_block,
    BlockerIntercept: _break_block,
    Maneuver: _maneuver,
    Press: _press,
    AdditionalStrikes: _additional_strikes,
    StrikeWith: _dodge,
    CombatStrength: _combat_strength,
    Prevent: _prevent,
}


# -- card by card: the judgement of single cards (engine/plays/, one module per spec module) ------------------------
#
# A card whose worth its effects do not say (a location worth keeping, a political card's terms) has its score
# here, registered by card name and mode index (``judge``), never in its spec: the specs hold the rules only.

CARD_SCORES: dict[tuple[str, int], Callable[[Game, Play], float]] = {}
CARD_STAKES: dict[tuple[str, int], Callable[[Game, Play, int], float]] = {}


def judge(
    card: str,
    mode: int,
    *,
    score: Callable[[Game, Play], float] | None = None,
    stakes: Callable[[Game, Play, int], float] | None = None,
) -> None:
    """Register the bots' judgement of one mode of a card (its index in the spec, as in the option)."""
    if score is not None:
        CARD_SCORES[(card, mode)] = score
    if stakes is not None:
        CARD_STAKES[(card, mode)] = stakes


def card_score(name: str, mode: int) -> Callable[[Game, Play], float] | None:
    return CARD_SCORES.get((name, mode))


def stake(game: Game, ref: Referendum, seat: int) -> float:
    """What a referendum passing is worth to ``seat`` (how bots vote and whether they cancel it): the mode's
    ``stakes`` when it has some; for a blood hunt, against for the diablerist's Methuselah and for the others;
    by default for the caller and against for everyone else."""
    if ref.blood_hunt:
        return -1.0 if seat == ref.seat else 1.0
    stakes = ref.mode.stakes if ref.mode is not None else None
    if stakes is None and ref.mode is not None and ref.card >= 0 and game.compiled is not None:
        spec = game.compiled.specs.get(game.card_of[ref.card])
        if spec is not None and ref.mode in spec.modes:
            stakes = CARD_STAKES.get((spec.name, spec.modes.index(ref.mode)))
    if stakes is not None and ref.mode is not None:
        terms = ref.terms[0] if ref.terms else -1
        play = Play(seat=ref.seat, card=ref.card, mode=ref.mode, minion=ref.caller, target=terms, frame=ref)
        return float(stakes(game, play, seat))
    return 1.0 if seat == ref.seat else -1.0


def playable_worth(game: Game, seat: int, copy: int) -> float:
    """The worth to the seat of holding a library card to play (the card The Erciyes Fragments takes, the card drawn
    from Shilmulo Tarot): 0 for a card with no spec, or that neither the Methuselah nor any of its ready minions
    could play now; else more the more of its minions can play it."""
    comp = game.compiled
    vekn = game.card_of[copy]
    spec = comp.specs.get(vekn)
    if spec is None:
        return 0.0
    minions = ready_minions(game, seat)
    best = 0
    for index in range(len(spec.modes)):
        handler = comp.by_mode.get((vekn, index))
        if handler is None or handler.mode.in_play:
            continue
        if handler.role is Role.METHUSELAH:
            best = max(best, 1)
        else:
            best = max(best, sum(1 for m in minions if may_play(game, handler, m)))
    return 10.0 + 2.0 * min(best, 3) if best else 0.0


def keeps_anarch(game: Game, minion: int) -> bool:
    """Whether an Anarch would rather burn 1 blood than become Camarilla (Waiting Game): with 2 blood or more."""
    m = game.minions.get(minion)
    return m is not None and m.blood >= 2
