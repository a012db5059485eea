// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import 'obsidian';
import { ChangesCount } from '../../../src/ui/changes/ChangesCount';
import { click, getByRole, press, queryAllByRole } from '../support/a11y';
import { ChangesPortDouble } from '../support/changesPortDouble';

afterEach(() => document.body.empty());

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 5000, interval: 5 });

const port = (): ChangesPortDouble =>
  new ChangesPortDouble(
    ['a', 'b'].map((id, i) => ({
      runId: id,
      author: { kind: 'chat', label: 'Chat' },
      startedAt: i,
      files: [{ path: `${id}.md`, hunks: [{ before: ['x'], after: ['y'] }] }],
    })),
  );

describe('the count of changes to review', () => {
  it('should show nothing until the review core is loaded', () => {
    const bar = document.body.createDiv();
    new ChangesCount(bar.createDiv(), () => undefined);
    expect(queryAllByRole(bar, 'button')).toEqual([]);
  });

  it('should be named with the count, follow every change and announce each new count', async () => {
    const bar = document.body.createDiv();
    const count = new ChangesCount(bar.createDiv(), () => undefined);
    const changes = port();
    count.attach(changes);
    await until(() => getByRole(bar, 'button', 'Changes to review: 2'));
    // What was there already is shown, not announced.
    expect(getByRole(bar, 'status').textContent).toBe('');
    await changes.keep({ runId: 'a' });
    await until(() => getByRole(bar, 'button', 'Changes to review: 1'));
    expect(getByRole(bar, 'status').textContent).toBe('Changes to review: 1');
    count.detach();
    expect(changes.listening).toBe(0);
  });

  it('should open the Changes view on a click, Enter or Space', async () => {
    const bar = document.body.createDiv();
    const open = vi.fn();
    new ChangesCount(bar.createDiv(), open).attach(port());
    const button = await until(() => getByRole(bar, 'button', 'Changes to review: 2'));
    click(button);
    press(button, 'Enter');
    press(button, ' ');
    expect(open).toHaveBeenCalledTimes(3);
  });
});
