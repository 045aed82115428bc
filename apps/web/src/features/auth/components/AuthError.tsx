/** Sign-in errors read as red 'Error: {message}'. */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-danger" role="alert">
      Error: {message}
    </p>
  );
}
