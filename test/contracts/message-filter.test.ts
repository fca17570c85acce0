/** filterMessages reproduces MessageFilterAgent._apply_filter. */
import { describe, expect, it } from "vitest";
import { filterMessages } from "../../src/contracts/index.js";
import { MessageValidationError } from "../../src/errors.js";

const msgs = [
  { source: "user", n: 0 },
  { source: "A", n: 1 },
  { source: "B", n: 2 },
  { source: "A", n: 3 },
  { source: "B", n: 4 },
  { source: "C", n: 5 },
  { source: "B", n: 6 },
];
const ns = (xs: { n: number }[]) => xs.map((x) => x.n);

describe("filterMessages", () => {
  it("groups by filter order, not chronologically, and drops unlisted sources", () => {
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "last", count: 1 }, { source: "user", position: "first", count: 1 }] }))).toEqual([6, 0]);
  });
  it("first / last take count messages (count larger than available = all)", () => {
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "first", count: 2 }] }))).toEqual([2, 4]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "last", count: 2 }] }))).toEqual([4, 6]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "last", count: 10 }] }))).toEqual([2, 4, 6]);
  });
  it("count 0 or null means all; position null ignores count", () => {
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "first", count: 0 }] }))).toEqual([2, 4, 6]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "last", count: null }] }))).toEqual([2, 4, 6]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", count: 1 }] }))).toEqual([2, 4, 6]);
  });
  it("negative counts slice as Python does", () => {
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "first", count: -1 }] }))).toEqual([2, 4]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "last", count: -1 }] }))).toEqual([4, 6]);
  });
  it("empty per_source passes nothing; duplicate filters duplicate messages; exact source match", () => {
    expect(filterMessages(msgs, { per_source: [] })).toEqual([]);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "A" }, { source: "A" }] }))).toEqual([1, 3, 1, 3]);
    expect(filterMessages(msgs, { per_source: [{ source: "a" }] })).toEqual([]);
  });
  it("validates the config like the pydantic model", () => {
    expect(() => filterMessages(msgs, { per_source: [{ source: "A", position: "middle" as never }] })).toThrow(MessageValidationError);
    expect(ns(filterMessages(msgs, { per_source: [{ source: "B", position: "first", count: "1" as never }] }))).toEqual([2]);
  });
});
