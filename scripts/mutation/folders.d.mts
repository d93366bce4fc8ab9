export declare const FOLDERS: Record<'metrics' | 'weights' | 'scenario' | 'import' | 'energy' | 'tables' | 'uncertainty' | 'root', string[]>;
export declare const SOURCES: Partial<Record<string, string[]>>;
export declare const EXCLUDED: Partial<Record<string, string[]>>;
/** The files `folder`'s run mutates (stryker.config.mjs) and scripts/mutation/recorded.ts counts. */
export declare function sourcePatterns(folder: string): string[];
