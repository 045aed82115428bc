/**
 * An email on one line, never broken inside ("owner@shop.exa mple"): when
 * there is no room it ends in "…", whole on hover.
 */
export function Email({ address }: { address: string }) {
  return (
    <span className="email-text" title={address}>
      {address}
    </span>
  );
}
