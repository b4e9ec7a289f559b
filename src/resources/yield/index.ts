export { Yield } from './yield.js';
export type * from './yield.js';
