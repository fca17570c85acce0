/** The one uuid4 of `./maf`: what MAF's `AgentSession()` gives a session without an id. */

/**
 * A fresh lowercase uuid4 (Web Crypto: browsers, edge workers and Node alike).
 * @example /^[0-9a-f-]{36}$/.test(uuid4()) // true
 */
export const uuid4 = (): string => globalThis.crypto.randomUUID();
