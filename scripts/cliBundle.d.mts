export function cliBundle(root: string): { bundle: string; codeCache: string };
