import { nameOf, usePeople } from '../lib/people';
import { Email } from './Email';

/**
 * Who did something, as people read it: their display name (GET /people), the email on hover and, for a screen
 * reader (and anyone copying the row), after the name. Their email alone (<Email>) when they have no name, or the
 * caller may not read people's names.
 */
export function PersonName({ email }: { email: string }) {
  const name = nameOf(usePeople(), email);
  if (!name) return <Email address={email} />;
  return (
    <span title={email}>
      {name}
      <span className="visually-hidden"> ({email})</span>
    </span>
  );
}
