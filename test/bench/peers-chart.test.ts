import { describe, expect, it } from 'vitest';
import { parsePaging, renderSvg } from '../../bench/peers/chart.js';

// The chart is drawn from compare.sh's report: its parser must read the report's paging table
// (the format bench.mjs writes) and nothing else.
const report = `# Peer performance results

## 1. Single GET of the ~600-byte record
| contender | steady µs/request | range | ratio vs raw fetch | ratio range |
|---|---:|---:|---:|---:|
| raw fetch | 200 | 190–210 | 1.00 | 1.00–1.00 |

## 2. Full pagination, 100,000 items, page size 100 (3 rounds, one fresh process per contender per round, 20000 warm-up items)

| contender | items/s | range | time ratio vs raw fetch | ratio range | peak RSS MB [range] | RSS growth in walk MB | peak heapUsed MB [range] | heap growth in walk MB |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
| raw fetch loop | 100,155 | 52,797–155,744 | 1.00 | 1.00–1.00 | 134.1 [124.2–138.8] | +40.5 | 28.6 [22.2–30.5] | +20.2 |
| stripe customers.list().autoPagingEach | 129,402 | 18,766–129,720 | 1.20 | 0.77–2.81 | 169.3 [160.9–170.3] | +77.3 | 57.1 [51.2–57.1] | +42.2 |
| ky | failed | | | | | | | |
| credit-platform (new SDK) | 50,645 | 34,055–54,250 | 1.85 | 1.55–3.08 | 228.3 [194.3–231.2] | +103.2 | 66.9 [56.1–67.3] | +53.2 |

RSS/heap: sampled every 10 ms.

## 3. Webhook HMAC-SHA256 hex verify
| payload | contender | ops/s | range | cost ratio vs node:crypto | ratio range |
`;

describe('bench/peers/chart.ts', () => {
  it("reads every contender's paging figures from the report, skipping failed rows and other sections", () => {
    expect(parsePaging(report)).toEqual([
      { contender: 'raw fetch loop', itemsPerSecond: 100155, timeRatio: 1, rssGrowthMb: 40.5, heapGrowthMb: 20.2 },
      {
        contender: 'stripe customers.list().autoPagingEach',
        itemsPerSecond: 129402,
        timeRatio: 1.2,
        rssGrowthMb: 77.3,
        heapGrowthMb: 42.2,
      },
      { contender: 'credit-platform (new SDK)', itemsPerSecond: 50645, timeRatio: 1.85, rssGrowthMb: 103.2, heapGrowthMb: 53.2 },
    ]);
  });

  it('refuses a report without the paging section', () => {
    expect(() => parsePaging('# Peer performance results\n')).toThrow(/Full pagination/);
  });

  it('draws one bar per contender and figure, the SDK highlighted, text escaped', () => {
    const svg = renderSvg(parsePaging(report), 'a <test> run');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(1 + 3 * 3); // background + items/s, RSS, heap per row
    expect(svg).toContain('50,645 (1.85)');
    expect(svg).toContain('+103.2');
    expect(svg).toContain('a &lt;test&gt; run');
    expect(svg).toMatch(/font-weight="bold">credit-platform \(new SDK\)/);
  });
});
