// `node --import ./test/helpers/hide-pg.mjs`: the process runs as if `pg` were not installed (its
// resolution fails as Node fails a missing package), and says on stderr each time it is asked for.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'pg' || specifier.startsWith('pg/')) {
      process.stderr.write('[hide-pg] pg requested\n');
      throw Object.assign(new Error(`Cannot find package '${specifier}' imported from ${context.parentURL}`), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    }
    return nextResolve(specifier, context);
  },
});
