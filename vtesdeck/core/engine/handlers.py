"""The compiled card specs, as the engine reads them: a ``Handler`` per mode of a card, indexed in ``Compiled``
by window (compile.py builds them once per card list; game.py only reads them, so the rules never import the
compiler or the specs)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..carddb import CardIndex
from ..eligibility import Eligibility, Requirement
from .cards import Ally, Bearer, Blocks, Controller, Everyone, Mode, Role, Spec, Upkeep, VampireSpec
from .windows import W


@dataclasses.dataclass(slots=True)
class Handler:
    """One compiled mode of one card."""

    card: int  # VEKN id
    name: str
    index: int  # the mode's index in the spec
    mode: Mode
    role: Role
    types: frozenset[str]
    requirement: Requirement | None
    blood: int
    pool: int
    stealth: bool  # gives stealth: only as needed
    intercept: bool  # gives intercept: only as needed
    limited_bleed: bool  # raises the bleed "(limited)"
    unique: bool = False  # a unique card played from the hand: not while a copy is in play
    # An action modifier or a reaction: a minion plays the same card once per action (L485-489, L581-584).
    once_per_action: bool = False


@dataclasses.dataclass(slots=True)
class Compiled:
    """The process's card specs for one card list. ``hand[(id, window)]``: handlers of cards played from the
    hand in that window; ``in_play[(id, window)]``: of cards in play and minions' abilities; ``actions[id]``:
    action-window handlers (action cards, equipment, retainers, allies, political actions). ``implemented``:
    the VEKN ids with a spec; ``crypt_implemented``: the crypt cards with a spec or with no ability text
    (``has_no_ability``). What the coverage figures count as modelled."""

    hand: dict[tuple[int, W], tuple[Handler, ...]]
    in_play: dict[tuple[int, W], tuple[Handler, ...]]
    actions: dict[int, tuple[Handler, ...]]
    vampires: dict[int, VampireSpec]
    specs: dict[int, Spec]
    implemented: frozenset[int]
    crypt_implemented: frozenset[int]
    active: frozenset[int]  # VEKN ids with an in-play handler: the only cards in play worth scanning
    in_play_by_window: dict[W, frozenset[int]]  # window → the VEKN ids with an in-play handler in it
    # window → VEKN id → its hand handlers in that window: ``hand`` regrouped for ``game.hand_options``, which asks
    # for every hand card of every seat at every impulse (one lookup a card, no key tuple built)
    hand_by_window: dict[W, dict[int, tuple[Handler, ...]]]
    eligibility: Eligibility
    cards: CardIndex
    types: dict[int, frozenset[str]]
    hooks: dict[str, list[Callable[..., Any]]]
    hook_cards: dict[Callable[..., Any], frozenset[int]]  # a hook → the VEKN ids of its cards (cards.HOOK_CARDS)
    by_mode: dict[tuple[int, int], Handler]  # (VEKN id, mode index) → its handler: what an option plays
    burnable: dict[int, str]  # VEKN id → who may burn the card in play by an action (cards.Spec.burn)
    stealable: dict[int, str]  # VEKN id → who may steal the card in play by a (D) action (cards.Spec.steal)
    bearers: dict[int, Bearer]  # VEKN id → what the card gives the minion carrying it (cards.Spec.bearer)
    controllers: dict[int, Controller]  # VEKN id → what the card gives its controller (cards.Spec.controller)
    allies: dict[int, Ally]  # VEKN id → what the ally can do (cards.Spec.ally)
    upkeeps: dict[int, Upkeep]  # VEKN id → what the card in play makes each Methuselah burn (cards.Spec.upkeep)
    everyone: dict[int, Everyone]  # VEKN id → what the card in play gives every minion (cards.Spec.everyone)
    # VEKN id → how the card in play attempts to block as a minion (cards.Spec.blocks: Unleash Hell's Fury)
    blocking: dict[int, Blocks] = dataclasses.field(default_factory=dict)
    # VEKN id → what its spec leaves out of its text (``Spec.missing``): partial cards, unmodelled in the shares.
    partial: dict[int, str] = dataclasses.field(default_factory=dict)
    modelled: frozenset[int] = frozenset()  # implemented and not partial: what the coverage shares count
    crypt_modelled: frozenset[int] = frozenset()
