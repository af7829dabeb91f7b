/**
 * Pagamentos › Formas de pagamento: the payment methods the shop takes, its own 'Personalizado' method under the name shoppers
 * and agents see (e.g. 'Vale-alimentação'), its pay-on-delivery means, by group, and whether atendentes may
 * record payments by hand (`agentsRecordPayments`, issue 32; owner and manager always may).
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ON_DELIVERY_LABELS,
  ON_DELIVERY_MEANS,
  ONLINE_METHOD_LABELS,
  ONLINE_METHODS,
  paymentMethodsBody,
  type PaymentMethods,
  type PaymentMethodsInput,
} from '@vitrine/contracts/console-payment-methods';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { usePaymentMethods, useSavePaymentMethods } from '../api/rules';
import { LoadError, Loading } from '../../components/page-state';
import { CheckField } from '../../components/form-fields';
import { SaveBar } from '../../components/save-bar';

const GROUPS = [
  { label: 'Dinheiro', means: ['cash'] },
  { label: 'Cartão', means: ['credit-on-delivery', 'debit-on-delivery'] },
  { label: 'Pix', means: ['pix-on-delivery'] },
] as const;

function MethodsForm({ shop, saved }: { shop: string; saved: PaymentMethods }) {
  const save = useSavePaymentMethods(shop);
  const form = useForm<PaymentMethodsInput, unknown, PaymentMethods>({
    resolver: zodResolver(paymentMethodsBody),
    defaultValues: saved,
  });
  const problem = form.formState.errors.onDelivery?.message;
  const custom = useWatch({ control: form.control, name: 'custom' });
  return (
    <form
      className="console-form console-card sales-form"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (answer) => {
            form.reset(answer);
            showToast('Formas de pagamento salvas. Os próximos pedidos já as oferecem.', {
              variant: 'success',
            });
          },
        }),
      )}
    >
      <fieldset className="console-choices">
        <legend>Pagamento online</legend>
        {ONLINE_METHODS.map((method) => (
          <Controller
            key={method}
            control={form.control}
            name={method}
            render={({ field }) => (
              <label className="settings-toggle">
                <input
                  type="checkbox"
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
                {ONLINE_METHOD_LABELS[method]}
              </label>
            )}
          />
        ))}
        <Controller
          control={form.control}
          name="custom"
          render={({ field }) => (
            <label className="settings-toggle">
              <input
                type="checkbox"
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.target.checked)}
              />
              Personalizado
            </label>
          )}
        />
        {custom && (
          <Controller
            control={form.control}
            name="customName"
            render={({ field, fieldState }) => (
              <TextField
                label="Nome da forma personalizada"
                value={field.value ?? ''}
                onValue={field.onChange}
                onBlur={field.onBlur}
                maxLength={40}
                autoComplete="off"
                hint="Como clientes e atendentes a veem, por exemplo “Vale-alimentação”. Até 40 caracteres."
                error={fieldState.error?.message ?? null}
              />
            )}
          />
        )}
      </fieldset>
      <Controller
        control={form.control}
        name="onDelivery"
        render={({ field }) => (
          <fieldset className="console-choices">
            <legend>Pagamento na entrega</legend>
            {GROUPS.map((group) => (
              <div key={group.label} role="group" aria-label={group.label}>
                <p className="console-muted">{group.label}</p>
                {group.means.map((mean) => (
                  <label key={mean} className="settings-toggle">
                    <input
                      type="checkbox"
                      checked={field.value.includes(mean)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? ON_DELIVERY_MEANS.filter((m) => m === mean || field.value.includes(m))
                            : field.value.filter((m) => m !== mean),
                        )
                      }
                    />
                    {ON_DELIVERY_LABELS[mean]}
                  </label>
                ))}
              </div>
            ))}
          </fieldset>
        )}
      />
      <fieldset className="console-choices">
        <legend>Pagamentos registrados à mão</legend>
        <CheckField
          control={form.control}
          name="agentsRecordPayments"
          label="Atendentes registram pagamentos"
        />
        <p className="console-muted">
          Proprietário e gerente sempre podem usar ‘Registrar pagamento’ e ‘Desfazer’ nos pedidos. Marque para
          permitir também às atendentes.
        </p>
      </fieldset>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <SaveBar call={save} label="Salvar formas de pagamento" />
    </form>
  );
}

export function PaymentMethodsSection({ shop }: { shop: string }) {
  const methods = usePaymentMethods(shop);
  return (
    <section className="console-section" aria-labelledby="payments-methods-title">
      <h2 id="payments-methods-title" className="console-subtitle">
        Formas de pagamento aceitas
      </h2>
      {methods.isPending ? (
        <Loading />
      ) : methods.isError ? (
        <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
      ) : (
        <MethodsForm shop={shop} saved={methods.data} />
      )}
    </section>
  );
}
