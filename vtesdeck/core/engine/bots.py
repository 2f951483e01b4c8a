"""Bots: one interface, ``decide(view, options) -> option``, where ``view`` is the seat's masked ``View``
(``view.py``) and ``options`` the legal options of the decision; ``by_name`` builds them by the names DESIGN.md
gives (``simulate_games --bots``).

- ``HeuristicBot`` (``heuristic``, the default): the ``baseline`` bot's scores (``baseline.py``, where each
  heuristic is documented with its weight) with the changes below, each measured against the frozen baseline
  (``bench/bots.py``: the new bot at two seats of five, the baseline at three).
- ``BaselineBot`` (``baseline``): the heuristic bot of November 2026, kept unchanged as the yardstick.
- ``RandomBot`` (``random``): uniform choices from its own ``random.Random`` (never the game's): for fuzzing.

The heuristic bot's changes to the baseline:

- Ousting first (``_bleed_worth``): a bleed that ousts the prey is worth a victory point and 6 pool
  (W_OUST_NOW), above any hunt or card; a bleed that does not is worth more per point the nearer the prey is to
  being ousted (``urgency``: × 1 + URGENCY_POOL / the prey's pool), so the endgame presses instead of hunting.
- Hunting (``_action``): only a vampire with no blood (it cannot pay for a card) hunts before anything else
  (W_HUNT_DRY); one under half its capacity hunts worth W_HUNT_LOW plus the blood it misses, no longer above
  a bleed that gets through.
- Guards (``_guards``): a ready minion that is the only one of the seat able to play a bleed defence held in
  the hand (a redirect, a bleed reduction: Deflection, Bait and Switch, My Enemy's Enemy) stays home, unlocked,
  while the predator's minions bleed for GUARD_THREAT or more (or the pool is GUARD_POOL or less); it still
  takes an action that ousts. The baseline acts with
  every minion, so its Deflections rot in the hand (played for 18 % of the copies drawn).
- Redirects (``_play``): a bleed turned away goes to the seat's own prey (its pool is the seat's victory
  point), or else to anyone but the predator who bled.
- Tempo (``_wants_vampire``): it keeps bringing vampires out until it has three, then while its vampires'
  capacity is under 24 and its pool over 6, or it has fewer than six and its pool is over 12 (the baseline stops
  at two, or 14 capacity with pool over 10). Measured alone: 44.5 % of the VP against the baseline's 41.8 %
  (100 tables), and fewer vampires lose (35 %).
- Referendums (``_vote_outlook``): a political action is called when its votes can carry it: sure to pass
  against every other seat's votes, W_VOTES_SURE more; hopeless (not half of theirs), W_VOTES_HOPELESS less.
  Measured (the referendums of the games' logs, as ``bench/habits.py`` counts them, 400 tables): with 8 and
  −20, vote decks called 0.27 referendums a turn and passed 76 %; with 20 and −8, 0.31 and 75 %, their seats'
  VP 0.80 → 0.84 (the baseline: 0.35 and 73 %).
- Rushes (``_rush``): an action that enters combat with a minion is judged here, whatever the card's own score
  in ``plays/`` (which the baseline keeps), with the hand (``_fight``): the actor's best strike (its strength, a
  weapon it carries, a strike or strength card of the hand it can play), twice with an additional strike,
  against the target's blood (a vampire) or life (an ally). A blow that sends it to torpor or burns it is worth
  W_RUSH plus its capacity, more (W_RUSH_THREAT) when it is a minion of the prey (a blocker) or of the predator
  (a bleeder); a blow that only wounds is worth its share of W_RUSH (blood the target must spend), when the
  actor survives the blow back; a combat the actor cannot survive is refused. The baseline entered combat only
  where its strength alone sent the target to torpor, so Tupdogs (strength 1) never attacked a vampire.
  Measured (300 games): rush decks' actions entering combat 0.15 a turn with the one-blow rule, 0.22 with this.
- Blocks (``_block``): a block the baseline would make is refused when the combat is lost as the seat can see it
  (``_fight``: the acting minion's strength, less what the hand can prevent, sends the blocker to torpor, and the
  blocker's best strike, from its weapons or its hand, does not do the same to the actor first), unless the
  action is a bleed that would oust the seat, which is blocked first (W_BLOCK_OUST). Measured: blocking nothing
  at all did as well as the baseline's blocks (46.6 % against 45.9 %); refusing every block where the actor's
  strength reaches the blocker's blood did better (47.8 %), but left a wall's guns and combat cards unused.
  Of blockers the baseline scores alike it took the first; the one that fares best in the combat (``_fight``:
  damage dealt over taken, W_BLOCKER_FIT a point) blocks instead: 52.5 % and 51.4 % of the VP against 51.6 % and
  50.8 % (400 tables, two seeds).
- Cards in hand are for playing (``_play``): a card from the hand worth playing at all is worth W_CYCLE more,
  for the fresh card that replaces it; an action card W_CYCLE_ACTION more, since it takes the place of a bleed.
  The baseline weighs a card's effect against a bleed or a pass as if the card stayed. Measured (200 tables):
  47.8 % of the VP without the bonus, 50.9 % with 12 on every card, 49.9 % with 6 on action cards. The action
  cards' share is the smaller one because at 12 a wall deck (archive 10012: guns, intercept) equipped and
  recruited instead of bleeding until its library was worth no more than blanks (its paired games against the
  same deck with every library card blanked: −0.03 VP a game with 12, −0.10 with 6, −0.27 with no bonus).
- Superior modes (W_SUPERIOR): where the baseline scores two modes of a card alike (a default worth for the
  window), it plays the first, the inferior one, so Conditioning's +3 bleed or a superior strike card's stronger
  effect were never played. The superior mode wins the tie. Measured alone (400 tables, two seeds): 48.7 % and
  49.2 % of the VP without it, 51.6 % and 50.8 % with it: the largest single gain.
- Bleed modifiers (``_bleed_modifier``, ``_hand_bleed``): a card raising the seat's own bleed is worth its
  amount (W_BLEED a point), kept in the hand when the bleed ousts without it; a bleed is worth the most one
  card of the hand could add once it is not blocked, so a minion with Conditioning in the hand bleeds with its
  basic bleed. Cards with their own score in ``plays/`` (Monkey Wrench's X) keep it.
- Free influence (``_add_blood``): an action adding blood to a vampire of the seat's uncontrolled region
  (Govern the Unaligned superior) is worth a bleed of as many points while the seat wants vampires, and little
  when it does not.
- No loops (``decide``, ``_repeated``): a minion does not take again, in the same turn, an action it took already
  (the same kind, card and target) unless it bleeds. A minion that can unlock after acting (Baron Dieudonne,
  Nakhthorheb) otherwise hunts, or burns the counters of an empty Powerbase: Madrid, until the game's decision
  cap: the baseline's longest games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .baseline import W_BLEED, BaselineBot, _judged
from .cards import Mode
from .economy import Kind, Option
from .game import Strike, controller, handler_of, may_play, strength_of, votes_of
from .handlers import Handler
from .playbook import W_PLAY
from .state import VAMPIRE, Minion, Phase
from .view import Bot, View
from .vocabulary import (
    AddBlood,
    AdditionalStrikes,
    Bleed,
    CombatStrength,
    Prevent,
    Redirect,
    ReduceBleed,
    ReduceBleedToZero,
    StrikeWith,
)
from .windows import Act, W

W_OUST_NOW = 70.0  # a bleed that ousts: a victory point and 6 pool, above every other action
URGENCY_POOL = 8.0  # a point of bleed is worth × (1 + URGENCY_POOL / the prey's pool)
W_HUNT_DRY = 40.0  # a vampire with no blood hunts first
W_HUNT_LOW = 8.0  # … one under half its capacity, plus the blood it misses


GUARD_THREAT, GUARD_POOL = 2, 8  # a guard stays home when the predator bleeds for 2 or more, or the pool is low
BLEED_DEFENCE = (Redirect, ReduceBleed, ReduceBleedToZero)  # the effects a guard stays home for
W_REDIRECT_PREY = 6.0  # a redirected bleed sent to the seat's prey, over another seat
W_VOTES_SURE = 20.0  # a referendum the seat's votes carry against every other seat's
W_VOTES_HOPELESS = -8.0  # … one they cannot carry against half of them
W_RUSH = 24.0  # a rush that sends a vampire to torpor or burns an ally (the baseline's worth of a good rush)
W_RUSH_THREAT = 8.0  # … of the prey (a blocker less) or the predator (a bleeder less)
W_BLOCK_OUST = 50.0  # blocking a bleed that would oust the seat, over the baseline's worth of the block
W_BLOCKER_FIT = 0.25  # per point of damage dealt over taken: which blocker, among those the baseline ties
W_CYCLE = 12.0  # a card worth playing from the hand, over its own worth: it is replaced by a fresh card
W_CYCLE_ACTION = 6.0  # … an action card: less, since it takes the place of a bleed
BLEED_WINDOWS = (W.ANNOUNCED, W.BLOCK_ATTEMPT, W.BLOCKS_DECLINED)  # where the hand's bleed modifiers are played
W_SUPERIOR = 0.5  # a superior mode over the inferior one of the same card, when the baseline scores them alike
W_REPEAT = -3.0  # the same action again in a turn (not a bleed): below a pass


def _action_key(view: View, o: Option) -> tuple[int, int, int, int]:
    """An action as the loop rule compares them: the minion, the kind, the card (by name: each copy is another
    copy of the same action) and the target."""
    return (o.minion, o.value if o.kind is Kind.ACTION else -1, view.card(o.card) if o.card >= 0 else -1, o.target)


def urgency(pool: int) -> float:
    """How much more a point of bleed is worth as the prey's pool shrinks: 1.3 at 30 pool, 2 at 8, 5 at 2."""
    return 1.0 + URGENCY_POOL / max(1, pool)


__all__ = ["BOTS", "BaselineBot", "Bot", "HeuristicBot", "RandomBot", "View", "by_name"]


class RandomBot:
    """Uniform choices from its own RNG: for fuzzing the engine."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View, options: Sequence[Option]) -> Option:
        return options[self.rng.randrange(len(options))]


class HeuristicBot(BaselineBot):
    """The baseline's scores with the changes of the module's docstring; the best option, the first on a tie."""

    _taken: tuple[int, set[tuple[int, int, int, int]]] = (-1, set())

    def decide(self, view: View, options: Sequence[Option]) -> Option:
        choice = super().decide(view, options)
        if choice.kind is Kind.ACTION or choice.kind is Kind.PLAY and view.phase is Phase.MINION:
            self._taken_this_turn(view).add(_action_key(view, choice))
        return choice

    def _taken_this_turn(self, view: View) -> set[tuple[int, int, int, int]]:
        turn, taken = self._taken
        if turn != view.turn:
            taken = set()
            self._taken = (view.turn, taken)
        return taken

    def _repeated(self, view: View, o: Option) -> bool:
        return self._taken[0] == view.turn and _action_key(view, o) in self._taken[1]

    def _wants_vampire(self, view: View) -> bool:
        mine = [m for m in view.minions(view.seat) if m.kind == VAMPIRE]
        pool = view.pool(view.seat)
        capacity = sum(m.capacity for m in mine)
        return len(mine) < 3 or (capacity < 24 and pool > 6) or (len(mine) < 6 and pool > 12)

    def _defences(self, view: View) -> list[Handler]:
        """The hand's bleed defences (their modes played when blocks are declined), once per decision."""
        facts = self._this_decision(view)
        found = facts.get("defences")
        if found is None:
            comp = view.game_for_scores().compiled
            found = facts["defences"] = [
                h
                for copy in view.hand
                for h in comp.hand.get((view.card(copy), W.BLOCKS_DECLINED), ())
                if any(isinstance(e, BLEED_DEFENCE) for e in h.mode.effects)
            ]
        return found

    def _guards(self, view: View, m: Minion) -> bool:
        """Whether ``m`` should stay home to play a bleed defence of the hand (the module's docstring)."""
        defences = self._defences(view)
        if not defences:
            return False
        facts = self._this_decision(view)
        key = ("guard", m.id)
        found = facts.get(key)
        if found is None:
            found = facts[key] = self._only_defender(view, m, defences)
        return found

    def _only_defender(self, view: View, m: Minion, defences: list[Handler]) -> bool:
        seat = view.seat
        predator = view.predator(seat)
        if predator == seat:
            return False
        threat = sum(x.bleed for x in view.minions(predator) if x.in_play and not x.torpor)
        if threat < GUARD_THREAT and view.pool(seat) > GUARD_POOL:
            return False
        game = view.game_for_scores()
        if not any(may_play(game, h, m) for h in defences):
            return False
        others = [x for x in view.minions(seat) if x.id != m.id and x.in_play and not x.torpor and not x.locked]
        return not any(may_play(game, h, x) for h in defences for x in others)

    def _hand_bleed(self, view: View, m: Minion) -> int:
        """The most one card of the hand adds to ``m``'s bleed (Conditioning, Aire of Elation): what the bleed is
        worth to a player holding it, since the card is played once the bleed is not blocked."""
        facts = self._this_decision(view)
        key = ("hand bleed", m.id)
        found = facts.get(key)
        if found is None:
            game = view.game_for_scores()
            comp = game.compiled
            found = 0
            for copy in view.hand:
                card = view.card(copy)
                for window in BLEED_WINDOWS:
                    for h in comp.hand.get((card, window), ()):
                        amount = sum(e.amount for e in h.mode.effects if isinstance(e, Bleed))
                        if amount > found and may_play(game, h, m):
                            found = amount
            facts[key] = found
        return found

    def _action(self, view: View, o: Option) -> float:
        if o.value != Act.BLEED and self._repeated(view, o):
            return W_REPEAT
        if o.value != Act.BLEED and o.value != Act.LEAVE_TORPOR:
            m = view.minion(o.minion)
            if m is not None and self._guards(view, m):
                return -1.0
        if o.value == Act.HUNT:
            m = view.minion(o.minion)
            if m is None:
                return 0.0
            if m.blood == 0:
                return W_HUNT_DRY
            return W_HUNT_LOW + (m.capacity - m.blood) if m.blood * 2 < m.capacity else -2.0
        return super()._action(view, o)

    def _play(self, view: View, o: Option) -> float:
        handler = handler_of(view.game_for_scores(), o)
        mode = handler.mode
        action = mode.window is W.ACTION and view.phase is Phase.MINION and view.acting == view.seat
        if action and not mode.bleeds and o.minion >= 0:
            if self._repeated(view, o):
                return W_REPEAT
            m = view.minion(o.minion)
            if m is not None and self._guards(view, m):
                return -1.0
        rush = action and mode.enters_combat and o.target in view.game_for_scores().minions
        score = super()._play(view, o)
        if score <= 0 and not rush:  # a rush is judged here, whatever the baseline thought of it (_rush)
            return score
        if _judged(handler)[0] is not None:
            pass  # the card's own judgement (a mode's score, plays/) stands: Monkey Wrench's X
        elif mode.window in BLEED_WINDOWS and any(isinstance(e, Bleed) for e in mode.effects):
            score = self._bleed_modifier(view, o, mode)
        elif action and any(isinstance(e, AddBlood) and not e.to_self for e in mode.effects):
            score = self._add_blood(view, o, mode)
        if rush:
            score = self._rush(view, o)
        elif action and mode.political:
            score += self._vote_outlook(view)
        elif o.target >= 0 and mode.window is W.BLOCKS_DECLINED and any(isinstance(e, Redirect) for e in mode.effects):
            act = view.action()
            if o.target == view.prey(view.seat):
                score += W_REDIRECT_PREY
            elif act is not None and o.target == act.seat:
                score -= 1.0
        if score > 0 and mode.superior:
            score += W_SUPERIOR
        if score > 0 and o.card in view.game_for_scores().seats[view.seat].hand:
            score += W_CYCLE_ACTION if action else W_CYCLE  # the card is replaced: a play is also a fresh card
        return score

    def _bleed_modifier(self, view: View, o: Option, mode: Mode) -> float:
        """A card raising the seat's own bleed (Conditioning): worth its amount, so a superior mode (+3) beats the
        inferior (+2) the baseline plays first on a tie; kept in the hand when the bleed ousts without it."""
        act = view.action()
        if act is None or act.seat != view.seat or not act.is_bleed() or act.bleed >= view.pool(act.target):
            return -1.0
        m = view.minion(o.minion if o.minion >= 0 else act.actor)  # a card in play raises the actor's bleed
        if m is None:
            return -1.0
        amount = sum(e.amount + (e.clan == m.clan if e.clan else 0) for e in mode.effects if isinstance(e, Bleed))
        return W_PLAY + W_BLEED * amount

    def _add_blood(self, view: View, o: Option, mode: Mode) -> float:
        """An action adding blood to a vampire of the seat's uncontrolled region (Govern the Unaligned superior):
        free influence, worth a bleed of as many points while the seat wants more vampires."""
        game = view.game_for_scores()
        target = game.minions.get(o.target)
        if target is None or o.target not in game.seats[view.seat].uncontrolled or not self._wants_vampire(view):
            return 5.0
        amount = sum(e.amount for e in mode.effects if isinstance(e, AddBlood))
        return W_BLEED * min(amount, target.capacity - target.blood) + 6.0 + 4.0 * mode.stealth

    def _block(self, view: View, o: Option) -> float:
        score = super()._block(view, o)
        act, m = view.action(), view.minion(o.minion)
        if score <= 0 or act is None or m is None:
            return score
        if act.is_bleed() and act.bleed >= view.pool(view.seat):
            return score + W_BLOCK_OUST
        actor = view.game_for_scores().minions.get(act.actor)
        if actor is not None:
            dealt, taken = self._fight(view, m, actor)
            if taken >= m.blood and dealt < actor.blood:
                return -3.0  # a combat its blocker loses, for an action that does not oust the seat
            # of blockers the baseline scores alike, the one that fares best in the combat
            score += W_BLOCKER_FIT * (min(dealt, actor.blood) - min(taken, m.blood))
        return score

    def _fight(self, view: View, me: Minion, them: Minion) -> tuple[int, int]:
        """A round of combat as the seat can see it before it starts: the damage ``me`` deals (its strength, or
        the best strike it carries or holds in the hand that it can play, twice with an additional strike) and
        the damage it takes (``them``'s strength less the most the hand can prevent)."""
        game = view.game_for_scores()
        comp = game.compiled
        strength = strength_of(game, me.id)
        best, hits, prevent = strength, 1, 0
        for c in me.cards:  # weapons it carries (.44 Magnum)
            bearer = getattr(comp.specs.get(game.card_of[c]), "bearer", None)
            strike = getattr(bearer, "strike", None)
            if isinstance(strike, Strike) and strike.damage is not None:
                best = max(best, strike.damage + strike.bonus)
        for copy in view.hand:
            vekn = view.card(copy)
            for window in (W.STRIKE, W.BEFORE_STRIKES, W.PREVENT):
                for h in comp.hand.get((vekn, window), ()):
                    if not may_play(game, h, me):
                        continue
                    for e in h.mode.effects:
                        if isinstance(e, StrikeWith):
                            damage = e.strike.damage if e.strike.damage is not None else strength
                            best = max(best, damage + e.strike.bonus)
                        elif isinstance(e, CombatStrength):
                            best = max(best, e.value)
                        elif isinstance(e, AdditionalStrikes):
                            hits = 2
                        elif isinstance(e, Prevent):
                            prevent = max(prevent, e.amount)
        return best * hits, max(0, strength_of(game, them.id) - prevent)

    def _rush(self, view: View, o: Option) -> float:
        """An action entering combat with a minion (the module's docstring)."""
        game = view.game_for_scores()
        me, them = view.minion(o.minion), view.minion(o.target)
        if me is None or them is None or them.kind == VAMPIRE and them.torpor:
            return -1.0
        dealt, taken = self._fight(view, me, them)
        health = them.blood  # an ally's life is its blood
        if taken >= me.blood and dealt < health:
            return -5.0
        seat = view.seat
        owner = controller(game, them.id)
        threat = W_RUSH_THREAT if owner in (view.prey(seat), view.predator(seat)) else 0.0
        if dealt < health:
            if dealt <= 0 or taken >= me.blood:
                return -2.0
            return W_RUSH * dealt / health + threat - 2.0 * taken  # a wound: blood the target must spend or lose
        return W_RUSH + them.capacity + threat

    def _vote_outlook(self, view: View) -> float:
        """A referendum's prospects before calling it: the seat's votes (its titled vampires', the card's own, the
        Edge's, a political card of the hand burned for one) against every other seat's, as if all voted
        against: sure to pass, W_VOTES_SURE; hopeless (not half of theirs), W_VOTES_HOPELESS."""
        facts = self._this_decision(view)
        found = facts.get("vote outlook")
        if found is None:
            game = view.game_for_scores()
            seat = view.seat
            political = sum(1 for c in view.hand if "Political Action" in game.compiled.types.get(view.card(c), ()))
            mine = votes_of(game, seat) + 1 + (view.edge == seat) + max(0, political - 1)
            theirs = sum(votes_of(game, s) for s in view.live if s != seat) + (view.edge not in (None, seat))
            found = W_VOTES_SURE if mine > theirs else W_VOTES_HOPELESS if 2 * mine <= theirs else 0.0
            facts["vote outlook"] = found
        return float(found)

    def _bleed_worth(self, view: View, m: Minion, prey: int, bleed: int, stealth: int) -> float:
        if prey < 0:
            prey = view.prey(view.seat)
        pool = view.pool(prey)
        if bleed >= pool:
            return W_BLEED * bleed + W_OUST_NOW
        if self._guards(view, m):
            return -1.0
        worth = super()._bleed_worth(view, m, prey, bleed + self._hand_bleed(view, m), stealth)
        return worth if worth <= 0 else worth * urgency(pool)


BOTS: dict[str, Callable[[], Bot]] = {"heuristic": HeuristicBot, "baseline": BaselineBot, "random": RandomBot}


def by_name(name: str) -> Bot:
    """A new bot by its DESIGN.md name; ValueError naming the known ones otherwise."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(BOTS)}") from None
