/**
 * Lowercase copies of note texts, kept between case-insensitive searches. Most notes hold some non-ASCII
 * text, and lowercasing such a string costs several times more than the indexOf scan that follows, so a warm
 * search over a large vault is mostly spent here without a cache. A copy is used only for the very same text
 * (a pointer comparison when the vault's cache hands back the same string, a full comparison otherwise).
 * Bounded in characters: the oldest copies go first, so notes deleted from the vault age out too.
 */
export class LowercaseCache {
  private readonly entries = new Map<string, { text: string; lower: string }>();
  private chars = 0;

  constructor(private readonly maxChars = 24_000_000) {}

  lowercase(path: string, text: string): string {
    const hit = this.entries.get(path);
    if (hit?.text === text) return hit.lower;
    if (hit) this.forget(path, hit.lower.length);
    const lower = text.toLowerCase();
    if (lower.length > this.maxChars) return lower;
    while (this.chars + lower.length > this.maxChars) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.forget(oldest[0], oldest[1].lower.length);
    }
    this.entries.set(path, { text, lower });
    this.chars += lower.length;
    return lower;
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(path: string, length: number): void {
    this.entries.delete(path);
    this.chars -= length;
  }
}
