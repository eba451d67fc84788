// Transcription checks for the Warchon pack: the printed tables and stat rows are parsed out of the
// rule text itself and compared, cell by cell, with the base YAML records (before any layer).
// The rule text is read from its verbatim excerpts in test/fixtures/source/warchon.txt.
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import { readFileSync, readdirSync } from 'node:fs';
import { sourceText } from './source-text.js';

const text: string = sourceText('warchon');
const lines: string[] = text.split(/\r?\n/);
/** The value, or a thrown error naming what is missing (keeps noUncheckedIndexedAccess honest). */
function must<T>(v: T | undefined | null, what = 'value'): T {
  if (v === undefined || v === null) throw new Error(`missing ${what}`);
  return v;
}
const line = (i: number): string => must(lines[i], `line ${i + 1}`);
const packDir = new URL('../content/warchon/', import.meta.url);

type Rec = Record<string, any>;
function records(folder: string): Map<string, Rec> {
  const dir = new URL(`${folder}/`, packDir);
  const out = new Map<string, Rec>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    out.set(f.replace(/\.yaml$/, ''), parse(readFileSync(new URL(f, dir), 'utf8')) as Rec);
  }
  return out;
}
const spreads = records('spreads');
const units = records('units');
const terrains = records('terrains');
const traits = records('traits');
const descriptors = records('descriptors');
const results = records('results');
const layer = (id: string): Rec => parse(readFileSync(new URL(`layers/${id}.yaml`, packDir), 'utf8')) as Rec;

/** Lines from the first line equal to `start` up to (not including) the next line matching `end`. */
function section(start: string, end: RegExp): string[] {
  const i = lines.indexOf(start);
  if (i < 0) throw new Error(`section ${start} not found`);
  let j = i + 1;
  while (j < lines.length && !end.test(line(j))) j++;
  return lines.slice(i, j);
}
const after = (sec: string[], prefix: string): string | undefined => sec.find((l) => l.startsWith(prefix))?.slice(prefix.length);
const cell = (s: string): number | string => (/^\d+$/.test(s) ? Number(s) : s);

// ---- parse every spread as printed --------------------------------------------------------------
interface PrintedSpread {
  heading: string;
  number: number;
  fullName: string;
  terrain: string;
  capacity: number;
  specialRules: string;
  pathLabel: string;
  paths: string;
  rng: any[][];
  crtTitle: string;
  crtHead: string[];
  crt: any[][];
  eventsTitle: string | null;
  events: string[] | null;
}
const printed: PrintedSpread[] = [];
for (let i = 0; i < lines.length; i++) {
  const m = /^Sp\. (\d+): (.+)$/.exec(line(i));
  if (!m) continue;
  let j = i + 1;
  while (j < lines.length && !/^Sp\. \d+: /.test(line(j))) j++;
  const body = lines.slice(i, j);
  const rngAt = body.indexOf('D/A\t1\t2\t3\t4\t5');
  const rng = body.slice(rngAt + 1, rngAt + 6).map((l) => l.split('\t').slice(1).map(cell));
  const crtAt = body.findIndex((l) => l.startsWith('A-D\t'));
  const evAt = body.findIndex((l) => l.endsWith(' Events Table'));
  const pathLine = body.find((l) => /^Paths?: /.test(l)) ?? '';
  printed.push({
    heading: line(i),
    number: Number(m[1]),
    fullName: must(m[2]),
    terrain: after(body, 'Terrain: ') ?? '',
    capacity: Number(after(body, 'Capacity: ')),
    specialRules: after(body, 'Special Rules: ') ?? '',
    pathLabel: must(pathLine.split(':')[0]),
    paths: pathLine.replace(/^Paths?: /, ''),
    rng,
    crtTitle: must(body[crtAt - 2]),
    crtHead: must(body[crtAt]).split('\t').slice(1),
    crt: body.slice(crtAt + 1, crtAt + 4).map((l) => l.split('\t')),
    eventsTitle: evAt >= 0 ? must(body[evAt]) : null,
    events: evAt >= 0 ? body.slice(evAt + 1).filter((l) => l.trim() !== '') : null,
  });
}
const byNumber = (n: number): Rec => [...spreads.values()].find((s) => s.number === n)!;
const byName = (name: string): Rec => [...spreads.values()].find((s) => s.name === name)!;
const combatLabelRange = (label: string) => {
  const nums = label.split('/').map(Number);
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  return { min: min === -5 ? null : min, max: max === 5 ? null : max };
};

describe('Warchon spreads (Sp. 1-7): headings, terrain, Capacity, special rules, paths', () => {
  it('the text prints seven spreads and the pack has one record for each', () => {
    expect(printed.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(spreads.size).toBe(7);
  });
  for (const p of printed) {
    it(`Sp. ${p.number} ${p.fullName}: heading, name and epithet`, () => {
      const s = byNumber(p.number);
      expect(s.source.section).toBe(p.heading);
      expect(s.epithet ? `${s.name}, ${s.epithet}` : s.name).toBe(p.fullName);
    });
    it(`Sp. ${p.number} ${p.fullName}: Terrain line`, () => {
      const s = byNumber(p.number);
      expect(s.terrainPrinted).toBe(p.terrain);
      expect(s.terrains.map((t: string) => terrains.get(t)!.name).join(', ')).toBe(p.terrain);
    });
    it(`Sp. ${p.number} ${p.fullName}: Capacity`, () => {
      expect(byNumber(p.number).capacity).toBe(p.capacity);
    });
    it(`Sp. ${p.number} ${p.fullName}: Special Rules`, () => {
      const s = byNumber(p.number);
      expect(s.specialRulesPrinted).toBe(p.specialRules);
      if (p.specialRules === 'None printed.') expect(s.specialRules).toEqual([]);
      else expect(s.specialRules.map((r: Rec) => r.text).join(' ')).toBe(p.specialRules);
    });
    it(`Sp. ${p.number} ${p.fullName}: Path(s), exactly as printed on this spread`, () => {
      const s = byNumber(p.number);
      expect(s.pathsPrinted).toBe(p.paths);
      expect(p.pathLabel).toBe(s.paths.length > 1 ? 'Paths' : 'Path');
      if (p.paths.startsWith('None printed')) expect(s.paths).toEqual([]);
      else {
        const named = p.paths.split('; ').map((x) => /^(.+) \(Sp\. (\d+)\)$/.exec(x)!);
        expect(s.paths).toEqual(named.map((n) => byName(must(n[1])).id));
        for (const n of named) expect(byName(must(n[1])).number).toBe(Number(n[2]));
      }
    });
  }
});

describe('Warchon Random Number Generator matrices, every printed cell', () => {
  for (const p of printed) {
    it(`${p.fullName} RNG: rows 1-4 and the lone first cell of row 5`, () => {
      const s = byNumber(p.number);
      expect(p.rng.slice(0, 4).every((r) => r.length === 5)).toBe(true);
      expect(must(p.rng[4]).length).toBe(1);
      for (let r = 0; r < 5; r++) {
        for (let c = 0; c < 5; c++) {
          expect(s.rng[r][c], `row ${r + 1} col ${c + 1}`).toEqual(r === 4 && c > 0 ? null : must(p.rng[r])[c]);
        }
      }
    });
  }
  it('RNG example: five fingers against two in Erdon Pass generates a 3', () => {
    expect(spreads.get('erdon-pass')!.rng[2 - 1][5 - 1]).toBe(3);
  });
  it('Random Events: "In Erdon Pass, the number 5 gives you a Random Event"', () => {
    const cells = spreads
      .get('erdon-pass')!
      .rng.flat()
      .filter((c: unknown) => c !== null);
    for (const c of cells) expect(String(c).endsWith('E')).toBe(String(c).startsWith('5'));
  });
  it('a spread marks E cells exactly when it prints an Events Table', () => {
    for (const p of printed) {
      const hasE = p.rng.flat().some((c) => String(c).endsWith('E'));
      expect(hasE, p.fullName).toBe(p.events !== null);
    }
  });
});

describe('Warchon RNG row 5 inference (layer inferences)', () => {
  const entries = layer('inferences').entries as Rec[];
  for (const p of printed) {
    it(`${p.fullName}: row 5 is row 4 shifted one place left and agrees with the printed first cell`, () => {
      const s = byNumber(p.number);
      // the pattern holds for every printed row
      for (let r = 1; r < 4; r++) {
        const prev = must(p.rng[r - 1]);
        expect(p.rng[r]).toEqual([...prev.slice(1), prev[0]]);
      }
      const e = entries.find((x) => x.target.id === s.id && x.target.pointer === '/rng/4')!;
      expect(e.kind).toBe('inference');
      const row4 = must(p.rng[3]);
      expect(e.value).toEqual([...row4.slice(1), row4[0]]);
      expect(e.value[0]).toEqual(must(p.rng[4])[0]);
      // and closes the cycle: row 5 shifted left is row 1
      expect([...e.value.slice(1), e.value[0]]).toEqual(p.rng[0]);
    });
  }
});

describe('Warchon Combat Results Tables, every printed cell', () => {
  for (const p of printed) {
    it(`${p.crtTitle}: title, column headings and differential ranges`, () => {
      const t = byNumber(p.number).combatTable;
      expect(t.name).toBe(p.crtTitle);
      expect(t.corner).toBe('A-D');
      expect(t.columns.map((c: Rec) => c.label)).toEqual(p.crtHead);
      expect(t.columns.map((c: Rec) => c.differential)).toEqual(p.crtHead.map(combatLabelRange));
    });
    it(`${p.crtTitle}: rows 1-3 cell by cell, rows 4-5 unprinted (null)`, () => {
      const t = byNumber(p.number).combatTable;
      expect(p.crt.map((r) => r[0])).toEqual(['1', '2', '3']);
      for (let r = 0; r < 3; r++) {
        expect(must(p.crt[r]).length).toBe(8);
        expect(t.rows[r].roll, `row ${r + 1}`).toBe(r + 1);
        for (let c = 0; c < 7; c++) expect(t.rows[r].cells[c], `row ${r + 1} ${p.crtHead[c]}`).toBe(must(p.crt[r])[c + 1]);
      }
      expect(t.rows[3]).toEqual({ roll: 4, cells: Array(7).fill(null) });
      expect(t.rows[4]).toEqual({ roll: 5, cells: Array(7).fill(null) });
    });
  }
  it('combat example: 9 AS against 7 DS uses the "+2, +3" column, and a 3 in Erdon Pass gives A1D1', () => {
    const t = spreads.get('erdon-pass')!.combatTable;
    const col = t.columns.findIndex((c: Rec) => (c.differential.min ?? -99) <= 9 - 7 && 9 - 7 <= (c.differential.max ?? 99));
    expect(t.columns[col].label).toBe('+2/+3');
    expect(t.rows[3 - 1].cells[col]).toBe('A1D1');
  });
  it('every printed and ruled cell is exactly one result form', () => {
    const patterns = [...results.values()].map((r) => new RegExp(r.pattern));
    const rulings = (layer('rulings').entries as Rec[]).filter((e) => e.target.pointer.startsWith('/combatTable/rows/'));
    const cells = [...spreads.values()].flatMap((s) => s.combatTable.rows.flatMap((r: Rec) => r.cells)).filter((c: unknown) => c !== null);
    for (const c of [...cells, ...rulings.flatMap((e) => e.value)]) {
      expect(patterns.filter((re) => re.test(c)).length, c).toBe(1);
    }
  });
});

describe('Warchon Events Tables, names and texts in printed order', () => {
  for (const p of printed) {
    it(`${p.fullName}: ${p.eventsTitle ?? 'no Events Table'}`, () => {
      const s = byNumber(p.number);
      if (p.events === null) {
        expect(s.events).toBeNull();
        return;
      }
      expect(s.events.name).toBe(p.eventsTitle);
      expect(p.events.length).toBe(5);
      expect(s.events.entries.map((e: Rec) => e.roll)).toEqual([1, 2, 3, 4, 5]);
      expect(s.events.entries.map((e: Rec) => `${e.name}. ${e.text}`)).toEqual(p.events);
    });
  }
});

describe('Warchon demo units (Units in the Demo table)', () => {
  const head = lines.findIndex((l) => l.startsWith('Unit\tDescriptors\tPts\t'));
  const header = line(head).split('\t');
  const rows: any[][] = [line(head + 1), line(head + 2)].map((l) => l.split('\t'));
  it('the table prints the expected columns', () => {
    expect(header).toEqual(['Unit', 'Descriptors', 'Pts', 'Size', 'Mov', 'AS', 'DS', 'Hits', 'Traits', 'Special Abilities']);
  });
  for (const row of rows) {
    const m = /^(.+?)(?: \((\d+) playmarks\))?$/.exec(row[0])!;
    it(`${m[1]}: every printed stat`, () => {
      const u = [...units.values()].find((x) => x.name === m[1])!;
      expect(u).toBeDefined();
      expect(u.playmarks).toBe(m[2] ? Number(m[2]) : null);
      expect(u.descriptors.map((d: string) => descriptors.get(d)!.name).join(', ')).toBe(row[1]);
      expect(u.points).toBe(Number(row[2]));
      expect(u.faces[0]).toEqual({
        size: Number(row[3]),
        movement: Number(row[4]),
        as: Number(row[5]),
        ds: Number(row[6]),
        hits: Number(row[7]),
      });
      expect(u.traits.map((t: string) => traits.get(t)!.name).join(', ')).toBe(row[8]);
      expect(u.specialAbilitiesPrinted).toBe(row[9]);
      const after1 = /After 1 Hit: S(\d+), M(\d+), AS(\d+), DS(\d+), H(\d+)\./.exec(row[9]);
      if (after1) {
        const [, size, movement, as, ds, hits] = after1.map(Number);
        expect(u.faces).toHaveLength(2);
        expect(u.faces[1]).toEqual({ size, movement, as, ds, hits });
      } else {
        expect(u.faces).toHaveLength(u.faces[0].hits);
      }
    });
  }
  it('Celestine Paladins: the values The Combatants prints, the rest null', () => {
    const u = units.get('celestine-paladins')!;
    const combatants = section('The Combatants', /^Units in the Demo$/).join('\n');
    expect(combatants).toContain('This unit is the Celestine Paladins.');
    expect(combatants).toContain(`Celestine Paladins are ${u.descriptors.map((d: string) => descriptors.get(d)!.name).join(' ')}.`);
    expect(combatants).toContain(`The Paladins cost ${u.points} points each`);
    expect(combatants).toContain(`have the ${traits.get(u.traits[0])!.name} trait`);
    expect(combatants).toContain(`At ${u.faces[0].size}, Celestine Paladins are an average-sized unit.`);
    expect(combatants).toContain(`The Paladins can move up to ${u.faces[0].movement} spreads a turn.`);
    expect([u.faces[0].hits, u.faces[0].as, u.faces[0].ds]).toEqual([null, null, null]);
  });
  it('every unit the text names has a record with its name as printed', () => {
    for (const u of units.values()) expect(text).toContain(u.name);
    for (const name of ['Celestine War Angels', 'Celestine Crusaders', 'Goblin Assassins', 'Brimstone Dragons', 'Ramping Water Elemental'])
      expect(
        [...units.values()].some((u) => u.name === name),
        name,
      ).toBe(true);
  });
});

describe('Warchon traits and combat results as printed', () => {
  const sec = section('Traits', /^Combat$/);
  const defs = sec.filter((l) => /^[A-Z][a-z]+: /.test(l)).map((l) => /^(\w+): (.+)$/.exec(l)!);
  it('every trait the Traits section defines, with its text', () => {
    expect(defs.map((d) => d[1])).toEqual(['Aerial', 'Berserk', 'Frigid', 'Magical', 'Nether', 'Purity']);
    for (const [, name, body] of defs) {
      const t = traits.get(must(name).toLowerCase())!;
      expect(t.name).toBe(name);
      expect(t.text).toBe(body);
    }
  });
  it("a trait's rules are its printed text (or printed sentences of it); tags and undefined traits have none", () => {
    for (const t of traits.values()) {
      expect(Array.isArray(t.rules), t.id).toBe(true);
      expect(t.effects, t.id).toBeUndefined();
      if (t.text === null) expect(t.rules, t.id).toEqual([]);
      for (const r of t.rules) expect(t.text, `${t.id}: ${r.text}`).toContain(r.text);
    }
    // Frigid is a tag other rules ask about (the Baphite Swarm's "-1 CS in Frigid locations").
    expect(traits.get('frigid')!.rules).toEqual([]);
    expect(units.get('baphite-swarm')!.specialAbilities[0].if).toEqual({ place: { hasTrait: ['frigid'] } });
  });
  it("a unit's special abilities are its printed special abilities", () => {
    for (const u of units.values()) {
      if (u.specialAbilities === null || u.specialAbilities.length === 0) continue;
      expect(u.specialAbilities.map((r: Rec) => r.text).join(' '), u.id).toBe(u.specialAbilitiesPrinted);
    }
  });
  it('traits the text uses without defining have null text', () => {
    for (const id of ['spellcaster', 'aquatic']) {
      expect(text).toContain(`"${traits.get(id)!.name}`);
      expect(traits.get(id)!.text).toBeNull();
    }
  });
  it('result codes: each printed explanation is the text of its result record', () => {
    const bullets = section('This is how you interpret the results:', /^Random Number Generator \(RNG\)$/).filter((l) => l.startsWith('"'));
    expect(bullets).toHaveLength(5);
    for (const b of bullets) {
      const code = /^"(\w+)"/.exec(b)![1];
      const r = [...results.values()].find((x) => x.code === code)!;
      expect(r.text, code).toBe(b);
    }
    for (const [id, name] of <[string, string][]>[
      ['ae', 'Attacker Eliminated'],
      ['de', 'Defender Eliminated'],
      ['eg', 'Engaged'],
      ['so', 'Standoff'],
    ]) {
      expect(results.get(id)!.name).toBe(name);
      expect(text).toContain(name);
    }
  });
});

describe('Warchon demo scenario (Setup)', () => {
  const sc = parse(readFileSync(new URL('scenarios/demo.yaml', packDir), 'utf8')) as Rec;
  it('Azuthka sets up between spreads 5 to 7, Celestine from spreads 1 to 3, Azuthka moves first', () => {
    expect(text).toContain('insert his playmarks secretly between spreads 5 to 7');
    expect(text).toContain('position all his blue playmarks from spreads 1 to 3');
    expect(text).toContain("The game begins with the Azuthkan player's Movement Round");
    const zone = (side: string) => sc.sides.find((s: Rec) => s.side === side).setup.zones.map((z: string) => spreads.get(z)!.number);
    expect(zone('azuthka')).toEqual([5, 6, 7]);
    expect(zone('celestine')).toEqual([1, 2, 3]);
    expect(sc.first).toBe('azuthka');
  });
  it('the Azuthkan army holds the two Baphite Swarm playmarks', () => {
    const az = sc.sides.find((s: Rec) => s.side === 'azuthka');
    expect(text).toContain('Baphite Swarm (2 playmarks)');
    expect(az.army.units).toEqual([{ unit: 'baphite-swarm', count: 2 }]);
  });
});

describe('Warchon printed text fields', () => {
  const collect = (v: unknown, out: string[]): string[] => {
    if (Array.isArray(v)) v.forEach((x) => collect(x, out));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'text' || k.endsWith('Printed')) && typeof x === 'string') out.push(x);
        else collect(x, out);
      }
    return out;
  };
  const flat = text.replace(/\s+/g, ' ');
  for (const [kind, recs] of [
    ['spread', spreads],
    ['unit', units],
    ['trait', traits],
    ['descriptor', descriptors],
    ['result', results],
    ['terrain', terrains],
  ] as const) {
    it(`every ${kind} text field is printed verbatim in the rule text`, () => {
      for (const r of recs.values()) for (const t of collect(r, [])) expect(flat, `${r.id}: ${t}`).toContain(t);
    });
  }
  it("every quotation in a layer entry's reason is printed in the rule text word for word (an ellipsis marks words left out)", () => {
    // A quotation is between double quotes; single quotes inside one stand for the text's double
    // quotes, and its first letter may change case where the reason's sentence starts it.
    const variants = (q: string): string[] => {
      const both = [q, q.replace(/'/g, '"')];
      return [...both, ...both.map((v) => v[0]!.toLowerCase() + v.slice(1)), ...both.map((v) => v[0]!.toUpperCase() + v.slice(1))];
    };
    let quotes = 0;
    for (const id of ['inferences', 'rulings', 'reconstructions']) {
      for (const e of layer(id).entries as Rec[]) {
        const reason = String(e.reason).replace(/\s+/g, ' ');
        for (const [, quoted] of reason.matchAll(/"([^"]*)"/g)) {
          for (const part of quoted!.split(/\s*\.\.\.\s*/).map((p) => p.trim())) {
            if (part === '') continue;
            quotes++;
            expect(
              variants(part).some((v) => flat.includes(v)),
              `${id}/${e.id} quotes "${part}"`,
            ).toBe(true);
          }
        }
      }
    }
    expect(quotes).toBeGreaterThan(50);
  });
  it('every sentence of the core rules and the demo scenario texts is printed verbatim', () => {
    for (const f of ['rules/core.yaml', 'scenarios/demo.yaml']) {
      const r = parse(readFileSync(new URL(f, packDir), 'utf8')) as Rec;
      for (const t of collect(r, [])) for (const sentence of t.split(/(?<=[.!?:]) (?=[A-Z])/)) expect(flat, `${f}: ${sentence}`).toContain(sentence);
    }
  });
});
