/**
 * Per shop, the primary position a replica must have replayed once a change of the shop was heard of (decision
 * 0060). A shop's NOTIFY (after its commit) drops this instance's cached answers of that shop; they must not be
 * filled again from a replica that has not replayed the change, or the stale answer would be kept for the cache's
 * TTL. Until the replicas' next poll has sampled the primary's WAL position (taken after the NOTIFY arrived, so past
 * the change's commit) the shop's reads go to the primary; then to replicas that have replayed that sample. A
 * change heard for no shop (`null`: the LISTEN connection was lost, changes may have been missed) applies to all.
 * Entries older than the window are dropped: every replica in rotation is past them.
 */
type Floor = { heard: number; covered: number; floor: bigint | null; at: number };

export type ChangeFloors = {
  heard(shopId: string | null): void;
  /** Called just before the primary is sampled; the answer records the sample for the changes heard so far. */
  sampling(): (lsn: bigint, now: number) => void;
  /** 'primary' while a change of the shop is not sampled yet; else the position a replica must have replayed. */
  need(shopId: string | null): bigint | null | 'primary';
};

export function changeFloors(windowMs: number): ChangeFloors {
  const shops = new Map<string, Floor>();
  const all: Floor = { heard: 0, covered: 0, floor: null, at: 0 };
  return {
    heard: (shopId) => {
      let entry = shopId === null ? all : shops.get(shopId);
      if (!entry) shops.set(shopId!, (entry = { heard: 0, covered: 0, floor: null, at: 0 }));
      entry.heard += 1;
      entry.at = Date.now();
    },
    sampling: () => {
      const pending = [...shops.values(), all]
        .filter((e) => e.heard > e.covered)
        .map((e) => [e, e.heard] as const);
      return (lsn, now) => {
        for (const [entry, heard] of pending) {
          entry.floor = lsn;
          entry.covered = heard;
        }
        for (const [id, e] of shops) if (e.heard === e.covered && now - e.at > windowMs) shops.delete(id);
      };
    },
    need: (shopId) => {
      let need: bigint | null = null;
      for (const entry of [all, shopId === null ? undefined : shops.get(shopId)]) {
        if (!entry) continue;
        if (entry.heard > entry.covered) return 'primary';
        if (entry.floor !== null && (need === null || entry.floor > need)) need = entry.floor;
      }
      return need;
    },
  };
}
