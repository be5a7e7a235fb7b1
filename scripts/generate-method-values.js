// Writes src/bot-api/declared/method-values.ts, the types of the values the runner reads for each
// declared method (ADR 0084), formatted as Prettier formats the repository. Run
// `npm run generate:method-values` after regenerating the method table or changing its overrides;
// src/bot-api/declared/method-values.test.ts fails while the committed file is not what this writes.
// Runs under tsx (`node --import tsx`), which loads the TypeScript sources.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { methodValuesSource } from '../src/bot-api/declared/method-values-source.ts';

const file = fileURLToPath(new URL('../src/bot-api/declared/method-values.ts', import.meta.url));
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(methodValuesSource(), options));
console.log(`wrote ${file}`);
