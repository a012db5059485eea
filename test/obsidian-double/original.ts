/**
 * The implementation `proto[name]` has now, kept before it is replaced so the replacement can delegate to it
 * with `.call(this, …)`.
 */
export function originalOf<P extends object, K extends keyof P>(proto: P, name: K): P[K] {
  return proto[name];
}
