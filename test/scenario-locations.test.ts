// A scenario sets up in and wins by the pack's own locations, of any kind it declares (checked by
// common/location.schema.json, whatever its name), and its sheet heads them with that kind's name.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '../src/content/project-content.js';
import { commonView } from '../src/render/common/content.js';
import { plural } from '../src/render/common/location-heading.js';
import { scenarioSheets } from '../src/render/common/scenarios.js';
import { packContentOf } from './content-support.js';
import { fixture } from './helpers.js';

const PROJECT = fixture('projects', 'harbor-raid');
const PACK = 'content/harbor-raid';
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of harbor-raid with one file's text replaced. */
function edited(file: string, edit: (text: string) => string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'playmark-locations-'));
  temps.push(root);
  cpSync(PROJECT, root, { recursive: true });
  const at = path.join(root, PACK, file);
  const before = readFileSync(at, 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(at, after);
  return root;
}

/** The setup headings each side's zones print under, in the pack's scenario sheet. */
function headings(content: Parameters<typeof commonView>[0]): string[] {
  const sheet = scenarioSheets(commonView(content), { playmarkVersion: 'test' });
  return sheet.faces.flatMap((f) => (f.context as { sides: { zoneHeading: string }[] }).sides.map((s) => s.zoneHeading));
}

function load(root: string) {
  const { validation, packs } = loadProject(root, { cache: false });
  // A copy's modelines name playmark's schemas relative to the repository, which the copy is not in.
  const diagnostics = validation.diagnostics.filter((d) => d.code !== 'file/schema-comment');
  return {
    diagnostics: diagnostics.map((d) => ({
      code: d.code,
      file: path.relative(root, path.resolve(root, d.file)),
      line: d.line,
      message: d.message,
      hint: d.hint,
    })),
    pack: packs[0],
  };
}

describe('scenario locations of the kinds a pack declares', () => {
  it('validates clean a scenario setting up in and winning by areas (a kind checked by common/location.schema.json)', () => {
    const { diagnostics, pack } = load(PROJECT);
    expect(diagnostics).toEqual([]);
    const scenario = pack!.records.scenario!['night-raid'] as { sides: { setup: { zones: string[] } }[] };
    expect(scenario.sides[1]!.setup.zones).toEqual(['north-quay', 'south-quay', 'lighthouse']);
  });

  it('reports a setup zone naming no location as ref/missing, with the nearest area suggested', () => {
    const root = edited('scenarios/night-raid.yaml', (t) => t.replace('zones: [open-sea]', 'zones: [open-seas]'));
    const { diagnostics } = load(root);
    expect(diagnostics).toEqual([
      {
        code: 'ref/missing',
        file: `${PACK}/scenarios/night-raid.yaml`,
        line: 13,
        message: expect.stringContaining('has the id "open-seas"'),
        hint: expect.stringContaining('open-sea'),
      },
    ]);
  });

  it('reports a victory location naming no location as ref/missing', () => {
    const root = edited('scenarios/night-raid.yaml', (t) => t.replace('locations: [warehouse-row]', 'locations: [warehouse]'));
    const { diagnostics } = load(root);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['ref/missing', 28]]);
  });

  it("heads the setup locations with their kind's plural (Areas), from the location-kind record", () => {
    expect(headings(load(PROJECT).pack!)).toEqual(['Areas', 'Areas']);
  });

  it('heads a kind the designer named `zone` with its own plural, never "Squares"', () => {
    const root = edited('pack.yaml', (t) => t.replace('  area: { folder: areas,', '  zone: { folder: areas,'));
    const { diagnostics, pack } = load(root);
    expect(diagnostics).toEqual([]);
    expect(headings(pack!)).toEqual(['Areas', 'Areas']);
  });

  it("prints the plural as the location-kind record writes it, and a kind's own name in the plural otherwise", () => {
    const root = edited('area-kinds/area.yaml', (t) => t.replace('plural: Areas', 'plural: Harbor areas'));
    expect(headings(load(root).pack!)).toEqual(['Harbor areas', 'Harbor areas']);
    expect(plural('ship-area')).toBe('Ship areas');
    expect(plural('country')).toBe('Countries');
    expect(plural('marsh')).toBe('Marshes');
  });

  it("keeps the shipped packs' headings: Archon's zones print their squares, Warchon's spreads, Warmaster's ship areas", () => {
    expect(headings(packContentOf('archon-skirmish'))).toEqual(['Squares', 'Squares']);
    expect(headings(packContentOf('warchon'))).toEqual(['Spreads', 'Spreads']);
    // Warmaster's first side names no setup zones (no heading prints), the second ship areas.
    expect(headings(packContentOf('warmaster'))).toEqual(['Setup zones', 'Ship areas']);
  });
});
