import { afterAll, afterEach, beforeAll } from 'vitest';
import { WireServer } from './wireServer';

/**
 * One wire server for the calling test file: started before its tests, reset after each, closed at the end.
 * `use` receives it once started (test files keep it in a variable of their own).
 */
export function useWireServer(use: (server: WireServer) => void): void {
  let started: WireServer | null = null;
  beforeAll(async () => {
    started = await WireServer.start();
    use(started);
  });
  afterEach(() => started?.reset());
  afterAll(async () => {
    await started?.close();
  });
}
