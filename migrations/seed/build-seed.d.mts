/** Types of build-seed.mjs for the TypeScript files that import it (vitest config, scripts). */
export declare const DANGEROUS_NEWS_SLUGS: readonly string[];
export declare const DEMO_NOW: string;
export declare function buildSeedTables(): Array<[table: string, rows: Array<Record<string, unknown>>]>;
export declare function buildSeedStatements(): string[];
export declare function buildDemoStatements(): string[];
