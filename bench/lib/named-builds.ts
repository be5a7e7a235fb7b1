/**
 * A bench's `--servers name=path/to/dist/cli/main.js,...` list: the builds it compares, each by the
 * name its lines print and the resolved path of its entry.
 */
import path from 'node:path';

export interface NamedBuild {
  name: string;
  file: string;
}

export function namedBuilds(list: string): NamedBuild[] {
  return list.split(',').map((entry) => {
    const [name, file] = entry.split('=');
    return { name: name!, file: path.resolve(file!) };
  });
}
