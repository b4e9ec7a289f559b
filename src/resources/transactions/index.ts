export { Transactions } from './transactions.js';
export type * from './transactions.js';
