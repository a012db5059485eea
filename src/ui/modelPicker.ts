import type { Setting, TextComponent } from 'obsidian';

/** A model as the picker shows it (the providers' ModelInfo fits). */
export interface ModelChoice {
  id: string;
  contextWindow?: number;
  tools?: boolean;
}

/** Fetches the models the configured provider offers; rejects with a message that says what to fix. */
export type ListModels = () => Promise<readonly ModelChoice[]>;

let lists = 0;

/**
 * Turns the model text field into a pick-or-type field: a `<datalist>` of the server's models, filled by a
 * "Refresh models" button. The field stays a text box, so any id the server accepts can still be typed (a model
 * not listed, or a server that cannot list).
 */
export function attachModelPicker(setting: Setting, text: TextComponent, listModels: ListModels): void {
  const list = setting.controlEl.createEl('datalist', { attr: { id: `embedded-agent-models-${++lists}` } });
  text.inputEl.setAttr('list', list.id);
  const status = setting.infoEl.createDiv({ cls: 'embedded-agent-setting-status', attr: { role: 'status' } });
  setting.addButton((button) =>
    button.setButtonText('Refresh models').onClick(async () => {
      button.setDisabled(true);
      status.removeClass('is-error', 'is-success');
      status.setText('Fetching models…');
      try {
        const models = await listModels();
        list.empty();
        for (const model of models) list.createEl('option', { attr: { value: model.id, label: describeModel(model) } });
        status.addClass('is-success');
        status.setText(
          models.length === 0
            ? 'The server lists no models; type the id.'
            : `${models.length} model${models.length === 1 ? '' : 's'} listed. Pick one or type any id.`,
        );
      } catch (error) {
        status.addClass('is-error');
        status.setText(
          `Could not list models: ${error instanceof Error ? error.message : String(error)} You can still type the id.`,
        );
      } finally {
        button.setDisabled(false);
      }
    }),
  );
}

/** What the list shows beside an id: its context window and, when the server says, tool support. */
function describeModel(model: ModelChoice): string {
  const parts: string[] = [];
  if (model.contextWindow) parts.push(`${Math.round(model.contextWindow / 1000)}k context`);
  if (model.tools !== undefined) parts.push(model.tools ? 'tools' : 'no tools');
  return parts.length === 0 ? model.id : `${model.id} (${parts.join(', ')})`;
}
