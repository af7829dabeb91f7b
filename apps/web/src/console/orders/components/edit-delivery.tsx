/**
 * 'Loja' of the edit dialog (issue 38): the store of an order that arrived without one, or another — the lines are
 * re-priced by its price table and its service fee charged (the server's checkout code; a higher total is a
 * proposal).
 */
export function EditStoreField({
  choices,
  value,
  onValue,
}: {
  choices: OrderEdits['seller'];
  value: string;
  onValue: (id: string) => void;
}) {
  if (choices.options.length === 0) return null;
  return (
    <SelectField
      label="Loja"
      value={value}
      onValue={onValue}
      hint={
        choices.required && !choices.sellerId
          ? 'O pedido chegou sem loja. Os itens passam a ter os preços da tabela da loja escolhida.'
          : 'Os itens passam a ter os preços da tabela da loja escolhida.'
      }
    >
      {!value && <option value="">Escolha a loja</option>}
      {choices.options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
          {o.serviceFeeCents ? ` (taxa ${formatBRL(o.serviceFeeCents)})` : ''}
          {o.priceTable ? ` · tabela ${o.priceTable}` : ''}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * 'Entrega' of the edit dialog (issue 34, decision 0053): the delivery option, the contact's address and the slot
 * (those the option chosen above books from — a slot the new option does not book from is cleared; a full one or
 * one past its cut-off cannot be chosen). The server prices
 * the option at the address with the checkout's code: a new fee is a proposal, the same fee applies at once.
 */
import type { OrderEdits } from '@vitrine/contracts/order-edits';
import { formatBRL } from '@vitrine/contracts/money';
import { SelectField } from '../../../components/form-field';
import { deliveryDraftOf, optionKey, type DeliveryDraft } from './edit-lines';

const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function EditDeliveryFields({
  choices,
  draft,
  onDraft,
}: {
  choices: OrderEdits['delivery'];
  draft: DeliveryDraft;
  onDraft: (draft: DeliveryDraft) => void;
}) {
  const slots = choices.options.find((o) => optionKey(o) === draft.option)?.slots ?? choices.slots;
  const current = slots.find((slot) => slot.id === draft.slotId);
  const chooseOption = (option: string) => {
    const next = choices.options.find((o) => optionKey(o) === option)?.slots ?? choices.slots;
    const keeps = next.some((slot) => slot.id === draft.slotId);
    onDraft({ ...draft, option, slotId: keeps ? draft.slotId : '' });
  };
  return (
    <fieldset className="order-edit-delivery">
      <legend>Entrega</legend>
      <SelectField label="Opção de entrega" value={draft.option} onValue={chooseOption}>
        {!draft.option && <option value="">Sem opção escolhida</option>}
        {choices.options.map((o) => (
          <option key={optionKey(o)} value={optionKey(o)}>
            {o.type === 0 ? 'Retirada' : 'Entrega'}: {o.name} ({formatBRL(o.priceCents)})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Endereço"
        value={draft.addressId}
        onValue={(addressId) => onDraft({ ...draft, addressId })}
        hint={choices.addresses.length === 0 ? 'O cliente não tem endereços salvos.' : undefined}
      >
        {!draft.addressId && <option value="">Endereço do pedido</option>}
        {choices.addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.text}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Horário de entrega"
        value={draft.slotId}
        onValue={(slotId) => onDraft({ ...draft, slotId })}
        hint="Horários da opção escolhida acima. Mesma taxa: vale na hora, com aviso ao cliente."
      >
        {!current && (
          <option value="">
            {draft.slotId === '' && draft.option !== deliveryDraftOf(choices).option
              ? 'Escolha um horário'
              : choices.slotId
                ? 'Horário atual'
                : 'Sem horário'}
          </option>
        )}
        {slots.map((slot) => (
          <option key={slot.id} value={slot.id} disabled={!slot.enabled && slot.id !== choices.slotId}>
            {dayText(slot.day)} {slot.startTime}–{slot.endTime}
            {!slot.enabled && slot.id !== choices.slotId ? ' (lotado)' : ''}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
