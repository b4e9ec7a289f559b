import { describe, expect, it } from 'vitest';
import { apiReportName, stableReport } from '../../scripts/lib/api-report-files.js';

describe('API report files', () => {
  it('names the root report for the package and the others for their entry', () => {
    expect(['index', 'webhooks', 'testing-msw', 'postgres'].map(apiReportName)).toEqual([
      'credit-platform',
      'webhooks',
      'testing-msw',
      'postgres',
    ]);
  });

  it('drops the chunk file locations that change with every build, and nothing else', () => {
    const report = [
      '// Warnings were encountered during analysis:',
      '//',
      '// dist/fake-credit-platform-BSctL3Js.d.ts:441:9 - (ae-forgotten-export) The symbol "X" needs to be exported',
      '// dist/testing.d.cts:12:3 - (ae-forgotten-export) The symbol "Y" needs to be exported',
      'export const VERSION: string; // dist/index.d.ts:1:1 - stays',
    ].join('\n');
    expect(stableReport(report)).toBe(
      [
        '// Warnings were encountered during analysis:',
        '//',
        '// (ae-forgotten-export) The symbol "X" needs to be exported',
        '// (ae-forgotten-export) The symbol "Y" needs to be exported',
        'export const VERSION: string; // dist/index.d.ts:1:1 - stays',
      ].join('\n'),
    );
  });

  it('puts (string & {}) last in an open union whatever order the compiler printed, and leaves other unions alone', () => {
    const printed = [
      'status: z.ZodMiniType<(string & {}) | "active" | "frozen", "active" | "frozen" | (string & {})>;',
      'kind: "a" | "b" | string;',
    ].join('\n');
    expect(stableReport(printed)).toBe(
      [
        'status: z.ZodMiniType<"active" | "frozen" | (string & {}), "active" | "frozen" | (string & {})>;',
        'kind: "a" | "b" | string;',
      ].join('\n'),
    );
  });
});
