/**
 * Bootstrap's border spinner with a label for screen readers. `page`: it
 * stands for a whole page or list, so it keeps the room the content will
 * take and the footer does not jump when it arrives.
 */
export function Spinner({ label = 'Loading...', page = false }: { label?: string; page?: boolean }) {
  return (
    <div
      className={`d-flex justify-content-center align-items-${page ? 'start page-loading' : 'center'} py-5`}
      role="status"
      aria-live="polite"
    >
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
