// Writes docs/openapi/control-api.yaml from the control API's schema (src/wire/control-schema/,
// ADR 0042), formatted as Prettier formats the repository. Run `npm run generate:control` after
// changing a route; src/control/openapi.test.ts fails while the committed file is not what this writes.
// Runs under tsx (`node --import tsx`), which loads the TypeScript sources.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { controlOpenApiYaml } from '../src/wire/control-schema/openapi.ts';

const file = fileURLToPath(new URL('../docs/openapi/control-api.yaml', import.meta.url));
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(controlOpenApiYaml(), options));
console.log(`wrote ${file}`);
