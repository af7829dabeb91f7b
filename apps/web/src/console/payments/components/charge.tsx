/**
 * Pagamentos › Formas de pagamento › 'Cobrança' (owner, manager): whether the shop charges its orders through
 * Vitrine at all — two shop settings that sat in Configurações under other names (issue 38, item 8). Saved with the
 * rest of the shop's settings as they are (the settings contract takes the whole set).
 */
import { useForm } from 'react-hook-form';
import type { ConsoleSettings } from '@vitrine/contracts/console-settings';
import { showToast } from '../../../stores/toast-store';
import { useSaveSettings, useShopSettings } from '../../api/shop-settings';
import { CheckField } from '../../components/form-fields';
import { LoadError, Loading } from '../../components/page-state';
import { SaveBar } from '../../components/save-bar';

type Charge = { noCharge: boolean; externalGateway: boolean };

function ChargeForm({ shop, saved }: { shop: string; saved: ConsoleSettings }) {
  const save = useSaveSettings(shop);
  const form = useForm<Charge>({
    defaultValues: {
      noCharge: saved.settings.disableChargeOrders,
      externalGateway: saved.settings.payment.usingExternalGateway,
    },
  });
  return (
    <form
      className="console-form console-card"
      aria-label="Cobrança"
      noValidate
      onSubmit={form.handleSubmit((charge) =>
        save.mutate(
          {
            settings: {
              ...saved.settings,
              disableChargeOrders: charge.noCharge,
              payment: { ...saved.settings.payment, usingExternalGateway: charge.externalGateway },
            },
            limits: saved.limits,
          },
          {
            onSuccess: () => {
              form.reset(charge);
              showToast('Cobrança salva.', { variant: 'success' });
            },
          },
        ),
      )}
    >
      <CheckField control={form.control} name="noCharge" label="Receber pedidos sem cobrança" />
      <p className="console-muted">
        O cliente confirma o pedido sem escolher a forma de pagamento (o botão diz “Receber pedido”) e a loja
        combina o pagamento depois.
      </p>
      <CheckField
        control={form.control}
        name="externalGateway"
        label="Cobrança fora da Vitrine (gateway externo)"
      />
      <p className="console-muted">
        A Vitrine não envia link de pagamento nem código Pix: a loja cobra pelo próprio sistema.
      </p>
      <SaveBar call={save} label="Salvar cobrança" />
    </form>
  );
}

export function ChargeSection({ shop }: { shop: string }) {
  const saved = useShopSettings(shop);
  return (
    <section className="console-section" aria-labelledby="payments-charge-title">
      <h2 id="payments-charge-title" className="console-subtitle">
        Cobrança
      </h2>
      {saved.isPending ? (
        <Loading />
      ) : saved.isError ? (
        <LoadError error={saved.error} onRetry={() => void saved.refetch()} />
      ) : (
        <ChargeForm shop={shop} saved={saved.data} />
      )}
    </section>
  );
}
