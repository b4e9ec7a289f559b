import { describe, expect, it } from 'vitest';
import type { FakeCreditPlatform } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { dependencyDown, EVERY, fakeService, HOUR, MINUTE, runWeekend, SECRET } from '../helpers/weekend.js';

// The weekend (test/helpers/weekend.ts) with the classic receiver: the handler runs inside the
// delivery, so the outage fails every delivery. test/postgres/weekend-inbox.test.ts runs the same
// weekend with the inbox.

describe('the weekend with the classic receiver: the ledger is down for 20 h', () => {
  it('lets the subscription turn inactive; the watch reports it within one interval; the events are lost', async () => {
    const ledger = new Set<string>();
    const holder: { fake?: FakeCreditPlatform; start: number } = { start: 0 };
    const receiver = createWebhookHandler({
      secret: SECRET,
      onError: () => undefined,
      on: {
        'deposit.created': async (event) => {
          if (dependencyDown(holder.fake as FakeCreditPlatform, holder.start)) throw new Error('ledger database is down');
          ledger.add(event.id);
        },
      },
    });
    const fake = fakeService(receiver);
    Object.assign(holder, { fake, start: fake.clock.now() });
    const { events, reportedAt, subscription } = await runWeekend(fake);

    // The first deposit's sixth attempt failed at 1 + 5 + 30 + 120 + 720 min = 14 h 36 min.
    expect(subscription.status).toBe('inactive');
    const inactiveAt = Date.parse(subscription.updatedAt as string);
    expect(inactiveAt - holder.start).toBe(14 * HOUR + 36 * MINUTE);
    expect(reportedAt).toHaveLength(1);
    expect(reportedAt[0]! - inactiveAt).toBeGreaterThanOrEqual(0);
    expect(reportedAt[0]! - inactiveAt).toBeLessThanOrEqual(EVERY);

    // Nothing reached the ledger: before 20 h every attempt failed, and after 14 h 36 min the
    // service sent nothing at all, not even the deposits made once the ledger was back.
    expect(events).toHaveLength(48);
    expect(ledger.size).toBe(0);
    expect(fake.admin.deliveries().filter((d) => Date.parse(d.attemptedAt) > inactiveAt)).toEqual([]);
  });
});
