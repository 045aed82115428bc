import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { NavLink, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';

const NAV = SPEC_TEXTS.nav;

function Link({ to, children }: { to: string; children: string }) {
  return (
    <Nav.Item as="li">
      <Nav.Link as={NavLink} to={to} end>
        {children}
      </Nav.Link>
    </Nav.Item>
  );
}

export function Header() {
  const { user, loading, signOut } = useAuth();
  const navigate = useNavigate();
  const signingOut = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate(paths.root.href()),
  });

  return (
    <Navbar expand="lg" bg="dark" variant="dark" sticky="top" collapseOnSelect>
      <Container>
        <Navbar.Brand as={NavLink} to={paths.root.href()} className="fw-bold">
          {SPEC_TEXTS.brand}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Menu" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="ul">
            <Link to={paths.home.href()}>{NAV.home}</Link>
            <Link to={paths.inventory.list.href()}>{NAV.inventory}</Link>
            <Link to={paths.blogs.href()}>{NAV.blogs}</Link>
            <Link to={paths.about.href()}>{NAV.about}</Link>
            {user && (
              <>
                <Link to={paths.manageInventories.href()}>{NAV.manageInventories}</Link>
                <Link to={paths.addNewItem.href()}>{NAV.addNewItem}</Link>
                <Link to={paths.myItem.href()}>{NAV.myItem}</Link>
              </>
            )}
          </Nav>
          <Nav as="ul" className="align-items-lg-center gap-lg-2">
            {loading ? null : user ? (
              <>
                <Nav.Item as="li" className="navbar-text text-light small me-lg-2 text-truncate user-email">
                  {user.displayName || user.email}
                </Nav.Item>
                <Nav.Item as="li">
                  <Button variant="outline-light" size="sm" onClick={() => signingOut.mutate()}>
                    Sign out
                  </Button>
                </Nav.Item>
              </>
            ) : (
              <>
                <Link to={paths.login.href()}>{NAV.signIn}</Link>
                <Link to={paths.signUp.href()}>{NAV.signUp}</Link>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
