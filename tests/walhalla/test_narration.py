"""What each seat is told of a move (``narrate``): never more than its observation,
and every automatic consequence (issue 11). The face-down end-of-raid cards read as
``lays a card face down`` to the others until the reveal names them; the Hunt
question is asked of every forest occupier (ruling C6), so neither the question nor
``no hunt`` tells whether the occupier holds Hunt."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.walhalla.helpers import (
    ANNA,
    BELA,
    CECIL,
    GAME,
    blank,
    end_raid,
    play,
    put,
    set_hand,
    set_pools,
    set_tile,
    start_turn,
)
from vikingcli.engine import name_seats
from vikingcli.engine.testing import check_narration
from vikingcli_walhalla import data as D
from vikingcli_walhalla import state as S

CONFIGS = [
    (n, opts) for n in (3, 4) for opts in ({}, {"headlands": "5,6,7"}, {"fixed_orientation": "yes"})
]


@pytest.mark.parametrize(("n", "opts"), CONFIGS, ids=[f"{n}p-{o}" for n, o in CONFIGS])
def test_no_narration_tells_more_than_the_observation(n: int, opts: dict[str, str]) -> None:
    rng = random.Random(n)
    state = GAME.new_state(n, GAME.resolve_options(opts), 40 + n)
    step = 0
    while GAME.to_move(state) is not None:
        if step % 3 == 0 or state.phase in (S.PH_COMMIT, S.PH_HUNT):
            check_narration(GAME, state, rng, max_actions=8)
        actions = GAME.legal_actions(state)
        GAME.apply(state, actions[rng.randrange(len(actions))])
        step += 1


def told(before, text: str) -> dict[int | None, list[str]]:
    """Apply ``text`` to ``before`` (in place) and return what every seat is told."""
    b = GAME.clone(before)
    action = GAME.parse_action(before, text)
    GAME.apply(before, action)
    return {v: GAME.narrate(b, action, before, v) for v in [*range(before.n), None]}


def commit_position(card: str):
    """End of raid 1: Anna (first to commit) holds ``card``; Béla holds a Forest."""
    s = blank(4)
    set_hand(s, ANNA, [card.split()[0]])
    set_hand(s, BELA, ["forest"])
    end_raid(s)
    return s


def test_a_face_down_card_reads_the_same_to_the_others_until_the_reveal() -> None:
    a, b = commit_position("wheat"), commit_position("headland h2")
    ta, tb = told(a, "play wheat"), told(b, "play headland h2")
    assert ta[ANNA] == ["play wheat"] and tb[ANNA] == ["play headland h2"]
    for viewer in (BELA, CECIL, None):
        assert ta[viewer] == tb[viewer] == ["lays a card face down"]
    for viewer in (BELA, CECIL):
        assert GAME.observation(a, viewer) == GAME.observation(b, viewer)
    assert GAME.observation(a, BELA)["seats"][ANNA]["face_down"] == 1
    # Anna is done, then Béla: the reveal is narrated, every card and seat named
    play(a, "done", "play forest")
    last = told(a, "done")
    for viewer in (ANNA, BELA, CECIL, None):
        lines = last[viewer]
        assert lines[0] == "done"
        assert "end of raid 1: the face-down cards are revealed" in lines
        assert "{p0} reveals Wheat scoring" in lines
        assert "{p1} reveals Forest scoring" in lines
        assert "{p2} reveals no card" in lines
        assert any(line.startswith("scoring raid 1 cards:") for line in lines)
        assert "raid 2 begins; {p1} starts" in lines
    assert last[BELA] == last[CECIL] == last[None]


def test_a_headland_card_is_revealed_with_its_headland() -> None:
    s = commit_position("headland h2")
    play(s, "play headland h2", "done")
    lines = told(s, "done")[None]
    assert "{p0} reveals Headland +2 on H2" in lines


def hunt_position(hand: list[str]):
    s = blank(4)
    set_tile(s, 1, 1, 13, D.F2)  # (H1,1) forest 2
    set_hand(s, ANNA, hand)
    s.turn_player = ANNA
    start_turn(s, 1)
    play(s, "board front", "moor f1 in")
    return s


def test_the_hunt_question_and_no_hunt_read_the_same_with_or_without_the_card() -> None:
    holds, lacks = hunt_position(["hunt"]), hunt_position(["attack"])
    landing_h, landing_l = told(holds, "land h1.1"), told(lacks, "land h1.1")
    for viewer in (BELA, CECIL, None):
        assert landing_h[viewer] == landing_l[viewer]
    for viewer in (BELA, CECIL):
        assert GAME.observation(holds, viewer) == GAME.observation(lacks, viewer)
        assert GAME.observation(holds, viewer)["phase"] == "hunt"
    answer_h, answer_l = told(holds, "no hunt"), told(lacks, "no hunt")
    for viewer in (ANNA, BELA, CECIL, None):
        assert answer_h[viewer] == answer_l[viewer]
        assert answer_h[viewer][:2] == ["no hunt", "{p0} scores 2 VP for the forest H1.1"]
    for viewer in (BELA, CECIL):
        assert GAME.observation(holds, viewer) == GAME.observation(lacks, viewer)


def test_a_hunt_is_narrated_with_the_doubled_points() -> None:
    s = hunt_position(["hunt"])
    play(s, "land h1.1")
    assert told(s, "hunt")[BELA][:2] == [
        "hunt",
        "{p0} scores 4 VP for the forest H1.1 (doubled by Hunt)",
    ]


def test_sailing_back_to_midgard_is_narrated() -> None:
    s = blank(4, headlands="5,7,6")
    s.fjords[0] = [(5, 0, (-1, -1, -1))] * 3
    set_pools(s, ANNA, midgard=5)
    s.turn_player = ANNA
    start_turn(s, 2)
    play(s, "board front+middle+back", "moor f1 in")
    lines = told(s, "land h1.10")[None]
    if s.phase == S.PH_HUNT:  # the space is a forest: the Hunt question comes first
        lines = told(s, "no hunt")[None]
    sails = [line for line in lines if "sails back to Midgard" in line]
    assert sails == [
        "{p0}'s viking at F1 position 11 has no target and sails back to Midgard",
        "{p0}'s viking at F1 position 12 has no target and sails back to Midgard",
    ]


def test_combat_and_shrine_draws_are_narrated_and_the_card_drawn_stays_private() -> None:
    s = blank(4)
    set_tile(s, 1, 1, 1, D.S)  # (H1,1) a shrine
    put(s, 1, 1, BELA)
    set_pools(s, BELA, walhalla=1)
    s.turn_player = ANNA
    start_turn(s, 1)
    play(s, "board front", "moor f1 in", "attack h1.1")
    before = GAME.clone(s)
    lines = told(s, "lose")
    drawn = next(t for t in range(D.N_CARD_TYPES) if s.hands[ANNA][t])
    assert lines[BELA][:3] == [
        "lose",
        "{p1}'s viking on H1.1 loses and goes to Walhalla; {p0} takes H1.1",
        "{p0} draws an action card",
    ]
    assert lines[ANNA][2] == f"{{p0}} draws an action card: {D.CARD_TITLES[drawn]}"
    assert lines[None] == lines[CECIL] == lines[BELA]
    win = told(before, "win")
    assert win[CECIL][1] == (
        "{p1} holds H1.1, paying 1 viking from Walhalla to Asgard; {p0}'s viking goes to Walhalla"
    )


def test_every_kind_of_consequence_is_told() -> None:
    """Over seeded random games every event kind occurs and gives its lines; a card
    drawn at a shrine is named only to the seat that drew it."""
    seen: set[int] = set()
    for seed in range(3):
        s = GAME.new_state(4, GAME.resolve_options({}), seed)
        rng = random.Random(seed)
        while GAME.to_move(s) is not None:
            b = GAME.clone(s)
            a = rng.choice(GAME.legal_actions(s))
            GAME.apply(s, a)
            public = GAME.narrate(b, a, s, None)
            seen.update(e[0] for e in s.events)
            sails = sum(1 for e in s.events if e[0] == S.E_SAIL)
            assert sum("sails back to Midgard" in line for line in public) == sails
            scores = sum(1 for e in s.events if e[0] == S.E_SCORE)
            assert sum(line.startswith("scoring ") for line in public) == scores
            for e in s.events:
                if e[0] == S.E_DRAW and e[2] >= 0:
                    named = f"draws an action card: {D.CARD_TITLES[e[2]]}"
                    assert any(named in line for line in GAME.narrate(b, a, s, e[1]))
                    assert not any("draws an action card:" in line for line in public)
    always = {S.E_GALLEY, S.E_SAIL, S.E_TAKE, S.E_REPEL, S.E_DRAW, S.E_FOREST, S.E_RAID_END}
    always |= {S.E_REVEAL, S.E_CARD, S.E_SCORE, S.E_CLEAR, S.E_REINFORCE, S.E_NEW_RAID, S.E_OVER}
    assert always <= seen, always - seen


def test_the_score_sheet_is_the_breakdown_in_scoring_order_ending_with_the_total() -> None:
    s = GAME.new_state(3, GAME.resolve_options({}), 5)
    rng = random.Random(5)
    while GAME.to_move(s) is not None:
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    out = GAME.outcome(s)
    assert [label for label, _ in out.sheet] == list(out.breakdown)
    assert out.sheet[0][0] == "forests (during raids)" and out.sheet[1][0] == "card sales"
    assert out.sheet[2][0] == "raid 1 cards"
    assert out.sheet[-1] == ("total", tuple(int(x) for x in out.scores))
    for label, values in out.sheet:
        assert list(values) == list(out.breakdown[label])


# -- through the command line, as a person plays it -------------------------------------


def simulate_raid_1(
    seed: int, ai_seed: int | None = None
) -> tuple[list[str], list[tuple[int, str]], list[int], list[list]]:
    """The game ``play walhalla -p human -p random -p random --seed N`` plays if the
    person always takes the first action offered (and ``done`` at once at the end of
    the raid; ``ai_seed``: what a shared table mixes its AI seats' seeds from): the
    person's inputs, every move (seat, text), the numbers of the moves
    that answer the Hunt question without holding Hunt, and the face-down cards."""
    from vikingcli.core.match import Match, Seat, make_player
    from vikingcli.core.registry import load_registry
    from vikingcli.core.specs import parse_spec

    reg = load_registry()
    game = reg.games["walhalla"]
    seats = [
        Seat(f"{k}-{i}", parse_spec(k, reg.players))
        for i, k in enumerate(("human", "random", "random"))
    ]
    m = Match(game, game.resolve_options({}), seed, seats)
    mixed = seed if ai_seed is None else ai_seed  # a shared table mixes AI seeds apart
    players = {i: make_player(game, reg.players, seats[i].spec, i, mixed) for i in (1, 2)}
    inputs: list[str] = []
    moves: list[tuple[int, str]] = []
    blind_hunts: list[int] = []
    faced: list[list] = [[] for _ in range(3)]
    s = m.state
    while s.raid == 1:
        seat = game.to_move(s)
        legal = game.legal_actions(s)
        if seat == 0:
            a = legal[-1] if s.phase == S.PH_COMMIT else legal[0]
            if len(legal) > 1:  # an only move is played for the person, never asked
                inputs.append(game.format_action(s, a))
        else:
            a = players[seat].choose(game, s, seat)
        if s.phase == S.PH_HUNT and not s.hands[seat][D.C_HUNT]:
            blind_hunts.append(len(moves) + 1)
        moves.append((seat, game.format_action(s, a)))
        if s.phase == S.PH_COMMIT and a[0] == S.PLAY:
            faced[seat].append(a)
        game.apply(s, a)
    return inputs, moves, blind_hunts, faced


def reveal_lines(faced: list[list], names: list[str]) -> list[str]:
    """The reveal line of every seat: its face-down cards of the raid, by name."""
    lines = []
    for seat, cards in enumerate(faced):
        titles = [
            D.CARD_TITLES[a[1]] + (f" on H{a[2] + 1}" if a[1] == D.C_HEADLAND else "")
            for a in cards
        ]
        text = ", ".join(titles) if titles else "no card"
        lines.append(name_seats(f"{{p{seat}}} reveals {text}", names))
    return lines


@pytest.mark.slow
def test_the_person_sees_no_other_seats_face_down_card_before_the_reveal(tmp_path: Path) -> None:
    seed = 3
    inputs, moves, blind_hunts, faced = simulate_raid_1(seed)
    committed_before_me = [
        i for i, (seat, text) in enumerate(moves) if seat != 0 and text.startswith("play ")
    ]
    my_commit = len(moves) - 1 - [seat for seat, _ in moves][::-1].index(0)  # "done"
    assert committed_before_me and committed_before_me[0] < my_commit  # the scenario holds
    assert blind_hunts  # another seat answers the Hunt question without the card
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "vikingcli",
            "play",
            "walhalla",
            "-p",
            "alice=human",
            "-p",
            "random",
            "-p",
            "random",
            "--seed",
            str(seed),
            "--save",
            "t",
        ],
        input="\n".join(inputs) + "\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    out = proc.stdout
    reveal = out.index("the face-down cards are revealed")
    before, after = out[:reveal], out[reveal:]
    # another seat's card never shows before the reveal; that it laid one does
    assert not re.search(r"random \d: play ", before), before
    for i in committed_before_me:
        assert f"{i + 1:>4}. random {moves[i][0] + 1}: lays a card face down" in before
    assert "alice > done" in before  # the person commits without having seen them
    # the reveal names every seat's cards
    names = ["alice", "random 2", "random 3"]
    for line in reveal_lines(faced, names):
        assert line in after
    # the Hunt question is asked of a forest occupier who holds no Hunt card
    for number in blind_hunts:
        seat = moves[number - 1][0]
        assert f"{number:>4}. {names[seat]}: no hunt" in before
