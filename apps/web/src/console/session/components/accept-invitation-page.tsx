import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import { ROLE_LABELS, staffName, type InvitationPreview } from '@vitrine/contracts/console';
import { errorText } from '../../api/console-api';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { useLinkToken } from '../hooks/use-link-token';
import { AuthCard, AuthForm } from './auth-card';
import { FormText } from '../../components/form-fields';
import { Loading } from '../../components/page-state';
import { newPasswordSchema, PASSWORD_HINT } from './reset-password-page';

const newAccount = newPasswordSchema.and(z.object({ name: staffName }));
const existingAccount = z.object({ password: z.string().min(1, 'Informe sua senha') });

export function AcceptInvitationPage() {
  const token = useLinkToken();
  const preview = useInvitationPreview(token);
  if (!token || preview.isError)
    return (
      <AuthCard title="Convite inválido">
        <p className="console-alert console-alert--error" role="alert">
          {token ? errorText(preview.error) : 'Este link de convite está incompleto. Peça um novo convite.'}
        </p>
        <Link href="/console/entrar">Ir para a entrada do console</Link>
      </AuthCard>
    );
  if (!preview.data)
    return (
      <AuthCard title="Convite">
        <Loading label="Abrindo o convite" />
      </AuthCard>
    );
  return <AcceptForm token={token} invitation={preview.data} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(invitation.existingAccount ? existingAccount : newAccount),
    defaultValues: { name: '', password: '', confirm: '' },
  });
  return (
    <AuthCard title={`Equipe de ${invitation.shop.name}`}>
      <p>
        Convite para <strong>{invitation.email}</strong> como <strong>{ROLE_LABELS[invitation.role]}</strong>.
      </p>
      <AuthForm
        call={accept}
        submit="Aceitar convite"
        pending="Aceitando…"
        onSubmit={form.handleSubmit((values) =>
          accept.mutate(
            { token, password: values.password, ...('name' in values ? { name: values.name } : {}) },
            { onSuccess: () => navigate(`/console/lojas/${invitation.shop.slug}`, { replace: true }) },
          ),
        )}
      >
        {invitation.existingAccount ? (
          <>
            <p>Você já tem acesso ao console: entre com sua senha para aceitar.</p>
            <FormText
              control={form.control}
              name="password"
              label="Senha"
              type="password"
              autoComplete="current-password"
            />
          </>
        ) : (
          <>
            <FormText control={form.control} name="name" label="Seu nome" autoComplete="name" />
            <FormText
              control={form.control}
              name="password"
              label="Crie uma senha"
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
            />
            <FormText
              control={form.control}
              name="confirm"
              label="Repita a senha"
              type="password"
              autoComplete="new-password"
            />
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
