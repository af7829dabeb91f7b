/**
 * Entrega › Logística externa: the shop's `externalLogistic` setting (the same one Configurações shows), switched
 * here and saved at once, with what it changes in pt-BR.
 */
import { useState } from 'react';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useExternalLogistic, useSaveExternalLogistic } from '../api/external-logistic';
import { FormError } from '../../components/form-error';
import { LoadError, Loading } from '../../components/page-state';

export function DeliveryExternalLogistic({ shop }: { shop: string }) {
  const current = useExternalLogistic(shop);
  const save = useSaveExternalLogistic(shop);
  // The value asked for, shown from the click until the save settles (the mutation's own pending state reaches
  // React a task later, after React has put the controlled box back).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? current.data?.externalLogistic;
  return (
    <section className="console-card delivery-external" aria-labelledby="delivery-external">
      <h2 id="delivery-external" className="console-subtitle">
        Logística externa
      </h2>
      <p className="console-muted" id="delivery-external-help">
        Ligada, a entrega é combinada fora da Vitrine (pela sua transportadora ou sistema de logística): o
        atendente confirma o pedido sem escolher opção de entrega nem endereço. Desligada, cada pedido precisa
        de uma opção de entrega ou retirada. É a mesma opção de Configurações.
      </p>
      {current.isPending ? (
        <Loading />
      ) : current.isError ? (
        <LoadError error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <label className="settings-toggle">
          <input
            type="checkbox"
            checked={Boolean(on)}
            disabled={save.isPending}
            aria-describedby="delivery-external-help"
            onChange={(e) => {
              setAsked(e.target.checked);
              save.mutate(
                { externalLogistic: e.target.checked },
                {
                  onSuccess: (saved) =>
                    showToast(
                      saved.externalLogistic ? 'Logística externa ligada.' : 'Logística externa desligada.',
                      { variant: 'success' },
                    ),
                  onSettled: () => setAsked(null),
                },
              );
            }}
          />
          Usar logística externa
        </label>
      )}
      <FormError error={save.isError ? errorText(save.error) : null} />
    </section>
  );
}
