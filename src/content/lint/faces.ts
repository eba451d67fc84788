import { asArray, get, type LintCheck } from './context.js';

const STATS = ['size', 'movement', 'as', 'ds'] as const;

/**
 * unit/faces: a unit's faces go from full strength down, one Hit apart (turned upside down after
 * one Hit, backside up after two...). unit/face-stat-rises: a damaged face outdoes the one before.
 */
export const unitFaces: LintCheck = (ctx) => {
  for (const record of ctx.withProperty('faces')) {
    const faces = asArray(record.data.faces);
    for (let i = 1; i < faces.length; i++) {
      const prevHits = get(faces[i - 1], 'hits');
      const hits = get(faces[i], 'hits');
      if (typeof prevHits === 'number' && typeof hits === 'number' && hits !== prevHits - 1) {
        ctx.at(
          'unit/faces',
          record,
          ['faces', i, 'hits'],
          `Face ${i + 1} of ${record.id} has ${hits} Hits, but the face before has ${prevHits}: each face has one Hit fewer.`,
        );
      }
      for (const stat of STATS) {
        const before = get(faces[i - 1], stat);
        const now = get(faces[i], stat);
        if (typeof before === 'number' && typeof now === 'number' && now > before) {
          ctx.at(
            'unit/face-stat-rises',
            record,
            ['faces', i, stat],
            `Face ${i + 1} of ${record.id} has ${stat.toUpperCase()} ${now}, more than the ${before} of the face before it.`,
          );
        }
      }
    }
    const last = get(faces[faces.length - 1], 'hits');
    if (faces.length > 0 && typeof last === 'number' && last !== 1) {
      ctx.at(
        'unit/faces',
        record,
        ['faces', faces.length - 1, 'hits'],
        `The last face of ${record.id} has ${last} Hits, so the faces for ${last - 1} Hits or fewer are missing.`,
      );
    }
  }
};
