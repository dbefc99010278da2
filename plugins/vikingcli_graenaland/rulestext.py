"""The player-facing rules summary and action syntax (``vikingcli rules graenaland``);
the board's abbreviations are explained by the 'legend' look-up."""

RULES_TEXT = """\
Graenaland (Vlaada Chvatil) - 3 to 5 players

Each round: (1) every populated province gets resource cards up to its cap
(settlements + 1; roads add a face-down card, improvements a matching one);
(2) every player except the lead secretly moves one hero (warlord, priest,
skald) or stays; (3) every non-lead player may make one offer: split all cards
lying at one province among players with votes there; all voters vote yes/no
with all their votes, a strict majority passes it; (4) only the lead builds:
villages, fort/temple/hall, army, public works (road, market, rampart,
improvement), a joint work with contributions, or (5 players, option) a build
permission; the lead may take one supply card; (5) the ship passes left.
Votes in a province: settlements + hero votes (warlord = army, zero if a priest
is there; priest 0; skald = other heroes there; 3 players: +1 per hero;
ramparts cost warlords without a settlement 1 vote, with 3 players every hero).
Basic win: the lead meets 3 of V1 8 settlements, V2 3 provinces with 2,
V3 4 in one province, V4 2 buildings (3 with 3 players), V5 army 3 after its
build; the others build once more. Cards: a secret card scores 0-15 VP, 6 wins;
claims come after the offers. The game also ends at the round limit.

Action syntax (pN = seat N, X = province C1..C5 / I1..I4, R = G L W O Au):
  stay | wl|pr|sk w|e|nw|ne|sw|se|ship_w|ship_e      hero move ('map')
  wl|pr|sk X                                          the same, by destination
  pass | offer X, then one 'to pN' per card (G,L,W,O,Au then ? face-down)
  offer X to pN pN ... | to pN pN ...     the split in one line, a seat a card
  yes | no                                              vote
  take Snn | village X | fort|temple|hall X | army peasant|army L|W|O
  road|market|rampart|improve X | joint <work> X | permit pN | end | nothing
  pay R | gold R | supply Snn | mkt R R2 | mkt Snn R2    pay one requirement
  pay                                      pay all the rest, the cheapest way
  cpay R pN | cgold R pN                                 use a contributed card
  fee R                                                  rampart entry fee card
  hero move | hero stay                                  hero to new building?
  give R | done                                          joint-work contribution
  complete | abandon                                     lead ends joint work
  noclaim | claim V                                      victory claims (cards)
  place X | reloc X | noreloc | keep VCnn               advanced setup
Views at the prompt: legend | map | votes | costs | hand | card
A move that is not allowed now is refused with the reason.
"""
