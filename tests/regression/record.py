"""Re-record every batch in runs.py (only when a rules change is meant)."""

from __future__ import annotations

import sys

import orjson

from tests.regression.runs import RECORDED, commands, play


def main() -> None:
    RECORDED.mkdir(exist_ok=True)
    only = sys.argv[1:]
    for name, args in commands():
        if only and not any(o in name for o in only):
            continue
        records = play(args)
        (RECORDED / f"{name}.jsonl").write_bytes(
            b"".join(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) + b"\n" for r in records))
        print(name, len(records), flush=True)


if __name__ == "__main__":
    main()
