import fc from 'fast-check';

/** Note paths random runs write: nested, Unicode, one in a folder no note starts in. */
export const NOTE_PATHS = [
  'a.md',
  'b.md',
  'Notes/c.md',
  'Notes/Deep/d.md',
  'Grüße/é 🌍.md',
  'Archive/x.md',
  'New/Sub/n.md',
];
export const NOTE_FOLDERS = ['Notes', 'Notes/Deep', 'Archive', 'New/Sub', 'Grüße'];
export const noteText = fc.string({ unit: 'grapheme', maxLength: 10 });
/** A vault to start from: up to five of the notes. */
export const initialNotes = fc.dictionary(fc.constantFrom(...NOTE_PATHS.slice(0, 5)), noteText, { maxKeys: 5 });

export interface RandomCallOptions {
  /** More rename targets beyond the note paths and folders. */
  renameTargets?: string[];
  /** Also editor.insertAtCursor (the context needs an editor). */
  editor?: boolean;
}

/** One write tool call as the model might make it: valid or not, on files that may or may not exist. */
export function randomWriteCall(
  options: RandomCallOptions = {},
): fc.Arbitrary<{ name: string; input: Record<string, unknown> }> {
  const calls: fc.Arbitrary<{ name: string; input: Record<string, unknown> }>[] = [
    fc.record({
      name: fc.constant('vault.createFile'),
      input: fc.record({
        path: fc.constantFrom(...NOTE_PATHS),
        content: noteText,
        collisionStrategy: fc.constantFrom('create-unique', 'overwrite', 'error'),
      }),
    }),
    fc.record({
      name: fc.constant('vault.writeFile'),
      input: fc.record({
        path: fc.constantFrom(...NOTE_PATHS),
        content: noteText,
        mode: fc.constantFrom('overwrite', 'append'),
      }),
    }),
    fc.record({
      name: fc.constant('vault.rename'),
      input: fc.record({
        fromPath: fc.constantFrom(...NOTE_PATHS, ...NOTE_FOLDERS),
        toPath: fc.constantFrom(
          ...NOTE_PATHS,
          ...NOTE_FOLDERS,
          'Moved',
          'Moved/deep.md',
          ...(options.renameTargets ?? []),
        ),
        collisionStrategy: fc.constantFrom('error', 'overwrite', 'create-unique'),
      }),
    }),
    fc.record({
      name: fc.constant('vault.delete'),
      input: fc.record({
        path: fc.constantFrom(...NOTE_PATHS, ...NOTE_FOLDERS),
        trash: fc.boolean(),
        requireExists: fc.boolean(),
      }),
    }),
    fc.record({
      name: fc.constant('vault.ensureFolder'),
      input: fc.record({ path: fc.constantFrom(...NOTE_FOLDERS, 'Empty/One') }),
    }),
  ];
  if (options.editor)
    calls.push(fc.record({ name: fc.constant('editor.insertAtCursor'), input: fc.record({ text: noteText }) }));
  return fc.oneof(...calls);
}
