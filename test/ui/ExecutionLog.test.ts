// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
// The log imports nothing from obsidian; the double installs Obsidian's DOM helpers (createDiv, setText, …).
import 'obsidian';
import { ExecutionLog } from '../../src/ui/ExecutionLog';
import { getByRole } from './support/a11y';

const entries = (log: HTMLElement): string[][] =>
  Array.from(log.querySelectorAll('.embedded-agent-log-entry')).map((row) =>
    Array.from(row.children).map((cell) => cell.textContent ?? ''),
  );

afterEach(() => document.body.empty());

describe('ExecutionLog', () => {
  it('should be the log named Execution log', () => {
    new ExecutionLog(document.body.createDiv());
    expect(getByRole(document.body, 'log', 'Execution log').getAttribute('aria-live')).toBe('polite');
  });

  it('should show one entry per step with its status, tool and message', () => {
    const log = new ExecutionLog(document.body.createDiv());
    log.update({ id: 's1', tool: 'vault.ensureFolder', status: 'done', message: 'Garden/Projects exists' });
    log.update({
      id: 's2',
      tool: 'vault.createFile',
      status: 'failed',
      message: 'vault.createFile: `path` must be a string, got number',
    });
    log.update({ id: 's3', tool: 'commands.run', status: 'skipped', message: 'an earlier step failed' });
    expect(entries(getByRole(document.body, 'log', 'Execution log'))).toEqual([
      ['Done', 'vault.ensureFolder', 'Garden/Projects exists'],
      ['Failed', 'vault.createFile', 'vault.createFile: `path` must be a string, got number'],
      ['Skipped', 'commands.run', 'an earlier step failed'],
    ]);
  });

  it('should update a step in place as it goes from running to done', () => {
    const log = new ExecutionLog(document.body.createDiv());
    log.update({ id: 's1', tool: 'vault.createFile', status: 'running' });
    const row = log.el.querySelector('.embedded-agent-log-entry') as HTMLElement;
    expect(row.classList.contains('is-running')).toBe(true);
    log.update({ id: 's1', tool: 'vault.createFile', status: 'done', message: 'Created Garden/Projects/Pond.md' });
    expect(log.size).toBe(1);
    expect(row.classList.contains('is-running')).toBe(false);
    expect(row.getAttribute('data-status')).toBe('done');
    expect(entries(log.el)).toEqual([['Done', 'vault.createFile', 'Created Garden/Projects/Pond.md']]);
  });

  it('should start over when cleared', () => {
    const log = new ExecutionLog(document.body.createDiv());
    log.update({ id: 's1', tool: 'vault.readFile', status: 'done' });
    log.clear();
    expect(log.size).toBe(0);
    expect(log.el.childElementCount).toBe(0);
  });
});
