/**
 * 'Registrar pagamento' (issue 32, decision 0046): money that came in outside a gateway — the amount prefilled with
 * what is still due, the method and means, when it came in (the shop's date and time, in its time zone), a note
 * and a receipt reference such as the Pix end-to-end id. One Idempotency-Key per opening: a double click, or a
 * retry after a lost answer, records one payment.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PAYMENT_METHOD_LABELS } from '@vitrine/contracts/console-orders';
import { formatBRL } from '@vitrine/contracts/money';
import {
  RECORD_MEAN_LABELS,
  RECORD_MEANS,
  RECORD_METHODS,
  recordPaymentBody,
} from '@vitrine/contracts/order-payments';
import { localDay, localTime, zonedInstant } from '@vitrine/contracts/shop-time';
import { SelectField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';
import { OptionalTextField, TimeField } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { newIdempotencyKey, useRecordPayment } from '../api/payments';
import { DateField } from '../../components/date-field';

const dialogSchema = recordPaymentBody.omit({ receivedAt: true }).extend({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data.'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida: use HH:MM, por exemplo 14:30.'),
});
type DialogInput = z.input<typeof dialogSchema>;
type DialogValues = z.output<typeof dialogSchema>;

/** The order as the dialog needs it (a board row or the detail). */
export type PayableOrder = {
  id: string;
  number: number;
  totalCents: number;
  dueCents: number;
  paymentMethod: number | null;
};

const methodOf = (order: PayableOrder) =>
  RECORD_METHODS.find((m) => m === order.paymentMethod) ?? RECORD_METHODS[4];

function PaymentForm({
  record,
  order,
  timeZone,
  onDone,
}: {
  record: ReturnType<typeof useRecordPayment>;
  order: PayableOrder;
  timeZone: string;
  onDone: () => void;
}) {
  // One key for this opening of the dialog: every submit sends it.
  const [key] = useState(newIdempotencyKey);
  const [now] = useState(() => new Date());
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DialogInput, unknown, DialogValues>({
    resolver: zodResolver(dialogSchema),
    defaultValues: {
      amountCents: order.dueCents > 0 ? order.dueCents : undefined,
      method: methodOf(order),
      means: null,
      day: localDay(now, timeZone),
      time: localTime(now, timeZone),
      note: null,
      reference: null,
    },
  });
  const submit = form.handleSubmit(({ day, time, ...values }) => {
    setError(null);
    record.mutate(
      {
        orderId: order.id,
        key,
        body: { ...values, receivedAt: zonedInstant(day, time, timeZone).toISOString() },
      },
      {
        onSuccess: (answer) => {
          showToast(
            answer.fullyPaid
              ? `Pagamento registrado: o pedido nº ${order.number} está pago.`
              : 'Pagamento registrado.',
            { variant: 'success' },
          );
          onDone();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  });
  return (
    <form id="record-payment-form" className="console-form record-payment" noValidate onSubmit={submit}>
      <p className="console-muted">
        Total {formatBRL(order.totalCents)} ·{' '}
        {order.dueCents >= 0 ? `a receber ${formatBRL(order.dueCents)}` : 'já pago por completo'}
      </p>
      <MoneyField control={form.control} name="amountCents" label="Valor recebido (R$)" />
      <div className="record-payment__row">
        <Controller
          control={form.control}
          name="method"
          render={({ field, fieldState }) => (
            <SelectField
              label="Forma de pagamento"
              value={String(field.value)}
              onValue={(value) => field.onChange(Number(value))}
              error={fieldState.error?.message ?? null}
            >
              {RECORD_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="means"
          render={({ field, fieldState }) => (
            <SelectField
              label="Meio"
              value={field.value ?? ''}
              onValue={(value) => field.onChange(value === '' ? null : value)}
              error={fieldState.error?.message ?? null}
            >
              <option value="">Não informado</option>
              {RECORD_MEANS.map((m) => (
                <option key={m} value={m}>
                  {RECORD_MEAN_LABELS[m]}
                </option>
              ))}
            </SelectField>
          )}
        />
      </div>
      <div className="record-payment__row">
        <Controller
          control={form.control}
          name="day"
          render={({ field, fieldState }) => (
            <DateField
              label="Data"
              value={field.value}
              onValue={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? null}
            />
          )}
        />
        <TimeField control={form.control} name="time" label="Hora" />
      </div>
      <OptionalTextField
        control={form.control}
        name="reference"
        label="Referência do comprovante (opcional)"
        hint="Por exemplo o código do Pix (E2E) ou o número do comprovante da maquininha."
      />
      <OptionalTextField control={form.control} name="note" label="Observação (opcional)" />
      <FormError error={error} />
    </form>
  );
}

export function RecordPaymentDialog({
  shop,
  order,
  timeZone,
  onClose,
}: {
  shop: string;
  /** The order to record a payment for (null: closed). */
  order: PayableOrder | null;
  timeZone: string;
  onClose: () => void;
}) {
  const record = useRecordPayment(shop);
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      size="md"
      title={order ? `Registrar pagamento do pedido nº ${order.number}` : ''}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Voltar
          </button>
          <button
            type="submit"
            form="record-payment-form"
            className="button button--primary"
            disabled={record.isPending}
          >
            {record.isPending ? 'Registrando…' : 'Registrar pagamento'}
          </button>
        </>
      }
    >
      {order && (
        <PaymentForm key={order.id} record={record} order={order} timeZone={timeZone} onDone={onClose} />
      )}
    </Modal>
  );
}
