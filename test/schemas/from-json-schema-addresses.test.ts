/**
 * The `ipv4` / `ipv6` / `uuid` formats of `contentSchemaFromJsonSchema` on inputs where a
 * shortcut implementation could drift from CPython 3.11 / the uuid crate: the IPv6 check goes
 * through the WHATWG host parser, which forgives things CPython does not (tabs and newlines,
 * surrounding spaces, brackets, prefixes), and IPv4 is one regular expression. Every expected
 * value is what CPython 3.11's `ipaddress` / pydantic 2.13 does with the same input.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { issuesFromZod } from "../../src/errors.js";
import { contentSchemaFromJsonSchema as build } from "../../src/schemas/from-json-schema.js";

const field = (format: string) => build({ type: "object", properties: { f: { type: "string", format } }, required: ["f"] });

function outcome(format: string, value: unknown): unknown {
  const r = z.safeParse(field(format), { f: value });
  return r.success ? (r.data as { f: unknown }).f : issuesFromZod(r.error, { f: value }).map((i) => i.message);
}

describe("address formats at the edges", () => {
  it("refuses IPv6 text the WHATWG parser would forgive", () => {
    for (const bad of ["1::\t2", "1::2\n", "\n::1", " ::1", "::1 ", "[::1]", "::1]", "::1/128", "0x1::", "1::2:3:4:5:6:7:8", "::1.2.3.4.5", "::1.2.3", "1.2.3.4", "%eth0"]) {
      expect(outcome("ipv6", bad)).toEqual(["Input is not a valid IPv6 address"]);
    }
  });

  it("writes IPv6 addresses and integers as CPython 3.11's str()", () => {
    expect(outcome("ipv6", "ABCD::EF")).toBe("abcd::ef");
    expect(outcome("ipv6", "::0.0.0.0")).toBe("::");
    expect(outcome("ipv6", "0:0:1:0:0:1:0:0")).toBe("::1:0:0:1:0:0");
    expect(outcome("ipv6", "fe80::0001%Eth0")).toBe("fe80::1%Eth0");
    expect(outcome("ipv6", 2 ** 64)).toBe("0:0:0:1::");
    expect(outcome("ipv6", true)).toBe("::1");
  });

  it("refuses IPv4 text CPython refuses", () => {
    for (const bad of ["1.2.3.4\n", "1.2.3.4.", ".1.2.3.4", "1.2.3.4 ", "0x1.2.3.4", "1.2.3.4/32", "01.2.3.4", "1.2.3.256", "1..2.3", "1.2.3.4.5", ""]) {
      expect(outcome("ipv4", bad)).toEqual(["Input is not a valid IPv4 address"]);
    }
    expect(outcome("ipv4", "0.0.0.0")).toBe("0.0.0.0");
    expect(outcome("ipv4", "255.255.255.255")).toBe("255.255.255.255");
    expect(outcome("ipv4", 3232235521)).toBe("192.168.0.1");
  });

  it("reports uuid problems in the uuid crate's words and writes str(uuid)", () => {
    expect(outcome("uuid", "{A8098C1A-F86E-41DA-91D9-C27F7E1C52DA}")).toBe("a8098c1a-f86e-41da-91d9-c27f7e1c52da");
    expect(outcome("uuid", "urn:uuid:a8098c1a-f86e-41da-91d9-c27f7e1c52da")).toBe("a8098c1a-f86e-41da-91d9-c27f7e1c52da");
    expect(outcome("uuid", "a8098c1af86e41da91d9c27f7e1c52da")).toBe("a8098c1a-f86e-41da-91d9-c27f7e1c52da");
    expect(outcome("uuid", "{a8098c1af86e41da91d9c27f7e1c52da}")).toEqual(["Input should be a valid UUID, invalid group count: expected 5, found 1"]);
    expect(outcome("uuid", "a8098c1a-f86e-41da-91d9-c27f7e1c52d")).toEqual([
      "Input should be a valid UUID, invalid group length in group 4: expected 12, found 11",
    ]);
  });
});
