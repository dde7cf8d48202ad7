/**
 * The ledgermind HTTP API from TypeScript: an openapi-fetch client typed by
 * `schema.d.ts`, which openapi-typescript generates from the OpenAPI document
 * a running `ledgermind serve` serves (`npm run generate`), so paths, bodies
 * and answers are checked by the compiler against the server itself.
 *
 * Two additions to the generated client:
 * - every write (POST, PUT, PATCH, DELETE) carries an `Idempotency-Key`
 *   (the caller's, or a fresh one), so the request can be sent again after a
 *   lost answer and the server writes it once;
 * - `unwrap` turns an answer into its data, or throws `LedgermindError`
 *   whose `type` is the server's typed error (`SessionNotFound`, ...).
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type { components, paths };
export type Problem = components["schemas"]["Problem"];

/** A failure the server answered as problem+json: `type` is the typed error's class name. */
export class LedgermindError extends Error {
  readonly status: number;
  readonly type: string;
  readonly detail: string;

  constructor(status: number, type: string, detail: string) {
    super(`${type}: ${detail}`);
    this.name = type;
    this.status = status;
    this.type = type;
    this.detail = detail;
  }
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A fresh key: Web Crypto where the runtime has it (browsers, node >= 19), else 128 random bits. */
function newKey(): string {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (webCrypto?.randomUUID) return webCrypto.randomUUID();
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, "0")).join("");
}

const idempotency: Middleware = {
  onRequest({ request }) {
    if (WRITES.has(request.method) && !request.headers.has("Idempotency-Key")) {
      request.headers.set("Idempotency-Key", newKey());
    }
    return request;
  },
};

/** A client of the server at `baseUrl`, authenticated by an API key (`ledgermind keys create`). */
export function createLedgermindClient(baseUrl: string, apiKey: string): Client<paths> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  client.use(idempotency);
  return client;
}

/** The data of a successful answer; a problem answer throws `LedgermindError`. */
export function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.error !== undefined || !answer.response.ok) {
    const problem = (answer.error ?? {}) as Partial<Problem>;
    throw new LedgermindError(
      answer.response.status,
      problem.type ?? `HTTP${answer.response.status}`,
      problem.detail ?? answer.response.statusText,
    );
  }
  return answer.data as T;
}
