// What `npx ts-jest config:init` writes: Jest's own CommonJS module runtime, TypeScript
// compiled (and type-checked) by ts-jest. No ESM flags, no transformIgnorePatterns.
const { createDefaultPreset } = require('ts-jest');

/** @type {import("jest").Config} */
module.exports = {
  testEnvironment: 'node',
  ...createDefaultPreset(),
};
