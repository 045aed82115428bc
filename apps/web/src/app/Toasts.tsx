import 'react-toastify/dist/ReactToastify.css';
import { SPEC_LIMITS } from '@smart-zone/types/spec-texts';
import { ToastContainer } from 'react-toastify';

/** Where toasts appear; loaded after the first paint (a toast asked for before is shown once it is there). */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={SPEC_LIMITS.toastAutoCloseMs} />;
}
