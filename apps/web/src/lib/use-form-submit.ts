import { fieldErrors } from '@smart-zone/types/errors';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from './api-client';

/** Field name → what is wrong with it, as the API's error body and fieldErrors give it. */
export type FieldErrors = Record<string, string>;

/** What a form checks its values with before sending: a contract schema of packages/types (zod's safeParse). */
interface FormSchema<Input> {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: Input }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

interface FormSubmitOptions<Input, Result> {
  /** The contract's schema: a value it refuses is shown beside its field and never sent. */
  schema: FormSchema<Input>;
  /** A check of the form's own on what the schema accepted (more than in stock): field errors, or nothing. */
  check?: (input: Input) => FieldErrors | undefined;
  /** Sends what was checked (a mutation's mutateAsync): resolves once saved, rejects with the API's refusal. */
  send: (input: Input) => Promise<Result>;
  /** After a save: a toast, an emptied form, a page to go to. */
  onSuccess?: (result: Result, input: Input) => void;
  /** The field errors of a refusal: the API's own (`error.fields`) unless a code belongs beside a field. */
  errorsOf?: (error: ApiError) => FieldErrors;
}

/**
 * One form's submit, the same way everywhere: the values checked with the
 * contract's schema (and the form's own check), sent once at a time (a second
 * Enter while it is on its way is ignored), the API's field errors shown
 * beside their fields, a refusal that names no field kept as `refusal`, and
 * `onSuccess` after a save (its toast, the emptied fields). A refusal's toast,
 * where it gets one, is the query client's (a mutation's errorsShownInline
 * say which codes the form shows instead).
 */
export function useFormSubmit<Input, Result>({
  schema,
  check,
  send,
  onSuccess,
  errorsOf = (error) => error.fields,
}: FormSubmitOptions<Input, Result>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async (values: unknown) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    const refused = check?.(parsed.data);
    if (refused) {
      setErrors(refused);
      return;
    }
    setErrors({});
    setRefusal(undefined);
    sending.current = true;
    setBusy(true);
    try {
      const result = await send(parsed.data);
      onSuccess?.(result, parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = errorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setRefusal(error.message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return {
    /** Each field's error, from the schema, the form's check or the API. */
    errors,
    /** The API's refusal when it names no field (shown above the button, where the form has room for it). */
    refusal,
    /** True while the values are on their way: the button says so and is disabled, the form is aria-busy. */
    busy,
    /** The form's onSubmit, with the values as the form holds them. */
    onSubmit: (event: FormEvent, values: unknown) => {
      event.preventDefault();
      if (!sending.current) void submit(values);
    },
  };
}
