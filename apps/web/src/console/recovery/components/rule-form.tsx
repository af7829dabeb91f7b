/**
 * Recuperação › Regra: the recovery rule on the contract's schema — each field shows its pt-BR message before
 * anything is sent (the server answers the same refusal), times of day in the shop's time zone. Abandoned cart: the
 * message with {nome}, {itens} and {link}, the second reminder's optional coupon (coupon-fields.tsx); unpaid order: the Pix reminder's minutes, the boleto's eve, a new code
 * after expiry, the message with {nome}, {valor} and {vencimento} (an unknown placeholder is refused at the field);
 * each half's approved WhatsApp template for outside the 24-hour window (template-fields.tsx).
 */
import { useEffect, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECOVERY_DELIVERIES,
  RECOVERY_DELIVERY_LABELS,
  recoveryRule,
  type RecoveryRule,
} from '@vitrine/contracts/console-recovery';
import { showToast } from '../../../stores/toast-store';
import { SelectField, TextAreaField } from '../../../components/form-field';
import { useSaveRecoveryRule } from '../api/recovery';
import { CheckField, TimeField, WholeNumberField } from '../../components/form-fields';
import { SaveBar } from '../../components/save-bar';
import { SecondCouponFields } from './coupon-fields';
import { WhatsAppTemplateFields } from './template-fields';

/** How the reminders of one half of the rule reach the contact: message, chatbot event, or both. */
function DeliveryField({
  control,
  name,
}: {
  control: Control<RecoveryRule>;
  name: 'cartDelivery' | 'paymentDelivery';
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          label={name === 'cartDelivery' ? 'Como o lembrete chega' : 'Como o lembrete de pagamento chega'}
          hint="Com o evento, a plataforma do chatbot recebe o lembrete assinado e fala com o cliente ela mesma."
          value={field.value}
          onValue={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        >
          {RECOVERY_DELIVERIES.map((d) => (
            <option key={d} value={d}>
              {RECOVERY_DELIVERY_LABELS[d]}
            </option>
          ))}
        </SelectField>
      )}
    />
  );
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const brDay = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const shownDay = (day: string) => (isoDay.test(day) ? day.split('-').reverse().join('/') : day);
/** dd/mm/aaaa (one a line or separated by commas) to the contract's days; anything else is left for it to refuse. */
const typedDays = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.replace(brDay, '$3-$2-$1'));

/** Closed days typed as dd/mm/aaaa; the typed text stays as typed, the rule gets the days. */
function ClosedDaysField({ control }: { control: Control<RecoveryRule> }) {
  return (
    <Controller
      control={control}
      name="closedDays"
      render={({ field, fieldState }) => (
        <ClosedDaysInput
          days={field.value}
          onDays={field.onChange}
          onBlur={field.onBlur}
          error={
            fieldState.error?.message ??
            (fieldState.error as unknown as ({ message?: string } | undefined)[] | undefined)?.find?.(Boolean)
              ?.message ??
            null
          }
        />
      )}
    />
  );
}

function ClosedDaysInput(props: {
  days: string[];
  onDays: (days: string[]) => void;
  onBlur: () => void;
  error: string | null;
}) {
  const [text, setText] = useState(() => props.days.map(shownDay).join('\n'));
  return (
    <TextAreaField
      label="Dias em que a loja está fechada"
      rows={2}
      hint="Um dia por linha, por exemplo 25/12/2026. Nesses dias nenhum lembrete sai: ele espera o próximo dia aberto."
      value={text}
      onValue={(value) => {
        setText(value);
        props.onDays(typedDays(value));
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

export function RecoveryRuleForm({ shop, rule }: { shop: string; rule: RecoveryRule }) {
  const save = useSaveRecoveryRule(shop);
  const form = useForm<RecoveryRule>({ resolver: zodResolver(recoveryRule), defaultValues: rule });
  const { control, reset, setValue } = form;
  useEffect(() => reset(rule), [rule, reset]);
  return (
    <form
      className="console-form recovery-form"
      aria-labelledby="recovery-rule-title"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (saved) =>
            showToast(saved.enabled ? 'Recuperação salva e ligada.' : 'Recuperação salva (desligada).', {
              variant: 'success',
            }),
        }),
      )}
    >
      <h2 id="recovery-rule-title" className="console-subtitle">
        Carrinho abandonado
      </h2>
      <CheckField control={control} name="enabled" label="Lembrar o cliente que deixou itens no carrinho" />
      <div className="recovery-form__row">
        <WholeNumberField
          control={control}
          name="firstAfterMinutes"
          label="Primeiro lembrete após (minutos sem mudança)"
        />
        <WholeNumberField
          control={control}
          name="secondAfterHours"
          label="Segundo lembrete após (horas)"
          hint="Em branco: só um lembrete. No máximo dois por carrinho."
        />
      </div>
      <SecondCouponFields control={control} setValue={setValue} />
      <fieldset className="recovery-form__group">
        <legend>Horário de silêncio (horário da loja)</legend>
        <p className="console-muted">Um lembrete que cair nesse horário espera até o fim dele.</p>
        <div className="recovery-form__row">
          <TimeField control={control} name="quietStart" label="Das" />
          <TimeField control={control} name="quietEnd" label="Até" />
        </div>
      </fieldset>
      <ClosedDaysField control={control} />
      <div className="recovery-form__row">
        <WholeNumberField control={control} name="contactCap" label="Lembretes por cliente, no máximo" />
        <WholeNumberField control={control} name="capDays" label="A cada (dias)" />
      </div>
      <Controller
        control={control}
        name="template"
        render={({ field, fieldState }) => (
          <TextAreaField
            label="Mensagem"
            rows={4}
            maxLength={1000}
            hint="Use {nome} (primeiro nome do cliente), {itens} (os itens do carrinho) e {link} (o botão que volta ao mesmo carrinho)."
            value={field.value}
            onValue={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? null}
          />
        )}
      />
      <DeliveryField control={control} name="cartDelivery" />
      <WhatsAppTemplateFields control={control} setValue={setValue} name="cartWhatsAppTemplate" />
      <h2 className="console-subtitle">Pedido não pago</h2>
      <CheckField
        control={control}
        name="paymentEnabled"
        label="Lembrar o cliente que confirmou com Pix ou boleto e ainda não pagou"
      />
      <div className="recovery-form__row">
        <WholeNumberField
          control={control}
          name="pixBeforeMinutes"
          label="Lembrete do Pix antes de o código vencer (minutos)"
          hint="Vai com o mesmo código Pix."
        />
      </div>
      <CheckField
        control={control}
        name="boletoDayBefore"
        label="Lembrar o boleto na véspera do vencimento (10:00)"
      />
      <CheckField
        control={control}
        name="newCodeAfterExpiry"
        label="Enviar um novo código quando o Pix ou o boleto vencer (uma vez por pedido, se houver estoque)"
      />
      <Controller
        control={control}
        name="paymentTemplate"
        render={({ field, fieldState }) => (
          <TextAreaField
            label="Texto do lembrete de pagamento"
            rows={3}
            maxLength={1000}
            hint="Use {nome} (primeiro nome do cliente), {valor} (o valor a pagar) e {vencimento} (data e hora em que o código vence). O código Pix ou a linha do boleto vão logo abaixo."
            value={field.value}
            onValue={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? null}
          />
        )}
      />
      <DeliveryField control={control} name="paymentDelivery" />
      <WhatsAppTemplateFields control={control} setValue={setValue} name="paymentWhatsAppTemplate" />
      <p className="console-muted">
        Quem pediu para parar (respondendo PARAR no WhatsApp ou pela plataforma do chatbot) não recebe
        lembretes. Fora da janela de 24 horas do WhatsApp só vai o modelo aprovado de cada regra; sem ele, o
        lembrete não é enviado.
      </p>
      <SaveBar call={save} label="Salvar recuperação" />
    </form>
  );
}
