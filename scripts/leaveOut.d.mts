import type { Plugin } from 'esbuild';

export interface LeftOutModules {
  package: string;
  why: string;
  modules: string[];
}

export const LEFT_OUT: LeftOutModules[];
export function exportNames(file: string): string[];
export function standInSource(label: string, names: readonly string[], why: string): string;
export function leaveOut(list?: readonly LeftOutModules[]): Plugin;
