"""Rules summary and action syntax shown by ``vikingcli rules wikinger``."""

RULES_TEXT = """\
WIKINGER (Michael Kiesling, Hans im Glueck) - 2 to 4 players, 6 rounds.

Each round 12 combinations (a tile plus a figure) lie around the price wheel at
slots 0..11. Price of slot s = s minus the lowest occupied slot, so the lowest
one (the "zero combination") is free. You may take the zero combination only if
it holds the last figure of its colour on the wheel, or if you cannot pay for
the cheapest other combination with your gold. Missing gold is paid with VP 1:1
(never below 0 VP). Turns go clockwise from the start player; 12 turns a round
(6/4/3 each).

Tableau: row 0 takes ships, rows 1..5 take island tiles; a figure may stand on
a tile of its own row only: 1 warrior (black), 2 noble (red), 3 scout (green),
4 goldsmith (yellow), 5 fisher (blue). Boatmen (grey) always go to the mainland
(idle). Island tiles: L (sea|land), M (land|land), R (land|sea). A tile must
touch the mainland (column 0, sea edge needed) or another island tile (also
above/below), and its edges must match its left and right neighbours. A tile
with no legal cell is discarded (its figure goes to the mainland). Ships: the
first three in any of columns 0-2, then each in the next column. Your first
turn also places your start tile (an L) at column 0 of a row of your choice.

Ships threaten figures in their column down to their sail's row: red 2, green
3, yellow 4, blue 5. A warrior at row 1 under a ship fights it: no threat in
that column. Small scoring (rounds 1, 3, 5): 3 gold per safe goldsmith. Big
scoring (rounds 2, 4, 6): first ferrying - each idle boatman may carry idle
figures to free tiles of their rows: any number of one colour, or one of each
of several colours (advanced: one figure, unless a longship SP04 is used); the
boatman then leaves the game. In round 6 the most figures possible must be
ferried. Then: fought ships pay (red 3 gold, green 5 gold, yellow 2 VP, blue 3
VP), 2 VP per safe noble, 1 VP per safe scout +1 per figure below it in rows 4
and 5, 3 gold per safe goldsmith. Final scoring: unfought ships cost their
value (gold ships: missing gold costs VP); 5 gold = 1 VP (leftover gold breaks
ties); most idle boatmen +10, most completed islands +7, longest completed
island +5 (ties all score, a count of 0 never does); feeding: 5 food per safe
fisher against every figure you own: surplus +2 VP each, shortage -1 VP each.
Advanced: SP11 buildings score their 3x3 block. Most VP wins.

Advanced mode: each round 13 figures are drawn; the start-player marker is
auctioned (the holder may open at 0, others bid at least 1, bids up to gold +
VP; the winner pays, with VP for missing gold); the start player discards one
figure, then players choose colours in turn, each colour filling the highest
empty slots. Taking the most expensive combination (never the zero one) lets
you take one face-up special tile.

Options: mode=basic|advanced, bidding=yes|no (advanced: play without the
auction), start=random|0..3 (the first start player: 0 is the first seat, 1 the
second...).

ACTIONS (rows 1..5, columns from 0, slots 0..11):
  take S            take the combination at slot S
  take S -Kvp       the same when it costs K VP more than your gold (type it)
  start R           put your start tile at row R, column 0 (first turn only)
  ship C            put the ship into column C
  tile R C          put the island tile at row R, column C
  figure here       put the figure on the tile just placed (its own row)
  figure mainland   put it on the mainland (idle)
  special I         take special tile I (0..3) from the display
  special none      take none
  swap R C          building special: replace the tile at (R,C) with it
  bid B | bid B -Kvp | pass        auction (advanced)
  discard COLOUR    discard one drawn figure (advanced)
  colour COLOUR     place all figures of a colour (advanced); colours: blue
                    yellow green red black grey
  boat R C          start a boatman trip carrying a figure to the free tile R,C
                    (advanced: the whole one-figure trip)
  longship R C      advanced: a trip with an SP04 longship (basic capacity)
  add R C           add a figure to the open trip (one colour: further right in
                    the same row; mixed colours: a lower row)
  land              end the open trip
  done              end ferrying
Examples: 'take 4' buys slot 4; 'take 9 -3vp' buys slot 9 paying 3 VP for the
missing gold; 'tile 2 1' lays the tile in row 2, column 1; 'figure here';
'boat 3 0' then 'add 4 2' then 'land'. Short forms work too: role names and the
board's letters for colours (discard fisher, colour F), the board's labels
(take s4, tile r2 c1, tile (2,1)), first letters of a word (ta 4, fig h).
A refused move says why (the price and your gold, an occupied cell...).
Look-ups: 'legend' explains the board's letters, 'board N' shows player N's
islands in full (N from 1), 'scores' the points and the last scoring, 'specials'
the special tiles (advanced). Forced moves (one legal choice) are made for you
and told in the log.
"""
