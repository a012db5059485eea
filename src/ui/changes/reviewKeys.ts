/**
 * The Changes view's arrow keys, beside Tab: on a run, Up and Down (Home, End) move to the previous and next run;
 * on a hunk or one of its buttons, Up and Down move to the same place in the previous and next hunk of the open
 * runs, so every change can be reached and decided without a pointer. One run at a time is in the Tab order.
 */
export function moveFocus(event: KeyboardEvent, list: HTMLElement): void {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey)
    return;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (!target) return;
  if (target.matches('[data-review-nav="run"]')) {
    const runs = [...list.querySelectorAll<HTMLElement>(':scope > [data-review-nav="run"]')];
    const next = neighbour(runs, runs.indexOf(target), event.key);
    if (!next) return;
    event.preventDefault();
    for (const run of runs) run.tabIndex = run === next ? 0 : -1;
    next.focus();
    return;
  }
  const hunk = target.closest<HTMLElement>('[data-review-nav="hunk"]');
  // Inside the question of a hunk changed since, the arrows are left to its buttons.
  if (!hunk || target.closest('.embedded-agent-review-question')) return;
  const hunks = [...list.querySelectorAll<HTMLElement>('[data-review-nav="hunk"]')];
  const next = neighbour(hunks, hunks.indexOf(hunk), event.key);
  if (!next) return;
  event.preventDefault();
  const name = target === hunk ? null : target.dataset.name;
  const same = name
    ? next.querySelector<HTMLElement>(`:scope > .embedded-agent-review-buttons > [data-name="${name}"]`)
    : null;
  (same ?? next.querySelector<HTMLElement>(':scope > .embedded-agent-review-buttons > button') ?? next).focus();
}

function neighbour(items: readonly HTMLElement[], index: number, key: string): HTMLElement | undefined {
  if (index < 0) return undefined;
  if (key === 'Home') return items[0];
  if (key === 'End') return items[items.length - 1];
  return items[key === 'ArrowDown' ? index + 1 : index - 1];
}
