import 'react-toastify/dist/ReactToastify.css';
import { SPEC_LIMITS } from '@smart-zone/types/spec-texts';
import { ToastContainer } from 'react-toastify';

/** Where toasts appear; loaded with the first toast (lib/toast.ts). */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={SPEC_LIMITS.toastAutoCloseMs} />;
}
