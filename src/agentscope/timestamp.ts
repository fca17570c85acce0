/**
 * AgentScope 1.x timestamps: `datetime.now().strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]`, i.e. the
 * *local* wall-clock time, no zone, milliseconds.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A date as AgentScope writes it, in the runtime's local time zone.
 *
 * @example formatLocalTimestamp(new Date(2025, 0, 12, 10, 38, 48, 256)) // "2025-01-12 10:38:48.256"
 */
export function formatLocalTimestamp(date: Date = new Date()): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  );
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;

/**
 * Reads an AgentScope timestamp back as a local-time `Date`, or `null` when it is not in
 * that shape (AgentScope keeps any string the caller gave).
 *
 * @example parseLocalTimestamp("2025-01-12 10:38:48.256")?.getMilliseconds() // 256
 * @example parseLocalTimestamp("yesterday") // null
 */
export function parseLocalTimestamp(timestamp: unknown): Date | null {
  if (typeof timestamp !== "string") return null;
  const m = TIMESTAMP.exec(timestamp);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Math.floor(Number(m[7].padEnd(6, "0")) / 1000) : 0;
  const date = new Date(y, mo - 1, d, h, mi, s, ms);
  // Reject rolled-over values such as month 13 instead of silently moving the date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h) return null;
  return date;
}
