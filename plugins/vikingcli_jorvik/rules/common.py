"""Steps shared by several phases: goods on cards, buying, boxing, vikings coming home."""

from __future__ import annotations

from typing import Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, KIND, NEEDS
from vikingcli_jorvik.state import State


def free_space(s: State, c: int, g: int) -> int:
    """The first empty space for good g on craftsman c, or -1 when there is none."""
    need = NEEDS[c]
    f = s.fill[c]
    for i in range(len(need)):
        if need[i] == g and not (f >> i) & 1:
            return i
    return -1


def has_target(s: State, p: int, g: int) -> bool:
    """Spec §5.4 options 1-4: can a good of type g be used at once by p?"""
    return bool((target_mask(s, p) >> g) & 1)


def target_mask(s: State, p: int) -> int:
    """The goods p can use at once (spec §5.4 options 1-4) as bits: a free space on
    an own craftsman, an own trader or oracle taking it, or any good while the
    warehouse A06 has room."""
    fill = s.fill
    mask = 0
    for c in s.cards[p]:
        k = KIND[c]
        if k == D.CRAFTSMAN:
            need = NEEDS[c]
            f = fill[c]
            for i in range(len(need)):
                if not (f >> i) & 1:
                    mask |= 1 << need[i]
        elif k == D.TRADER or k == D.ORACLE:
            mask |= 1 << NEEDS[c][0]
        elif k == D.WAREHOUSE and len(s.swh[p]) < D.WAREHOUSE_STORAGE:
            return ALL_GOODS
    return mask


ALL_GOODS: Final = 0xFF  # the 8 goods as bits


def box_card(s: State, c: int) -> None:
    """A card leaves the game; a ship's goods go to the common goods space (spec §8.17)."""
    goods = s.cargo[c]
    if goods:
        for g in goods:
            s.cgs[g] += 1
        s.cargo[c] = ()
    s.box.append(c)


def box_own(s: State, p: int, c: int) -> None:
    """A one-shot card of p's card area is used up."""
    s.cards[p].remove(c)
    s.box.append(c)


def return_viking(s: State, v: int) -> None:
    """A viking leaves a column or the reservation row."""
    if v >= 8:  # brown viking -> box (A19 goes too once both are boxed)
        s.brown_boxed += 1
        if s.a19_brown == 0 and s.brown_boxed >= D.BROWN_VIKINGS:
            for p in range(s.n):
                for area in (s.cards[p], s.loading[p]):
                    if D.C_A19 in area:
                        area.remove(D.C_A19)
                        s.box.append(D.C_A19)
    else:
        s.vik[v] += 1


def owns_free(s: State, p: int) -> bool:
    """Does p own the free purchase B22 (card or loading area)?"""
    return D.C_B22 in s.cards[p] or D.C_B22 in s.loading[p]


def use_free(s: State, p: int) -> None:
    area = s.cards[p] if D.C_B22 in s.cards[p] else s.loading[p]
    area.remove(D.C_B22)
    s.box.append(D.C_B22)


def buy(s: State, p: int, c: int) -> None:
    """The card goes to p's loading area; on-purchase effects (spec §5.3)."""
    s.loading[p].append(c)
    k = KIND[c]
    if k == D.TREASURE:
        s.coins[p] += D.TREASURE_COINS
    elif k == D.TRIBUTE:
        for i in range(1, s.n):
            q = (p + i) % s.n
            if s.coins[q] > 0:
                s.coins[q] -= 1
                s.coins[p] += 1
    elif k == D.HIREDHANDS:
        s.a19_brown = D.BROWN_VIKINGS


def take_pool(s: State, g: int) -> None:
    """Remove one g from the pool, flagged cube first (never worse: the unflagged
    ones stay storable)."""
    if s.pool[g + 8]:
        s.pool[g + 8] -= 1
    else:
        s.pool[g] -= 1


def use_good(s: State, p: int, g: int, c: int) -> None:
    """Good g goes to own card c: craftsman space, trader sale or oracle."""
    k = KIND[c]
    if k == D.CRAFTSMAN:
        i = free_space(s, c, g)
        if i < 0:
            raise AssertionError("no space")  # pragma: no cover
        s.fill[c] |= 1 << i
        return
    if k == D.TRADER:
        s.coins[p] += CARDS[c].coins
    else:  # oracle
        s.vp[p] += D.ORACLE_VP
    s.cgs[g] += 1


def remove_from_craftsman(s: State, c: int, g: int) -> None:
    need = NEEDS[c]
    f = s.fill[c]
    for i in range(len(need) - 1, -1, -1):
        if need[i] == g and (f >> i) & 1:
            s.fill[c] = f & ~(1 << i)
            return
    raise AssertionError("no such good")  # pragma: no cover
