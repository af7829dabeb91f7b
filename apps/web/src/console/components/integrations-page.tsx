/**
 * Integrações (owner): the shop's WhatsApp, Messenger and Instagram accounts and its chatbot's events webhook, over
 * what the platform API stores (decision 0038). Tokens and the signing secret are write-only: the page shows them
 * masked and asks for them again on each save; "Testar conexão" asks the provider (or, for the chatbot, POSTs it a
 * signed test event) and says its answer in pt-BR.
 */
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TestableChannel } from '@vitrine/contracts/console-integrations';
import {
  chatbotSettingsBody,
  instagramSettingsBody,
  messengerSettingsBody,
  whatsAppSettingsBody,
  type MessagingSettings,
  type MessagingSettingsBody,
} from '@vitrine/contracts/messaging-settings';
import type { z } from 'zod';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { useMessagingSettings, useSaveMessaging, useTestConnection } from '../api/integrations';
import { FormError } from './auth-card';
import { ConfirmDialog } from './confirm-dialog';
import { FormText } from './form-text';
import { LoadError, Loading } from './page-state';
import './integrations.css';

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
    <div className="integrations-test">
      <button
        type="button"
        className="button button--outline"
        disabled={!configured || test.isPending}
        onClick={() => test.mutate(channel)}
      >
        {test.isPending ? 'Testando…' : 'Testar conexão'}
      </button>
      <p className="integrations-test__answer" role="status" data-ok={answer?.ok ?? undefined}>
        {answer?.message ?? (configured ? '' : 'Salve as credenciais para testar a conexão.')}
      </p>
    </div>
  );
}

type Section = 'whatsapp' | 'messenger' | 'instagram' | 'chatbot';
type Values = Record<string, string>;
/** A channel's section of the contract (every field a string). */
type Schema = z.ZodType<Values, Values>;
type Field = {
  name: string;
  label: string;
  hint: string;
  /** Write-only (its name in the hint): never filled back; the hint says what is stored, masked. */
  secret?: 'Token' | 'Segredo';
  inputMode?: 'numeric' | 'url';
};

/** One channel's card: its fields on the contract's schema, saved alone, then "Testar conexão". */
function ChannelForm({
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

const TOKEN_HINT = 'Token permanente do usuário do sistema. Ele não é mostrado de novo depois de salvo.';

function Cards({ shop, saved }: { shop: string; saved: MessagingSettings }) {
  const { whatsapp, messenger, instagram, chatbot } = saved;
  return (
    <>
      <section aria-labelledby="integrations-whatsapp">
        <h2 id="integrations-whatsapp" className="console-subtitle">
          WhatsApp (Cloud API)
        </h2>
        <ChannelForm
          shop={shop}
          section="whatsapp"
          name="WhatsApp"
          schema={whatsAppSettingsBody as unknown as Schema}
          defaults={{ phoneNumberId: whatsapp?.phoneNumberId ?? '' }}
          masked={whatsapp?.accessToken ?? null}
          fields={[
            {
              name: 'phoneNumberId',
              label: 'ID do número de telefone',
              hint: 'No Meta for Developers: WhatsApp › Configuração da API.',
              inputMode: 'numeric',
            },
            { name: 'accessToken', label: 'Token de acesso', hint: TOKEN_HINT, secret: 'Token' },
          ]}
          toBody={(values) => ({
            whatsapp: {
              phoneNumberId: values.phoneNumberId!,
              accessToken: values.accessToken!,
              ...(whatsapp?.orderTemplate ? { orderTemplate: whatsapp.orderTemplate } : {}),
            },
          })}
        />
      </section>
      <section aria-labelledby="integrations-messenger">
        <h2 id="integrations-messenger" className="console-subtitle">
          Messenger (página do Facebook)
        </h2>
        <ChannelForm
          shop={shop}
          section="messenger"
          name="Messenger"
          schema={messengerSettingsBody as unknown as Schema}
          defaults={{ pageId: messenger?.pageId ?? '' }}
          masked={messenger?.accessToken ?? null}
          fields={[
            {
              name: 'pageId',
              label: 'ID da página',
              hint: 'No Facebook: Página › Sobre › Transparência da página, ou no Meta Business Suite.',
              inputMode: 'numeric',
            },
            {
              name: 'accessToken',
              label: 'Token da página',
              hint: 'Token de acesso da página com a permissão pages_messaging. Não é mostrado de novo.',
              secret: 'Token',
            },
          ]}
          toBody={(values) => ({
            messenger: { pageId: values.pageId!, accessToken: values.accessToken! },
          })}
        />
      </section>
      <section aria-labelledby="integrations-instagram">
        <h2 id="integrations-instagram" className="console-subtitle">
          Instagram (conta profissional)
        </h2>
        <ChannelForm
          shop={shop}
          section="instagram"
          name="Instagram"
          schema={instagramSettingsBody as unknown as Schema}
          defaults={{ accountId: instagram?.accountId ?? '' }}
          masked={instagram?.accessToken ?? null}
          fields={[
            {
              name: 'accountId',
              label: 'ID da conta do Instagram',
              hint: 'A conta profissional ligada à página, no Meta Business Suite › Configurações.',
              inputMode: 'numeric',
            },
            {
              name: 'accessToken',
              label: 'Token do Instagram',
              hint: 'Token com a permissão instagram_manage_messages. Não é mostrado de novo.',
              secret: 'Token',
            },
          ]}
          toBody={(values) => ({
            instagram: { accountId: values.accountId!, accessToken: values.accessToken! },
          })}
        />
      </section>
      <section aria-labelledby="integrations-chatbot">
        <h2 id="integrations-chatbot" className="console-subtitle">
          Chatbot (eventos dos pedidos)
        </h2>
        <p className="console-muted">
          A Vitrine envia os eventos dos pedidos (pedido confirmado, pago, cancelado…) para esta URL,
          assinados com o segredo no cabeçalho X-Vitrine-Signature. &quot;Testar conexão&quot; envia um evento
          de teste (ping) assinado do mesmo jeito e mostra a resposta.
        </p>
        <ChannelForm
          shop={shop}
          section="chatbot"
          name="Chatbot"
          schema={chatbotSettingsBody as unknown as Schema}
          defaults={{ eventsUrl: chatbot?.eventsUrl ?? '' }}
          masked={chatbot?.signingSecret ?? null}
          fields={[
            {
              name: 'eventsUrl',
              label: 'URL dos eventos',
              hint: 'Endereço https público do chatbot que recebe os eventos.',
              inputMode: 'url',
            },
            {
              name: 'signingSecret',
              label: 'Segredo de assinatura',
              hint: 'De 16 a 200 caracteres, combinado com o chatbot. Não é mostrado de novo.',
              secret: 'Segredo',
            },
          ]}
          toBody={(values) => ({
            chatbot: {
              eventsUrl: values.eventsUrl!,
              signingSecret: values.signingSecret!,
              webchatUrl: chatbot?.webchatUrl ?? null,
            },
          })}
        />
      </section>
    </>
  );
}

export function IntegrationsPage({ shop }: { shop: string }) {
  const settings = useMessagingSettings(shop);
  return (
    <>
      <h1 className="console-title">Integrações</h1>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Cards shop={shop} saved={settings.data} />
      )}
    </>
  );
}
