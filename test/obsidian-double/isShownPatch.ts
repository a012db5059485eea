/**
 * `HTMLElement.isShown()` as obsidian.d.ts describes it: attached to the document, and neither it nor an ancestor
 * hidden with `display: none`. The mock reads `offsetParent`, which a DOM without layout (happy-dom) never sets, so
 * every element would count as hidden.
 */
export function patchIsShown(): void {
  HTMLElement.prototype.isShown = function (this: HTMLElement): boolean {
    return this.isConnected && !isHidden(this);
  };
}

/** Whether `el` or an ancestor is hidden with `display: none` or the `hidden` attribute. */
function isHidden(el: HTMLElement): boolean {
  if (el.hidden || el.style.display === 'none') return true;
  return el.parentElement !== null && isHidden(el.parentElement);
}
