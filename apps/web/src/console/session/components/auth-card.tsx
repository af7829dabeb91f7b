/**
 * The frame of the signed-out screens (sign-in, passwords, invitations): the brand and one card, and their one
 * form shape — fields, the server's refusal, one submit button that says it is working.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';

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

/** The call the form makes (a TanStack mutation): its state drives the error and the button. */
type Call = { isPending: boolean; isError: boolean; error: unknown };

export function AuthForm({
  onSubmit,
  call,
  submit,
  pending,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  call: Call;
  /** The button's text, and its text while the call is on its way. */
  submit: string;
  pending: string;
  children: ReactNode;
}) {
  return (
    <form className="console-form" noValidate onSubmit={onSubmit}>
      {children}
      <FormError error={call.isError ? errorText(call.error) : null} />
      <button type="submit" className="button button--primary" disabled={call.isPending}>
        {call.isPending ? pending : submit}
      </button>
    </form>
  );
}
