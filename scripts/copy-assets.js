// Copies the non-TypeScript files that the server reads at run time (SQL migrations) into dist/, and
// writes the schema template, a database with every migration applied that new databases start from
// (src/storage/sqlite/schema-template.ts, ADR 0094).
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function copy(dir) {
  for (const name of readdirSync(dir)) {
    const source = path.join(dir, name);
    if (statSync(source).isDirectory()) copy(source);
    else if (name.endsWith('.sql')) {
      const target = path.join('dist', path.relative('src', source));
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(source, target);
    }
  }
}
copy('src');

const { writeSchemaTemplate } = await import('../dist/storage/sqlite/schema-template.js');
writeSchemaTemplate();
