// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision } from '../../src/core/ports/approval';
import { askApproval } from '../../src/core/tool-execution/stages/approval';
import { UiApprovalPort } from '../../src/ui/UiApprovalPort';
import { click, getByRole, press } from './support/a11y';
import { modifyRequest } from './support/fixtures';

function setup(): { root: HTMLElement; port: UiApprovalPort } {
  const root = document.body.createDiv();
  return { root, port: new UiApprovalPort(() => root) };
}

/** Whether the promise has settled after everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
}

afterEach(() => document.body.empty());

describe('UiApprovalPort', () => {
  it('should resolve approved once when Approve is pressed', async () => {
    const { root, port } = setup();
    const decision = port.request(modifyRequest(), new AbortController().signal);
    click(getByRole(root, 'button', 'Approve'));
    await expect(decision).resolves.toEqual({ approved: true, scope: 'once' });
    expect(port.waiting).toBe(0);
  });

  it('should resolve denied when Reject is pressed', async () => {
    const { root, port } = setup();
    const decision = port.request(modifyRequest(), new AbortController().signal);
    click(getByRole(root, 'button', 'Reject'));
    await expect(decision).resolves.toEqual({ approved: false, reason: 'the user rejected it' });
  });

  it('should approve the rest of the run with "Approve all for this run"', async () => {
    const { root, port } = setup();
    const decision = port.request(modifyRequest(), new AbortController().signal);
    click(getByRole(root, 'button', 'Approve all for this run'));
    await expect(decision).resolves.toEqual({ approved: true, scope: 'run' });
  });

  it('should deny and disable the card when the run is cancelled while asking', async () => {
    const { root, port } = setup();
    const controller = new AbortController();
    const decision = port.request(modifyRequest(), controller.signal);
    controller.abort();
    await expect(decision).resolves.toEqual({ approved: false, reason: 'the run was cancelled' });
    expect(getByRole(root, 'status').textContent).toBe('Cancelled: the run was stopped');
    expect(() => click(getByRole(root, 'button', 'Approve'))).toThrow(
      'Cannot click the button "Approve": it is disabled',
    );
    expect(port.waiting).toBe(0);
  });

  it('should deny at once, without a card, when the run is already cancelled', async () => {
    const { root, port } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(port.request(modifyRequest(), controller.signal)).resolves.toEqual({
      approved: false,
      reason: 'the run was cancelled',
    });
    expect(root.childElementCount).toBe(0);
  });

  it('should deny every waiting request when the view closes, and every later one', async () => {
    const { root, port } = setup();
    const first = port.request(modifyRequest(), new AbortController().signal);
    const second = port.request(modifyRequest({ summary: 'Change Other.md' }), new AbortController().signal);
    port.close();
    await expect(first).resolves.toEqual({ approved: false, reason: 'the chat panel was closed' });
    await expect(second).resolves.toEqual({ approved: false, reason: 'the chat panel was closed' });
    expect(root.querySelectorAll('.embedded-agent-card.is-settled')).toHaveLength(2);
    await expect(port.request(modifyRequest(), new AbortController().signal)).resolves.toEqual({
      approved: false,
      reason: 'the chat panel was closed',
    });
    expect(root.querySelectorAll('.embedded-agent-card')).toHaveLength(2);
  });

  it('should never resolve approved by default: it waits, and Enter on the card does nothing', async () => {
    const { root, port } = setup();
    const decision = port.request(modifyRequest(), new AbortController().signal);
    const card = getByRole(root, 'group', 'Change Journal/2026-W34.md');
    press(card, 'Enter');
    click(card);
    expect(await settled(decision)).toBe(false);
    expect(port.waiting).toBe(1);
    port.close();
    await expect(decision).resolves.toMatchObject({ approved: false });
  });

  it('should deny when there is no chat panel to show the card in', async () => {
    const detached = new UiApprovalPort(() => createDiv());
    const missing = new UiApprovalPort(() => null);
    const expected: ApprovalDecision = { approved: false, reason: 'the chat panel is not open, so nobody can approve' };
    await expect(detached.request(modifyRequest(), new AbortController().signal)).resolves.toEqual(expected);
    await expect(missing.request(modifyRequest(), new AbortController().signal)).resolves.toEqual(expected);
  });

  it('should give the pipeline a denial when the view closes while it asks', async () => {
    const { port } = setup();
    const decision = askApproval(port, modifyRequest(), new AbortController().signal, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    port.close();
    await expect(decision).resolves.toEqual({ approved: false, reason: 'the chat panel was closed' });
  });

  it('should give the pipeline a denial when nobody answers in time', async () => {
    const { root, port } = setup();
    await expect(askApproval(port, modifyRequest(), new AbortController().signal, 30)).resolves.toEqual({
      approved: false,
      reason: 'no answer within 30 ms',
    });
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Approve').disabled).toBe(true);
  });

  it('should show the card and report it through onShow', async () => {
    const root = document.body.createDiv();
    const shown: string[] = [];
    const port = new UiApprovalPort(() => root, { onShow: (card) => shown.push(card.el.textContent ?? '') });
    const decision = port.request(modifyRequest(), new AbortController().signal);
    expect(shown).toHaveLength(1);
    click(getByRole(root, 'button', 'Reject'));
    await decision;
  });
});
