/**
 * Finding elements the way a person with a screen reader does: by role and accessible name (aria-label,
 * aria-labelledby, or the visible text of a button). Enough of the accessible-name rules for these components.
 * Only what a person can perceive is found: an element that is hidden (see `isHidden`) is not there for them, and
 * `click`, `type` and `press` refuse an element a person could not use (hidden, or disabled).
 */
const IMPLICIT_ROLES: Record<string, (el: Element) => string | null> = {
  BUTTON: () => 'button',
  SELECT: () => 'combobox',
  TEXTAREA: () => 'textbox',
  UL: () => 'list',
  LI: () => 'listitem',
  INPUT: (el) => {
    const type = (el as HTMLInputElement).type;
    if (type === 'checkbox') return 'checkbox';
    if (type === 'number') return 'spinbutton';
    if (type === 'button' || type === 'submit') return 'button';
    return 'textbox';
  },
};

export function roleOf(el: Element): string | null {
  return el.getAttribute('role') ?? IMPLICIT_ROLES[el.tagName]?.(el) ?? null;
}

export function nameOf(el: Element): string {
  const label = el.getAttribute('aria-label');
  if (label) return label.trim();
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  }
  if (el.tagName === 'BUTTON' || roleOf(el) === 'button') return (el.textContent ?? '').trim();
  return '';
}

/**
 * Whether a person cannot perceive `el`: it or an ancestor has the `hidden` attribute, `display: none` or
 * `visibility: hidden`, `aria-hidden="true"`, or is `inert`, or it is inside a closed `<details>` (other than its
 * summary). A screen reader skips all of these, and a pointer cannot reach them.
 */
export function isHidden(el: Element): boolean {
  for (let at: Element | null = el; at !== null; at = at.parentElement) {
    if (at.hasAttribute('hidden') || at.hasAttribute('inert') || at.getAttribute('aria-hidden') === 'true') return true;
    const parent: Element | null = at.parentElement;
    if (
      parent?.tagName === 'DETAILS' &&
      !parent.hasAttribute('open') &&
      at !== parent.querySelector(':scope > summary')
    )
      return true;
    const style = at.ownerDocument.defaultView?.getComputedStyle(at);
    if (style?.display === 'none' || (at as HTMLElement).style?.display === 'none') return true;
    if (style?.visibility === 'hidden') return true;
  }
  return false;
}

/** Whether `el` is a control a person cannot operate: disabled itself, `aria-disabled`, or in a disabled fieldset. */
export function isDisabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true') return true;
  return el.closest('fieldset')?.disabled === true;
}

export function queryAllByRole<T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  role: string,
  name?: string | RegExp,
): T[] {
  return Array.from(root.querySelectorAll<T>('*')).filter((el) => {
    if (roleOf(el) !== role) return false;
    if (name !== undefined) {
      const actual = nameOf(el);
      if (typeof name === 'string' ? actual !== name : !name.test(actual)) return false;
    }
    return !isHidden(el);
  });
}

export function getByRole<T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  role: string,
  name?: string | RegExp,
): T {
  const found = queryAllByRole<T>(root, role, name);
  if (found.length !== 1)
    throw new Error(`Expected one ${role}${name === undefined ? '' : ` named ${String(name)}`}, found ${found.length}`);
  return found[0] as T;
}

/** The shown elements whose aria-label is `name`, whatever their role (a toggle's checkbox, the secret picker's field). */
export function queryAllByLabel(root: ParentNode, name: string): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[aria-label]')).filter(
    (el) => el.getAttribute('aria-label') === name && !isHidden(el),
  );
}

/** The one shown element whose aria-label is `name`. */
export function getByLabel<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const found = queryAllByLabel(root, name);
  if (found.length !== 1) throw new Error(`Expected one element labelled "${name}", found ${found.length}`);
  return found[0] as T;
}

/** Throws, naming the element, unless a person could use it: shown and enabled. */
export function assertUsable(el: Element, action: string): void {
  const what = `${el.tagName.toLowerCase()}${nameOf(el) ? ` "${nameOf(el)}"` : el.textContent ? ` with text "${el.textContent.trim().slice(0, 60)}"` : ''}`;
  if (isHidden(el)) throw new Error(`Cannot ${action} the ${what}: it is hidden, so a person cannot see it`);
  if (isDisabled(el)) throw new Error(`Cannot ${action} the ${what}: it is disabled`);
}

export function click(el: HTMLElement): void {
  assertUsable(el, 'click');
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

export function type(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  assertUsable(el, 'type into');
  el.value = value;
  el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
}

export function press(el: HTMLElement, key: string): void {
  assertUsable(el, `press ${key} on`);
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
