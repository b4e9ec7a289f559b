// The parts of ky the HTTP core uses: the request function and the classes of the errors it
// throws. load-ky.ts imports this module rather than ky's own entry because a user's bundler
// keeps every export of a dynamically imported module: naming only these lets it drop the rest
// of ky's exports (its other error classes, type guards and helpers).
export { default, HTTPError, NetworkError, TimeoutError } from 'ky';
