export function webSources(rootDir?: string): string[];
export function newestMtime(paths: string[]): number;
export function needsBuild(newestSourceMs: number, builtMs: number | undefined): boolean;
