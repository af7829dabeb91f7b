/**
 * Pagamentos › Pix: the shop's Pix key and the receiver's name and city that each BR Code (copia e cola) carries,
 * checked per key type with the contract's messages; a preview shows the text as the payer's bank shows it.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  pixReceiverBody,
  type PixReceiver,
  type PixReceiverBody,
} from '@vitrine/contracts/console-pix';
import { showToast } from '../../../stores/toast-store';
import { SelectField } from '../../../components/form-field';
import { usePixReceiver, useSavePix } from '../api/rules';
import { FormText } from '../../components/form-fields';
import { LoadError, Loading } from '../../components/page-state';
import { SaveBar } from '../../components/save-bar';

const KEY_HINTS: Record<PixReceiverBody['keyType'], string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'financeiro@sualoja.com.br',
  phone: '(xx) xxxxx-xxxx',
  random: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
};

function PixForm({ shop, saved }: { shop: string; saved: PixReceiver['receiver'] }) {
  const save = useSavePix(shop);
  const form = useForm<PixReceiverBody>({
    resolver: zodResolver(pixReceiverBody),
    defaultValues: saved ?? { keyType: 'cnpj', key: '', merchantName: '', city: '' },
  });
  const keyType = useWatch({ control: form.control, name: 'keyType' });
  return (
    <form
      className="console-form console-card sales-form"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (answer) => {
            if (answer.receiver) form.reset(answer.receiver);
            showToast('Chave Pix salva. Os próximos códigos Pix já usam esta chave.', { variant: 'success' });
          },
        }),
      )}
    >
      {!saved && (
        <p className="console-muted">
          Sem chave Pix, a loja não gera o código Pix “copia e cola” dos pedidos pagos por Pix manual.
        </p>
      )}
      <div className="console-form-row">
        <Controller
          control={form.control}
          name="keyType"
          render={({ field }) => (
            <SelectField label="Tipo de chave" value={field.value} onValue={field.onChange}>
              {PIX_KEY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {PIX_KEY_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
          )}
        />
        <FormText
          control={form.control}
          name="key"
          label="Chave Pix"
          autoComplete="off"
          hint={KEY_HINTS[keyType]}
        />
      </div>
      <div className="console-form-row">
        <FormText
          control={form.control}
          name="merchantName"
          label="Nome do recebedor"
          maxLength={25}
          hint="Até 25 caracteres, como o banco do cliente mostra."
        />
        <FormText
          control={form.control}
          name="city"
          label="Cidade"
          maxLength={15}
          hint="Até 15 caracteres."
        />
      </div>
      <SaveBar call={save} label="Salvar chave Pix" />
    </form>
  );
}

export function PixSection({ shop }: { shop: string }) {
  const pix = usePixReceiver(shop);
  return (
    <section className="console-section" aria-labelledby="payments-pix-title">
      <h2 id="payments-pix-title" className="console-subtitle">
        Chave Pix da loja
      </h2>
      {pix.isPending ? (
        <Loading />
      ) : pix.isError ? (
        <LoadError error={pix.error} onRetry={() => void pix.refetch()} />
      ) : (
        <PixForm shop={shop} saved={pix.data.receiver} />
      )}
    </section>
  );
}
