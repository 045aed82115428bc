import { SPEC_LIMITS } from '@smart-zone/types/spec-texts';
import Container from 'react-bootstrap/Container';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light z-3">
        Skip to content
      </a>
      <Header />
      <Container as="main" id="main" className="flex-grow-1 py-4" tabIndex={-1}>
        <Outlet />
      </Container>
      <Footer />
      <ToastContainer position="top-right" autoClose={SPEC_LIMITS.toastAutoCloseMs} />
      <ScrollRestoration />
    </div>
  );
}
