"""What one move tells a seat (``Game.narrate``): the move as that seat may know it and
every automatic step the rules took after it, in order.

Everything here is worked out from the seat's own observation before and after the
move (``view.observation``; a spectator's is that of seat -1, who holds no hand) and
from the text of a public move, so a seat is never told more than it may know:

* secret moves read to the others as ``chose a hero move``, ``kept a victory card``,
  ``chose whether to claim``; the hero moves and the claims are told when they are
  revealed together (the observation shows them from then on);
* a rampart-fee card is told to its giver and its receiver; the others see only from
  which deck it came (their observation holds the hand sizes per deck);
* a face-down card is named only to the seat that gets it.

Told besides: the offer put to the vote and each seat's votes, when the vote is
decided (the remaining voters are still asked: their votes are recorded but change
nothing), its result and the cards handed out; the cards taken in the draft and the
ones left over; production; every build with the resources paid; the priest or skald
moved to a new temple or hall; joint-work contributions going back; the ship passing
and the supply row refilled; the claim window, the claims and the claimed build; the
win, the final builds, the victory cards revealed and the final scores.
"""

from __future__ import annotations

from typing import Any

from vikingcli.engine import seat_ref
from vikingcli_graenaland import data as D
from vikingcli_graenaland import state as S
from vikingcli_graenaland.actions import action_text
from vikingcli_graenaland.scoring import card_vp
from vikingcli_graenaland.view import observation

Obs = dict[str, Any]
WORK_NOUN = ("a road", "a market", "a rampart", "an improvement")

# what a secret move reads as to the other seats
SECRET = {
    S.PH_MOVE: "chose a hero move",
    S.PH_VCKEEP: "kept a victory card",
    S.PH_CLAIM: "chose whether to claim",
}


def narrate(before: S.State, action: S.Action, after: S.State, seat: int | None) -> list[str]:
    """The lines ``seat`` (None: a spectator) is told about ``action``."""
    viewer = -1 if seat is None else seat
    ob = observation(before, viewer)
    oa = observation(after, viewer)
    # An observation has the snapshot's keys (State.actor is "actor"), not the public ones.
    mover = ob["actor"]
    phase = ob["phase"]
    names = before.board.names
    if phase in SECRET and viewer != mover:
        first = SECRET[phase]
    elif phase == S.PH_FEE and viewer not in (mover, ob["fee"][0]):
        deck = _deck_given(ob, oa, mover)
        card = f"a {D.DECK_NAME[deck]} card" if deck >= 0 else "a card"
        first = f"gives {card} to {seat_ref(ob['fee'][0])} (rampart fee)"
    else:
        first = action_text(before, action)
        if phase == S.PH_FEE:
            first += f" (rampart fee to {seat_ref(ob['fee'][0])})"
        elif phase == S.PH_ALLOC:
            c = ob["ocls"][len(ob["oalloc"])]
            card = "a face-down card" if c == S.HIDDEN else D.RES_LETTER[c]
            first += f" ({card} for {seat_ref(action[1])})"
    return [first, *Teller(ob, oa, viewer, names).lines(action)]


def _deck_given(ob: Obs, oa: Obs, s: int) -> int:
    """The deck of the card seat ``s`` gave away, from its hand sizes per deck."""
    for d in range(4):
        if _deck_count(oa["hand"][s], d) < _deck_count(ob["hand"][s], d):
            return d
    return -1


def _deck_count(hand: list[int], d: int) -> int:
    """Cards of deck ``d`` in a hand as observed: kinds (own) or counts per deck."""
    return sum(hand[d * 5 : d * 5 + 5]) if len(hand) == D.NKIND else hand[d]


def _res(counts: list[int]) -> str:
    """``2G 1W``: resource counts, ``nothing`` when empty."""
    return " ".join(f"{counts[r]}{D.RES_LETTER[r]}" for r in range(5) if counts[r]) or "nothing"


def _hand_size(hand: list[int]) -> int:
    return sum(hand)


def _kinds_res(kinds: list[int]) -> list[int]:
    return [sum(kinds[d * 5 + r] for d in range(4)) for r in range(5)]


def _list(items: list[str]) -> str:
    return ", ".join(items)


class Teller:
    """The automatic steps between two observations of one seat, as lines."""

    def __init__(self, ob: Obs, oa: Obs, viewer: int, names: tuple[str, ...]) -> None:
        self.ob = ob
        self.oa = oa
        self.viewer = viewer
        self.names = names
        self.n = ob["n"]
        self.np = len(names)
        self.out: list[str] = []

    def say(self, text: str) -> None:
        self.out.append(text)

    def lines(self, action: S.Action) -> list[str]:
        """The steps between the two observations, in the order they happened."""
        phase, after = self.ob["phase"], self.oa["phase"]
        if phase in (S.PH_DRAFT, S.PH_RELOC):
            self.draft(action, after)
        self.decisions(phase, after)
        self.payments(action, phase, after)
        self.builds()
        self.closing(phase, after)
        return self.out

    def draft(self, action: S.Action, after: int) -> None:
        """The draft's steps (§3.2): the card a village took, an overcrowded province, the
        draft's end."""
        ob, oa = self.ob, self.oa
        phase = ob["phase"]
        took = self.setup_card(ob["actor"], action)
        if after == S.PH_RELOC and (phase == S.PH_DRAFT or oa["actor"] != ob["actor"]):
            p = oa["reloc_p"]
            self.say(
                f"{self.names[p]} is overcrowded: {seat_ref(oa['actor'])} may move"
                " its village away"
            )
        if after not in (S.PH_DRAFT, S.PH_RELOC):
            self.draft_over(took)

    def decisions(self, phase: int, after: int) -> None:
        """Hero moves revealed (Phase 2), the vote on the offer, the claims."""
        if phase == S.PH_MOVE and after != S.PH_MOVE:
            self.hero_moves()
        if phase == S.PH_ALLOC and after == S.PH_VOTE:
            self.vote_start()
        if phase == S.PH_VOTE:
            self.vote()
        if phase == S.PH_CLAIM and after != S.PH_CLAIM:
            self.claims()

    def payments(self, action: S.Action, phase: int, after: int) -> None:
        """Paying for a build (Phase 4): the rampart fee, joint work, the permission."""
        ob, oa = self.ob, self.oa
        if phase == S.PH_BUILD and after == S.PH_FEE:
            fee = oa["fee"]
            self.say(f"rampart fee: one card each to {_list([seat_ref(o) for o in fee])}")
        if phase == S.PH_FEE and self.viewer == ob["fee"][0] and self.viewer != ob["actor"]:
            got = [
                a - b
                for a, b in zip(
                    _kinds_res(oa["hand"][self.viewer]), _kinds_res(ob["hand"][self.viewer])
                )
            ]
            self.say(f"{seat_ref(self.viewer)} gets {_res(got)}")
        if phase == S.PH_BUILD and action[0] == "joint":
            first = (oa["start"] + 1) % self.n
            self.say(f"every other seat may contribute cards, {seat_ref(first)} first")
        if phase == S.PH_CONTRIB and after == S.PH_JOINT:
            self.say(f"{seat_ref(oa['start'])} completes or abandons the joint work")
        if phase == S.PH_BUILD and action[0] == "permit":
            self.say(f"{seat_ref(action[1])} may build once")

    def closing(self, phase: int, after: int) -> None:
        """What follows a move: heroes placed, a hero to move, contributions back, the
        win, the final builder, the next round, the claim window, who builds, the end."""
        ob, oa = self.ob, self.oa
        if not (phase == S.PH_MOVE and after != S.PH_MOVE):  # the reveal tells its own
            self.heroes_placed()
        if after == S.PH_HERO and phase != S.PH_HERO:
            h = D.HERO_NAME[oa["hero_type"]]
            self.say(f"{seat_ref(oa['actor'])} may move its {h} to {self.names[oa['hero_p']]}")
        self.contributions_back()
        if oa["winner"] >= 0 and ob["winner"] < 0:
            self.won()
        if ob["winner"] >= 0 or oa["winner"] >= 0:
            self.final_builder()
        self.round_start()
        if after in (S.PH_CLAIM,) and phase != S.PH_CLAIM:
            self.say(
                "claim window: every seat may claim 6 VP or more, clockwise from "
                f"{seat_ref(oa['actor'])}"
            )
        if phase in (S.PH_OFFER, S.PH_VOTE) and after == S.PH_BUILD and oa["winner"] < 0:
            self.say(f"{seat_ref(oa['start'])} builds")
        if after == S.PH_OVER and phase != S.PH_OVER:
            self.game_over()

    # -- setup ------------------------------------------------------------------------

    def setup_card(self, s: int, action: S.Action) -> bool:
        """The face-down card a village placed or moved in the draft takes (§3.2);
        whether it took one."""
        ob, oa = self.ob, self.oa
        if action[0] not in ("place", "reloc"):
            return False
        mine_b = _kinds_res(ob["hand"][s]) if s == self.viewer else None
        grown = _hand_size(oa["hand"][s]) - _hand_size(ob["hand"][s])
        if grown <= 0:
            return False
        p = self.names[action[1]]
        if s == self.viewer and mine_b is not None:
            got = [a - b for a, b in zip(_kinds_res(oa["hand"][s]), mine_b)]
            self.say(f"{seat_ref(s)} takes {_res(got)} from {p}")
        else:
            self.say(f"{seat_ref(s)} takes a face-down card from {p}")
        return True

    def draft_over(self, took: bool) -> None:
        left = sum(self.ob["down"]) - sum(self.oa["down"]) - int(took)
        if left > 0:
            self.say(f"the draft is over: the {left} face-down cards left are discarded")
        else:
            self.say("the draft is over")
        if self.oa["phase"] == S.PH_VCKEEP:
            self.say("each seat is dealt 3 victory cards and keeps one in secret")

    # -- hero moves -------------------------------------------------------------------

    def hero_moves(self) -> None:
        """The commitments revealed together and what they did (§2.4, Phase 2)."""
        oa = self.oa
        told = []
        for s in range(self.n):
            c = oa["mcommit"][s]
            if c < 0:
                continue
            if c == S.STAY:
                told.append(f"{seat_ref(s)} stay")
            else:
                h, d = divmod(c, 8)
                told.append(f"{seat_ref(s)} {D.HERO_TEXT[h]} {D.DIR_NAME[d]}")
        self.say("hero moves revealed: " + _list(told))
        self.hero_changes()
        self.say(f"offers: {seat_ref(oa['actor'])} first")

    def hero_changes(self) -> None:
        ob, oa = self.ob, self.oa
        for s in range(self.n):
            for h in range(3):
                i = s * 3 + h
                a, b = ob["hero"][i], oa["hero"][i]
                if a == b:
                    continue
                name = D.HERO_NAME[h]
                if ob["wait"][i] == b and oa["wait"][i] < 0:
                    self.say(f"{seat_ref(s)}'s waiting {name} enters {self.names[b]}")
                elif a < 0:
                    self.say(f"{seat_ref(s)}'s {name} enters {self.names[b]}")
                else:
                    self.say(f"{seat_ref(s)}'s {name}: {self.names[a]} -> {self.names[b]}")

    def heroes_placed(self) -> None:
        """A new temple or hall: the priest or skald enters, moves or waits (§4.4)."""
        ob, oa = self.ob, self.oa
        self.hero_changes()
        for s in range(self.n):
            for h in range(3):
                i = s * 3 + h
                if oa["wait"][i] >= 0 and oa["wait"][i] != ob["wait"][i]:
                    self.say(
                        f"{seat_ref(s)}'s {D.HERO_NAME[h]} waits to enter"
                        f" {self.names[oa['wait'][i]]}"
                    )

    # -- offers and votes -------------------------------------------------------------

    def offer_text(self, o: Obs) -> str:
        per: dict[int, list[int]] = {}
        for c, who in zip(o["ocls"], o["oalloc"]):
            per.setdefault(who, [0] * 6)[c] += 1
        parts = []
        for who in sorted(per, key=lambda w: o["oelig"].index(w) if w in o["oelig"] else w):
            cnt = per[who]
            txt = _res(cnt[:5]) if sum(cnt[:5]) else ""
            if cnt[S.HIDDEN]:
                txt = (txt + " " if txt else "") + f"{cnt[S.HIDDEN]} face-down"
            parts.append(f"{txt} to {seat_ref(who)}")
        return _list(parts)

    def vote_start(self) -> None:
        oa = self.oa
        p = oa["offer_x"]
        votes = _list([f"{seat_ref(o)} {v}" for o, v in zip(oa["voters"], oa["vvotes"])])
        self.say(f"vote on the offer in {self.names[p]}: {self.offer_text(oa)}")
        self.say(f"votes: {votes} ({oa['total']} in all)")

    def vote(self) -> None:
        ob, oa = self.ob, self.oa
        total = ob["total"]

        def state(yes: int, rest: int) -> str:
            if 2 * yes > total:
                return "passes"
            if 2 * (yes + rest) <= total:
                return "fails"
            return ""

        rest_before = sum(ob["vvotes"][ob["vidx"] :])
        was = state(ob["yes"], rest_before)
        if oa["phase"] == S.PH_VOTE and oa["offer_x"] == ob["offer_x"] and oa["vidx"] > ob["vidx"]:
            now = state(oa["yes"], sum(oa["vvotes"][oa["vidx"] :]))
            if was:
                self.say(f"(the offer {was} whatever the others vote)")
            elif now:
                self.say(f"the offer {now}: the votes still to come cannot change it")
            return
        # the last vote: the result
        _round, _offerer, x, yes, tot, passed = oa["offer_log"][-1]
        if was:
            self.say(f"(the offer {was} whatever this vote)")
        if passed:
            self.say(f"the offer passes ({yes} of {tot} votes yes): {self.offer_text(ob)}")
            v = self.viewer
            if v >= 0 and any(c == S.HIDDEN and w == v for c, w in zip(ob["ocls"], ob["oalloc"])):
                got = [a - b for a, b in zip(_kinds_res(oa["hand"][v]), _kinds_res(ob["hand"][v]))]
                self.say(f"{seat_ref(v)} gets {_res(got)}")
        else:
            self.say(
                f"the offer fails ({yes} of {tot} votes yes): the cards stay in {self.names[x]}"
            )
        if oa["phase"] in (S.PH_OFFER, S.PH_ALLOC):
            self.say(f"next offer: {seat_ref(oa['actor'])}")

    # -- claims -----------------------------------------------------------------------

    def claims(self) -> None:
        oa = self.oa
        told = [
            f"{seat_ref(s)} {'claims ' + str(c) + ' VP' if c > 0 else 'no claim'}"
            for s, c in enumerate(oa["ccommit"])
        ]
        self.say("claims revealed: " + _list(told))
        if oa["winner"] < 0:
            self.say(f"no claim: {seat_ref(oa['start'])} builds")
        else:
            w = oa["winner"]
            self.say(
                f"{seat_ref(w)} wins the claim with {oa['ccommit'][w]} VP and builds as claimed"
            )

    # -- building ---------------------------------------------------------------------

    def builds(self) -> None:
        """Everything that went up, and what was paid for it (discards)."""
        ob, oa = self.ob, self.oa
        n = self.n
        for p in range(self.np):
            for s in range(n):
                d = oa["vil"][p * n + s] - ob["vil"][p * n + s]
                if d > 0 and ob["phase"] not in (S.PH_DRAFT, S.PH_RELOC):
                    self.say(f"{seat_ref(s)} builds a village in {self.names[p]}")
            for t in range(3):
                w = oa["bld"][p * 3 + t]
                if w >= 0 and ob["bld"][p * 3 + t] != w:
                    self.say(f"{seat_ref(w)} builds a {D.BUILDING_NAME[t]} in {self.names[p]}")
            for key, work in (
                ("road", D.ROAD), ("market", D.MARKET), ("rampart", D.RAMPART), ("impr", D.IMPROVE)
            ):
                if oa[key][p] and not ob[key][p]:
                    who = seat_ref(ob["actor"]) if ob["phase"] == S.PH_PAY else "a seat"
                    self.say(f"{who} builds {WORK_NOUN[work]} in {self.names[p]}")
        for s in range(n):
            if oa["army"][s] > ob["army"][s]:
                self.say(f"{seat_ref(s)}'s army rises to {oa['army'][s]}")
        if ob["phase"] == S.PH_CLAIM and oa["winner"] >= 0:
            # the claimed build runs at once: what it cost (payments are discarded)
            res = [
                sum(oa["disc"][d * 5 + r] - ob["disc"][d * 5 + r] for d in range(4))
                for r in range(5)
            ]
            sup = " ".join(f"S{c + 1:02d}" for c in oa["sdisc"] if c not in ob["sdisc"])
            self.say(f"paid: {_res(res)}" + (f" and supply cards {sup}" if sup else ""))

    def contributions_back(self) -> None:
        """A joint work completed or abandoned: unused contributions go back (D11)."""
        ob, oa = self.ob, self.oa
        if ob["phase"] not in (S.PH_JOINT, S.PH_PAY) or oa["phase"] in (S.PH_PAY, S.PH_JOINT):
            return
        for s in range(self.n):
            back = _hand_size(oa["hand"][s]) - _hand_size(ob["hand"][s])
            if sum(ob["contrib"][s]) and back > 0:
                cards = "card" if back == 1 else "cards"
                self.say(f"{seat_ref(s)} gets back {back} contributed {cards}")

    # -- the end of a build, a round, the game ----------------------------------------

    def won(self) -> None:
        oa = self.oa
        w = oa["winner"]
        if oa["cards"]:
            vc = oa["vc"][w]
            if vc is not None and vc >= 0:
                m = _measures(oa, w)
                got = sum(card_vp(vc, self.n, m))
                self.say(f"{seat_ref(w)} shows victory card VC{vc + 1:02d}: {got} VP")
        else:
            met = sum(_conditions(oa, w, _measures(oa, w)))
            self.say(f"{seat_ref(w)} meets {met} of the 5 victory conditions")
        self.say(f"{seat_ref(w)} wins; the others build once more, clockwise")

    def final_builder(self) -> None:
        ob, oa = self.ob, self.oa
        if oa["phase"] == S.PH_OVER or oa["bmode"] != S.BM_FINAL:
            return
        if ob["bseat"] != oa["bseat"] or ob["bmode"] != S.BM_FINAL:
            self.say(f"final build: {seat_ref(oa['bseat'])}")

    def round_start(self) -> None:
        ob, oa = self.ob, self.oa
        if oa["round"] == ob["round"] and not (
            ob["phase"] in (S.PH_VCKEEP, S.PH_DRAFT, S.PH_RELOC) and oa["phase"] == S.PH_MOVE
        ):
            return
        if oa["phase"] == S.PH_OVER:
            return
        if oa["round"] != ob["round"]:
            self.say(f"the ship passes to {seat_ref(oa['start'])}: round {oa['round']}")
            new = [c for c in oa["srow"] if c not in ob["srow"]]
            if new:
                row = " ".join(
                    f"S{c + 1:02d}:{D.RES_LETTER[D.SUPPLY[c][0]]}+{D.RES_LETTER[D.SUPPLY[c][1]]}"
                    for c in new
                )
                self.say(f"supply row refilled: {row}")
        self.production()
        first = (oa["start"] + 1) % self.n
        self.say(
            f"hero moves: every seat but {seat_ref(oa['start'])} commits one,"
            f" {seat_ref(first)} first"
        )

    def production(self) -> None:
        ob, oa = self.ob, self.oa
        got = []
        for p in range(self.np):
            up = [oa["up"][p * 5 + r] - ob["up"][p * 5 + r] for r in range(5)]
            down = oa["down"][p] - ob["down"][p]
            parts = [f"{up[r]}{D.RES_LETTER[r]}" for r in range(5) if up[r] > 0]
            if down > 0:
                parts.append(f"{down} face-down")
            if parts:
                got.append(f"{self.names[p]} " + " ".join(parts))
        self.say("production: " + (_list(got) or "nothing"))
        gone = [oa["disc"][k] - ob["disc"][k] for k in range(D.NKIND)]
        thrown = [
            f"{gone[k]} {D.DECK_NAME[k // 5]} {D.RES_LETTER[k % 5]}"
            for k in range(D.NKIND)
            if gone[k] > 0
        ]
        if thrown:
            self.say("improvements discard what they do not keep: " + _list(thrown))
        for d in range(4):
            if oa["decks"][d] > ob["decks"][d]:
                self.say(f"the {D.DECK_NAME[d]} discards are shuffled into a new deck")

    def game_over(self) -> None:
        oa = self.oa
        why = (
            "the round limit" if oa["end_reason"] == "round limit" else "the final builds are over"
        )
        w = oa["winner"]
        self.say(f"game over ({why}); winner: {seat_ref(w) if w >= 0 else 'nobody'}")
        items = []
        for s in range(self.n):
            m = _measures(oa, s)
            if oa["cards"]:
                vc = oa["vc"][s]
                vp = sum(card_vp(vc, self.n, m)) if vc is not None and vc >= 0 else 0
                card = f" (VC{vc + 1:02d})" if vc is not None and vc >= 0 else ""
                items.append(f"{seat_ref(s)} {vp} VP{card}")
            else:
                met = sum(_conditions(oa, s, m))
                items.append(f"{seat_ref(s)} {met} condition{'' if met == 1 else 's'}")
        self.say("scores: " + _list(items))


def _own(o: Obs, s: int, p: int) -> int:
    n = o["n"]
    b = o["bld"]
    return o["vil"][p * n + s] + (b[p * 3] == s) + (b[p * 3 + 1] == s) + (b[p * 3 + 2] == s)


def _measures(o: Obs, s: int) -> tuple[int, int, int, int, int]:
    """``scoring.measures`` from an observation (everything in it is public)."""
    own = [_own(o, s, p) for p in range(len(o["road"]))]
    return (sum(own), sum(1 for c in own if c >= 2), max(own), o["bld"].count(s), o["army"][s])


def _conditions(o: Obs, s: int, m: tuple[int, int, int, int, int]) -> list[bool]:
    bt = D.V_BUILDINGS_3P if o["n"] == 3 else D.V_BUILDINGS
    settled, provinces, dominated, built, army = m
    return [
        settled >= D.V_SETTLEMENTS,
        provinces >= D.V_PROVINCES2,
        dominated >= D.V_DOMINATED,
        bt <= built,
        army >= D.V_ARMY,
    ]
