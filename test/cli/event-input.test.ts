import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { eventDataArg, eventTypeArg } from '../../src/cli/event-input.js';

/** The UsageError `act` throws. */
function refusal(act: () => unknown): UsageError {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('not refused');
}

describe('eventTypeArg: the <event-type> argument', () => {
  it('takes a known type as it is', () => {
    expect(eventTypeArg('webhooks send', 'credit.tier_changed')).toBe('credit.tier_changed');
  });

  it('names an unknown type that looks like one (up to 64 characters), with a guess, and lists the known types', () => {
    const near = refusal(() => eventTypeArg('webhooks send', 'deposit.crated')).message;
    expect(near).toMatch(
      /^webhooks send: unknown event type deposit\.crated \(did you mean deposit\.created\?\); one of:\n {2}deposit\.created\n/,
    );
    const long = `a.${'b'.repeat(62)}`;
    expect(long).toHaveLength(64);
    expect(refusal(() => eventTypeArg('webhooks send', long)).message).toContain(`unknown event type ${long}; one of:`);
  });

  it('never echoes a value that does not look like a type, or is longer than 64 characters: it may be a misplaced secret', () => {
    for (const value of ['whsec_5f2d8a9c1b', `a.${'b'.repeat(63)}`, 'Deposit.created', 'deposit', 'deposit.created ']) {
      const message = refusal(() => eventTypeArg('webhooks send', value)).message;
      expect(message.split('\n')[0]).toBe('webhooks send: unknown event type; one of:');
    }
  });
});

describe('eventDataArg: the --data option', () => {
  it('is absent when not given, and a JSON object when given', () => {
    expect(eventDataArg('webhooks send', undefined)).toBeUndefined();
    expect(eventDataArg('webhooks send', '{"amount":"25.00"}')).toEqual({ amount: '25.00' });
  });

  it('refuses JSON that is not an object (a number, a string, null, an array) with the reason', () => {
    for (const value of ['5', '"x"', 'null', '[]', 'true']) {
      expect(refusal(() => eventDataArg('webhooks send', value)).message, value).toBe(
        `webhooks send: --data must be a JSON object of the event's fields, e.g. '{"amount":"25.00"}'.`,
      );
    }
  });

  it('refuses text that is not JSON without repeating it', () => {
    const message = refusal(() => eventDataArg('webhooks send', '{amount: whsec_x}')).message;
    expect(message).toMatch(/^webhooks send: --data is not valid JSON; quote it for the shell/);
    expect(message).not.toContain('whsec_x');
  });
});
