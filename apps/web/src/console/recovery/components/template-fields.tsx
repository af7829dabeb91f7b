/**
 * Recuperação › the approved WhatsApp template of one half of the rule, sent instead of the text outside WhatsApp's
 * 24-hour window: on or off, its name and language code as Meta approved them, and which of our values fill its
 * body's {{1}}, {{2}}… (typed in order, separated by commas). A marketing template for carts, a utility one for
 * payment reminders; without one such a reminder is not sent.
 */
import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { RecoveryRule } from '@vitrine/contracts/console-recovery';
import {
  CART_TEMPLATE_PARAMS,
  PAYMENT_TEMPLATE_PARAMS,
  TEMPLATE_PARAM_LABELS,
} from '@vitrine/contracts/recovery-templates';
import { TextField } from '../../../components/form-field';

type Name = 'cartWhatsAppTemplate' | 'paymentWhatsAppTemplate';
type Props = { control: Control<RecoveryRule>; setValue: UseFormSetValue<RecoveryRule>; name: Name };

const HALF = {
  cartWhatsAppTemplate: {
    legend: 'Modelo aprovado do WhatsApp para carrinhos',
    category: 'da categoria Marketing',
    params: CART_TEMPLATE_PARAMS,
    example: 'nome, itens, link, cupom',
  },
  paymentWhatsAppTemplate: {
    legend: 'Modelo aprovado do WhatsApp para lembretes de pagamento',
    category: 'da categoria Utilidade',
    params: PAYMENT_TEMPLATE_PARAMS,
    example: 'nome, valor, vencimento, codigo',
  },
} as const;

const listed = (params: readonly string[]) =>
  params.map((p) => `${p} (${TEMPLATE_PARAM_LABELS[p]})`).join(', ');

/** The parameters typed as 'nome, itens, link'; the contract refuses a name it does not know. */
function ParametersInput(props: {
  value: string[];
  onValue: (value: string[]) => void;
  onBlur: () => void;
  error: string | null;
  hint: string;
}) {
  const [text, setText] = useState(() => props.value.join(', '));
  return (
    <TextField
      label="Parâmetros do corpo, na ordem ({{1}}, {{2}}…)"
      hint={props.hint}
      value={text}
      onValue={(value) => {
        setText(value);
        props.onValue(
          value
            .split(/[,;\s]+/)
            .map((p) => p.trim().replace(/^\{(.*)\}$/, '$1'))
            .filter(Boolean),
        );
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

export function WhatsAppTemplateFields({ control, setValue, name }: Props) {
  const template = useWatch({ control, name });
  const half = HALF[name];
  return (
    <fieldset className="recovery-form__group">
      <legend>{half.legend}</legend>
      <label className="settings-toggle">
        <input
          type="checkbox"
          name={`${name}On`}
          checked={template !== null}
          onChange={(e) =>
            setValue(
              name,
              e.target.checked ? { name: '', language: 'pt_BR', parameters: half.example.split(', ') } : null,
              { shouldValidate: true },
            )
          }
        />
        Fora da janela de 24 horas, enviar um modelo aprovado
      </label>
      <p className="console-muted">
        Fora da janela de 24 horas desde a última mensagem do cliente, o WhatsApp só aceita um modelo aprovado
        pela Meta — use um modelo {half.category}. Sem modelo, o lembrete não é enviado.
      </p>
      {template && (
        <>
          <div className="recovery-form__row">
            <Controller
              control={control}
              name={`${name}.name`}
              render={({ field, fieldState }) => (
                <TextField
                  label="Nome do modelo"
                  hint="Como aprovado no WhatsApp Manager, por exemplo carrinho_abandonado."
                  value={field.value ?? ''}
                  onValue={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? null}
                />
              )}
            />
            <Controller
              control={control}
              name={`${name}.language`}
              render={({ field, fieldState }) => (
                <TextField
                  label="Idioma do modelo"
                  hint="Código do idioma aprovado, por exemplo pt_BR."
                  value={field.value ?? ''}
                  onValue={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? null}
                />
              )}
            />
          </div>
          <Controller
            control={control}
            name={`${name}.parameters`}
            render={({ field, fieldState }) => (
              <ParametersInput
                value={field.value ?? []}
                onValue={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message ?? null}
                hint={`Separe por vírgulas, por exemplo ${half.example}. Valores: ${listed(half.params)}.`}
              />
            )}
          />
        </>
      )}
    </fieldset>
  );
}
