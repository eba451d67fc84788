// The rolls a table's dice expression gives, for the coverage checks. The engine's parser
// (src/engine/core/dice-expression.ts) rolls and counts them; content may not import the engine,
// so this is the same grammar and bounds, and test/dice-expression.test.ts checks the two agree.

const SUM = /^([0-9]*)d([0-9]+)(?:\s*([+-])\s*([0-9]+))?$/;

/** Every result of the dice, ascending, or why they cannot be rolled as written. */
export function diceResults(text: string): { rolls: number[] } | { problem: string } {
  const t = text.trim().toLowerCase();
  if (t === 'd66') return { rolls: [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => a * 10 + b)) };
  if (t === 'fingers' || t === 'rng') return { rolls: [1, 2, 3, 4, 5] };
  const m = SUM.exec(t);
  if (!m) return { problem: `"${text}" is not a dice expression.` };
  const count = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const plus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  if (count < 1 || count > 20) return { problem: `"${text}" rolls ${count} dice; roll 1 to 20.` };
  if (sides < 2 || sides > 100) return { problem: `"${text}" has dice of ${sides} sides; a die has 2 to 100 sides.` };
  if (Math.abs(plus) > 1000) return { problem: `"${text}" adds ${plus}; add at most 1000 either way.` };
  return { rolls: Array.from({ length: count * (sides - 1) + 1 }, (_, i) => count + plus + i) };
}
