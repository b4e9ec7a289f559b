import { WEBHOOK_EVENT_TYPES } from '../../webhooks/index.js';
import { validationError, type FakeErrorItem } from '../http-envelope.js';

/**
 * Supported deposit tokens and chains (public documentation), spelled as the SDK's `Token` and
 * `Chain` types spell them (test/testing/service/chain-token-spelling.test.ts holds them equal;
 * the fake keeps its own copy so it shares no request rules with the client). Input is matched
 * case-insensitively and answered in this spelling: `'base'` reads back as `'Base'`.
 */
export const TOKENS = ['ETH', 'USDC', 'USDT', 'DAI', 'wstETH'] as const;
export const CHAINS = ['Ethereum', 'Polygon', 'Arbitrum', 'Base', 'Optimism'] as const;

type Body = Record<string, unknown>;

/**
 * Collects every field problem of a body before anything is thrown, so a client
 * sees them all in one 422 and a handler can mutate only after `done()`.
 */
export class BodyValidator {
  readonly #errors: FakeErrorItem[] = [];

  constructor(private readonly body: Body) {}

  #fail(field: string, code: string, message: string): undefined {
    this.#errors.push({ field, code, message });
    return undefined;
  }

  #value(field: string, required: boolean): unknown {
    const value = this.body[field];
    if (value === undefined && required) this.#fail(field, 'REQUIRED', `${field} is required`);
    return value;
  }

  string(field: string, required = true, maxLength = 200): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) {
      return this.#fail(field, 'INVALID_VALUE', `${field} must be a non-empty string of at most ${maxLength} characters`);
    }
    return value;
  }

  boolean(field: string, required = true): boolean | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.#fail(field, 'INVALID_VALUE', `${field} must be a boolean`);
    return value;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], required = true): T | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (!(allowed as readonly unknown[]).includes(value)) {
      return this.#fail(field, 'INVALID_VALUE', `${field} must be one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  /** A positive decimal string; numbers are refused because amounts are never floats. */
  amount(field: string, required = true): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (typeof value === 'string' && /^-\d{1,30}(\.\d{1,18})?$/.test(value)) {
      return this.#fail(field, 'INVALID_AMOUNT', 'Amount must be greater than 0');
    }
    if (typeof value !== 'string' || !/^\d{1,30}(\.\d{1,18})?$/.test(value)) {
      return this.#fail(field, 'INVALID_AMOUNT', `${field} must be a decimal string such as "100.00"`);
    }
    if (!/[1-9]/.test(value)) return this.#fail(field, 'INVALID_AMOUNT', 'Amount must be greater than 0');
    return value;
  }

  token(field = 'token', required = true): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    const match = TOKENS.find((t) => typeof value === 'string' && t.toLowerCase() === value.toLowerCase());
    return match ?? this.#fail(field, 'INVALID_TOKEN', `Token not supported; use one of ${TOKENS.join(', ')}`);
  }

  chain(field = 'chain', required = true): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    const match = CHAINS.find((c) => typeof value === 'string' && c.toLowerCase() === value.toLowerCase());
    return match ?? this.#fail(field, 'INVALID_CHAIN', `Chain not supported; use one of ${CHAINS.join(', ')}`);
  }

  /** One `@` with something on each side and no whitespace: the service checks deliverability itself. */
  email(field: string, required: boolean): string | undefined {
    const value = this.string(field, required);
    if (value === undefined) return undefined;
    if (!/^[^@\s]+@[^@\s]+$/.test(value)) return this.#fail(field, 'INVALID_VALUE', `${field} must be an email address`);
    return value;
  }

  /** Format only (0x + 40 hex digits): the EIP-55 checksum needs Keccak, which Node lacks. */
  address(field: string, required = true): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
      return this.#fail(field, 'INVALID_ADDRESS', `${field} must be an Ethereum address (0x and 40 hex digits)`);
    }
    return value;
  }

  httpsUrl(field: string, required = true): string | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length > 2048 || !URL.canParse(value) || new URL(value).protocol !== 'https:') {
      return this.#fail(field, 'INVALID_URL', `${field} must be an absolute HTTPS URL`);
    }
    return value;
  }

  eventTypes(field: string, required = true): string[] | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length === 0) {
      return this.#fail(field, 'INVALID_VALUE', `${field} must be a non-empty array of event types`);
    }
    const known: readonly unknown[] = WEBHOOK_EVENT_TYPES;
    const unknown = value.filter((t) => !known.includes(t));
    if (unknown.length > 0) {
      return this.#fail(field, 'INVALID_EVENT_TYPE', `Unknown event types: ${unknown.map((t) => JSON.stringify(t)).join(', ')}`);
    }
    return [...new Set(value as string[])];
  }

  permissions(field: string, required = true): ('read' | 'write' | 'admin')[] | undefined {
    const value = this.#value(field, required);
    if (value === undefined) return undefined;
    const allowed: readonly unknown[] = ['read', 'write', 'admin'];
    if (!Array.isArray(value) || value.length === 0 || value.some((p) => !allowed.includes(p))) {
      return this.#fail(field, 'INVALID_VALUE', `${field} must be a non-empty array of read, write, admin`);
    }
    return [...new Set(value as ('read' | 'write' | 'admin')[])];
  }

  /** Throws the collected 422, if any. Call before changing state. */
  done(): void {
    if (this.#errors.length > 0) throw validationError(this.#errors);
  }
}

/** Decimal strings as fixed-point bigints (18 places), so arithmetic never goes through floats. */
const SCALE = 10n ** 18n;

export function toUnits(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * SCALE + BigInt(frac.padEnd(18, '0').slice(0, 18));
}

/** Formats with at least two decimals and no trailing zeros beyond them: "1500.00", "0.125". */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  frac = frac.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
