// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressBar } from '../../src/ui/ProgressBar';
import { click, getByRole, queryAllByRole } from './support/a11y';

afterEach(() => document.body.empty());

const visibleButtons = (name: string): HTMLElement[] =>
  queryAllByRole(document.body, 'button', name).filter((button) => button.parentElement?.isShown());

describe('ProgressBar', () => {
  it('should expose progress as a progressbar with aria-valuenow and aria-valuemax', () => {
    const progress = new ProgressBar(document.body.createDiv());
    progress.set(7, 10);
    const bar = getByRole(document.body, 'progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('7');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    expect(bar.getAttribute('aria-valuetext')).toBe('7 of 10 steps');
  });

  it('should keep the value within 0 and the total', () => {
    const progress = new ProgressBar(document.body.createDiv());
    progress.set(12, 10);
    expect(getByRole(document.body, 'progressbar').getAttribute('aria-valuenow')).toBe('10');
    progress.set(-1, 0);
    expect(getByRole(document.body, 'progressbar').getAttribute('aria-valuetext')).toBe('Starting');
  });

  it('should offer "Run the rest" after a partial run and call the hook once pressed', () => {
    const onRunRest = vi.fn();
    const progress = new ProgressBar(document.body.createDiv(), onRunRest);
    progress.load();
    progress.set(7, 10);
    expect(visibleButtons('Run the rest')).toHaveLength(0);
    progress.showRest(3);
    expect(document.body.textContent).toContain('3 steps did not run.');
    click(getByRole(document.body, 'button', 'Run the rest'));
    expect(onRunRest).toHaveBeenCalledTimes(1);
    expect(visibleButtons('Run the rest')).toHaveLength(0);
  });

  it('should not offer "Run the rest" without a hook', () => {
    const progress = new ProgressBar(document.body.createDiv());
    progress.showRest(3);
    expect(visibleButtons('Run the rest')).toHaveLength(0);
  });
});
