import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';

/** Sign-in errors read as red 'Error: {message}'. */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-danger" role="alert">
      {SPEC_TEXTS.authError(message)}
    </p>
  );
}
