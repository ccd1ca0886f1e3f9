/**
 * Exact totals kept by (tenant, version, query), for tables whose writes raise a per-tenant version
 * in the writing transaction (people: migration 0007). A total counted in a snapshot that saw
 * version V is exact for every snapshot that sees V, so it is returned only for that version; the
 * first total stored for a newer version drops the tenant's older ones. Per process, bounded, and
 * safe with several servers: nothing is shared, a miss only means counting again.
 */
export class ExactCountCache {
  private readonly tenants = new Map<string, { version: bigint; totals: Map<string, number> }>();

  constructor(private readonly limits = { tenants: 1000, totalsPerTenant: 200 }) {}

  get(tenantId: string, version: string, key: string): number | undefined {
    const entry = this.tenants.get(tenantId);
    if (!entry || entry.version !== BigInt(version)) return undefined;
    const total = entry.totals.get(key);
    if (total === undefined) return undefined;
    touch(this.tenants, tenantId, entry);
    touch(entry.totals, key, total);
    return total;
  }

  set(tenantId: string, version: string, key: string, total: number): void {
    const v = BigInt(version);
    let entry = this.tenants.get(tenantId);
    // counted in an older snapshot than the totals kept: those are the ones still useful
    if (entry && entry.version > v) return;
    if (!entry || entry.version < v) entry = { version: v, totals: new Map() };
    touch(this.tenants, tenantId, entry);
    touch(entry.totals, key, total);
    evictOldest(entry.totals, this.limits.totalsPerTenant);
    evictOldest(this.tenants, this.limits.tenants);
  }
}

/** Map order is insertion order: re-inserting makes the key the most recently used. */
function touch<K, V>(map: Map<K, V>, key: K, value: V) {
  map.delete(key);
  map.set(key, value);
}

function evictOldest<K, V>(map: Map<K, V>, limit: number) {
  for (const key of map.keys()) {
    if (map.size <= limit) break;
    map.delete(key);
  }
}
