import { describe, expect, it } from 'vitest';
import { parseModeList } from '../../../src/core/modes/modeSchema';

describe('parseModeList', () => {
  it('should read vault modes from the settings, naming the place in each error', () => {
    const { modes, errors } = parseModeList(
      [
        { slug: 'ask', name: 'Careful ask', toolGroups: ['read'], roleDefinition: 'You only read.' },
        { slug: 'x', name: 'X', toolGroups: ['read'], roleDefinition: 'You.', colour: 'red' },
      ],
      'Vault modes (settings)',
      'vault',
    );
    expect(modes).toEqual([
      { slug: 'ask', name: 'Careful ask', toolGroups: ['read'], roleDefinition: 'You only read.', source: 'vault' },
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'Vault modes (settings): mode "x" (modes[1]): input has an unknown property `colour`',
    ]);
  });
});
