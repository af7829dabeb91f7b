import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN, staffPassword } from '@vitrine/contracts/console';
import { useResetPassword } from '../api/session';
import { useLinkToken } from '../hooks/use-link-token';
import { AuthCard, AuthForm } from './auth-card';
import { FormText } from '../../components/form-fields';

/** What a new password needs (the contract's rule): length only, any characters. */
export const PASSWORD_HINT = `Pelo menos ${STAFF_PASSWORD_MIN} caracteres. Use uma frase fácil de lembrar; letras, números e espaços valem.`;

export const newPasswordSchema = z
  .object({ password: staffPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'As senhas não conferem' });

export function ResetPasswordPage() {
  const token = useLinkToken();
  const reset = useResetPassword();
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  if (!token)
    return (
      <AuthCard title="Link inválido">
        <p>Este link de nova senha está incompleto. Peça um novo.</p>
        <Link href="/console/esqueci-senha">Pedir novo link</Link>
      </AuthCard>
    );
  return (
    <AuthCard title="Criar nova senha">
      <AuthForm
        call={reset}
        submit="Salvar e entrar"
        pending="Salvando…"
        onSubmit={form.handleSubmit(({ password }) =>
          reset.mutate({ token, password }, { onSuccess: () => navigate('/console', { replace: true }) }),
        )}
      >
        <FormText
          control={form.control}
          name="password"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
        />
        <FormText
          control={form.control}
          name="confirm"
          label="Repita a nova senha"
          type="password"
          autoComplete="new-password"
        />
      </AuthForm>
    </AuthCard>
  );
}
