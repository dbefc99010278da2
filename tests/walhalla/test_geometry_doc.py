"""Issue 37 item 5: what docs/bot-protocol.md says of Walhalla's geometry (from the
schema's descriptions) is what the program does: berth k of a fjord covers positions
3k-2..3k; bow in puts the front seat at 3k-2, bow out the back seat there."""

from __future__ import annotations

import random

from tests.host import protocol_docs
from vikingcli_walhalla.game import WalhallaGame

GAME = WalhallaGame()


def test_item5_a_moored_galleys_vikings_queue_at_the_documented_positions() -> None:
    checked = set()
    for seed in range(12):
        options = GAME.resolve_options({})
        state = GAME.new_state(3 + seed % 2, options, seed)
        rng = random.Random(seed)
        while GAME.to_move(state) is not None:
            legal = list(GAME.legal_actions(state))
            action = legal[rng.randrange(len(legal))]
            text = GAME.format_action(state, action)
            GAME.apply(state, action)
            if not text.startswith("moor"):
                continue
            obs = GAME.observation(state, 0)
            fjord = int(text.split()[1][1:])
            galleys = obs["fjords"][fjord - 1]
            k = len(galleys)  # the galley just moored is the last, berth k
            galley = galleys[-1]
            assert galley["bow"] == text.split()[-1] or len(text.split()) == 2
            expected = []
            for i, occupant in enumerate(galley["sailors"]):  # front, middle, back
                if occupant is not None:
                    offset = i if galley["bow"] == "in" else 2 - i
                    expected.append(
                        {"fjord": fjord, "position": 3 * k - 2 + offset, "seat": occupant}
                    )
            # a viking with one way off may have disembarked already: the rest still queue
            queued = [q for q in obs["to_disembark"] if q["fjord"] == fjord]
            assert all(q in expected for q in queued), (text, galley, queued)
            if queued:
                checked.add(galley["bow"])
    assert checked == {"in", "out"}


def test_item5_the_documented_geometry_and_hand_are_in_the_bot_protocol() -> None:
    text = protocol_docs.DOC.read_text(encoding="utf-8")
    section = text[text.index("(`walhalla`)") :]
    assert "berth k covers positions 3k-2..3k" in section
    assert "in: the front seat is at the berth's position nearest the coast (3k-2)" in section
    assert "null only in a spectator's view" in section
