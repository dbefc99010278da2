#!/usr/bin/env python3
"""A Jórvík bot that reads only what docs/bot-protocol.md documents: the observation
(cards by id and kind, slots, prices, its own coins) and the events (what the others
did since its last move). A few rules of thumb, no search:

    vikingcli tournament jorvik -p "mine=exec:python3 examples/bots/jorvik_bot.py" -p random

- demand: a viking under the most valuable card it can afford to buy later;
- purchase: buy what is worth its price, a free purchase always;
- loading: goods onto its craftsmen (the fullest first), then traders, store the rest;
- Pict attacks: use Glory, pay Ransom; the rest (swaps, brown vikings) as the first
  legal answer says.
"""

import json
import random
import sys

rng = random.Random()
bought_by = {}  # seat -> cards the events say it bought (a bot may plan with it)


def value(card, obs):
    """What a card is worth to this bot, roughly in VP."""
    kind = card["kind"]
    if kind == "craftsman":
        return card["vp"] - len(card["needs"]) + sum(card["filled"])
    if kind == "trader":
        return 3 + card["coins"]
    if kind == "warrior":
        return card["defence"] + (2 if obs["deck"]["pict_attack_to_come"] else 0)
    if kind == "ship":
        return 2 + len(card["cargo"])
    if kind in ("feast", "travel", "skald", "oracle"):
        return 3
    return 1


def choose(message):
    obs, legal = message["observation"], message["legal"]
    me = obs["seats"][obs["seat"]]
    for word in ("glory", "ransom", "free"):
        if word in legal:
            return word
    if obs["phase"] in ("purchase", "reservation") and obs["purchase"]:
        offer = obs["purchase"]
        worth = value(offer["card"], obs) >= offer["price"] - 1
        if "buy" in legal and (worth or me["coins"] >= offer["price"] + 4):
            return "buy"
        return "pass" if "pass" in legal else legal[0]
    if obs["phase"] == "demand":
        slots = {f"place {s['slot']}": s for s in obs["slots"] if s["card"]}
        scored = [
            (value(slots[a]["card"], obs) - 0.7 * slots[a]["price"] + rng.random() / 10, a)
            for a in legal
            if a in slots and slots[a]["price"] < me["coins"] + 1
        ]
        if scored:
            return max(scored)[1]
    if obs["phase"] == "loading":
        cards = {c["id"]: c for c in me["cards"]}
        puts = []
        for a in legal:
            words = a.split()
            if words[0] == "put" and len(words) == 3 and words[2] in cards:
                card = cards[words[2]]
                if card["kind"] == "craftsman":
                    puts.append((10 + sum(card["filled"]) - len(card["needs"]), a))
                elif card["kind"] == "trader":
                    puts.append((5, a))
        if puts:
            return max(puts)[1]
        stores = [a for a in legal if a.startswith("store")]
        if stores:
            return stores[0]
        return "end" if "end" in legal else legal[0]
    return legal[0]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        rng.seed(message["seed"])
    elif message["type"] in ("move", "end"):
        for event in message["events"]:  # what everyone did, as this seat may know it
            if event["action"] == "buy":
                bought_by[event["seat"]] = bought_by.get(event["seat"], 0) + 1
        if message["type"] == "end":
            print(f"purchases seen: {bought_by}", file=sys.stderr)
            break
        print(json.dumps({"action": choose(message)}), flush=True)
