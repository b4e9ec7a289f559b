export { Credit } from './credit.js';
export type * from './credit.js';
