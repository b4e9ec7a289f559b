import { describe, expect, it } from 'vitest';
import { parseNetwork, renderNetworkSvg } from '../../bench/peers/network-chart.js';

// Section 5 as bench.mjs writes it; the parser must read its rows and nothing of the sections
// around it.
const report = `# Peer performance results

## 4. Cold import
| package | start→resolved ms | range | import cost ms | wall ms (spawn→exit) | wall range |
|---|---:|---:|---:|---:|---:|
| ky@2.1.0 | 89.0 | 79.8–103.9 | 51.2 | 110.3 | 100.9–127.1 |

## 5. Paging over a network: 2,000 items by 100, the server holds each page 20 ms, the consumer spends 20 ms on each page (5 rounds, one fresh process per contender per round)

| contender | items/s | range | speed-up vs raw fetch loop | range |
|---|---:|---:|---:|---:|
| raw fetch loop | 2,256 | 2,253–2,263 | 1.00 | 1.00–1.00 |
| openai files.list() for-await | 2,227 | 2,193–2,232 | 0.98 | 0.97–0.99 |
| stripe customers.list().autoPagingEach | failed | | | |
| credit-platform (new SDK) | 3,755 | 3,636–3,813 | 1.67 | 1.61–1.69 |
| credit-platform (new SDK), prefetch: 1 | 3,829 | 3,790–3,946 | 1.70 | 1.68–1.74 |

## Noise indicators (computed)

- | not | a | row | of | section 5 |
`;

describe('bench/peers/network-chart.ts', () => {
  it("reads every contender's items/s and speed-up from section 5, skipping failed rows and other sections", () => {
    expect(parseNetwork(report)).toEqual([
      { contender: 'raw fetch loop', itemsPerSecond: 2256, speedUp: 1 },
      { contender: 'openai files.list() for-await', itemsPerSecond: 2227, speedUp: 0.98 },
      { contender: 'credit-platform (new SDK)', itemsPerSecond: 3755, speedUp: 1.67 },
      { contender: 'credit-platform (new SDK), prefetch: 1', itemsPerSecond: 3829, speedUp: 1.7 },
    ]);
  });

  it('refuses a report without the network section', () => {
    expect(() => parseNetwork('# Peer performance results\n\n## 2. Full pagination\n')).toThrow(/Paging over a network/);
  });

  it('draws one bar per contender, widest for the fastest, the SDK highlighted, text escaped', () => {
    const svg = renderNetworkSvg(parseNetwork(report), 'a <test> run');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const bars = [...svg.matchAll(/<rect x="300" y="\d+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(bars).toHaveLength(4);
    expect(Math.max(...bars)).toBe(bars[3]);
    expect(svg).toContain('3,755 (1.67x)');
    expect(svg).toContain('a &lt;test&gt; run');
    expect(svg.match(/font-weight="bold">credit-platform/g)).toHaveLength(2);
  });
});
