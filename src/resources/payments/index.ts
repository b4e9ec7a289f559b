export { Payments } from './payments.js';
export type * from './payments.js';
