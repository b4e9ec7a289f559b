import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/index.js';
import { closestName } from '../utils/closest-name.js';
import { UsageError } from './args.js';

const LOOKS_LIKE_A_TYPE = /^[a-z][a-z_]*\.[a-z_]+$/;

/** The `<event-type>` argument, one of the known types; the refusal lists them. */
export function eventTypeArg(command: string, value: string): WebhookEventType {
  if ((WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)) return value as WebhookEventType;
  // Shown only when it looks like a type: a misplaced secret is never echoed.
  const shown = LOOKS_LIKE_A_TYPE.test(value) && value.length <= 64;
  const guess = shown ? closestName(value, WEBHOOK_EVENT_TYPES) : undefined;
  const named = shown ? ` ${value}${guess ? ` (did you mean ${guess}?)` : ''}` : '';
  throw new UsageError(`${command}: unknown event type${named}; one of:\n  ${WEBHOOK_EVENT_TYPES.join('\n  ')}`);
}

/** The `--data` option: a JSON object of event fields, merged over the type's sample data. */
export function eventDataArg(command: string, value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // JSON.parse's message quotes the input, which is not repeated.
    throw new UsageError(`${command}: --data is not valid JSON; quote it for the shell, e.g. --data '{"amount":"25.00"}'.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`${command}: --data must be a JSON object of the event's fields, e.g. '{"amount":"25.00"}'.`);
  }
  return parsed as Record<string, unknown>;
}
