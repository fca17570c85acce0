/**
 * A request's JSON body read with a byte bound: the bytes are counted as they arrive and the read
 * stops at the bound, so an oversized POST costs at most the bound in memory (never a parse of a
 * huge array), whatever its `content-length` says.
 */

/** The default bound of a `RunAgentInput` body: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The parsed body, or the HTTP status and message of why not. */
export type BodyRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly status: 400 | 413; readonly error: string };

const tooLarge = (max: number): BodyRead => ({ ok: false, status: 413, error: `the body is larger than ${max} bytes` });

/**
 * Reads `request`'s body as JSON, at most `maxBytes` bytes (413 beyond, the rest left unread and
 * the stream cancelled); 400 when it is not UTF-8 JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) break;
        size += r.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          return tooLarge(maxBytes);
        }
        chunks.push(r.value);
      }
    } catch {
      return { ok: false, status: 400, error: "the body could not be read" };
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, error: "the body is not JSON" };
  }
}
