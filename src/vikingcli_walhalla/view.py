"""What one seat may know (spec §6 information model), JSON-ready."""

from __future__ import annotations

from typing import Any

from vikingcli_walhalla import data as D
from vikingcli_walhalla.state import P_COMMIT, P_OVER, PHASE_NAMES, WalhallaState


def galleys_sent(s: WalhallaState) -> list[int]:
    """Galleys moored this raid plus the one being sailed (public)."""
    out = [g for f in s.fjords for g, _, _ in f]
    if s.galley and s.galley not in out:
        out.append(s.galley)
    return sorted(out)


def observation(s: WalhallaState, seat: int) -> dict[str, Any]:
    n = s.n
    b = s.board
    to_move: int | None
    if s.phase == P_OVER:
        to_move = None
    else:
        from vikingcli_walhalla.rules import _to_move

        to_move = _to_move(s)
    committed = [s.phase == P_COMMIT and (p in s.commit_order[: s.commit_idx]) for p in range(n)]
    return {
        "game": "walhalla",
        "seat": seat,
        "players": n,
        "fixed_orientation": s.fixed,
        "headlands": list(b.lengths),
        "tiles": [[list(t) for t in row] for row in s.layout],
        "spaces": [
            {"id": b.space_text(sp), "type": D.SPACE_CODE[s.stype[sp]], "occupant": s.occ[sp]}
            for sp in range(b.n_spaces)
        ],
        "capes": [list(c) for c in s.capes],
        "fjords": [[[g, o, list(x)] for g, o, x in f] for f in s.fjords],
        "raid": s.raid,
        "start_player": s.start,
        "active": s.active,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move,
        "galley": s.galley,
        "seats": s.seats[:],
        "queue": [list(x) for x in s.queue],
        "target": s.target,
        "attacker": s.attacker,
        "midgard": s.midgard[:],
        "asgard": s.asgard[:],
        "walhalla": s.walhalla[:],
        "score": s.score[:],
        # hidden commitments stay in the hand count (face-down cards are still visible)
        "hand_sizes": [sum(s.hands[p]) + len(s.commits[p]) for p in range(n)],
        "hand": s.hands[seat][:] if 0 <= seat < n else None,
        "my_commits": [list(c) for c in s.commits[seat]] if 0 <= seat < n else None,
        "committed": committed,
        "commit_order": s.commit_order[:],
        "discard": s.discard[:],
        "deck_size": len(s.deck),
        "galley_deck_size": len(s.gdeck),
        "galleys_sent": galleys_sent(s),
        "ledger": [[label, list(p)] for label, p in s.ledger],
        "forest_vp": s.forest_vp[:],
        "sale_vp": s.sale_vp[:],
    }
