/**
 * Pagamentos › 'Pix no banco (API Pix)' (owner; issue 32, decision 0046): the shop's own bank
 * for dynamic Pix charges through the Central Bank's API Pix — its address, the OAuth2 client, the mTLS certificate
 * and key the bank issued (uploaded as PEM files; write-only: only whether one is stored shows), and the Pix key.
 * Saving registers our webhook at the bank and shows its URL once; 'Testar conexão' asks the bank for a token;
 * 'Conciliar agora' counts the Pix the bank received that the webhook did not bring.
 */
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PixBankSaved, PixBankView } from '@vitrine/contracts/console-pix-bank';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { ConnectionTestRow } from '../../components/connection-test';
import { FilePicker } from '../../components/file-picker';
import { FormText } from '../../components/form-fields';
import { LoadError, Loading } from '../../components/page-state';
import { SaveBar } from '../../components/save-bar';
import { usePixBank, useReconcilePixBank, useSavePixBank, useTestPixBank } from '../api/pix-bank';
import { pixBankBodyOf, pixBankFormOf, pixBankFormSchema, type PixBankForm } from './pix-bank-model';

const MAX_PEM_BYTES = 20_000;

/** A PEM file picked from the disk, kept as its text in the form; never shown back. */
function PemUpload({
  control,
  name,
  label,
  stored,
}: {
  control: Control<PixBankForm>;
  name: 'certificate' | 'privateKey';
  label: string;
  stored: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const pick = async ([file]: File[]) => {
          setProblem(null);
          setChosen(file?.name ?? null);
          if (!file) return field.onChange('');
          if (file.size > MAX_PEM_BYTES) {
            setProblem('Arquivo grande demais para um certificado PEM.');
            return field.onChange('');
          }
          field.onChange(await file.text());
        };
        const error = problem ?? fieldState.error?.message ?? null;
        return (
          <div
            className="field"
            role="group"
            aria-labelledby={`pix-bank-${name}`}
            aria-describedby={`pix-bank-${name}-hint`}
          >
            <span className="field__label" id={`pix-bank-${name}`}>
              {label}
            </span>
            <FilePicker
              label={
                <>
                  Escolher arquivo<span className="console-visually-hidden"> — {label}</span>
                </>
              }
              accept=".pem,.crt,.cer,.key,application/x-pem-file"
              chosen={field.value ? chosen : null}
              onFiles={(files) => void pick(files)}
            />
            <p id={`pix-bank-${name}-hint`} className="field__hint">
              {field.value
                ? 'Arquivo lido; é enviado ao salvar.'
                : stored
                  ? 'Já há um salvo. Envie outro só para trocar.'
                  : 'Arquivo PEM (-----BEGIN …) que o banco fornece.'}
            </p>
            {error && <p className="field__error">{error}</p>}
          </div>
        );
      }}
    />
  );
}

function Reconcile({ shop, configured }: { shop: string; configured: boolean }) {
  const reconcile = useReconcilePixBank(shop);
  const answer = reconcile.data;
  const text = !answer
    ? 'Busca no banco os Pix recebidos que o aviso (webhook) não trouxe.'
    : answer.running
      ? 'Uma conciliação já está em andamento; tente de novo em instantes.'
      : `Conciliação feita: ${answer.counted} Pix novo(s) contado(s), ${answer.repeated} já estava(m) contado(s).`;
  return (
    <div className="connection-test">
      <button
        type="button"
        className="button button--outline"
        disabled={!configured || reconcile.isPending}
        onClick={() => reconcile.mutate()}
      >
        {reconcile.isPending ? 'Conciliando…' : 'Conciliar agora'}
      </button>
      <p className="connection-test__answer" role="status" data-ok={answer ? true : undefined}>
        {reconcile.isError ? errorText(reconcile.error) : text}
      </p>
    </div>
  );
}

function PixBankFormCard({ shop, saved }: { shop: string; saved: PixBankView }) {
  const save = useSavePixBank(shop);
  const test = useTestPixBank(shop);
  const [registered, setRegistered] = useState<PixBankSaved | null>(null);
  // A new round after each save clears the file pickers (what they read was sent).
  const [round, setRound] = useState(0);
  const schema = useMemo(() => pixBankFormSchema(saved), [saved]);
  const form = useForm<PixBankForm>({ resolver: zodResolver(schema), defaultValues: pixBankFormOf(saved) });
  const { control } = form;
  const runTest = () => {
    const values = form.getValues();
    test.mutate(schema.safeParse(values).success ? pixBankBodyOf(values) : null);
  };
  return (
    <form
      className="console-form console-card sales-form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate(pixBankBodyOf(values), {
          onSuccess: (answer) => {
            form.reset(pixBankFormOf(answer));
            setRegistered(answer);
            setRound((n) => n + 1);
            showToast('Pix no banco salvo.', { variant: 'success' });
          },
        }),
      )}
    >
      <p className="console-muted">
        Cobranças Pix dinâmicas pela API Pix do seu banco (padrão do Banco Central), com as tarifas do banco:
        o pedido fica pago sozinho quando o Pix cai. Peça ao banco o acesso à API Pix com os escopos de
        cobrança, Pix e webhook, e o certificado do cliente (mTLS).
      </p>
      <FormText control={control} name="baseUrl" label="Endereço da API Pix" autoComplete="off" />
      <FormText
        control={control}
        name="tokenUrl"
        label="Endereço do token (opcional)"
        autoComplete="off"
        hint="Só se o banco der um endereço próprio para o token OAuth2."
      />
      <div className="console-form-row">
        <FormText control={control} name="clientId" label="Client ID" autoComplete="off" />
        <FormText
          control={control}
          name="clientSecret"
          label="Client Secret"
          type="password"
          autoComplete="off"
          hint={
            saved.clientSecret
              ? `Salvo: ${saved.clientSecret}. Em branco, o salvo continua valendo.`
              : 'Não é mostrado de novo depois de salvo.'
          }
        />
      </div>
      <div className="console-form-row" key={round}>
        <PemUpload
          control={control}
          name="certificate"
          label="Certificado (PEM)"
          stored={saved.certificate}
        />
        <PemUpload
          control={control}
          name="privateKey"
          label="Chave privada (PEM)"
          stored={saved.certificate}
        />
      </div>
      {saved.certificate && <p className="console-muted">Certificado e chave salvos.</p>}
      <FormText
        control={control}
        name="pixKey"
        label="Chave Pix da conta"
        autoComplete="off"
        hint="A chave do banco para onde vão as cobranças; o aviso de pagamento é registrado nela."
      />
      {registered && (
        <div
          className={`console-alert ${registered.webhookRegistered ? 'console-alert--success' : 'console-alert--error'}`}
          role="status"
        >
          <p>{registered.message}</p>
          <p>
            URL do webhook (mostrada só agora; se o banco pedir, cadastre-a lá):{' '}
            <code className="pix-bank__webhook">{registered.webhookUrl}</code>
          </p>
        </div>
      )}
      <ConnectionTestRow
        pending={test.isPending}
        onTest={runTest}
        answer={test.isError ? { ok: false, message: errorText(test.error) } : test.data}
      />
      <Reconcile shop={shop} configured={saved.configured} />
      <SaveBar call={save} label="Salvar Pix no banco" />
    </form>
  );
}

export function PixBankSection({ shop }: { shop: string }) {
  const bank = usePixBank(shop);
  return (
    <section className="console-section" aria-labelledby="payments-pix-bank-title">
      <h2 id="payments-pix-bank-title" className="console-subtitle">
        Pix no banco (API Pix)
      </h2>
      {bank.isPending ? (
        <Loading />
      ) : bank.isError ? (
        <LoadError error={bank.error} onRetry={() => void bank.refetch()} />
      ) : (
        <PixBankFormCard shop={shop} saved={bank.data} />
      )}
    </section>
  );
}
