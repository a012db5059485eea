import { Modal } from 'obsidian';
import { vi } from 'vitest';

/**
 * The double's Modal closes itself on the next tick and never enters the document. Here a modal stays open,
 * in document.body, until it is closed, as in the app, so a test can find its fields by name and fill them in.
 */
export function keepModalsOpen(): void {
  vi.spyOn(Modal.prototype, 'open').mockImplementation(function (this: Modal) {
    this.containerEl.addClass('modal-container');
    document.body.appendChild(this.containerEl);
    void this.onOpen();
  });
  vi.spyOn(Modal.prototype, 'close').mockImplementation(function (this: Modal) {
    if (!this.containerEl.isConnected) return;
    this.containerEl.remove();
    this.onClose();
  });
}

/** The open modals' containers, oldest first. */
export function openModals(): HTMLElement[] {
  return Array.from(document.body.querySelectorAll<HTMLElement>(':scope > .modal-container'));
}
