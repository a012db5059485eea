import type { Plugin } from 'esbuild';

export function escapeNonAsciiUnits(text: string): string;
export function asciiScript(code: string): string;
export const asciiOutput: Plugin;
