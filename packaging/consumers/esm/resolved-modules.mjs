// Every module URL Node resolves from the moment this module is imported, in order: import it
// first, in a fresh process, to see what importing an entry point loads.
import { registerHooks } from 'node:module';

export const resolved = [];
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.push(result.url);
    return result;
  },
});
