// A simulate worker thread: loads the game once, then plays the chunks of game indexes the main
// thread sends (src/analysis/simulate.ts) and sends back one summary per game and the chunk's
// counts, until it gets null.
import { parentPort, workerData } from 'node:worker_threads';
import { loadGame } from '../engine/games.js';
import { playRange, type FromWorker, type ToWorker, type WorkerStart } from './simulate.js';

const start = workerData as WorkerStart;
const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);
const game = loadGame(start.ref);
game.catch(() => undefined); // reported when the first chunk asks for it

// The main thread sends one chunk at a time and waits for its summaries before the next.
port.on('message', async (m: ToWorker) => {
  if (m === null) return port.close();
  try {
    send({ from: m.from, played: playRange(await game, start.content, start.batch, m) });
  } catch (error) {
    send({ error: (error as Error)?.message ?? String(error) });
  }
});
