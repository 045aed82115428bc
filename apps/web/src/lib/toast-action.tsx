import type { ToastContentProps } from 'react-toastify';

/** A button on a toast (Undo): what it says and does. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A toast's message with its button; clicking it does the action and closes the toast. */
export const withAction =
  (message: string, action: ToastAction) =>
  ({ closeToast }: ToastContentProps) => (
    <div className="d-flex align-items-center justify-content-between gap-2">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark flex-shrink-0"
        onClick={() => {
          closeToast();
          action.onClick();
        }}
      >
        {action.label}
      </button>
    </div>
  );
