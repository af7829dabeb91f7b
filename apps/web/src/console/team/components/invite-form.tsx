import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteBody, ROLE_LABELS, STAFF_ROLES } from '@vitrine/contracts/console';
import { showToast } from '../../../stores/toast-store';
import { SelectField } from '../../../components/form-field';
import { errorText } from '../../api/console-api';
import { useInvite } from '../api/team';
import { FormText } from '../../components/form-fields';
import { FormError } from '../../components/form-error';

export function InviteForm({ shop }: { shop: string }) {
  const invite = useInvite(shop);
  const form = useForm({
    resolver: zodResolver(inviteBody),
    defaultValues: { email: '', role: 'agent' as const },
  });
  return (
    <form
      className="console-form console-invite"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        invite.mutate(values, {
          onSuccess: () => {
            showToast(`Convite enviado para ${values.email}.`, { variant: 'success' });
            form.reset({ email: '', role: values.role });
          },
        }),
      )}
    >
      <FormText
        control={form.control}
        name="email"
        label="E-mail da pessoa"
        type="email"
        autoComplete="off"
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <SelectField
            label="Papel"
            value={field.value}
            onValue={field.onChange}
            hint="Gerente: catálogo, regras e pedidos. Atendente: pedidos e vendas assistidas."
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
        )}
      />
      <FormError error={invite.isError ? errorText(invite.error) : null} />
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Enviando…' : 'Enviar convite'}
      </button>
    </form>
  );
}
