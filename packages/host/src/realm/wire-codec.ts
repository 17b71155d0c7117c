/**
 * How values cross the realm boundary as text (the network, the disk, the
 * client seam): JSON, with tags for what JSON cannot carry (bytes, `Map`,
 * `Set`, `Date`, `bigint`).
 *
 * Host code, not realm code: the runtime's own functions are made anew in
 * every realm, so V8 learned and optimised them again at every boot (a
 * ping/echo run recompiled `encode` and its walk in most of its realms);
 * these are compiled once per process. They create nothing the node can
 * reach except through the realm's own `JSON` and constructors, so decoded
 * values belong to the node's realm as before.
 */

/** What the codec needs of one realm: its intrinsics, to test values against and rebuild them with. */
export interface RealmIntrinsics {
  readonly objectPrototype: object;
  readonly JSON: JSON;
  readonly Map: MapConstructor;
  readonly Set: SetConstructor;
  readonly Date: DateConstructor;
  readonly Uint8Array: Uint8ArrayConstructor;
}

/** One realm's encoder and decoder. */
export interface WireCodec {
  encode(value: unknown): string;
  decode(text: string): unknown;
}

/** The wire codec of the realm whose intrinsics are given (bytes are the host's `Buffer`, which realms borrow). */
export function wireCodec(realm: RealmIntrinsics): WireCodec {
  const { objectPrototype, JSON: realmJson, Map: RealmMap, Set: RealmSet, Date: RealmDate, Uint8Array: RealmBytes } = realm;

  // Whether a value needs the tagged encoding: most messages are plain data, and JSON.stringify without a
  // replacer is several times faster.
  const needsTags = (value: unknown, depth: number): boolean => {
    if (typeof value === "bigint") return true;
    if (value === null || typeof value !== "object") return false;
    if (depth > 64) return true;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (needsTags(value[i], depth + 1)) return true;
      return false;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== objectPrototype && proto !== null) return true;
    for (const key in value) if (needsTags((value as Record<string, unknown>)[key], depth + 1)) return true;
    return false;
  };

  function tag(this: Record<string, unknown>, key: string, v: unknown): unknown {
    const raw = this[key];
    if (raw instanceof RealmBytes || Buffer.isBuffer(raw)) {
      const bytes = raw as Uint8Array;
      return { $cx: "bytes", b: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64") };
    }
    if (raw instanceof RealmMap) return { $cx: "map", e: Array.from((raw as Map<unknown, unknown>).entries()) };
    if (raw instanceof RealmSet) return { $cx: "set", e: Array.from((raw as Set<unknown>).values()) };
    if (raw instanceof RealmDate) return { $cx: "date", t: (raw as Date).getTime() };
    if (typeof v === "bigint") return { $cx: "bigint", v: String(v) };
    return v;
  }

  function untag(_key: string, v: unknown): unknown {
    if (v !== null && typeof v === "object" && typeof (v as { $cx?: unknown }).$cx === "string") {
      const t = v as { $cx: string; b: string; e: never; t: number; v: string };
      switch (t.$cx) {
        case "bytes":
          return Buffer.from(t.b, "base64");
        case "map":
          return new RealmMap(t.e);
        case "set":
          return new RealmSet(t.e);
        case "date":
          return new RealmDate(t.t);
        case "bigint":
          return BigInt(t.v);
      }
    }
    return v;
  }

  return {
    // The realm's JSON: what it throws (a cycle) is the node's own TypeError, and what it parses is the node's.
    encode: (value) => (needsTags(value, 0) ? realmJson.stringify(value === undefined ? null : value, tag) : realmJson.stringify(value === undefined ? null : value)),
    decode: (text) => (text.includes('"$cx"') ? (realmJson.parse(text, untag) as unknown) : (realmJson.parse(text) as unknown)),
  };
}
