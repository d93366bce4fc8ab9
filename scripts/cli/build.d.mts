// Types of scripts/cli/build.mjs (plain JavaScript, because bin/j2g.mjs imports it on the start path).
export declare const BUILD_VERSION: number;
export declare const ROOT: string;
export declare const CLI_DIR: string;
export declare const ENTRY: string;
/** Why `dir` cannot run as it is ('not built', 'changed: kernel-lib/x.ts', ...), or null when fresh. */
export declare function staleReason(dir?: string, root?: string): string | null;
/** Bundle kernel-lib/cli/main.ts of `root` into `dir` (whole or not at all). */
export declare function buildCli(dir?: string, root?: string): Promise<void>;
/** The package.json of each npm package among a bundle's input files (absolute paths), sorted, each once. */
export declare function bundledPackages(inputs: readonly string[]): string[];
