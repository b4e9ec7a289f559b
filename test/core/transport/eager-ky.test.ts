// eager-ky.ts stands in for load-ky.ts in the CommonJS build and in bundles (package.json
// "imports", `#load-ky`): it must hand the HTTP core the very parts of ky that load-ky.ts loads.
import * as ky from 'ky';
import { describe, expect, it } from 'vitest';
import * as eager from '../../../src/core/transport/eager-ky.js';
import * as parts from '../../../src/core/transport/ky-parts.js';

describe('eager-ky', () => {
  it("holds ky's request function and error classes, the same parts ky-parts.ts names", () => {
    expect(Object.keys(eager.ky).sort()).toEqual(Object.keys(parts).sort());
    expect([eager.ky.default, eager.ky.HTTPError, eager.ky.NetworkError, eager.ky.TimeoutError]).toEqual([
      ky.default,
      ky.HTTPError,
      ky.NetworkError,
      ky.TimeoutError,
    ]);
  });

  it('has nothing to load', async () => {
    await expect(eager.loadKy()).resolves.toBeUndefined();
  });
});
