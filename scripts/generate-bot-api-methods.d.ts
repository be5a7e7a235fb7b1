import type { MethodDeclaration } from '../src/bot-api/declared/method-declaration.js';

/** A parameter of a method as the reference's bot-api-*.json has it. */
export interface BotApiFieldJson {
  name: string;
  types: string[];
  required: boolean;
  description: string;
}

/** A method as the reference's bot-api-*.json has it (the parts the generator reads). */
export interface BotApiMethodJson {
  name: string;
  href: string;
  returns: string[];
  fields: BotApiFieldJson[];
}

export interface BotApiMethodsJson {
  version: string;
  release_date: string;
  methods: Record<string, BotApiMethodJson>;
}

/** A parameter's limits as the table holds them (`length`, `range`, `items`, `oneOf`, `nonZero`, `default`). */
export type ParsedLimits = Partial<
  Pick<MethodDeclaration['params'][number], 'length' | 'range' | 'items' | 'oneOf' | 'nonZero' | 'default'>
>;

export declare function parseLimits(field: Pick<BotApiFieldJson, 'types' | 'description'>): {
  limits: ParsedLimits;
  unparsed: string[];
};
export declare function paramTypes(types: string[]): string[];
export declare function declareMethod(method: BotApiMethodJson): {
  declaration: MethodDeclaration & {
    params: Array<MethodDeclaration['params'][number] & { description: string }>;
  };
  unparsed: Array<{ param: string; mentions: string[] }>;
};
export declare function unparsedLimits(
  api: BotApiMethodsJson,
): Array<{ method: string; param: string; mentions: string[] }>;
export declare function botApiMethodsSource(
  api: BotApiMethodsJson,
  license: string,
  file: string,
): Promise<string>;
export declare const OUTPUT: string;
