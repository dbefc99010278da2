#!/usr/bin/env python3
"""A complete vikingcli bot: a seeded random legal move (docs/bot-protocol.md).

    vikingcli run jorvik -p "exec:python3 examples/bots/random_bot.py" -p greedy
"""

import json
import random
import sys

rng = random.Random()
for line in sys.stdin:  # one JSON message a line
    message = json.loads(line)
    if message["type"] == "start":
        rng.seed(message["seed"])  # same seed, same game
        seat, game = message["seat"], message["game"]
        print(f"start: {game} seat {seat} of {message['players']}", file=sys.stderr)
    elif message["type"] == "move":
        for event in message["events"]:  # every move since our last, as we may know it
            if event["seat"] != seat:
                print(f"{event['name']}: {event['told'][0]}", file=sys.stderr)
        # message["observation"] is what this seat may know; a real bot reads it.
        action = rng.choice(message["legal"])
        print(json.dumps({"action": action}), flush=True)  # flush: the host waits
    elif message["type"] == "end":
        result = message["result"]  # null when the game was abandoned
        if result is not None:
            print(f"end: ranks {result['ranks']}, scores {result['scores']}", file=sys.stderr)
        break
