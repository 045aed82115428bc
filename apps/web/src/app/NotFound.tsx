import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { LinkButton } from '../components/LinkButton';
import { usePageTitle } from '../components/use-page-title';
import { paths } from '../config/paths';

export function NotFound() {
  usePageTitle(SPEC_TEXTS.notFoundTitle);
  return (
    <section className="text-center py-5">
      <p className="display-1 fw-bold text-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1>{SPEC_TEXTS.notFoundTitle}</h1>
      <p className="lead">
        <strong>{SPEC_TEXTS.notFoundSorry}</strong>, there is no page at this address.
      </p>
      <LinkButton to={paths.root.href()} variant="primary">
        Back to Home
      </LinkButton>
    </section>
  );
}
