#!/usr/bin/env node
// A complete vikingcli bot in JavaScript: a seeded random legal move
// (docs/bot-protocol.md).  vikingcli run jorvik -p "exec:node examples/bots/random_bot.js"
"use strict";
const readline = require("readline");

let state = 1;
function random() {
  // mulberry32: a small seeded generator, so the same seed plays the same game
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    state = message.seed | 0;
    console.error(`start: ${message.game} seat ${message.seat} of ${message.players}`);
  } else if (message.type === "move") {
    for (const event of message.events) {  // every move since our last, as we may know it
      if (event.seat !== message.seat) console.error(`${event.name}: ${event.told[0]}`);
    }
    const legal = message.legal;
    const action = legal[Math.floor(random() * legal.length)];
    process.stdout.write(JSON.stringify({ action }) + "\n");
  } else if (message.type === "end") {
    if (message.result !== null) console.error(`end: ranks ${message.result.ranks}`);
    input.close();
  }
});
