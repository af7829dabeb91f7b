import './toast.css';
import { dismissToast, pauseToastTimer, startToastTimer, type Toast } from '../stores/toast-store';

const ICONS: Record<Toast['variant'], string> = {
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
};

/** One toast: its icon, message, optional action and close button (a chunk of its own, loaded with the first toast). */
export default function ToastItem({ toast }: { toast: Toast }) {
  const resume = () => startToastTimer(toast.id);
  const pause = () => pauseToastTimer(toast.id);
  return (
    <li
      className={`toast toast--${toast.variant}`}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <svg className="toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d={ICONS[toast.variant]} />
      </svg>
      <p className="toast__message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.run();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Fechar notificação"
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
          />
        </svg>
      </button>
    </li>
  );
}
