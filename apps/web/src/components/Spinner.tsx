/**
 * Bootstrap's border spinner with a label for screen readers. `room`: it
 * stands for a page or a list still loading, and keeps about the height that
 * content will take, so the footer does not jump when it arrives.
 */
export function Spinner({ label = 'Loading...', room }: { label?: string; room?: string }) {
  return (
    <div
      className={`d-flex justify-content-center align-items-${room ? 'start' : 'center'} py-5`}
      style={room ? { minHeight: room } : undefined}
      role="status"
      aria-live="polite"
    >
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
