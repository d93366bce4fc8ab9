/**
 * One error grammar for the whole library: short messages that name the bad thing, no final period
 * ("netValuePerJoule requires a positive energy", "invalid draws: -5").
 *
 * - `J2GError`: base class; anything the library throws on purpose.
 * - `UnsupportedOutputError`: the dataset cannot support an output (skipped with the reason).
 * - `ValidationError`: a list of located problems in input files, every one of them, each rendered
 *   as `file:line: column: what was expected`.
 */
export class J2GError extends Error {
  override name = 'J2GError';
}

/** A problem at a place in an input file. `line` is the 1-based physical line of the file (header = 1). */
export interface ValidationIssue {
  file: string;
  line?: number;
  column?: string;
  message: string;
}

export function formatIssue(issue: ValidationIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  return issue.column === undefined ? `${where}: ${issue.message}` : `${where}: ${issue.column}: ${issue.message}`;
}

/**
 * "This dataset cannot support this output": the one failure a table or figure may be skipped for, with
 * its reason (no expert-with-AI reference, too few attempts for a policy, no judgments by a judge, one
 * category where two are needed). Every other error, internal guards included, fails the run.
 */
export class UnsupportedOutputError extends J2GError {
  override name = 'UnsupportedOutputError';
}

export class ValidationError extends J2GError {
  override name = 'ValidationError';
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(`${issues.length} problem${issues.length === 1 ? '' : 's'} in input:\n` + issues.map(formatIssue).join('\n'));
    this.issues = issues;
  }
}

/** Throw a J2GError with the given message. */
export function fail(message: string): never {
  throw new J2GError(message);
}
