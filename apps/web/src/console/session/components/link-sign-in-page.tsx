import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { errorText } from '../../api/console-api';
import { useLinkSignIn } from '../api/session';
import { useLinkToken } from '../hooks/use-link-token';
import { AuthCard } from './auth-card';
import { Loading } from '../../components/page-state';

/** A one-time sign-in link of the chatbot platform: spent once on arrival. */
export function LinkSignInPage() {
  const token = useLinkToken();
  const signIn = useLinkSignIn();
  const [, navigate] = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      signIn.mutate(token, { onSuccess: () => navigate('/console', { replace: true }) });
    }
  }, [token, signIn, navigate]);
  if (!token || signIn.isError)
    return (
      <AuthCard title="Não foi possível entrar">
        <p className="console-alert console-alert--error" role="alert">
          {token ? errorText(signIn.error) : 'Este link de acesso está incompleto. Peça um novo.'}
        </p>
        <Link href="/console/entrar">Entrar com e-mail e senha</Link>
      </AuthCard>
    );
  return (
    <AuthCard title="Entrando…">
      <Loading label="Entrando no console" />
    </AuthCard>
  );
}
