"""Issue 36, item 2: a tournament writes every game as a record (a save) that
``replay`` and ``analyze`` read, with each seat's spec and what its search used, so
a game of a time-budget search (``mcts:seconds=``) replays exactly: from its
recorded moves, never searched again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson

from vikingcli.core.registry import load_registry
from vikingcli.saves.match_file import load_save


def vikingcli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vikingcli", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )


def test_item2_tournament_records_of_a_time_budget_search_replay_exactly(tmp_path: Path) -> None:
    proc = vikingcli(
        "tournament", "jorvik", "-p", "m=mcts:seconds=0.01", "-p", "random", "--games", "2",
        "--save-dir", "games", "--out", "t.jsonl", cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    records = [orjson.loads(x) for x in (tmp_path / "t.jsonl").read_bytes().splitlines()[1:]]
    assert len(records) == 2
    saves = sorted((tmp_path / "games").iterdir())
    assert [p.name for p in saves] == ["jorvik-seed1-1-2.json", "jorvik-seed1-2-1.json"]
    reg = load_registry()
    for rec in records:
        path = tmp_path / rec["save"] if not Path(rec["save"]).is_absolute() else Path(rec["save"])
        kept = load_save(path, reg)
        replayed = kept.match.result_json()
        for key in ("scores", "ranks", "winners", "end_reason", "moves"):
            assert replayed[key] == rec[key], key
        mcts = rec["seating"].index(0)
        assert [str(s.spec) for s in kept.match.seats][mcts] == "mcts:seconds=0.01"
        assert kept.search is not None
        used = kept.search[mcts].iterations
        assert len(used) == rec["seat_moves"][mcts] and all(n and n > 0 for n in used)
        assert kept.search[1 - mcts].iterations == [None] * rec["seat_moves"][1 - mcts]
        shown = vikingcli("replay", str(path), cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        assert "mcts:seconds=0.01); search: " in shown.stdout
        judged = vikingcli("analyze", str(path), "--iterations", "2", "--json", cwd=tmp_path)
        assert judged.returncode == 0, judged.stderr
        assert orjson.loads(judged.stdout)["annotations"]


def test_item2_the_forfeits_table_names_each_game_by_seed_and_seating() -> None:
    """"first games (seed, seat)" did not identify a game: a seed is a deal of many."""
    from vikingcli.batch.stats import forfeits

    rec = {"seed": 5, "deal": 4, "seating": [1, 0], "save": "games/jorvik-seed5-2-1.json",
           "forfeit": {"seat": 0, "reason": "bot crashed"}}
    (row,) = forfeits(["hero", "crash"], [rec])
    assert row["entrant"] == "crash"
    assert row["games"] == [{"seed": 5, "seat": 1, "seating": ["crash", "hero"],
                             "save": "games/jorvik-seed5-2-1.json"}]
