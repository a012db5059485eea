import * as git from 'isomorphic-git';
import type { TreeEntry } from 'isomorphic-git';
import { AgentError, describeError, isAgentError } from '../errors';
import type { GitFsPort } from '../ports/gitFs';
import type { CheckpointMeta } from './types';

const META_FILE = 'meta.json';
/** Marks a folder as ours, so a misconfigured location never turns someone else's repository into one. */
const MARKER_FILE = 'embedded-agent-checkpoints.json';
/** Vault files live under this subtree, so no vault path can collide with the meta file. */
const FILES_TREE = 'files';
const RUN_REFS = 'refs/heads/runs';
const AUTHOR = { name: 'Embedded Agent', email: 'checkpoints@embedded-agent.invalid' };

export interface LooseObject {
  oid: string;
  path: string;
  size: number;
}

/**
 * The isomorphic-git calls of the checkpoint store, over a bare repository at the git-fs root. It never has a
 * work tree and never scans one: objects are written one by one, so a checkpoint costs what its files cost,
 * whatever the size of the vault. One branch per run, `refs/heads/runs/<runId>`, one commit per checkpoint.
 */
export class ShadowRepo {
  private readonly fs: { promises: GitFsPort['promises'] };
  private readonly gitdir: string;
  private initialized: Promise<void> | null = null;
  /** Commits never change, so their parsed meta is cached by commit id. */
  private readonly metas = new Map<string, { meta: CheckpointMeta; parent: string | null }>();

  constructor(private readonly gitFs: GitFsPort) {
    // isomorphic-git detects a promise-based fs by an own enumerable `promises` property.
    this.fs = { promises: gitFs.promises };
    this.gitdir = gitFs.root;
  }

  get root(): string {
    return this.gitdir;
  }

  /**
   * Creates the bare repository on first use. The folder is a user setting, so a folder that already holds
   * anything but a checkpoint repository (a vault's `.git`, a documents folder) is refused rather than written
   * into. The marker file goes first: a crash before `git.init` finishes leaves a folder this still accepts.
   */
  ensureInit(): Promise<void> {
    this.initialized ??= this.init().catch((error: unknown) => {
      this.initialized = null;
      if (isAgentError(error)) throw error;
      throw new AgentError(
        'INTERNAL',
        `Could not create the checkpoint repository in "${this.gitdir}": ${describeError(error)}`,
      );
    });
    return this.initialized;
  }

  private async init(): Promise<void> {
    const names = await this.readdirOrEmpty(this.gitdir);
    if (!names.includes(MARKER_FILE)) {
      if (names.length > 0) {
        throw new AgentError(
          'FORBIDDEN_PATH',
          `"${this.gitdir}" already holds files and is not a checkpoint repository: choose an empty or new folder for checkpoints`,
          { path: this.gitdir },
        );
      }
      await this.gitFs.promises.mkdir(this.gitdir, { recursive: true });
      await this.gitFs.promises.writeFile(`${this.gitdir}/${MARKER_FILE}`, '{"format":1}\n', 'utf8');
    }
    await git.init({ fs: this.fs, gitdir: this.gitdir, bare: true, defaultBranch: 'main' });
  }

  writeBlob(bytes: Uint8Array): Promise<string> {
    return git.writeBlob({ fs: this.fs, gitdir: this.gitdir, blob: bytes });
  }

  async readBlob(oid: string): Promise<Uint8Array> {
    try {
      return (await git.readBlob({ fs: this.fs, gitdir: this.gitdir, oid })).blob;
    } catch (error) {
      throw new AgentError('INTERNAL', `The checkpoint repository has lost object ${oid}: ${describeError(error)}`, {
        oid,
      });
    }
  }

  /** Writes the tree (files at their vault paths under `files/`, plus meta.json), the commit and the run's ref. */
  async writeCheckpoint(meta: CheckpointMeta, parent: string | null): Promise<string> {
    const present = Object.entries(meta.files).filter((entry): entry is [string, string] => entry[1] !== null);
    const metaOid = await this.writeBlob(new TextEncoder().encode(`${JSON.stringify(meta, null, 1)}\n`));
    const root: TreeEntry[] = [{ mode: '100644', path: META_FILE, oid: metaOid, type: 'blob' }];
    if (present.length > 0)
      root.push({ mode: '040000', path: FILES_TREE, oid: await this.writeNested(present), type: 'tree' });
    const tree = await git.writeTree({ fs: this.fs, gitdir: this.gitdir, tree: root });
    const timestamp = Math.floor(meta.time / 1000);
    const signature = { ...AUTHOR, timestamp, timezoneOffset: 0 };
    const commit = await git.writeCommit({
      fs: this.fs,
      gitdir: this.gitdir,
      commit: {
        message: `checkpoint ${meta.seq}: ${meta.tool}\n`,
        tree,
        parent: parent ? [parent] : [],
        author: signature,
        committer: signature,
      },
    });
    // The ref moves last: a crash before this line leaves only unreachable objects, which prune removes.
    await git.writeRef({ fs: this.fs, gitdir: this.gitdir, ref: runRef(meta.runId), value: commit, force: true });
    this.metas.set(commit, { meta, parent });
    return commit;
  }

  /** The meta and parent of a checkpoint commit. */
  async readCheckpoint(commit: string): Promise<{ meta: CheckpointMeta; parent: string | null }> {
    const cached = this.metas.get(commit);
    if (cached) return cached;
    try {
      const { commit: parsed } = await git.readCommit({ fs: this.fs, gitdir: this.gitdir, oid: commit });
      const { blob } = await git.readBlob({ fs: this.fs, gitdir: this.gitdir, oid: commit, filepath: META_FILE });
      const meta = JSON.parse(new TextDecoder().decode(blob)) as CheckpointMeta;
      const entry = { meta, parent: parsed.parent[0] ?? null };
      this.metas.set(commit, entry);
      return entry;
    } catch (error) {
      throw new AgentError('INTERNAL', `Checkpoint commit ${commit} cannot be read: ${describeError(error)}`, {
        commit,
      });
    }
  }

  /** The run's newest checkpoint commit, or null when the run has none. */
  async runHead(runId: string): Promise<string | null> {
    try {
      return await git.resolveRef({ fs: this.fs, gitdir: this.gitdir, ref: runRef(runId) });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new AgentError('INTERNAL', `The ref of run "${runId}" cannot be read: ${describeError(error)}`, { runId });
    }
  }

  async listRunIds(): Promise<string[]> {
    await this.ensureInit();
    return (await git.listRefs({ fs: this.fs, gitdir: this.gitdir, filepath: RUN_REFS })).sort();
  }

  async deleteRun(runId: string): Promise<void> {
    await git.deleteRef({ fs: this.fs, gitdir: this.gitdir, ref: runRef(runId) });
  }

  /** Every object a commit reaches: the commits down its parent chain, their trees and blobs. */
  async reachableFrom(head: string, into: Set<string>): Promise<void> {
    for (let commit: string | null = head; commit !== null && !into.has(commit);) {
      into.add(commit);
      const { commit: parsed } = await git.readCommit({ fs: this.fs, gitdir: this.gitdir, oid: commit });
      await this.addTree(parsed.tree, into);
      commit = parsed.parent[0] ?? null;
    }
  }

  /** The loose objects on disk. Checkpoints never pack, so these are all the objects there are. */
  async looseObjects(): Promise<LooseObject[]> {
    const objects: LooseObject[] = [];
    const folder = `${this.gitdir}/objects`;
    for (const prefix of await this.readdirOrEmpty(folder)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const rest of await this.readdirOrEmpty(`${folder}/${prefix}`)) {
        if (!/^[0-9a-f]{38}$/.test(rest)) continue;
        const path = `${folder}/${prefix}/${rest}`;
        objects.push({ oid: prefix + rest, path, size: (await this.gitFs.promises.stat(path)).size });
      }
    }
    return objects;
  }

  async removeObject(object: LooseObject): Promise<void> {
    await this.gitFs.promises.unlink(object.path);
  }

  private async addTree(oid: string, into: Set<string>): Promise<void> {
    if (into.has(oid)) return;
    into.add(oid);
    const { tree } = await git.readTree({ fs: this.fs, gitdir: this.gitdir, oid });
    for (const entry of tree) {
      if (entry.type === 'tree') await this.addTree(entry.oid, into);
      else into.add(entry.oid);
    }
  }

  /** Writes nested trees for `[vaultPath, blobOid]` pairs and returns the top tree's id. */
  private async writeNested(files: [string, string][]): Promise<string> {
    const blobs: TreeEntry[] = [];
    const children = new Map<string, [string, string][]>();
    for (const [path, oid] of files) {
      const slash = path.indexOf('/');
      if (slash < 0) {
        blobs.push({ mode: '100644', path, oid, type: 'blob' });
        continue;
      }
      const name = path.slice(0, slash);
      const list = children.get(name) ?? [];
      list.push([path.slice(slash + 1), oid]);
      children.set(name, list);
    }
    const trees: TreeEntry[] = [];
    for (const [name, list] of children)
      trees.push({ mode: '040000', path: name, oid: await this.writeNested(list), type: 'tree' });
    return git.writeTree({ fs: this.fs, gitdir: this.gitdir, tree: [...blobs, ...trees] });
  }

  private async readdirOrEmpty(path: string): Promise<string[]> {
    try {
      return await this.gitFs.promises.readdir(path);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }
}

export function runRef(runId: string): string {
  return `${RUN_REFS}/${runId}`;
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = error.code;
  return code === 'NotFoundError' || code === 'ENOENT';
}
