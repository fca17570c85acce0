/** Paired timing of a function against its baseline, shared by the benchmark scripts. */
import { measure, do_not_optimize } from "mitata";

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/**
 * `fn` against `base`, measured alternately in short rounds (which of the two goes first
 * alternates too): per round, each one's median sample time. Returns the median over the rounds
 * of each time (ms) and of the per-round ratios: neighbouring measurements share the machine's
 * load of the moment, so the ratio holds when other processes come and go (the best round of
 * each side, as measured before, can pair a quiet round of one with a busy round of the other).
 */
export async function pair(fn: () => unknown, base: () => unknown): Promise<{ t: number; base: number; ratio: number; ratios: number[]; ts: number[]; bs: number[] }> {
  const opts = { min_cpu_time: 0.5e9, max_samples: 40, min_samples: 6 };
  const ts: number[] = [];
  const bs: number[] = [];
  const time = async (f: () => unknown) => (await measure(() => do_not_optimize(f()), opts)).p50 / 1e6;
  for (let round = 0; round < 9; round++) {
    if (round % 2 === 0) {
      bs.push(await time(base));
      ts.push(await time(fn));
    } else {
      ts.push(await time(fn));
      bs.push(await time(base));
    }
  }
  const ratios = ts.map((t, i) => t / bs[i]!);
  return { t: median(ts), base: median(bs), ratio: median(ratios), ratios, ts, bs };
}


const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * `fn` against `base` by the process's CPU time (not wall time): `rounds` pairs of batches of
 * `batch` consecutive calls each, alternating which goes first; returns the median per-call times
 * and the median of the per-round ratios. Time spent waiting for a core does not count, so on a
 * machine shared with other work this ratio is far steadier than a wall-clock one (both sides do
 * the same kind of work, so what CPU time leaves out, e.g. memory stalls caused by neighbours,
 * weighs on both alike).
 */
export function pairCpu(fn: () => unknown, base: () => unknown, rounds = 25, batch = 4): { t: number; base: number; ratio: number; ratios: number[] } {
  const time = (f: () => unknown) => {
    const c = cpuMs();
    for (let i = 0; i < batch; i++) do_not_optimize(f());
    return (cpuMs() - c) / batch;
  };
  time(fn);
  time(base);
  const ts: number[] = [];
  const bs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      bs.push(time(base));
      ts.push(time(fn));
    } else {
      ts.push(time(fn));
      bs.push(time(base));
    }
  }
  const ratios = ts.map((t, i) => t / bs[i]!);
  return { t: median(ts), base: median(bs), ratio: median(ratios), ratios };
}
