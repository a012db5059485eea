import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Deterministic PRNG (mulberry32): the same seed gives the same vault on every machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'project meeting idea research draft review plan garden recipe travel budget reading journal habit health ' +
  'design system network archive inbox weekly monthly sprint goal task note summary insight quote book film ' +
  'music language code python rust obsidian vault link graph tag query template daily evening morning focus ' +
  'energy sleep run walk coffee market client invoice contract meeting agenda decision risk issue release ' +
  'café résumé naïve über straße 東京 ノート 研究 مرحبا данные'
).split(' ');

const FOLDERS = [
  'Projects',
  'Areas',
  'Resources',
  'Archive',
  'Journal',
  'Inbox',
  'People',
  'Meetings',
  'Reading',
  'Zettelkasten',
];

export interface GeneratedVault {
  root: string;
  notes: number;
  bytes: number;
  paths: string[];
}

/** Sizes follow a log-normal curve: most notes are short, a few are long (median ~1 KB, mean ~1.6 KB, rare 40 KB+). */
function noteLength(rand: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
  return Math.min(60_000, Math.max(80, Math.round(Math.exp(6.9 + 0.9 * normal))));
}

function sentence(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)] as string);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/** Note bodies: frontmatter on most, headings, paragraphs, bullets, tasks, TODO markers, wiki links. */
function noteBody(rand: () => number, titles: string[], index: number): string {
  const target = noteLength(rand);
  const parts: string[] = [];
  if (rand() < 0.6) {
    parts.push(
      `---\ntags: [${WORDS[index % WORDS.length]}, generated]\ncreated: 2026-0${1 + (index % 9)}-1${index % 10}\n---\n`,
    );
  }
  parts.push(`# ${titles[index]}\n`);
  let length = parts.join('').length;
  while (length < target) {
    const roll = rand();
    let block: string;
    if (roll < 0.45)
      block = `${sentence(rand, 8 + Math.floor(rand() * 30))} ${sentence(rand, 6 + Math.floor(rand() * 20))}\n`;
    else if (roll < 0.65)
      block = `- ${sentence(rand, 3 + Math.floor(rand() * 8))}\n  - ${sentence(rand, 3 + Math.floor(rand() * 6))}\n`;
    else if (roll < 0.75) block = `- [${rand() < 0.5 ? ' ' : 'x'}] ${sentence(rand, 3 + Math.floor(rand() * 6))}\n`;
    else if (roll < 0.9)
      block = `See [[${titles[Math.floor(rand() * titles.length)]}]] and [[${titles[Math.floor(rand() * titles.length)]}|this]].\n`;
    else if (roll < 0.95) block = `TODO: ${sentence(rand, 4 + Math.floor(rand() * 6))}\n`;
    else block = `## ${sentence(rand, 2 + Math.floor(rand() * 3)).slice(0, -1)}\n`;
    parts.push(block);
    length += block.length;
  }
  return parts.join('\n');
}

/**
 * Writes a vault of `notes` Markdown notes under bench/.vaults/ (once; later runs reuse it) and returns its
 * paths. Folders nest up to three levels; about one note in fifty has a non-ASCII name.
 */
export function generateVault(notes: number, seed = 42, base = join('bench', '.vaults')): GeneratedVault {
  const root = join(base, `notes-${notes}-seed-${seed}-v1`);
  const rand = random(seed);
  const titles: string[] = [];
  const paths: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < notes; i++) {
    let title = `${sentence(rand, 2 + Math.floor(rand() * 3)).slice(0, -1)} ${i}`;
    if (seen.has(title)) title = `${title} ${i}`;
    seen.add(title);
    titles.push(title);
    const depth = Math.floor(rand() * 4);
    const folders: string[] = [];
    for (let d = 0; d < depth; d++)
      folders.push(
        d === 0
          ? (FOLDERS[Math.floor(rand() * FOLDERS.length)] as string)
          : `${WORDS[Math.floor(rand() * 40)] as string} ${Math.floor(rand() * 8)}`,
      );
    paths.push([...folders, `${title}.md`].join('/'));
  }
  const marker = join(root, '.generated');
  let bytes = 0;
  if (!existsSync(marker)) {
    rmSync(root, { recursive: true, force: true });
    for (let i = 0; i < notes; i++) {
      const file = join(root, paths[i] as string);
      mkdirSync(dirname(file), { recursive: true });
      const body = noteBody(rand, titles, i);
      bytes += Buffer.byteLength(body);
      writeFileSync(file, body);
    }
    mkdirSync(join(root, '.obsidian'), { recursive: true });
    writeFileSync(join(root, '.obsidian', 'app.json'), '{}');
    writeFileSync(marker, String(bytes));
  } else {
    bytes = Number(readFileSync(marker, 'utf8'));
  }
  return { root, notes, bytes, paths };
}
