// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { click, getByLabel, getByRole, press, queryAllByLabel, queryAllByRole, type } from './a11y';

afterEach(() => document.body.replaceChildren());

/** An element with attributes and children, without the obsidian DOM helpers (this test loads no double). */
function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

const save = (attrs: Record<string, string> = {}): HTMLElement => el('button', { type: 'button', ...attrs }, 'Save');

/** One shown "Save" button, and one hidden in each way a person cannot see it; a "Title" field shown and hidden. */
function page(): HTMLElement {
  const root = el(
    'div',
    {},
    save(),
    save({ hidden: '' }),
    save({ style: 'display: none' }),
    save({ style: 'visibility: hidden' }),
    save({ 'aria-hidden': 'true' }),
    el('div', { inert: '' }, save()),
    el('div', { hidden: '' }, el('div', {}, save())),
    el('div', { style: 'display:none' }, save()),
    el('details', {}, el('summary', {}, 'More'), save()),
    el('details', { open: '' }, el('summary', {}, 'Open'), el('button', { type: 'button' }, 'Keep')),
    el('input', { 'aria-label': 'Title', hidden: '' }),
    el('input', { 'aria-label': 'Title' }),
  );
  document.body.append(root);
  return root;
}

describe('the accessibility queries of the UI tests', () => {
  it('should find only the elements a person can see', () => {
    const root = page();
    expect(queryAllByRole(root, 'button', 'Save')).toHaveLength(1);
    expect(getByRole(root, 'button', 'Save')).toBe(root.querySelector('button'));
    // The summary of a closed <details> shows; what it folds does not.
    expect(queryAllByRole(root, 'button').map((button) => button.textContent)).toEqual(['Save', 'Keep']);
    expect(queryAllByLabel(root, 'Title')).toHaveLength(1);
    expect(getByLabel(root, 'Title')).toBe(root.querySelectorAll('input')[1]);
  });

  it('should refuse to click, type into or press keys on a hidden or disabled control, naming it', () => {
    const root = page();
    const hidden = root.querySelectorAll('button')[1] as HTMLButtonElement;
    expect(() => click(hidden)).toThrow('Cannot click the button "Save": it is hidden, so a person cannot see it');
    const folded = root.querySelector('details button') as HTMLButtonElement;
    expect(() => click(folded)).toThrow('Cannot click the button "Save": it is hidden, so a person cannot see it');

    const shown = getByRole<HTMLButtonElement>(root, 'button', 'Save');
    let clicks = 0;
    shown.addEventListener('click', () => clicks++);
    shown.disabled = true;
    expect(() => click(shown)).toThrow('Cannot click the button "Save": it is disabled');
    shown.disabled = false;
    shown.setAttribute('aria-disabled', 'true');
    expect(() => press(shown, 'Enter')).toThrow('Cannot press Enter on the button "Save": it is disabled');
    shown.removeAttribute('aria-disabled');
    click(shown);
    expect(clicks).toBe(1);

    const field = getByLabel<HTMLInputElement>(root, 'Title');
    field.disabled = true;
    expect(() => type(field, 'x')).toThrow('Cannot type into the input "Title": it is disabled');
    expect(field.value).toBe('');
  });
});
