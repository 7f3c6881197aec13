/**
 * Byte arrays kept in memory up to a byte budget, the least recently used dropped first (a Map
 * keeps insertion order; a hit moves its key to the end). A value larger than `maxEntry` is never
 * kept, so one large file cannot empty the cache.
 */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array<ArrayBuffer>>();
  private held = 0;

  constructor(
    private readonly budget: number,
    private readonly maxEntry: number,
  ) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Uint8Array<ArrayBuffer>): void {
    if (value.byteLength > this.maxEntry) return;
    this.delete(key);
    this.entries.set(key, value);
    this.held += value.byteLength;
    for (const [oldest, bytes] of this.entries) {
      if (this.held <= this.budget) break;
      this.entries.delete(oldest);
      this.held -= bytes.byteLength;
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.held -= old.byteLength;
  }

  /** Bytes held now. */
  get size(): number {
    return this.held;
  }
}
