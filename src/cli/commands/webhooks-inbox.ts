import type { PostgresWebhookInbox } from '../../postgres/inbox/postgres-webhook-inbox.js';
import type { WebhookInboxStatus } from '../../postgres/inbox/listing.js';
import { redact } from '../../core/redaction/redact.js';
import { closestName } from '../../utils/closest-name.js';
import { UsageError, wholeNumber } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { type CliIO, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, printLine } from '../io.js';
import { loadPg, PgMissingError } from '../inbox/load-pg.js';
import { printable, printableLine } from '../output/terminal-text.js';

const GROUP = 'webhooks inbox';
/** Exit code of `stats` when the inbox holds dead events, as `webhooks status` exits for an inactive subscription. */
const EXIT_DEAD = 3;
const DATABASE_ENV = 'DATABASE_URL';
const STATUSES: readonly WebhookInboxStatus[] = ['pending', 'dead', 'done'];

const CONNECTION = {
  'database-url': { type: 'string' },
  table: { type: 'string' },
} as const;

const CONNECTION_HELP = `The database comes from ${DATABASE_ENV} (or --database-url <url>, which every user of this
machine can read in \`ps\` and your shell keeps in its history: prefer the variable). It is never
printed. The table is created by the receivers and workers, never by this command.

  --table <name>  the inbox table, as given to createPostgresWebhookInbox; default
                  credit_platform_webhook_inbox`;

/** The connection string: `--database-url`, else the environment. Never echoed. */
function databaseUrl(command: string, values: { 'database-url'?: string }, io: CliIO): string {
  const given = values['database-url'];
  if (given === '') throw new UsageError(`${command}: --database-url must not be empty.`);
  const url = given ?? io.env[DATABASE_ENV];
  if (!url) throw new UsageError(`${command}: no database: set ${DATABASE_ENV} to the PostgreSQL URL of the inbox.`);
  return url;
}

/** The URL and its password (as written and decoded): what no message may show. */
function secretsOf(url: string): string[] {
  const secrets = [url];
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    // A connection string that is not a URL (key=value form) is redacted whole.
  }
  if (password) secrets.push(password);
  try {
    if (password) secrets.push(decodeURIComponent(password));
  } catch {
    // A malformed escape: pg reads the password as written.
  }
  return secrets;
}

/** Opens a one-connection pool and the inbox on it, runs `use`, and always ends the pool. */
async function withInbox(
  command: string,
  values: { 'database-url'?: string; table?: string },
  io: CliIO,
  use: (inbox: PostgresWebhookInbox) => Promise<number>,
): Promise<number> {
  const url = databaseUrl(command, values, io);
  const secrets = secretsOf(url);
  const fail = (error: unknown): number => {
    const text = error instanceof Error ? error.message || error.name : String(error);
    const code = (error as { code?: unknown }).code;
    const hint =
      code === '42P01'
        ? ` (no inbox table${values.table ? ` ${values.table}` : ''} in this database: is it the receivers' database, and --table the name they use?)`
        : '';
    printLine(io.stderr, `${command}: ${printableLine(redact(text, secrets))}${hint}`);
    return EXIT_FAILURE;
  };
  let driver: Awaited<ReturnType<typeof loadPg>>;
  try {
    driver = await loadPg();
  } catch (error) {
    if (error instanceof PgMissingError) {
      printLine(io.stderr, `${command}: ${error.message}`);
      return EXIT_FAILURE;
    }
    return fail(error);
  }
  // The postgres entry is loaded with pg, so no other command pays for it.
  const { createPostgresWebhookInbox } = await import('../../postgres/index.js');
  let pool: InstanceType<typeof driver.Pool>;
  try {
    pool = new driver.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 10_000,
      application_name: 'credit-platform webhooks inbox',
    });
  } catch (error) {
    return fail(error);
  }
  // An idle connection's failure is reported with the query that meets it; without a listener it
  // would end the process.
  pool.on('error', () => undefined);
  try {
    const inbox = createPostgresWebhookInbox(pool, { createTable: false, ...(values.table ? { table: values.table } : {}) });
    return await use(inbox);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return fail(error);
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/** `1 h 12 min`, `3 min 5 s`, `40 s`. */
function age(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

const statsCommand = defineCommand({
  name: `${GROUP} stats`,
  options: CONNECTION,
  summary: 'count pending, dead and done events; exit 3 when any is dead',
  help: `usage: credit-platform webhooks inbox stats [--table <name>]

Prints how many events the inbox holds per status, and how long the oldest pending one has
waited. Exit codes: 0, or 3 when any event is dead (it needs a fix and a replay), 1 when the
database cannot be read, 2 for a mistake in the command line.

${CONNECTION_HELP}

example:
  DATABASE_URL=postgres://app@db/app npx credit-platform webhooks inbox stats`,
  async run(args, io) {
    const name = `${GROUP} stats`;
    return withInbox(name, args.values, io, async (inbox) => {
      const { pending, dead, done, oldestPendingMs } = await inbox.stats();
      const oldest = oldestPendingMs === null ? '' : `  (oldest waiting ${age(oldestPendingMs)})`;
      printLine(io.stdout, `pending  ${pending}${oldest}`);
      printLine(io.stdout, `dead     ${dead}`);
      printLine(io.stdout, `done     ${done}`);
      if (dead === 0) return EXIT_OK;
      printLine(
        io.stderr,
        `${name}: ${dead} dead event(s): see why with \`credit-platform webhooks inbox list --status dead\`, fix the handler, then \`credit-platform webhooks inbox replay --dead\`.`,
      );
      return EXIT_DEAD;
    });
  },
});

const listCommand = defineCommand({
  name: `${GROUP} list`,
  options: { ...CONNECTION, status: { type: 'string' }, limit: { type: 'string' } },
  summary: 'list the events of one status, oldest first, with their last error',
  help: `usage: credit-platform webhooks inbox list [--status pending|dead|done] [--limit <n>] [--table <name>]

Prints one line per event, oldest received first:
  <event id>  <type>  attempts=<n>  <received at>  <last error>
The last error is the handler's, redacted when it was stored; every field is shown with control
characters escaped.

  --status pending|dead|done  default dead
  --limit <n>                 at most this many lines, 1 to 100000; default 100

${CONNECTION_HELP}

example:
  npx credit-platform webhooks inbox list --status dead`,
  async run(args, io) {
    const name = `${GROUP} list`;
    const status = (args.values.status ?? 'dead') as WebhookInboxStatus;
    if (!STATUSES.includes(status)) {
      const guess = closestName(args.values.status ?? '', [...STATUSES]);
      throw new UsageError(`${name}: --status must be pending, dead or done${guess ? `: did you mean ${guess}?` : '.'}`);
    }
    const limit = wholeNumber(name, 'limit', args.values.limit, 100, 1, 100_000);
    return withInbox(name, args.values, io, async (inbox) => {
      let shown = 0;
      for await (const entry of inbox.list({ status })) {
        if (shown === limit) {
          printLine(io.stderr, `${name}: more than ${limit} ${status} events; --limit <n> shows more.`);
          break;
        }
        const error = entry.lastError === null ? '' : `  ${printableLine(entry.lastError)}`;
        printLine(
          io.stdout,
          `${printableLine(entry.eventId)}  ${printableLine(entry.type)}  attempts=${entry.attempts}  ${entry.receivedAt.toISOString()}${error}`,
        );
        shown++;
      }
      if (shown === 0) printLine(io.stderr, `${name}: no ${status} event.`);
      return EXIT_OK;
    });
  },
});

const replayCommand = defineCommand({
  name: `${GROUP} replay`,
  options: { ...CONNECTION, dead: { type: 'boolean' } },
  optionalPositionals: ['event-id'],
  summary: 'put one done or dead event, or every dead one, back to pending',
  help: `usage: credit-platform webhooks inbox replay <event-id> [--table <name>]
       credit-platform webhooks inbox replay --dead [--table <name>]

Puts a done or dead event back to pending, due at once with its attempts reset (a done event runs
its handler again), or with --dead every dead event. A running worker picks them up. An event that
is pending or running is left as it is: it runs anyway, and a replay never waits for its handler.
Exit codes: 0 when it replayed, 1 when it did not (the inbox holds no done or dead event
<event-id>) or the database cannot be read, 2 for a mistake in the command line.

${CONNECTION_HELP}

example:
  npx credit-platform webhooks inbox replay --dead`,
  async run(args, io) {
    const name = `${GROUP} replay`;
    return replay(name, args.values, args.positionals, io);
  },
});

async function replay(
  name: string,
  values: { 'database-url'?: string; table?: string; dead?: boolean },
  positionals: readonly string[],
  io: CliIO,
): Promise<number> {
  const [eventId] = positionals;
  if (values.dead && eventId !== undefined) throw new UsageError(`${name}: give <event-id> or --dead, not both.`);
  if (!values.dead && eventId === undefined) throw new UsageError(`${name}: give <event-id>, or --dead for every dead event.`);
  return withInbox(name, values, io, async (inbox) => {
    if (values.dead) {
      const count = await inbox.replay({ status: 'dead' });
      printLine(io.stdout, `replayed ${count} dead event(s)`);
      return EXIT_OK;
    }
    const count = await inbox.replay(eventId as string);
    if (count === 0) {
      printLine(
        io.stderr,
        `${name}: nothing replayed: the inbox holds no done or dead event ${printableLine(eventId as string)} ` +
          '(one that is pending or running is left as it is, and runs anyway).',
      );
      return EXIT_FAILURE;
    }
    printLine(io.stdout, `replayed ${printableLine(eventId as string)}: pending again, due now`);
    return EXIT_OK;
  });
}

const ACTIONS = [statsCommand, listCommand, replayCommand];

const groupHelp = `usage: credit-platform webhooks inbox <stats|list|replay> [options]

The durable webhook inbox of createPostgresWebhookInbox (credit-platform/postgres), in your
PostgreSQL. Needs the pg package installed.

${ACTIONS.map((c) => `  ${c.name.slice(GROUP.length + 1).padEnd(7)} ${c.summary}`).join('\n')}

Run \`credit-platform webhooks inbox <action> --help\` for its options.

example:
  export DATABASE_URL=postgres://app@db.internal/app
  npx credit-platform webhooks inbox stats || npx credit-platform webhooks inbox list --status dead`;

/** `credit-platform webhooks inbox stats|list|replay`: one command of three actions, as the dispatcher finds commands by two words. */
export const webhooksInbox: Command = {
  name: GROUP,
  summary: 'the PostgreSQL webhook inbox: stats, list, replay (DATABASE_URL)',
  help: groupHelp,
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action === undefined || action === '--help' || action === '-h' || action === 'help') {
      printLine(action === undefined ? io.stderr : io.stdout, groupHelp);
      return action === undefined ? EXIT_USAGE : EXIT_OK;
    }
    const command = ACTIONS.find((c) => c.name === `${GROUP} ${action}`);
    if (command) return command.run(rest, io);
    const guess = closestName(
      action,
      ACTIONS.map((c) => c.name.slice(GROUP.length + 1)),
    );
    throw new UsageError(
      `unknown command ${GROUP} ${printable(action)}${guess ? `: did you mean ${GROUP} ${guess}?` : ''} (stats, list, replay)`,
    );
  },
};
