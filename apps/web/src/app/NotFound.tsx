import { usePageTitle } from '../components/use-page-title';
import { LinkButton } from '../components/LinkButton';

export function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <section className="text-center py-5">
      <p className="display-1 fw-bold text-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p className="lead">
        <strong>Sorry</strong>, there is no page at this address.
      </p>
      <LinkButton to="/" variant="primary">
        Back to Home
      </LinkButton>
    </section>
  );
}
