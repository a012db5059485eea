/**
 * `HTMLElement.isShown()` as obsidian.d.ts describes it: attached to the document, and neither it nor an ancestor
 * hidden with `display: none`. The mock reads `offsetParent`, which a DOM without layout (happy-dom) never sets, so
 * every element would count as hidden.
 */
export function patchIsShown(): void {
  HTMLElement.prototype.isShown = function (this: HTMLElement): boolean {
    if (!this.isConnected) return false;
    for (let el: HTMLElement | null = this; el; el = el.parentElement) {
      if (el.hidden || el.style.display === 'none') return false;
    }
    return true;
  };
}
