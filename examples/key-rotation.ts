// Key rotation, as the service recommends every 90 days: create a new key, switch the
// application, verify the new key, revoke the old one.
//
//   npm run example -- key-rotation          # against the in-process fake
//   CREDIT_PLATFORM_API_KEY=<admin key> CREDIT_PLATFORM_BASE_URL=https://.../api/v1 npx tsx examples/key-rotation.ts
//
// Two clients take part: `ops`, holding a key with the `admin` permission (key management needs
// it), and `app`, the application, which reads its key from a secret store before every request.
// The example creates the application's "old" key itself and, against the real service, revokes
// the new one at the end, so it leaves your account's keys as it found them.
import { AuthenticationError, CreditPlatform, type CreatedApiKey, type Permission } from 'credit-platform';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';

let server: FakeServer | undefined;
if (process.env.CREDIT_PLATFORM_BASE_URL === undefined) {
  server = await startFakeServer();
  console.log(`fake Credit Platform on ${server.baseUrl}`);
}
const live = server === undefined;
const connection = server ? { baseUrl: server.baseUrl } : {};
const ops = new CreditPlatform(server ? { ...connection, apiKey: server.apiKey } : {});

/** Stands in for your secrets manager: where the application reads its key. */
const secretStore = new Map<string, CreatedApiKey>();
/** Keys this example created and has not revoked: cleaned up at the end against the real service. */
const created = new Set<string>();

try {
  // 0. The application's current key (in real life it already exists; here we make one).
  const old = await ops.keys.create({ name: 'billing-service (old)', permissions: ['read', 'write'] });
  created.add(old.keyId);
  secretStore.set('credit-platform-key', old);
  console.log(`current key ${old.keyId} (${old.permissions.join(', ')})`);

  // The application's client reads the key before every request, so a rotated key is picked up
  // without a restart. (`app.withOptions({ apiKey })` is the other way: a new client per key.)
  const app = new CreditPlatform({
    ...connection,
    apiKey: () => {
      const current = secretStore.get('credit-platform-key');
      if (!current) throw new Error('no Credit Platform key in the secret store');
      return current.key;
    },
  });
  const before = await app.accounts.me();
  console.log(`application runs as account ${before.id} with key ${old.keyId}`);

  // 1. Create the new key, with the same permissions. Its value is shown only now: store it first.
  // A record may hold a permission newer than this SDK version, which a request may not name yet.
  const permissions = old.permissions.filter((p): p is Permission => p === 'read' || p === 'write' || p === 'admin');
  if (permissions.length < old.permissions.length) console.warn(`not copied (unknown to this SDK): ${old.permissions}`);
  const next = await ops.keys.create({ name: 'billing-service (new)', permissions });
  created.add(next.keyId);
  console.log(`created key ${next.keyId} (${next.name})`);

  // 2. Switch the application.
  secretStore.set('credit-platform-key', next);
  console.log(`secret store now holds ${next.keyId}`);

  // 3. Verify the new key before touching the old one.
  const after = await app.accounts.me();
  if (after.id !== before.id) throw new Error(`the new key belongs to ${after.id}, not ${before.id}`);
  console.log(`new key verified: accounts.me() -> ${after.id}`);

  // 4. Revoke the old key: it stops working at once.
  const revoked = await ops.keys.revoke(old.keyId);
  created.delete(old.keyId);
  console.log(`revoked key ${old.keyId}${revoked?.revokedAt ? ` at ${revoked.revokedAt}` : ''}`);

  // 5. Anything still holding the old key now gets AuthenticationError.
  const stale = app.withOptions({ apiKey: old.key });
  try {
    await stale.accounts.me();
    throw new Error('the revoked key still works');
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    console.log(`old key rejected: ${error.name} (${error.status}) ${error.message}`);
  }

  // The application itself never noticed.
  const still = await app.accounts.me();
  console.log(`application still works with ${next.keyId}: account ${still.id}`);

  for await (const key of ops.keys.list()) {
    if (key.keyId === old.keyId || key.keyId === next.keyId) {
      console.log(`  key ${key.keyId} ${key.name}: ${key.revokedAt ? `revoked ${key.revokedAt}` : 'active'}`);
    }
  }

  console.log('rotation complete');
} finally {
  // Against the real service, leave no key of this example behind (even after a failure).
  if (live) {
    for (const keyId of created) {
      await ops.keys.revoke(keyId).then(
        () => console.log(`cleanup: revoked the example's key ${keyId}`),
        (error: unknown) => console.error(`cleanup: could not revoke ${keyId}:`, error),
      );
    }
  }
  await server?.close();
}
