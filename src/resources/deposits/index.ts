export { Deposits, Withdrawals } from './deposits.js';
export type * from './deposits.js';
