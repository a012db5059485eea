// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ObsidianSecrets } from '../../src/obsidian/ObsidianSecrets';
import { createTestApp } from '../obsidian-double/harness';

describe('ObsidianSecrets', () => {
  it('should store a secret in app.secretStorage and read it back', () => {
    const app = createTestApp();
    const secrets = new ObsidianSecrets(app.secretStorage);
    secrets.set('embedded-agent-api-key', 'sk-test');
    expect(secrets.get('embedded-agent-api-key')).toBe('sk-test');
    expect(app.secretStorage.getSecret('embedded-agent-api-key')).toBe('sk-test');
  });

  it('should read a missing secret as null', () => {
    expect(new ObsidianSecrets(createTestApp().secretStorage).get('nothing')).toBeNull();
  });

  it('should fail with INVALID_INPUT naming a secret name Obsidian refuses', () => {
    const secrets = new ObsidianSecrets(createTestApp().secretStorage);
    expect(() => secrets.set('My Key', 'x')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('"My Key"') as unknown }),
    );
  });
});
