import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { NavLink, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';

function Link({ to, children }: { to: string; children: string }) {
  return (
    <Nav.Link as={NavLink} to={to} end>
      {children}
    </Nav.Link>
  );
}

export function Header() {
  const { user, loading, signOut } = useAuth();
  const navigate = useNavigate();

  const onSignOut = async () => {
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Navbar expand="lg" bg="dark" variant="dark" sticky="top" collapseOnSelect>
      <Container>
        <Navbar.Brand as={NavLink} to="/" className="fw-bold">
          Smart Zone
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Menu" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="ul">
            <Nav.Item as="li"><Link to="/home">Home</Link></Nav.Item>
            <Nav.Item as="li"><Link to="/inventory">Inventory</Link></Nav.Item>
            <Nav.Item as="li"><Link to="/blogs">Blogs</Link></Nav.Item>
            <Nav.Item as="li"><Link to="/about">About</Link></Nav.Item>
            {user && (
              <>
                <Nav.Item as="li"><Link to="/manageInventories">Manage Inventories</Link></Nav.Item>
                <Nav.Item as="li"><Link to="/addNewItem">Add NewItem</Link></Nav.Item>
                <Nav.Item as="li"><Link to="/myitem">My Item</Link></Nav.Item>
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
                  <Button variant="outline-light" size="sm" onClick={onSignOut}>
                    Sign out
                  </Button>
                </Nav.Item>
              </>
            ) : (
              <>
                <Nav.Item as="li"><Link to="/login">Sign in</Link></Nav.Item>
                <Nav.Item as="li"><Link to="/signup">Sign up</Link></Nav.Item>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
