import { serializerCompiler } from 'fastify-type-provider-zod';
import { encode, type ZodType } from 'zod';

/**
 * The `data` of an answer already encoded by its contract and turned into JSON. The route's serializer
 * (`spliceSerializerCompiler`) writes it into the envelope as is, instead of encoding the same rows again.
 */
export class SerializedData {
  constructor(readonly json: string) {}
}

/** Encodes `value` with the contract's schema (what the route's serializer would do) and keeps the JSON. */
export function serializeData<T>(schema: ZodType<T>, value: T): SerializedData {
  return new SerializedData(JSON.stringify(encode(schema, value)));
}

type Compiler = typeof serializerCompiler;

/**
 * The zod serializer compiler, except for an envelope whose `data` is `SerializedData`: its JSON is
 * spliced in (it was encoded by the same contract when it was made).
 */
export const spliceSerializerCompiler: Compiler = (route) => {
  const inner = serializerCompiler(route);
  return (data: unknown) => {
    if (data && typeof data === 'object' && (data as { data?: unknown }).data instanceof SerializedData) {
      const { data: pre, ...envelope } = data as { data: SerializedData } & Record<string, unknown>;
      const head = JSON.stringify(envelope);
      return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"data":${pre.json}}`;
    }
    return inner(data);
  };
};

/**
 * Serialized answers kept in one API process, by a key that names their version (e.g. an experiment's
 * `plots_version`, raised by triggers in the transaction of every write): a write makes a new key, so an
 * answer is never served past its version, in this process or another. Least recently used entries go
 * first once `maxBytes` of JSON are kept.
 */
export class JsonCache {
  private readonly entries = new Map<string, SerializedData>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): SerializedData | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: SerializedData): SerializedData {
    const size = value.json.length * 2;
    if (size > this.maxBytes) return value;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.json.length * 2;
    }
    this.entries.set(key, value);
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.json.length * 2;
    }
    return value;
  }

  /** The entry under `key`, made by `make` (and kept) when there is none. */
  async through(key: string, make: () => Promise<SerializedData>): Promise<SerializedData> {
    return this.get(key) ?? this.set(key, await make());
  }
}
