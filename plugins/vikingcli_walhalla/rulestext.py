"""The player-facing rules summary and action syntax (``vikingcli rules walhalla``),
written for players: it names nothing they do not have."""

from __future__ import annotations

RULES_TEXT = """\
WALHALLA (AMIGO 2006) - 3-4 players, 3 raids.

Board: three headlands H1-H3 of 6 tiles (12 spaces, position 1 at the coast),
with capes (inner 3/4/5 for 2nd place, outer 6/7/8 for 1st) at the sea end.
Fjords F1-F4 lie beside them; a galley covers 3 fjord positions (a berth) and
each seat touches the space at the same position on each neighbouring headland.
Spaces: S shrine (draw a card), F2/F3 forest (VP at once), V1/V2 village
(+1/+2 strength at headland scoring), W wheat (1/2/3 VP per raid, stays).

Turn: draw a galley (3 seats, one coloured). If the colour is another player's,
they are invited first (join with a Midgard viking, or sell a card to join).
Then fill 0-2 neutral seats (0-3 on your own colour) from Midgard; with an
empty Midgard you may sell a card (-1 VP, card discarded, Asgard -> seat).
Moor the galley in the lowest free berth of a fjord (BOW_IN / BOW_OUT).
Vikings disembark nearest the coast first: land on an empty touched space or
attack an enemy there (never your own). The defender chooses: lose (to
Walhalla), win (pay 1 Walhalla viking to Asgard; attacker to Walhalla) or
win with Shield. An Attack card makes the defender lose. No target: the
viking sails back to Midgard. Hunt doubles a forest's VP.

A raid ends after 12 galleys or when no one has Midgard vikings. Players lay
end-of-raid cards face down, reveal together: scoring cards (+1 per forest/
wheat/shrine/village occupied), Headland +2 (named headland), Walhalla +2
(reinforcement rank, raids 1-2). Each headland: most strength gets the outer
cape, second the inner (ties share rounded up; tie for first shares both).
Wheat pays the raid number per field. Then (raids 1-2) non-wheat vikings go
to Asgard, reinforcements by Walhalla rank (10/8/6/4), and everyone removes
the smallest Walhalla count from Walhalla to Asgard.
Final (after raid 3): +1 VP per viking on the board; Walhalla majority 6/4.
Tiebreak: Walhalla vikings, then vikings on the board.

Options: headlands=6,6,6 (5-8 each, sum 18); fixed_orientation=no|yes.

ACTIONS (the prompt lists what is legal now: type 'actions'; Tab completes):
  decline | join | join sell hunt            answer an invitation onto the
                                              coloured seat
  board front+back | board none              fill seats; when Midgard runs
  board front+middle sell hunt+shield        short, sell a card per viking
  moor f2 in | moor f2 out                   send the galley to fjord F2, bow
                                              toward the coast (in) or away
  land h1.3 | attack h1.3 | attack h1.3 card disembark onto H1 position 3
                                              (card = play the Attack card)
  lose | win | win shield                    defender's choice
  hunt | no hunt                             play Hunt on the forest (asked
                                              of every occupier; hunt needs
                                              the card)
  play wheat | play headland h2 | done       end-of-raid cards, face down
                                              (the others see only how many)
Cards: forest wheat shrine village headland walhalla hunt attack shield.
Short forms: seat letters (board f+b), a card's first letters (play vill),
1.3 or h1 3 for h1.3, moor 2 for moor f2 when one orientation is possible,
a bare space (h1.3) to land there or attack it, none for board none.
A move that cannot be made now is refused with the reason.

LOOK-UPS at the prompt: board (the table), legend (what the letters on the
board mean), hand (your cards and what they do), scores (every scoring and
the latest raid), cards (deck, discards, galleys sent), tiles (terrain
tiles), actions, rules, undo, hint.
"""
