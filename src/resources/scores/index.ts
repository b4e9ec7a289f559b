export { Scores } from './scores.js';
export type * from './scores.js';
