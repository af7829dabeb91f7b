import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { z } from 'zod';
import { staffEmail } from '@vitrine/contracts/console';
import { useSignIn } from '../api/session';
import { AuthCard, AuthForm } from './auth-card';
import { FormText } from '../../components/form-fields';

const schema = z.object({ email: staffEmail, password: z.string().min(1, 'Informe a senha') });

export function SignInPage() {
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  return (
    <AuthCard title="Entrar">
      <AuthForm
        call={signIn}
        submit="Entrar"
        pending="Entrando…"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <FormText control={form.control} name="email" label="E-mail" type="email" autoComplete="username" />
        <FormText
          control={form.control}
          name="password"
          label="Senha"
          type="password"
          autoComplete="current-password"
        />
      </AuthForm>
      <p className="console-auth__aside">
        <Link href="/console/esqueci-senha">Esqueci minha senha</Link>
      </p>
    </AuthCard>
  );
}
