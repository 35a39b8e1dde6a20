import { describe, expect, it } from 'vitest';
import { mergeInSlices, Slicer, sortInSlices } from '../../src/offline/slices';

interface Row {
  key: string;
  id: number;
}
const byKey = (a: Row, b: Row) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function rows(n: number, seed = 7): Row[] {
  let s = seed;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  // Few distinct keys, so equal keys are common and stability shows.
  return Array.from({ length: n }, (_, id) => ({ key: `k${Math.floor(random() * n / 10)}`, id }));
}

describe('sorting and merging in slices', () => {
  it('sorts like a stable Array.prototype.sort, at sizes around the run length', async () => {
    for (const n of [0, 1, 511, 512, 513, 1500, 20_000]) {
      const input = rows(n);
      const sorted = await sortInSlices(input, byKey, new Slicer());
      expect(sorted).toEqual([...input].sort(byKey));
      expect(input).toEqual(rows(n)); // the input is left as it was
    }
  });

  it('yields to the event loop while it sorts a large array', async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    await sortInSlices(rows(200_000), byKey, new Slicer());
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
  });

  it('merges two sorted arrays, the first one first among equal keys', async () => {
    const a = [{ key: 'a', id: 1 }, { key: 'c', id: 2 }, { key: 'c', id: 3 }];
    const b = [{ key: 'b', id: 4 }, { key: 'c', id: 5 }, { key: 'd', id: 6 }];
    expect((await mergeInSlices(a, b, byKey, new Slicer())).map((r) => r.id)).toEqual([1, 4, 2, 3, 5, 6]);
    expect(await mergeInSlices([], b, byKey, new Slicer())).toEqual(b);
    expect(await mergeInSlices(a, [], byKey, new Slicer())).toEqual(a);
  });
});
