/**
 * Integrações (owner): the shop's WhatsApp, Messenger and Instagram accounts and its chatbot's events webhook, over
 * what the platform API stores (decision 0038). Tokens and the signing secret are write-only: the page shows them
 * masked and asks for them again on each save; "Testar conexão" asks the provider (or, for the chatbot, POSTs it a
 * signed test event) and says its answer in pt-BR. Each channel is one card (`ChannelForm`) described below; the
 * catalogue feeds for Meta and Google close the page (`CatalogFeeds`, decision 0054).
 */
import type { ComponentProps, ReactNode } from 'react';
import {
  chatbotSettingsBody,
  instagramSettingsBody,
  messengerSettingsBody,
  whatsAppSettingsBody,
  type MessagingSettings,
} from '@vitrine/contracts/messaging-settings';
import { useMessagingSettings } from '../api/integrations';
import { CatalogFeeds } from './catalog-feeds';
import { ChannelForm, type Field, type Schema } from './channel-form';
import { LoadError, Loading } from '../../components/page-state';

/** A channel's card: its heading, an optional note above the form, and the form's props. */
type Channel = Omit<ComponentProps<typeof ChannelForm>, 'shop'> & { title: string; intro?: ReactNode };

const TOKEN_HINT = 'Token permanente do usuário do sistema. Ele não é mostrado de novo depois de salvo.';

/** The channel's id field (numeric, or the chatbot's URL) and its write-only secret. */
function credentials(id: Field, secret: Field): Field[] {
  return [{ inputMode: 'numeric', ...id }, secret];
}

function channels({ whatsapp, messenger, instagram, chatbot }: MessagingSettings): Channel[] {
  return [
    {
      section: 'whatsapp',
      title: 'WhatsApp (Cloud API)',
      name: 'WhatsApp',
      schema: whatsAppSettingsBody as unknown as Schema,
      defaults: { phoneNumberId: whatsapp?.phoneNumberId ?? '' },
      masked: whatsapp?.accessToken ?? null,
      fields: credentials(
        {
          name: 'phoneNumberId',
          label: 'ID do número de telefone',
          hint: 'No Meta for Developers: WhatsApp › Configuração da API.',
        },
        { name: 'accessToken', label: 'Token de acesso', hint: TOKEN_HINT, secret: 'Token' },
      ),
      toBody: (values) => ({
        whatsapp: {
          phoneNumberId: values.phoneNumberId!,
          accessToken: values.accessToken!,
          ...(whatsapp?.orderTemplate ? { orderTemplate: whatsapp.orderTemplate } : {}),
        },
      }),
    },
    {
      section: 'messenger',
      title: 'Messenger (página do Facebook)',
      name: 'Messenger',
      schema: messengerSettingsBody as unknown as Schema,
      defaults: { pageId: messenger?.pageId ?? '' },
      masked: messenger?.accessToken ?? null,
      fields: credentials(
        {
          name: 'pageId',
          label: 'ID da página',
          hint: 'No Facebook: Página › Sobre › Transparência da página, ou no Meta Business Suite.',
        },
        {
          name: 'accessToken',
          label: 'Token da página',
          hint: 'Token de acesso da página com a permissão pages_messaging. Não é mostrado de novo.',
          secret: 'Token',
        },
      ),
      toBody: (values) => ({ messenger: { pageId: values.pageId!, accessToken: values.accessToken! } }),
    },
    {
      section: 'instagram',
      title: 'Instagram (conta profissional)',
      name: 'Instagram',
      schema: instagramSettingsBody as unknown as Schema,
      defaults: { accountId: instagram?.accountId ?? '' },
      masked: instagram?.accessToken ?? null,
      fields: credentials(
        {
          name: 'accountId',
          label: 'ID da conta do Instagram',
          hint: 'A conta profissional ligada à página, no Meta Business Suite › Configurações.',
        },
        {
          name: 'accessToken',
          label: 'Token do Instagram',
          hint: 'Token com a permissão instagram_manage_messages. Não é mostrado de novo.',
          secret: 'Token',
        },
      ),
      toBody: (values) => ({ instagram: { accountId: values.accountId!, accessToken: values.accessToken! } }),
    },
    {
      section: 'chatbot',
      title: 'Chatbot (eventos dos pedidos)',
      intro: (
        <p className="console-muted">
          A Vitrine envia os eventos dos pedidos (pedido confirmado, pago, cancelado…) para esta URL,
          assinados com o segredo no cabeçalho X-Vitrine-Signature. &quot;Testar conexão&quot; envia um evento
          de teste (ping) assinado do mesmo jeito e mostra a resposta.
        </p>
      ),
      name: 'Chatbot',
      schema: chatbotSettingsBody as unknown as Schema,
      defaults: { eventsUrl: chatbot?.eventsUrl ?? '' },
      masked: chatbot?.signingSecret ?? null,
      fields: credentials(
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
      ),
      toBody: (values) => ({
        chatbot: {
          eventsUrl: values.eventsUrl!,
          signingSecret: values.signingSecret!,
          webchatUrl: chatbot?.webchatUrl ?? null,
        },
      }),
    },
  ];
}

function Cards({ shop, saved }: { shop: string; saved: MessagingSettings }) {
  return (
    <>
      {channels(saved).map(({ title, intro, ...channel }) => (
        <section key={channel.section} aria-labelledby={`integrations-${channel.section}`}>
          <h2 id={`integrations-${channel.section}`} className="console-subtitle">
            {title}
          </h2>
          {intro}
          <ChannelForm shop={shop} {...channel} />
        </section>
      ))}
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
      <CatalogFeeds shop={shop} />
    </>
  );
}
