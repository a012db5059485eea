/**
 * Finding elements the way a person with a screen reader does: by role and accessible name (aria-label,
 * aria-labelledby, or the visible text of a button). Enough of the accessible-name rules for these components.
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
    return labelledBy.split(/\s+/).map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ').trim();
  }
  if (el.tagName === 'BUTTON' || roleOf(el) === 'button') return (el.textContent ?? '').trim();
  return '';
}

export function queryAllByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('*')).filter((el) => {
    if (roleOf(el) !== role) return false;
    if (name === undefined) return true;
    const actual = nameOf(el);
    return typeof name === 'string' ? actual === name : name.test(actual);
  });
}

export function getByRole<T extends HTMLElement = HTMLElement>(root: ParentNode, role: string, name?: string | RegExp): T {
  const found = queryAllByRole(root, role, name);
  if (found.length !== 1) throw new Error(`Expected one ${role}${name === undefined ? '' : ` named ${String(name)}`}, found ${found.length}`);
  return found[0] as T;
}

/** The element whose aria-label is `name`, whatever its role (a toggle's checkbox, the secret picker's field). */
export function getByLabel<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T {
  const found = Array.from(root.querySelectorAll<HTMLElement>('[aria-label]')).filter((el) => el.getAttribute('aria-label') === name);
  if (found.length !== 1) throw new Error(`Expected one element labelled "${name}", found ${found.length}`);
  return found[0] as T;
}

export function click(el: HTMLElement): void {
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

export function type(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
}

export function press(el: HTMLElement, key: string): void {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
