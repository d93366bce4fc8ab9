export declare const FOLDERS: Record<'metrics' | 'weights' | 'scenario' | 'import' | 'energy' | 'tables' | 'uncertainty', string[]>;
