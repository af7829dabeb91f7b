/**
 * The choice of the placed order's delivery (issue 35): 'Entregamos para você' or 'Retirada em loja', the contact's
 * address (with 'Novo endereço', the checkout's address form), the options as the checkout lists them
 * (LogisticOptions, each priced at the chosen address; those that do not deliver there left out) and the slots the
 * chosen option books from (day, then time; only those with a place left before their cut-off).
 */
import type { LogisticOption } from '@vitrine/contracts/checkout';
import type { Address } from '@vitrine/contracts/contact';
import type { PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { centsToReais } from '@vitrine/contracts/money';
import { SelectField } from '../../../components/form-field';
import { LogisticOptions } from './logistic-options';
import { NewAddressDialog } from './new-address-dialog';
import { DELIVERY, PICKUP } from '../lib/checkout-form';
import { slotsByDay, type DeliveryDraft } from '../lib/placed-delivery-draft';

export interface DeliveryChoiceProps {
  data: PlacedDelivery;
  draft: DeliveryDraft;
  onDraft: (patch: Partial<DeliveryDraft>) => void;
  adding: number | null;
  onAdding: (key: number | null) => void;
  onAdded: (addresses: Address[]) => void;
}

/** The options of `type` as the checkout's list shows them, priced at the address (null: not delivered there). */
export function optionsFor(data: PlacedDelivery, type: number, addressId: string): LogisticOption[] {
  return data.choices.options.flatMap((o) => {
    if (o.type !== type) return [];
    const fee =
      type === PICKUP
        ? o.priceCents
        : data.fees.find((f) => f.addressId === addressId && f.providerId === o.providerId && f.type === type)
            ?.feeCents;
    if (fee === null || fee === undefined) return [];
    const option: LogisticOption = {
      providerId: o.providerId,
      type: o.type,
      name: o.name,
      price: centsToReais(fee),
      orderMinPrice: null,
      maxDistinctItems: null,
      maxItemsAmout: null,
      shippingTimeEstimative: null,
      minShippingTimeEstimative: null,
      storeName: '',
      description: null,
      storePickUpAddress: null,
    };
    return [option];
  });
}

export function DeliveryChoice({ data, draft, onDraft, adding, onAdding, onAdded }: DeliveryChoiceProps) {
  const types = [
    { value: DELIVERY, label: 'Entregamos para você' },
    { value: PICKUP, label: 'Retirada em loja' },
  ].filter((t) => data.choices.options.some((o) => o.type === t.value));
  const options = optionsFor(data, draft.type, draft.addressId);
  const chosen = data.choices.options.find((o) => o.type === draft.type && o.providerId === draft.providerId);
  const days = slotsByDay(chosen?.slots ?? []);
  const day = days.find((d) => d.day === draft.day);
  const needsAddress = draft.type === DELIVERY;

  return (
    <>
      <section className="checkout-section" aria-labelledby="placed-delivery-type">
        <h2 id="placed-delivery-type" className="checkout-section__title">
          Forma de entrega
        </h2>
        <fieldset className="checkout-choices checkout-choices--inline">
          <legend className="visually-hidden">Forma de entrega</legend>
          {types.map((t) => (
            <label key={t.value} className="checkout-choice">
              <input
                type="radio"
                name="placed-logistic-type"
                value={t.value}
                checked={draft.type === t.value}
                onChange={() => onDraft({ type: t.value, providerId: '', day: '', slotId: '' })}
              />
              <span>{t.label}</span>
            </label>
          ))}
        </fieldset>
        {needsAddress && (
          <div className="checkout-inline-form">
            <SelectField
              label="Endereço de entrega"
              value={draft.addressId}
              onValue={(addressId) => onDraft({ addressId, providerId: '', day: '', slotId: '' })}
            >
              <option value="" disabled>
                {data.choices.addresses.length ? 'Selecione o endereço' : 'Nenhum endereço cadastrado'}
              </option>
              {data.choices.addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.text}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="button button--outline"
              aria-haspopup="dialog"
              onClick={() => onAdding(Date.now())}
            >
              Novo endereço
            </button>
          </div>
        )}
        {needsAddress && draft.addressId && options.length === 0 && (
          <p className="checkout-note" role="note">
            Nenhuma opção de entrega atende este endereço. Escolha outro endereço ou a retirada em loja.
          </p>
        )}
        {(!needsAddress || draft.addressId) && (
          <LogisticOptions
            type={draft.type}
            options={options}
            selected={draft.providerId}
            disabled={false}
            onSelect={(o) => onDraft({ providerId: o.providerId, day: '', slotId: '' })}
          />
        )}
      </section>
      {chosen && chosen.slots.length > 0 && (
        <section className="checkout-section" aria-labelledby="placed-delivery-slot">
          <h2 id="placed-delivery-slot" className="checkout-section__title">
            Agendamento
          </h2>
          {days.length === 0 ? (
            <p className="checkout-note">Sem horários de entrega disponíveis</p>
          ) : (
            <div className="checkout-grid">
              <SelectField
                label="Dia"
                value={day ? draft.day : ''}
                onValue={(d) => onDraft({ day: d, slotId: '' })}
              >
                <option value="" disabled>
                  Selecione o dia
                </option>
                {days.map((d) => (
                  <option key={d.day} value={d.day}>
                    {d.header}
                  </option>
                ))}
              </SelectField>
              {day && (
                <SelectField label="Horário" value={draft.slotId} onValue={(slotId) => onDraft({ slotId })}>
                  <option value="" disabled>
                    Selecione o horário
                  </option>
                  {day.slots.map((slot) => (
                    <option key={slot.id} value={slot.id}>
                      {`${slot.startTime} às ${slot.endTime}`}
                    </option>
                  ))}
                </SelectField>
              )}
            </div>
          )}
        </section>
      )}
      <NewAddressDialog
        key={adding ?? 0}
        open={adding !== null}
        onClose={() => onAdding(null)}
        onAdded={onAdded}
      />
    </>
  );
}
