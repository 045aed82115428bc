import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';

/** What the spec has the footer state: this is not a shop. */
const NOT_A_SHOP = "This is not an e-commerce site: nothing is sold here. It is the warehouse team's inventory tool.";

/**
 * The product's footer for visitors: about, contact, links. A signed-in person is at work: one line, the
 * statement alone (the rest is the visitors').
 */
export function Footer() {
  const { user } = useAuth();
  const year = new Date().getFullYear();
  if (user) {
    return (
      <footer className="bg-dark text-light mt-5 py-3" data-testid="footer-line">
        <p className="container small mb-0">
          {NOT_A_SHOP} &copy; {year} {SPEC_TEXTS.brand}
        </p>
      </footer>
    );
  }
  return (
    <footer className="bg-dark text-light mt-5 pt-4 pb-3">
      <div className="container">
        <div className="row gy-4">
          <div className="col-md-4">
            <h2 className="h6 text-uppercase">About {SPEC_TEXTS.brand}</h2>
            <p className="small text-white-50 mb-1">
              Smart Zone keeps the stock of our small phone warehouse true: what came in, what went out, and what is
              left on the shelf.
            </p>
            <p className="small fw-semibold mb-0">{NOT_A_SHOP}</p>
          </div>
          <div className="col-sm-6 col-md-4">
            <h2 className="h6 text-uppercase">Contact</h2>
            <address className="small mb-0">
              Smart Zone Warehouse
              <br />
              12 Dock Road, Unit 4
              <br />
              Phone:{' '}
              <a className="link-light" href="tel:+15550100200">
                +1 555 0100 200
              </a>
              <br />
              Email:{' '}
              <a className="link-light" href="mailto:stock@smartzone.example">
                stock@smartzone.example
              </a>
              <br />
              Open: {SPEC_TEXTS.openingHours}
            </address>
          </div>
          <div className="col-sm-6 col-md-4">
            <h2 className="h6 text-uppercase">Explore</h2>
            <ul className="list-unstyled small mb-0 footer-links">
              <li>
                <Link className="link-light" to={paths.inventory.list.href()}>
                  {SPEC_TEXTS.nav.inventory}
                </Link>
              </li>
              <li>
                <Link className="link-light" to={paths.blogs.href()}>
                  {SPEC_TEXTS.nav.blogs}
                </Link>
              </li>
              <li>
                <Link className="link-light" to={paths.about.href()}>
                  {SPEC_TEXTS.nav.about}
                </Link>
              </li>
              <li>
                <Link className="link-light" to={paths.aboutUs.href()}>
                  About us
                </Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="small text-center text-white-50 mt-4 mb-0">
          &copy; {year} {SPEC_TEXTS.brand}
        </p>
      </div>
    </footer>
  );
}
