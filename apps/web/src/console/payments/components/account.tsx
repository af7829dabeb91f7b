/**
 * Pagamentos › Conta de pagamento (owner; decision 0040): the gateway the shop's card, Pix and boleto charges go
 * through, over what the platform API stores — its type, its keys (write-only: shown masked, a blank field keeps
 * the stored one) and the installment rules the card page offers. "Testar conexão" asks the provider whether it
 * takes the key typed (or, blank, the stored one) and says its answer in pt-BR.
 */
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TYPE_LABELS } from '@vitrine/contracts/console-payment-account';
import { PAYMENT_ACCOUNT_TYPES, type PaymentSettings } from '@vitrine/contracts/payment-settings';
import { showToast } from '../../../stores/toast-store';
import { SelectField } from '../../../components/form-field';
import { errorText } from '../../api/console-api';
import { usePaymentAccount, useSavePaymentAccount, useTestPaymentAccount } from '../api/account';
import { ConnectionTestRow } from '../../components/connection-test';
import { FormText } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { LoadError, Loading } from '../../components/page-state';
import {
  ACCOUNT_KEYS,
  accountFormSchema,
  bodyOf,
  formOf,
  type AccountForm,
  type AccountType,
  type KeyField,
} from './account-model';
import { SaveBar } from '../../components/save-bar';

const KEY_LABELS: Record<AccountType, Partial<Record<KeyField, string>>> = {
  vitrine: {},
  pagarme: {
    publicKey: 'Chave pública (pk_…)',
    secretKey: 'Chave secreta (sk_…)',
    webhookSecret: 'Usuário:senha do webhook (opcional)',
  },
  mercadopago: {
    publicKey: 'Chave pública (Public key)',
    secretKey: 'Token de acesso (Access token)',
    webhookSecret: 'Assinatura secreta do webhook',
  },
  link: { secretKey: 'Token de acesso (Access token)', webhookSecret: 'Assinatura secreta do webhook' },
};

const TYPE_NOTES: Record<AccountType, string> = {
  vitrine:
    'A página de cartão da própria loja. Na demonstração o sandbox aprova os cartões de teste; não use com cartões reais.',
  pagarme: 'No painel da Pagar.me: Configurações › Chaves. O cartão é tokenizado no navegador do cliente.',
  mercadopago: 'No Mercado Pago Developers: Suas integrações › Credenciais de produção.',
  link: 'O cliente paga numa página do Mercado Pago (Checkout Pro), aberta pelo link da mensagem.',
};

function KeyFields({
  control,
  type,
  saved,
}: {
  control: Control<AccountForm>;
  type: AccountType;
  saved: PaymentSettings;
}) {
  return ACCOUNT_KEYS[type].shown.map((field) => {
    const label = KEY_LABELS[type][field] ?? field;
    if (field === 'publicKey')
      return <FormText key={field} control={control} name={field} label={label} autoComplete="off" />;
    const stored = saved[field];
    return (
      <FormText
        key={field}
        control={control}
        name={field}
        label={label}
        type="password"
        autoComplete="off"
        hint={
          stored
            ? `Salva: ${stored}. Em branco, a salva continua valendo.`
            : 'Não é mostrada de novo depois de salva.'
        }
      />
    );
  });
}

function ConnectionTest({ shop, control }: { shop: string; control: Control<AccountForm> }) {
  const test = useTestPaymentAccount(shop);
  const [accountType, secretKey] = useWatch({ control, name: ['accountType', 'secretKey'] });
  // An answer is about the type and key it tested: once either changes on screen it no longer shows.
  const asked = test.variables;
  const current = asked?.accountType === accountType && (asked.secretKey ?? '') === secretKey.trim();
  const answer = !current
    ? undefined
    : test.isError
      ? { ok: false, message: errorText(test.error) }
      : test.data;
  return (
    <ConnectionTestRow
      pending={test.isPending}
      onTest={() =>
        test.mutate(secretKey.trim() ? { accountType, secretKey: secretKey.trim() } : { accountType })
      }
      answer={answer}
    />
  );
}

function AccountFormCard({ shop, saved }: { shop: string; saved: PaymentSettings }) {
  const save = useSavePaymentAccount(shop);
  const schema = useMemo(() => accountFormSchema(saved), [saved]);
  const form = useForm<AccountForm>({ resolver: zodResolver(schema), defaultValues: formOf(saved) });
  const { control } = form;
  const type = useWatch({ control, name: 'accountType' });
  return (
    <form
      className="console-form console-card sales-form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate(bodyOf(values), {
          onSuccess: (answer) => {
            form.reset(formOf(answer));
            showToast('Conta de pagamento salva. Os próximos pagamentos já a usam.', { variant: 'success' });
          },
        }),
      )}
    >
      <fieldset className="console-choices">
        <legend>Provedor</legend>
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => (
            <SelectField
              label="Tipo de conta"
              value={field.value}
              onValue={field.onChange}
              hint={TYPE_NOTES[field.value]}
            >
              {PAYMENT_ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACCOUNT_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
          )}
        />
        <KeyFields control={control} type={type} saved={saved} />
        <ConnectionTest shop={shop} control={control} />
      </fieldset>
      <fieldset className="console-choices">
        <legend>Parcelamento no cartão</legend>
        <div className="console-form-row">
          <FormText
            control={control}
            name="maxInstallments"
            label="Máximo de parcelas"
            inputMode="numeric"
            hint="De 1 a 24."
          />
          <FormText
            control={control}
            name="interestFree"
            label="Parcelas sem juros"
            inputMode="numeric"
            hint="Até quantas parcelas não há juros."
          />
        </div>
        <div className="console-form-row">
          <MoneyField
            control={control}
            name="minInstallmentCents"
            label="Parcela mínima (R$)"
            hint="Um plano só aparece se cada parcela chega a este valor."
          />
          <FormText
            control={control}
            name="monthlyRate"
            label="Juros ao mês (%)"
            inputMode="decimal"
            hint="Acima das parcelas sem juros, de 0 a 10, por exemplo 1,99."
          />
        </div>
      </fieldset>
      <fieldset className="console-choices">
        <legend>Proteção do pagamento com cartão</legend>
        <FormText
          control={control}
          name="recaptchaSiteKey"
          label="Chave do site do reCAPTCHA (opcional)"
          hint="Mostrada na página do cartão junto com a chave secreta do mesmo par. Em branco, vale o par configurado no servidor."
        />
        <FormText
          control={control}
          name="recaptchaSecretKey"
          type="password"
          autoComplete="off"
          label="Chave secreta do reCAPTCHA"
          hint={
            saved.recaptchaSecretKey
              ? `Salva: ${saved.recaptchaSecretKey}. Em branco, a salva continua valendo.`
              : 'Do mesmo par da chave do site; o Google só confirma o desafio com ela.'
          }
        />
      </fieldset>
      <SaveBar call={save} label="Salvar conta de pagamento" />
    </form>
  );
}

export function PaymentAccount({ shop }: { shop: string }) {
  const account = usePaymentAccount(shop);
  return (
    <section className="console-section" aria-labelledby="payments-account-title">
      <h2 id="payments-account-title" className="console-subtitle">
        Conta de pagamento
      </h2>
      {account.isPending ? (
        <Loading />
      ) : account.isError ? (
        <LoadError error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <AccountFormCard shop={shop} saved={account.data} />
      )}
    </section>
  );
}
