import BootstrapSpinner from 'react-bootstrap/Spinner';

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status" aria-live="polite">
      <BootstrapSpinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
