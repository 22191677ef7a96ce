import type { PGlite, Results } from "@electric-sql/pglite";

/** PGlite's module, handed in by `openDatabase`, which imports it only for the embedded database. */
export type PgliteModule = typeof import("@electric-sql/pglite");

/**
 * Named prepared statements for the embedded database (issue 19, decision 026).
 *
 * `PGlite.query()` plans every statement again and talks to the WASM backend six times per query
 * (parse, describe, bind, describe, execute, sync). A page's statements are the same few texts with
 * other values, so each text is parsed (and planned, once PostgreSQL settles on a generic plan) once
 * per database, and every later run is one exchange: bind, describe, execute, sync. Measured on the
 * /index statements: 0.5-0.75 ms of CPU each through `query()`, 0.09-0.21 ms this way.
 *
 * Values are serialized as `query()` does: by the parameter types PostgreSQL inferred, which the
 * first exchange asks for and the cache keeps.
 */

type Prepared = { name: string; parameterTypes: number[] };
type Cache = { lib: PgliteModule; byText: Map<string, Prepared>; nextId: number; toClose: string[] };

/** Statements kept per database; the least recently used is closed beyond it. */
export const PREPARED_STATEMENT_LIMIT = 300;

// One cache per PGlite instance, shared by every Kysely on it, so two never prepare the same name.
const caches = new WeakMap<PGlite, Cache>();

/** Data-reading and -writing statements only; DDL and transaction control are not kept (both databases). */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Codes after which a kept statement cannot be used again (both databases): its table changed shape
 * under it ("cached plan must not change result type") or it is gone (DEALLOCATE / DISCARD).
 */
export const STALE_STATEMENT_CODES = new Set(["0A000", "26000"]);

type ExchangeResult = { messages: Array<{ name: string }>; error: (Error & { code?: string }) | null; idle: boolean };

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function exchange(pglite: PGlite, lib: PgliteModule, parts: Uint8Array[]): Promise<ExchangeResult> {
  const { messages } = await pglite.execProtocol(concat([...parts, lib.protocol.serialize.sync()]), { throwOnError: false });
  const error = (messages.find((m) => m.name === "error") as unknown as ExchangeResult["error"]) ?? null;
  const ready = messages.findLast((m) => m.name === "readyForQuery") as { status?: string } | undefined;
  return { messages, error, idle: ready?.status === "I" };
}

function cacheFor(pglite: PGlite, lib: PgliteModule): Cache {
  let cache = caches.get(pglite);
  if (!cache) {
    cache = { lib, byText: new Map(), nextId: 1, toClose: [] };
    caches.set(pglite, cache);
  }
  return cache;
}

async function prepare(pglite: PGlite, cache: Cache, text: string): Promise<Prepared> {
  // Names are never reused, so a statement whose Close was lost cannot be mistaken for another.
  const name = `portal_${cache.nextId++}`;
  const { protocol, parse } = cache.lib;
  const closing = cache.toClose.splice(0).map((old) => protocol.serialize.close({ type: "S", name: old }));
  const { messages, error } = await exchange(pglite, cache.lib, [
    ...closing,
    protocol.serialize.parse({ name, text, types: [] }),
    protocol.serialize.describe({ type: "S", name }),
  ]);
  if (error) throw Object.assign(error, { query: text });
  const prepared = { name, parameterTypes: parse.parseDescribeStatementResults(messages as never) };
  cache.byText.set(text, prepared);
  if (cache.byText.size > PREPARED_STATEMENT_LIMIT) {
    const [oldestText, oldest] = cache.byText.entries().next().value as [string, Prepared];
    cache.byText.delete(oldestText);
    cache.toClose.push(oldest.name);
  }
  return prepared;
}

function serialize(pglite: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : pglite.serializers[type];
  return serializer ? serializer(value) : String(value);
}

function run(pglite: PGlite, cache: Cache, prepared: Prepared, parameters: readonly unknown[]) {
  const { protocol } = cache.lib;
  const values = parameters.map((value, i) => serialize(pglite, value, prepared.parameterTypes[i]));
  return exchange(pglite, cache.lib, [
    protocol.serialize.bind({ statement: prepared.name, values }),
    protocol.serialize.describe({ type: "P" }),
    protocol.serialize.execute({}),
  ]);
}

/** Runs one statement through a kept prepared statement; `query()` for anything else. */
export async function runStatement<R>(pglite: PGlite, lib: PgliteModule, text: string, parameters: readonly unknown[]): Promise<Results<R>> {
  if (!PREPARABLE.test(text)) return pglite.query<R>(text, [...parameters]);
  const cache = cacheFor(pglite, lib);
  let prepared = cache.byText.get(text);
  if (prepared) {
    // Most recently used last, so the first entry is the one to drop.
    cache.byText.delete(text);
    cache.byText.set(text, prepared);
  } else {
    prepared = await prepare(pglite, cache, text);
  }
  let result = await run(pglite, cache, prepared, parameters);
  if (result.error && STALE_STATEMENT_CODES.has(result.error.code ?? "")) {
    cache.byText.delete(text);
    cache.toClose.push(prepared.name);
    // Outside a transaction nothing was aborted: prepare the text again and run it once more.
    if (result.idle) result = await run(pglite, cache, await prepare(pglite, cache, text), parameters);
  }
  if (result.error) throw Object.assign(result.error, { query: text, params: parameters });
  return cache.lib.parse.parseResults(result.messages as never, pglite.parsers)[0] as Results<R>;
}
