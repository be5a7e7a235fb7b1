/** The machine-readable Bot API as the reference's bot-api-*.json has it (the parts the generator reads). */
export interface BotApiJson {
  version: string;
  release_date: string;
  methods: Record<string, { returns: string[]; href?: string }>;
  types: Record<
    string,
    {
      name: string;
      href: string;
      description: string[];
      fields?: Array<{ name: string; types: string[]; required: boolean; description: string }>;
      subtypes?: string[];
    }
  >;
}

export declare function answerTypes(api: BotApiJson): string[];
export declare function botApiTypesSource(api: BotApiJson, license: string, file: string): Promise<string>;
export declare const OUTPUT: string;
