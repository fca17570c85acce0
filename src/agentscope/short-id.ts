/**
 * `shortuuid.uuid()`, which AgentScope 1.x uses for every new `Msg.id`: a random UUID4
 * written in base 57 (no look-alike characters), 22 characters, most significant digit first.
 */

/**
 * shortuuid's default alphabet: digits and letters without `0`, `1`, `I`, `O`, `l`.
 *
 * @example SHORTUUID_ALPHABET.length // 57
 */
export const SHORTUUID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

// ceil(log57(2^128)) = 22: every UUID fits, shorter ones are left-padded with the zero digit "2".
const LENGTH = 22;

/**
 * A new 22-character shortuuid-style id from `crypto.getRandomValues` (Web Crypto, so it
 * works in browsers and edge workers).
 *
 * @example newShortUuid() // e.g. "nG4J8JmZvEGP2kheJHkuNY"
 */
export function newShortUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // The version/variant bits make it a real UUID4, as Python's uuid.uuid4() does.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  const base = BigInt(SHORTUUID_ALPHABET.length);
  while (n > 0n) {
    out = SHORTUUID_ALPHABET[Number(n % base)]! + out;
    n /= base;
  }
  return out.padStart(LENGTH, SHORTUUID_ALPHABET[0]);
}
