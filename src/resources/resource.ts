import type { OperationRunner } from '../core/operations/operation-runner.js';

/** The base of every resource class: each holds the client's operation runner. */
export abstract class APIResource {
  /** @internal */
  protected readonly runner: OperationRunner;

  /** @internal Resources are created by {@link CreditPlatform}. */
  constructor(runner: OperationRunner) {
    this.runner = runner;
  }
}
