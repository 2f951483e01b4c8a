"""The ``baseline`` bot: a frozen copy of the heuristic bot as it played in November 2026, before the bot rework
(issue 28); the yardstick every later bot is measured against (DESIGN.md: ``simulate_games --bots``).

Kept unchanged: ``tests/engine/test_baseline.py`` pins this file's digest, so a change here is a test failure,
not a drift of the yardstick. Its judgement of single cards (``playbook``, ``plays/``) is shared with the
heuristic bot (``bots.py``): the heuristic bot changes how it plays in its own methods, never by changing
what the baseline reads. The rules themselves (``game.py``) are shared too: a rules fix changes both bots'
games alike.

It scores each legal option and takes the best (ENGINE.md: a scoring policy beats one-ply
search for bulk play); ties go to the first option, so it is deterministic. Its heuristics, each with its
weight (``W_*``):

- Influence: bring a vampire out as soon as it can (W_BRING_OUT); "finish the vampire you started, cheapest
  first": put transfers on the uncontrolled vampire with the most blood, then the cheapest; stop moving
  pool out once it controls enough vampires for its pool (``_wants_vampire``) or the pool would fall under
  the floor (POOL_FLOOR); draw a crypt card when it has nothing to influence; move blood back to the pool
  only when the pool is about to run out.
- Contests (digest 4.1 item 4): never bring out (nor put pool on) a unique vampire another Methuselah
  controls, scoring it well below a pass (W_RIVAL), unless the seat has no other vampire, in play or
  uncontrolled; never put pool on a copy the seat cannot bring out (it controls one with the same name). In
  the unlock phase, pay 1 pool for a contested vampire while the pool stays above POOL_FLOOR + 4 and the
  vampire is worth it (capacity ≥ CONTEST_CAPACITY), else yield it.
- Minion phase: bleed its prey (W_BLEED per point of bleed, plus W_OUST when the bleed ousts the prey;
  when the prey has ready unlocked minions, times the chance it gets through: P_THROUGH_STEALTH when the
  actor's stealth with the stealth cards in its hand beats their best intercept, else P_THROUGH, and 2 less
  per blocker; but an action that does not oust scores below a pass when the seat's last ready unlocked
  minion should stay home to block: its predator's minions in play bleed for 2 or more, at least its pool),
  hunt when low on blood (under half capacity), leave torpor, rescue its own torpid vampires,
  play action cards (bleeds like a bleed with the card's bonus, +6 for the card; others a fixed worth).
- Blocks: block a bleed or a directed action at it when the blocker's intercept (with what its hand can add)
  reaches the action's stealth; never attempt with too little intercept (ENGINE.md: the endless retry
  loop); block undirected actions only with a minion as strong as the acting one.
- Cards in windows: stealth when blocked, intercept when short, redirects and bleed reductions when bled,
  combat cards in combat: a fixed worth per window (W_PLAY), unless the mode gives its own ``score``.
- Combat (``strike_worth``, for the hand strike, granted strikes and strike cards alike): 10 per point of
  damage at the current range (aggravated and stolen blood ×1.5); combat ends or dodge W_SAVE when the
  opponent's hand strike would send it to torpor or burn it, nothing when its own strike wins. Other combat
  cards (maneuvers, presses, prevention, additional strikes, aims) carry their own ``score`` in their specs.
- Votes: by self-interest (a mode's ``stakes``; by default for its own referendums and against others'), a
  blood hunt against the seat's own diablerist and for anyone else's; burn the Edge or a political card only
  when that can swing the result.
- Discard: cards the engine does not model, then cards whose every mode needs a discipline none of the seat's
  vampires (in play or uncontrolled) has; other cards are kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import Play
from .economy import Kind, Option, rivals, self_contest
from .frames import Combat, Referendum
from .game import GRANTED, HAND_STRIKE, Strike, handler_of, intercept_of
from .playbook import (
    W_PLAY,
    card_score,
    effect_score,
    has_effect_rule,
    stake,
    strike_worth,
    wants_to_maneuver,
    wants_to_press,
)
from .state import VAMPIRE, Minion
from .view import View
from .vocabulary import vekn as vekn_of
from .windows import Act, W

POOL_FLOOR = 6
W_RIVAL = -40.0  # bringing out (or feeding) a copy of a vampire another Methuselah controls: a contest
CONTEST_CAPACITY = 6  # the least capacity worth 1 pool a turn in a contest
W_BRING_OUT = 100.0
W_BLEED = 12.0
W_OUST = 30.0
W_ANARCH_CARD = 8.0  # becoming Anarch, per card in hand (up to two) it makes playable by that vampire
W_ANARCH_REVOLT = 12.0  # … and when it spares the seat Anarch Revolt's burn
W_STEAL_CARD = 14.0  # stealing a location (Powerbase: Montreal): a little below burning a card
W_BURN_CARD = 16.0  # burning another Methuselah's card that hurts the table (game.BURN_BY_ACTION): above a bleed of 1
W_BURN_COUNTER = 8.0  # … and per counter on it (Smiling Jack's pool drain grows with them)
W_CARD_BLOCK = 80.0  # a card in play blocking (Unleash Hell's Fury): above any minion's block, no vampire locks
P_THROUGH = 0.35  # the chance a bleed gets through a ready blocker with enough intercept
P_THROUGH_STEALTH = 0.8  # … when the actor's stealth (with the hand's stealth cards) beats its intercept


def _cards_giving(view: View, what: str) -> int:
    """How many cards in the hand can add ``what`` ("stealth" or "intercept") during a block attempt."""
    comp = view.game_for_scores().compiled
    total = 0
    for copy in view.hand:
        if any(getattr(h, what) for h in comp.hand.get((view.card(copy), W.BLOCK_ATTEMPT), ())):
            total += 1
    return total


_JUDGED: dict[int, tuple[Any, Any, bool]] = {}
_JUDGED_BOUND = 1 << 14


def _judged(handler: Any) -> tuple[Any, bool]:
    """How a mode is judged: its registered score (``playbook.judge``, or a ``score`` of the mode), else whether
    one of its effects has a playbook rule. Fixed per handler (they live as long as their card list), so looked
    up once (bounded; the handler is kept beside its id, so a reused id is never mistaken)."""
    found = _JUDGED.get(id(handler))
    if found is None or found[0] is not handler:
        mode = handler.mode
        score = mode.score if mode.score is not None else card_score(handler.name, handler.index)
        if len(_JUDGED) >= _JUDGED_BOUND:
            _JUDGED.clear()
        found = _JUDGED[id(handler)] = (handler, score, has_effect_rule(mode))
    return found[1], found[2]


_OPENS: dict[tuple[int, int, int], bool] = {}
_OPENS_BOUND = 1 << 16


def _opens(eligibility: Any, vampire: int, card: int) -> bool:
    """Whether becoming Anarch lets this vampire play this card (it could not before): a fact of the two cards,
    so kept (bounded) for the process; asked for every hand card each time a become-Anarch action is offered."""
    key = (id(eligibility), vampire, card)
    found = _OPENS.get(key)
    if found is None:
        if len(_OPENS) >= _OPENS_BOUND:
            _OPENS.clear()
        found = _OPENS[key] = not eligibility.can_play(vampire, card) and eligibility.can_play(
            vampire, card, became_anarch=True
        )
    return found


class BaselineBot:
    """Scores options (see the module's docstring) and takes the best; the first on a tie."""

    def decide(self, view: View, options: Sequence[Option]) -> Option:
        best = options[0]
        best_score = -1e9
        for option in options:
            score = self.score(view, option)
            if score > best_score:
                best, best_score = option, score
        return best

    # -- scoring ---------------------------------------------------------------------------------------------------

    def score(self, view: View, o: Option) -> float:
        kind = o.kind  # the most frequent kinds first: a bot scores ~2,500 options a game
        if kind is Kind.PLAY:
            return self._play(view, o)
        if kind is Kind.ACTION:
            return self._action(view, o)
        if kind is Kind.PASS:
            return self._pass(view)
        if kind is Kind.DISCARD:
            return self._discard(view, o)
        if kind is Kind.TRANSFER_TO_VAMPIRE:
            return self._transfer(view, o)
        if kind is Kind.BRING_OUT:
            return W_RIVAL if self._rival_copy(view, o.ids[0]) else W_BRING_OUT
        if kind is Kind.CONTEST:
            m = view.minion(o.ids[0])
            worth = m is not None and m.capacity >= CONTEST_CAPACITY
            return 10.0 if worth and view.pool(view.seat) - 1 > POOL_FLOOR + 4 else -10.0
        if kind is Kind.YIELD:
            return 0.0
        if kind is Kind.CRYPT_DRAW:
            return 15.0 if not view.uncontrolled() and view.pool(view.seat) > 12 and self._wants_vampire(view) else -5.0
        if kind is Kind.TRANSFER_TO_POOL:
            return 50.0 if view.pool(view.seat) <= 2 else -10.0
        if kind is Kind.BLOCK:
            return self._block(view, o)
        if kind is Kind.STRIKE:
            return self._strike(view, o)
        if kind is Kind.VOTE:
            return self._vote(view, o)
        if kind is Kind.TERMS:
            return 0.0  # the spec lists terms best first for the caller
        if kind is Kind.MANEUVER:
            return self._maneuver(view, o)
        if kind is Kind.PRESS:
            return self._press(view, o)
        return 0.0

    def _pass(self, view: View) -> float:
        return 0.0

    def _wants_vampire(self, view: View) -> bool:
        mine = [m for m in view.minions(view.seat) if m.kind == VAMPIRE]
        capacity = sum(m.capacity for m in mine)
        return (
            len(mine) < 2
            or (capacity < 14 and view.pool(view.seat) > 10)
            or (len(mine) < 4 and view.pool(view.seat) > 20)
        )

    def _rival_copy(self, view: View, copy_id: int) -> bool:
        """Whether another Methuselah controls this uncontrolled vampire's name, and the seat has another
        vampire to play with (in play or uncontrolled)."""
        game = view.game_for_scores()
        m = game.minions.get(copy_id)
        if m is None or not m.unique or not rivals(game, copy_id):
            return False
        others = [x for x in (*view.minions(view.seat), *view.uncontrolled()) if x.id != copy_id and x.kind == VAMPIRE]
        return bool(others)

    def _transfer(self, view: View, o: Option) -> float:
        game = view.game_for_scores()
        if self_contest(game, view.seat, o.ids[0]) or self._rival_copy(view, o.ids[0]):
            return W_RIVAL  # pool on a copy that cannot come out, or would start a contest
        pool = view.pool(view.seat)
        if pool - 1 < POOL_FLOOR and any(m.in_play for m in view.minions(view.seat)):
            return -10.0
        if not self._wants_vampire(view):
            return -5.0
        target = view.minion(o.ids[0])
        if target is None:
            return 0.0
        # the started vampire first (most blood), then the cheapest
        return 30.0 + target.blood * 3 - target.capacity * 0.5

    def _discard(self, view: View, o: Option) -> float:
        game = view.game_for_scores()
        vekn = view.card(o.ids[0])
        comp = game.compiled
        if comp is None or vekn not in comp.implemented:
            return 10.0
        spec = comp.specs.get(vekn)
        if spec is not None and spec.modes:
            have = self._seat_disciplines(view)
            if all(mode.disciplines and not set(mode.disciplines) <= have for mode in spec.modes):
                return 5.0  # no vampire of the seat (in play or coming) has the disciplines
        return -1.0

    _disciplines: tuple[Any, int, int, set[str]] = (None, -1, -1, set())

    def _seat_disciplines(self, view: View) -> set[str]:
        """The disciplines of the seat's vampires (in play or coming): asked for every discard option of a
        decision, so worked out once per decision (the game itself and its decision count key it)."""
        game = view.game_for_scores()
        known, decision, seat, have = self._disciplines
        if known is not game or decision != game.decisions or seat != view.seat:
            have = {d for x in (*view.minions(view.seat), *view.uncontrolled()) for d, _ in x.disciplines}
            self._disciplines = (game, game.decisions, view.seat, have)
        return have

    def _action(self, view: View, o: Option) -> float:
        game = view.game_for_scores()
        m = view.minion(o.minion)
        if m is None:
            return 0.0
        act = o.value  # an Act, compared as an int: no enum call per option
        if act == Act.BLEED:
            return self._bleed_worth(view, m, o.target, m.bleed, 0)
        if act == Act.HUNT:
            if m.blood == 0:
                return 50.0
            return 15.0 + (m.capacity - m.blood) if m.blood * 2 < m.capacity else -2.0
        if act == Act.LEAVE_TORPOR:
            return 30.0
        if act == Act.RESCUE:
            return 18.0
        if act == Act.DIABLERIE:
            target = view.minion(o.target)
            return 8.0 if target is not None and target.capacity >= m.capacity else 1.0
        if act == Act.BECOME_ANARCH:
            return self._become_anarch(view, m)
        if act == Act.STEAL_CARD:
            return W_STEAL_CARD  # a location the seat will use, away from a rival
        if act == Act.BURN_CARD:
            # A card another Methuselah plays against the table (Smiling Jack, Anarch Revolt, Pentex on one's
            # minion): worth a good bleed, more with each counter it has gathered.
            return W_BURN_CARD + W_BURN_COUNTER * game.card_counters.get(o.target, 0)
        del game
        return 0.0

    def _become_anarch(self, view: View, m: Minion) -> float:
        """Becoming Anarch is worth its blood when it opens cards in hand this vampire could not play, or spares
        the seat Anarch Revolt's pool burn (no ready Anarch of its own while one is in play)."""
        game = view.game_for_scores()
        eligibility = game.compiled.eligibility
        if eligibility.minion(m.card) is None:
            return -5.0
        opened = sum(1 for c in view.hand if _opens(eligibility, m.card, view.card(c)))
        revolt_id = vekn_of(game, "Anarch Revolt")
        revolt = any(game.card_of[c] == revolt_id for s in game.order for c in game.seats[s].controlled)
        anarchs = any(
            x.sect == "Anarch" and x.kind == m.kind for x in view.minions(view.seat) if x.in_play and not x.torpor
        )
        worth = W_ANARCH_CARD * min(opened, 2) + (W_ANARCH_REVOLT if revolt and not anarchs else 0.0)
        return worth if worth else -5.0

    def _bleed_worth(self, view: View, m: Minion, prey: int, bleed: int, stealth: int) -> float:
        """A bleed's worth: its amount, times the chance it is not blocked, an ousting bleed first; below a
        pass when the minion should stay home to block (``_stay_home``)."""
        if prey < 0:
            prey = view.prey(view.seat)
        pool = view.pool(prey)
        if bleed >= pool:
            return W_BLEED * bleed + W_OUST
        if self._stay_home(view, m):
            return -1.0
        facts = self._this_decision(view)
        found = facts.get(("blockers", prey))
        if found is None:  # how many may block, and their best intercept
            blockers = [x for x in view.minions(prey) if x.in_play and not x.torpor and not x.locked]
            found = facts["blockers", prey] = (len(blockers), max((x.intercept for x in blockers), default=0))
        n_blockers, intercept = found
        if not n_blockers:
            return W_BLEED * bleed + 5
        covered = m.stealth + stealth + self._stealth_in_hand(view) > intercept
        unblocked = P_THROUGH_STEALTH if covered else P_THROUGH
        return W_BLEED * bleed * unblocked + 5 - 2 * n_blockers

    def _stay_home(self, view: View, m: Minion) -> bool:
        """Keep the pool alive: the last ready unlocked minion stays home to block when its predator's minions
        could bleed the pool out next turn."""
        seat = view.seat
        predator = view.predator(seat)
        if predator == seat:
            return False
        for x in view.minions(seat):
            if x.id != m.id and x.in_play and not x.torpor and not x.locked:
                return False
        threat = sum(x.bleed for x in view.minions(predator) if x.in_play and not x.torpor)
        return threat >= 2 and view.pool(seat) <= threat

    _decision: tuple[Any, int, int, dict[Any, Any]] = (None, -1, -1, {})

    def _this_decision(self, view: View) -> dict[Any, Any]:
        """What the scores of one decision's options share (the cards in hand giving stealth, the prey's blockers),
        worked out once per decision: the game itself and its decision count key it, as ``_seat_disciplines``."""
        game = view.game_for_scores()
        known, decision, seat, facts = self._decision
        if known is not game or decision != game.decisions or seat != view.seat:
            facts = {}
            self._decision = (game, game.decisions, view.seat, facts)
        return facts

    def _in_hand(self, view: View, what: str) -> int:
        facts = self._this_decision(view)
        found = facts.get(what)
        if found is None:
            found = facts[what] = _cards_giving(view, what)
        return found

    def _stealth_in_hand(self, view: View) -> int:
        return self._in_hand(view, "stealth")

    def _block(self, view: View, o: Option) -> float:
        act = view.action()
        m = view.minion(o.minion)
        game = view.game_for_scores()
        if act is not None and m is None and game.card_of[o.minion] in game.compiled.blocking:
            # a card that blocks (Unleash Hell's Fury): no vampire locks and none fights; first when it can
            return W_CARD_BLOCK if game.compiled.blocking[game.card_of[o.minion]].intercept >= act.stealth else -5.0
        if act is None or m is None:
            return -1.0
        intercept = intercept_of(game, m.id, act) + self._intercept_in_hand(view)
        if intercept < act.stealth:
            return -5.0
        actor = game.minions.get(act.actor)
        if act.is_bleed():
            return 10.0 + W_BLEED * act.bleed
        if act.directed:
            return 25.0
        if actor is not None and m.strength >= actor.strength and m.blood >= 2:
            return 6.0
        return -2.0

    def _intercept_in_hand(self, view: View) -> int:
        return self._in_hand(view, "intercept")

    def _strike(self, view: View, o: Option) -> float:
        c = view.frame
        if not isinstance(c, Combat):
            return 0.0
        strike = HAND_STRIKE if o.card < 0 and o.value == 0 else GRANTED.get(o.value, HAND_STRIKE)
        return strike_worth(view.game_for_scores(), c, o.minion, strike)

    def _vote(self, view: View, o: Option) -> float:
        game = view.game_for_scores()
        ref = view.frame
        if not isinstance(ref, Referendum):
            return 0.0
        gain = stake(game, ref, view.seat)
        want = 1 if gain > 0 else -1 if gain < 0 else 0
        if want == 0:
            return 1.0 if o.value == 0 else 0.0
        score = 10.0 if o.value == want else -10.0 if o.value == -want else 0.0
        if o.target == 1:
            margin = ref.votes_for - ref.votes_against
            swing = margin <= 1 if want > 0 else margin >= 0
            score += 2.0 if swing and o.value == want else -3.0
        return score

    def _maneuver(self, view: View, o: Option) -> float:
        c = view.frame
        return 5.0 if isinstance(c, Combat) and wants_to_maneuver(view.game_for_scores(), c, o.minion) else -1.0

    def _press(self, view: View, o: Option) -> float:
        c = view.frame
        return 5.0 if isinstance(c, Combat) and wants_to_press(view.game_for_scores(), c, o.minion) else -1.0

    def _play(self, view: View, o: Option) -> float:
        game = view.game_for_scores()
        handler = handler_of(game, o)
        mode = handler.mode
        score, by_effect = _judged(handler)
        if score is not None or by_effect:
            play = Play(
                seat=o.seat, card=o.card, mode=mode, minion=o.minion, target=o.target, value=o.value, frame=view.frame
            )
            if score is not None:
                return float(score(game, play))
            worth = effect_score(game, play)
            if worth is not None:
                return worth
        w = mode.window
        if w is W.ACTION:
            base = 25.0
            if mode.bleeds:
                m = view.minion(o.minion)
                if m is not None:
                    target = o.target if mode.seat_target else -1
                    base = self._bleed_worth(view, m, target, m.bleed + mode.bleed, mode.stealth) + 6
                else:
                    base = W_BLEED * (1 + mode.bleed) + 6 + 4 * mode.stealth
            if handler.blood:
                m = view.minion(o.minion)
                if m is not None and m.blood - handler.blood < 1:
                    base -= 15
            return base
        if w is W.STRIKE:
            c = view.frame
            strike = next(
                (getattr(e, "strike", None) for e in mode.effects if isinstance(getattr(e, "strike", None), Strike)),
                None,
            )
            if isinstance(c, Combat) and isinstance(strike, Strike):
                return strike_worth(game, c, o.minion, strike) + 1.0  # a card's strike beats an equal hand strike
            return 22.0
        if w is W.MASTER:
            return 30.0
        return W_PLAY
