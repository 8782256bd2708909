/** Job failure codes the engine can raise (contract §7); the job layer stores them as the job's `error.code`. */
export type EngineErrorCode = 'INVALID_PARAMETER' | 'DATA_UNAVAILABLE' | 'ENGINE_ERROR';

/**
 * The engine does not depend on the HTTP error types: the job API maps an
 * `INVALID_PARAMETER` (with its `field`) to a 400 at creation, and the worker
 * maps any engine error to a failed job.
 */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
