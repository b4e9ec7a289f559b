import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../../src/testing/index.js';
import { call } from '../../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 3 });

describe('transactions, yield and scores by id', () => {
  it('retrieves each listed record by its id, equal to the listed one', async () => {
    const fake = setup();
    for (const [list, what] of [
      ['/transactions', 'Transaction'],
      ['/yield', 'Yield position'],
      ['/scores', 'Score'],
    ] as const) {
      const items = (await call(fake, 'GET', list)).body.data.items;
      expect(items.length, list).toBeGreaterThan(0);
      for (const item of items) expect((await call(fake, 'GET', `${list}/${item.id}`)).body.data).toEqual(item);
      const missing = await call(fake, 'GET', `${list}/x_missing`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toContain(`${what} "x_missing" does not exist`);
    }
  });
});

describe('yield configuration', () => {
  it('PATCH without autoCompound keeps it and only moves updatedAt; PUT requires it', async () => {
    const clock = createManualClock();
    const fake = createFakeCreditPlatform({ clock, transactions: 0 });
    const position = (await call(fake, 'GET', '/yield')).body.data.items[0];
    clock.advance(60_000);
    const patched = await call(fake, 'PATCH', `/yield/${position.id}`, { body: {} });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ ...position, updatedAt: new Date(clock.now()).toISOString() });
    const put = await call(fake, 'PUT', `/yield/${position.id}`, { body: {} });
    expect(put.body.errors?.map((e) => [e.field, e.code])).toEqual([['autoCompound', 'REQUIRED']]);
    const off = await call(fake, 'PATCH', `/yield/${position.id}`, { body: { autoCompound: false } });
    expect(off.body.data.autoCompound).toBe(false);
    expect((await call(fake, 'GET', `/yield/${position.id}`)).body.data).toEqual(off.body.data);
  });

  it('names the id of a missing position for PUT and PATCH', async () => {
    const fake = setup();
    for (const method of ['PUT', 'PATCH']) {
      const res = await call(fake, method, '/yield/yld_missing', { body: { autoCompound: true } });
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('"yld_missing"');
    }
  });
});
