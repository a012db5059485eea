/** One entry of the official community plugin list. */
export interface CommunityPlugin {
  id: string;
  name: string;
  author: string;
  description: string;
  repo: string;
}

/** How well a plugin matches; lower is better. */
const enum Tier {
  Exact = 0,
  NamePrefix = 1,
  AllWordsInName = 2,
  AllWordsAnywhere = 3,
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function tierOf(plugin: CommunityPlugin, query: string, words: readonly string[]): Tier | null {
  const name = normalize(plugin.name);
  const id = plugin.id.toLowerCase();
  if (id === query || name === query) return Tier.Exact;
  if (name.startsWith(query)) return Tier.NamePrefix;
  if (words.every((word) => name.includes(word))) return Tier.AllWordsInName;
  const anywhere = `${name} ${id} ${normalize(plugin.description)} ${normalize(plugin.author)}`;
  if (words.every((word) => anywhere.includes(word))) return Tier.AllWordsAnywhere;
  return null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The plugins matching `query`, best first: an exact id or name, then names starting with the query, then
 * names holding every word, then every word anywhere in name, id, description and author. Words match as
 * substrings ("calend" finds "Calendar"), case- and width-insensitively. Within a tier: more query words in the
 * name first, then shorter names (a closer match), then name and id in code-unit order, so the order never
 * depends on the locale.
 */
export function rankPlugins(plugins: readonly CommunityPlugin[], rawQuery: string): CommunityPlugin[] {
  const query = normalize(rawQuery);
  if (query === '') return [];
  const words = query.split(' ');
  const ranked: { plugin: CommunityPlugin; tier: Tier; name: string; nameHits: number }[] = [];
  for (const plugin of plugins) {
    const tier = tierOf(plugin, query, words);
    if (tier === null) continue;
    const name = normalize(plugin.name);
    ranked.push({ plugin, tier, name, nameHits: words.filter((word) => name.includes(word)).length });
  }
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.nameHits - a.nameHits ||
      a.name.length - b.name.length ||
      compareText(a.name, b.name) ||
      compareText(a.plugin.id, b.plugin.id),
  );
  return ranked.map((entry) => entry.plugin);
}
