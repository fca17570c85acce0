/**
 * extractCodeBlocks against the results of CodeExecutorAgent's regex (recorded by running
 * `re.findall` in CPython 3 on each input), and its linear running time.
 */
import { describe, expect, it } from "vitest";
import { extractCodeBlocks } from "../../src/contracts/index.js";
import { costRatio, describeCostRatio } from "../helpers/timing.js";

const pairs = (s: string, languages?: string[]) => extractCodeBlocks(s, languages ? { languages } : {}).map((b) => [b.language, b.code]);

describe("extractCodeBlocks: the regex's matches", () => {
  const cases: [string, string[][]][] = [
    ["Run:\n```python\nprint(1)\n```\nand\n```sh\nls\n```", [["python", "print(1)\n"], ["sh", "ls\n"]]],
    ["```PYTHON\nx\n```", [["PYTHON", "x\n"]]], // case kept as written
    ["```ſh\nls\n```", [["ſh", "ls\n"]]], // Python's IGNORECASE: long s matches s
    ["```python \nx```", []], // trailing space
    ["```python\r\nx```", []], // CRLF
    ["```\n\npython\nx```", [["python", "x"]]], // newlines before the language
    ["````python\nx```", [["python", "x"]]], // opens at the second backtick
    ["```\x1c python\nx```", [["python", "x"]]], // Python's \s includes \x1c
    ["```\u00a0python\nx```", [["python", "x"]]],
    ["```pythonpython\nx```", []],
    ["```python3\nx```", []],
    ["```bash\nls\n```", []],
    ["```\nprint(1)\n```", []], // no language
    ["```sh\n```python\nx```", [["sh", ""]]], // ends at the first fence
    ['```python\ns = "```"\n```', [["python", 's = "']]], // even inside a string
    ["```python\nunclosed", []],
    ["```python\nx```\n```sh\nunclosed", [["python", "x"]]],
  ];
  it.each(cases)("%j", (input, expected) => {
    expect(pairs(input)).toEqual(expected);
  });

  it("tries the languages in order; the first followed by a newline wins", () => {
    expect(pairs("```python\nx```", ["p", "python", "py"])).toEqual([["python", "x"]]);
    expect(pairs("```py\nx```", ["p", "python", "py"])).toEqual([["py", "x"]]);
  });

  it("matches language names literally", () => {
    expect(pairs("```c++\nint x;```", ["c++"])).toEqual([["c++", "int x;"]]);
    expect(pairs("```cxx\nint x;```", ["c.x"])).toEqual([]);
  });
});

describe("extractCodeBlocks: linear time", () => {
  // CPU time against a linear pass over the same text, best of several runs, retried
  // (test/helpers/timing.ts): a machine under load slows both alike.

  // ~100 KB inputs full of fences that never close properly, with the number of matches
  // CPython's re.findall gives for each (recorded).
  const hostile: [string, string, number][] = [
    ["one opener, then 25 000 unclosed double fences", "```python\n" + "`` x".repeat(25_000), 0],
    ["10 000 openers (each closes the previous)", "```python\n".repeat(10_000), 5_000],
    ["fence then 100 000 newlines, no language", "```" + "\n".repeat(100_000), 0],
    ["100 000 backticks", "`".repeat(100_000), 0],
    ["8 000 five-backtick fences", "```Python\n``".repeat(8_000), 4_000],
    ["10 x (fence, 10 000 spaces, language)", ("```" + " ".repeat(10_000) + "python\n").repeat(10), 5],
  ];

  it.each(hostile)("%s: same matches as the regex, close to a linear baseline", (_name, input, matches) => {
    expect(extractCodeBlocks(input)).toHaveLength(matches);
    // Baseline: two plain linear passes over the same text.
    const baseline = () => {
      let n = 0;
      for (let i = input.indexOf("`"); i !== -1; i = input.indexOf("`", i + 1)) n++;
      for (let i = 0; i < input.length; i++) n += input.charCodeAt(i) & 1;
      return n;
    };
    // Generous: a scan that goes back over the text at each fence costs thousands of baselines here.
    const r = costRatio(baseline, () => extractCodeBlocks(input), { below: 100 });
    expect(r.ratio, describeCostRatio(r)).toBeLessThan(100);
  });

  it("scales linearly: 10x the input costs under 30x the time (quadratic: 100x)", () => {
    // Every hostile shape at once, so work per fence and per character both grow with the input.
    const mix = (k: number) =>
      ("```python\n" + "`` x".repeat(250) + "```python\n".repeat(100) + "`".repeat(1_000) + "```Python\n``".repeat(80) + "```" + " ".repeat(1_000) + "sh\n").repeat(k) +
      "```python\n" + "`` x".repeat(250 * k);
    const small = mix(5);
    const big = mix(50);
    const r = costRatio(() => extractCodeBlocks(small), () => extractCodeBlocks(big), { below: 30 });
    expect(r.ratio, describeCostRatio(r)).toBeLessThan(30);
  });
});
