import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { forgotPasswordBody } from '@vitrine/contracts/console';
import { useForgotPassword } from '../api/session';
import { AuthCard, AuthForm } from './auth-card';
import { FormText } from '../../components/form-fields';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });
  return (
    <AuthCard title="Esqueci minha senha">
      {forgot.isSuccess ? (
        <p className="console-alert console-alert--success" role="status">
          Se este e-mail tem acesso a uma loja, enviamos um link para criar uma nova senha. Ele vale por 1
          hora.
        </p>
      ) : (
        <AuthForm
          call={forgot}
          submit="Enviar link"
          pending="Enviando…"
          onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
        >
          <p>Informe seu e-mail e enviaremos um link para criar uma nova senha.</p>
          <FormText control={form.control} name="email" label="E-mail" type="email" autoComplete="username" />
        </AuthForm>
      )}
      <p className="console-auth__aside">
        <Link href="/console/entrar">Voltar para entrar</Link>
      </p>
    </AuthCard>
  );
}
