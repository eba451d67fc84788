import type { Pack } from './model.js';

/**
 * docs/gaps.md: every layer entry of every pack, grouped by pack and layer, so designers and
 * errata maintainers can read in one place what the rule texts lack and how each gap is filled.
 */
export function renderGapsDoc(packs: readonly Pack[]): string {
  const lines = [
    '# Gaps, inferences, rulings and errata',
    '',
    '<!-- Generated from content/*/layers by `npm run docs`; edit the layers, not this file. -->',
    '',
    'The base transcription of each pack says exactly what its rule text prints; a value the text does',
    'not print is `null`. The layer entries below fill or fix values, each with its kind and reason:',
    '**erratum** corrects a printed value, **inference** completes one from a pattern the text shows,',
    '**ruling** decides what the text leaves open, **reconstruction** invents what the text lacks so the',
    'game can be played. `playmark export <pack> --provenance` shows the same for every value.',
  ];
  for (const pack of [...packs].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const count = (kind: string) => pack.layers.reduce((n, l) => n + l.entries.filter((e) => e.kind === kind).length, 0);
    lines.push('', `## ${pack.manifest.title} (\`${pack.id}\`)`, '');
    lines.push(
      `Source: ${pack.manifest.source.title} (\`${pack.manifest.source.file}\`). ${count('erratum')} errata, ${count('inference')} inferences, ${count('ruling')} rulings${count('reconstruction') > 0 ? `, ${count('reconstruction')} reconstructions` : ''}.`,
    );
    for (const layer of pack.layers) {
      lines.push('', `### Layer \`${layer.id}\`: ${layer.title}`, '', '| entry | kind | sets | reason |', '| --- | --- | --- | --- |');
      for (const e of layer.entries) {
        lines.push(`| \`${e.id}\` | ${e.kind} | ${e.target.kind} \`${e.target.id}\` \`${e.target.pointer}\` | ${cell(e.reason)} |`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}
