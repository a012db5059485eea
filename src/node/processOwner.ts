import { hostname } from 'node:os';

/** This process as an audit owner: "<host>:<pid>". */
export function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Whether the process an owner names may still run. Only a process of this machine can be asked; one of another
 * machine (a plugin folder that a sync service copies) counts as running, since nothing here can tell.
 */
export function ownerAlive(owner: string): boolean {
  const colon = owner.lastIndexOf(':');
  const pid = Number(owner.slice(colon + 1));
  if (colon < 0 || owner.slice(0, colon) !== hostname() || !Number.isInteger(pid) || pid <= 0) return true;
  try {
    // Signal 0 only asks whether the process exists; EPERM means it does, under another user.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
