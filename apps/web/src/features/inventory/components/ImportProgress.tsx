/** How much of the file is sent, then that the server is reading it (the longer part for a big file). */
export function ImportProgress({ sent, dryRun }: { sent: number; dryRun: boolean }) {
  const percent = Math.round(sent * 100);
  const uploaded = sent >= 1;
  return (
    <div className="mt-3">
      <div
        className="progress"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${uploaded ? ' progress-bar-striped progress-bar-animated' : ''}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" className="small text-secondary mt-1 mb-0">
        {uploaded ? `${dryRun ? 'Checking' : 'Importing'} the rows...` : `Sending the file: ${percent}%`}
      </p>
    </div>
  );
}
