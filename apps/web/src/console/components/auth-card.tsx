/** The frame of the signed-out screens (sign-in, passwords, invitations): the brand and one card. */
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="console-auth">
      <p className="console-auth__brand">Vitrine · Console da loja</p>
      <section className="console-card console-auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="console-auth__title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="console-alert console-alert--error" role="alert">
      {error}
    </p>
  );
}
