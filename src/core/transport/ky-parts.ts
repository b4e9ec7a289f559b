// The parts of ky the HTTP core uses: the request function and the classes of the errors it
// throws. load-ky.ts imports this module rather than ky's own entry because a bundler keeps
// every export of a dynamically imported module: naming only these lets one that ignores
// package.json "imports" (and so bundles load-ky.ts) drop the rest of ky's exports.
export { default, HTTPError, NetworkError, TimeoutError } from 'ky';
