/**
 * A Map that holds at most `limit` entries, for what an isolate remembers between requests: the
 * oldest entry goes first when a new one comes.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
