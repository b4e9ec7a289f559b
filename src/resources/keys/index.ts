export { Keys } from './keys.js';
export type * from './keys.js';
