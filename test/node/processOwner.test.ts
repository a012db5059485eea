import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ownerAlive, processOwner } from '../../src/node/processOwner';

describe('processOwner and ownerAlive', () => {
  it('should name this process by host and pid, and find it running', () => {
    expect(processOwner()).toBe(`${hostname()}:${process.pid}`);
    expect(ownerAlive(processOwner())).toBe(true);
  });

  it('should find a process of this machine that has exited gone', () => {
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(ownerAlive(`${hostname()}:${exited}`)).toBe(false);
  });

  it('should count a process of another machine, or an owner it cannot read, as running', () => {
    expect(ownerAlive('another-host:1')).toBe(true);
    expect(ownerAlive(`${hostname()}:not-a-pid`)).toBe(true);
    expect(ownerAlive('no-colon')).toBe(true);
  });
});
