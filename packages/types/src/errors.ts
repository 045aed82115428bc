/** The one error body every failing API call answers with. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'out_of_stock'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → message, for input that failed a schema. */
    fields?: Record<string, string>;
    /** The answer's X-Request-Id: the server's log line for this request carries it. */
    requestId: string;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** Zod issues → { field: first message }, the `fields` of an ErrorBody and of a form. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
