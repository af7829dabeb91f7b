import './status-message.css';
import type { ReactNode } from 'react';

export type StatusTone = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<StatusTone, string> = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
};

export interface StatusMessageProps {
  tone: StatusTone;
  title: string;
  children?: ReactNode;
}

/** Centred icon + heading + text: the finish, confirm, invalid-session, not-found and error pages. */
export function StatusMessage({ tone, title, children }: StatusMessageProps) {
  return (
    <section className={`status-message status-message--${tone}`} aria-labelledby="status-title">
      <svg className="status-message__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path fill="currentColor" d={ICONS[tone]} />
      </svg>
      <h1 id="status-title" className="status-message__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
