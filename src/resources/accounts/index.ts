export { AccountKyc, Accounts } from './accounts.js';
export type * from './accounts.js';
