"""Conformance checks of hidden information, from every seat's view.

A seat's unknowns (other hands, the deck's order) may change nothing the seat is
shown. These checks prove it by re-dealing them: ``determinize(state, viewer)``
gives a position the viewer cannot tell from ``state``, so its observation, its
``render`` and every narration it is told must read the same there. They also
check what the AI relies on: a re-deal varies the hidden parts (a game with hidden
information whose ``determinize`` copies the state lets the AI see the cards) and
matches the observation (that it is never a dead state is
:func:`vikingcli.engine.testing.check_redeals`); and ``apply`` refuses actions
that are legal elsewhere (another seat's card, another state's move).

Part of the conformance suite (:mod:`vikingcli.engine.testing`); each check raises
``AssertionError`` naming what broke.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

import orjson

from vikingcli.engine.game import Game, IllegalAction
from vikingcli.engine.text import plain_text

FUZZ_ACTIONS = 16
"""Actions legal elsewhere that ``apply`` is offered per checked state."""
POOL_LIMIT = 4096
"""Actions remembered from earlier states, for the fuzz (the oldest are dropped)."""


def snapshot(game: Game, state: Any) -> bytes:
    """The state as ``to_json`` bytes (compares whole states)."""
    return orjson.dumps(game.to_json(state))


def seen(game: Game, state: Any, seat: int) -> bytes:
    """What ``seat`` observes, as canonical bytes."""
    return orjson.dumps(game.observation(state, seat), option=orjson.OPT_SORT_KEYS)


def shown(game: Game, state: Any, viewer: int | None) -> str:
    """``render`` for ``viewer`` as plain text."""
    return plain_text(game.render(state, viewer))


def check_views_under_redeals(
    game: Game, state: Any, rng: random.Random, pool: dict[Hashable, None]
) -> bool:
    """From every seat's view, re-deal what it cannot see and check that nothing it is
    shown changes: its observation and its ``render``, the spectator's ``render``; the
    re-deal keeps the seat to move, is not over, and (for the mover) keeps its legal
    actions. Adds the re-deals' legal actions to ``pool`` (for :func:`check_apply_fuzz`).

    Returns whether any re-deal differed from ``state`` (the caller checks, over a
    whole game, that a game with hidden information re-deals at all)."""
    mover = game.to_move(state)
    n = game.num_players(state)
    original = snapshot(game, state)
    spectator = shown(game, state, None)
    varied = False
    for viewer in range(n):
        det = game.determinize(state, viewer, random.Random(rng.random()))
        assert snapshot(game, state) == original, "determinize changed the original state"
        assert game.to_move(det) == mover, f"determinize for seat {viewer} changed the mover"
        legal = list(game.legal_actions(det))  # never empty: testing.check_redeals
        assert seen(game, det, viewer) == seen(game, state, viewer), (
            f"determinize changed what seat {viewer} observes: its observation shows"
            " what it cannot know, or the re-deal breaks it"
        )
        if viewer == mover:
            assert legal == list(game.legal_actions(state)), (
                "determinize changed the acting seat's legal actions"
            )
        mine = shown(game, state, viewer)
        assert shown(game, det, viewer) == mine, (
            f"render leaks to seat {viewer}: a re-deal of what it cannot see changes what"
            f" it is shown"
        )
        assert shown(game, det, None) == spectator, (
            f"render leaks to spectators: a re-deal of seat {viewer}'s unknowns changes"
            " what a spectator is shown"
        )
        varied = varied or snapshot(game, det) != original
        for action in legal:
            pool[action] = None
    while len(pool) > POOL_LIMIT:
        del pool[next(iter(pool))]
    return varied


def check_apply_fuzz(
    game: Game, state: Any, rng: random.Random, pool: dict[Hashable, None]
) -> None:
    """``apply`` refuses actions legal elsewhere (in earlier states, in re-deals: another
    seat's card, another phase's move) and a refusal changes nothing."""
    legal = set(game.legal_actions(state))
    offered = list(pool)
    if len(offered) > 4 * FUZZ_ACTIONS:
        offered = rng.sample(offered, 4 * FUZZ_ACTIONS)
    others = [a for a in offered if a not in legal][:FUZZ_ACTIONS]
    before = snapshot(game, state)
    for action in others:
        copy = game.clone(state)
        try:
            game.apply(copy, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(
                f"apply accepted {action!r}, legal elsewhere but not among this state's"
                f" legal actions"
            )
        assert snapshot(game, copy) == before, f"a rejected action {action!r} changed the state"


def check_narration(
    game: Game,
    state: Any,
    rng: random.Random,
    *,
    max_actions: int = 24,
    redeals: int = 2,
    others: int | None = None,
) -> None:
    """No narration tells a seat more than its observation does.

    For every seat, a move's narration must be a function of what that seat
    observes before and after the move: moves of another seat that leave the
    seat's observation the same read the same, and so does the same move in a
    position the seat cannot tell apart from this one (one re-dealt by
    ``determinize``, from every other seat's view, or from ``others`` of them drawn at
    random, and ``redeals`` from the mover's own). A spectator's narration must read
    the same wherever any seat other than the mover cannot tell two moves apart."""
    mover = game.to_move(state)
    assert mover is not None
    n = game.num_players(state)
    actions = list(game.legal_actions(state))
    if len(actions) > max_actions:
        actions = rng.sample(actions, max_actions)
    # The mover's re-deals keep its legal actions: the same moves are played there.
    positions: list[tuple[Any, Sequence[Any]]] = [(state, actions)]
    positions += [
        (game.determinize(state, mover, random.Random(rng.random())), actions)
        for _ in range(redeals)
    ]
    viewers = [s for s in range(n) if s != mover]
    if others is not None and others < len(viewers):
        viewers = rng.sample(viewers, others)
    for s in viewers:
        other = game.determinize(state, s, random.Random(rng.random()))
        legal = list(game.legal_actions(other))
        # the moves played in the true position first, where legal here too: the same
        # move in two positions a seat cannot tell apart is the comparison that counts
        here, taken = set(legal), set(actions)
        shared = [a for a in actions if a in here]
        rest = [a for a in legal if a not in taken]
        more = rng.sample(rest, min(max(0, max_actions - len(shared)), len(rest)))
        positions.append((other, shared[:max_actions] + more))
    samples: list[tuple[list[bytes], list[bytes], dict[int | None, list[str]], str]] = []
    for position, moves in positions:
        seen_before = [seen(game, position, s) for s in range(n)]
        for action in moves:
            after = game.apply(game.clone(position), action)
            seen_after = [seen(game, after, s) for s in range(n)]
            told = {
                viewer: list(game.narrate(position, action, after, viewer))
                for viewer in [*range(n), None]
            }
            for viewer, lines in told.items():
                assert lines and all(isinstance(x, str) and x for x in lines), (
                    f"narrate gave {lines!r} to seat {viewer}"
                )
            samples.append((seen_before, seen_after, told, game.format_action(position, action)))
    for viewer in range(n):
        first: dict[tuple[bytes, bytes], tuple[list[str], list[str], str]] = {}
        for before, after, told, text in samples:
            key = (before[viewer], after[viewer])
            if key not in first:
                first[key] = (told[viewer], told[None], text)
                continue
            lines, public, other = first[key]
            assert told[viewer] == lines, (
                f"narration leaks to seat {viewer}: {other!r} and {text!r} look the same to it,"
                f" but it is told {lines!r} and {told[viewer]!r}"
            )
            assert viewer == mover or told[None] == public, (
                f"narration leaks to spectators: seat {viewer} cannot tell {other!r} from"
                f" {text!r}, but spectators are told {public!r} and {told[None]!r}"
            )
