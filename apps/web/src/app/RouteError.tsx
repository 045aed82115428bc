import { useRouteError } from 'react-router-dom';
import { LinkButton } from '../components/LinkButton';
import { usePageTitle } from '../components/use-page-title';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';

/** A page that failed while rendering: says so inside the layout, and offers a way on. */
export function RouteError() {
  usePageTitle('Error');
  const error = useRouteError();
  return (
    <div role="alert" className="alert alert-danger mx-auto" style={{ maxWidth: 640 }}>
      <h1 className="h4">This page could not be shown</h1>
      <p>{errorMessage(error)}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <LinkButton to={paths.home.href()} variant="primary">
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}
