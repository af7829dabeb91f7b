/**
 * One channel's card of Integrações (decision 0038): its fields on the contract's schema, saved alone, removable
 * after a confirmation, then "Testar conexão" with the provider's answer in pt-BR. Secrets are write-only.
 */
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TestableChannel } from '@vitrine/contracts/console-integrations';
import type { MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import type { z } from 'zod';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useSaveMessaging, useTestConnection } from '../api/integrations';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConnectionTestRow } from '../../components/connection-test';
import { FormText } from '../../components/form-fields';
import { FormError } from '../../components/form-error';

function ConnectionTest({
  shop,
  channel,
  configured,
}: {
  shop: string;
  channel: TestableChannel;
  configured: boolean;
}) {
  const test = useTestConnection(shop);
  const answer = test.isError ? { ok: false, message: errorText(test.error) } : test.data;
  return (
    <ConnectionTestRow
      pending={test.isPending}
      disabled={!configured}
      onTest={() => test.mutate(channel)}
      answer={answer}
      idle={configured ? '' : 'Salve as credenciais para testar a conexão.'}
    />
  );
}

export type Section = 'whatsapp' | 'messenger' | 'instagram' | 'chatbot';
export type Values = Record<string, string>;
/** A channel's section of the contract (every field a string). */
export type Schema = z.ZodType<Values, Values>;
export type Field = {
  name: string;
  label: string;
  hint: string;
  /** Write-only (its name in the hint): never filled back; the hint says what is stored, masked. */
  secret?: 'Token' | 'Segredo';
  inputMode?: 'numeric' | 'url';
};

/** One channel's card: its fields on the contract's schema, saved alone, then "Testar conexão". */
export function ChannelForm({
  shop,
  section,
  schema,
  fields,
  defaults,
  masked,
  name,
  toBody,
}: {
  shop: string;
  section: Section;
  schema: Schema;
  fields: Field[];
  /** The non-secret values stored now (the secrets start empty). */
  defaults: Record<string, string>;
  /** The stored secret, masked (`****1234`), or null when the channel is not configured. */
  masked: string | null;
  /** The channel's name in the button and the toast. */
  name: string;
  toBody: (values: Values) => MessagingSettingsBody;
}) {
  const save = useSaveMessaging(shop);
  const [removing, setRemoving] = useState(false);
  const empty = Object.fromEntries(fields.map((f) => [f.name, f.secret ? '' : (defaults[f.name] ?? '')]));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: empty,
  });
  return (
    <form
      className="console-form console-card"
      noValidate
      aria-label={name}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(toBody(values), {
          onSuccess: (saved) => {
            const stored = (saved[section] ?? {}) as Record<string, unknown>;
            form.reset(
              Object.fromEntries(
                fields.map((f) => [f.name, f.secret ? '' : String(stored[f.name] ?? values[f.name] ?? '')]),
              ),
            );
            showToast(`${name}: configuração salva.`, { variant: 'success' });
          },
        }),
      )}
    >
      {fields.map((field) => (
        <FormText
          key={field.name}
          control={form.control}
          name={field.name as FieldPath<Values>}
          label={field.label}
          type={field.secret ? 'password' : field.inputMode === 'url' ? 'url' : 'text'}
          inputMode={field.inputMode === 'numeric' ? 'numeric' : undefined}
          autoComplete="off"
          hint={
            field.secret && masked
              ? `${field.secret} salvo: ${masked}. Informe de novo para salvar alterações.`
              : field.hint
          }
        />
      ))}
      <FormError error={save.isError ? errorText(save.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : `Salvar ${name}`}
        </button>
        {masked !== null && (
          <button type="button" className="button button--outline" onClick={() => setRemoving(true)}>
            Remover {name}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title={`Remover ${name}?`}
        confirmLabel="Remover"
        busy={save.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          save.mutate(
            { [section]: null },
            {
              onSuccess: () => {
                form.reset(Object.fromEntries(fields.map((f) => [f.name, ''])));
                showToast(`${name} removido.`, { variant: 'success' });
              },
              onSettled: () => setRemoving(false),
            },
          )
        }
      >
        <p>
          As credenciais salvas de {name} serão apagadas e nada mais será enviado por este canal até que sejam
          informadas de novo. Deseja continuar?
        </p>
      </ConfirmDialog>
      {/* A new secret saved clears the answer about the old one. */}
      <ConnectionTest key={masked ?? ''} shop={shop} channel={section} configured={masked !== null} />
    </form>
  );
}
