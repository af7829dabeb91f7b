/**
 * Integrações (owner): the shop's WhatsApp Cloud API account over what the platform API stores (decision 0038).
 * The token is write-only: the page shows it masked and asks for it again on each save; "Testar conexão" asks
 * the provider whether it accepts the stored token and says its answer in pt-BR.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { whatsAppSettingsBody, type MessagingSettings } from '@vitrine/contracts/messaging-settings';
import type { z } from 'zod';
import { showToast } from '../../stores/toast-store';
import { errorText } from '../api/console-api';
import { useMessagingSettings, useSaveMessaging, useTestConnection } from '../api/integrations';
import { FormError } from './auth-card';
import { FormText } from './form-text';
import { LoadError, Loading } from './page-state';
import './integrations.css';

type WhatsAppBody = z.infer<typeof whatsAppSettingsBody>;

function ConnectionTest({ shop, configured }: { shop: string; configured: boolean }) {
  const test = useTestConnection(shop);
  const answer = test.isError ? { ok: false, message: errorText(test.error) } : test.data;
  return (
    <div className="integrations-test">
      <button
        type="button"
        className="button button--outline"
        disabled={!configured || test.isPending}
        onClick={() => test.mutate('whatsapp')}
      >
        {test.isPending ? 'Testando…' : 'Testar conexão'}
      </button>
      <p className="integrations-test__answer" role="status" data-ok={answer?.ok ?? undefined}>
        {answer?.message ?? (configured ? '' : 'Salve as credenciais para testar a conexão.')}
      </p>
    </div>
  );
}

function WhatsAppForm({ shop, saved }: { shop: string; saved: MessagingSettings['whatsapp'] }) {
  const save = useSaveMessaging(shop);
  const form = useForm<WhatsAppBody>({
    resolver: zodResolver(whatsAppSettingsBody),
    defaultValues: { phoneNumberId: saved?.phoneNumberId ?? '', accessToken: '' },
  });
  return (
    <form
      className="console-form console-card"
      noValidate
      onSubmit={form.handleSubmit((whatsapp) =>
        save.mutate(
          { whatsapp: saved?.orderTemplate ? { ...whatsapp, orderTemplate: saved.orderTemplate } : whatsapp },
          {
            onSuccess: (answer) => {
              form.reset({ phoneNumberId: answer.whatsapp?.phoneNumberId ?? '', accessToken: '' });
              showToast('Credenciais do WhatsApp salvas.', { variant: 'success' });
            },
          },
        ),
      )}
    >
      <FormText
        control={form.control}
        name="phoneNumberId"
        label="ID do número de telefone"
        inputMode="numeric"
        autoComplete="off"
        hint="No Meta for Developers: WhatsApp › Configuração da API."
      />
      <FormText
        control={form.control}
        name="accessToken"
        label="Token de acesso"
        type="password"
        autoComplete="off"
        hint={
          saved
            ? `Token salvo: ${saved.accessToken}. Informe o token de novo para salvar alterações.`
            : 'Token permanente do usuário do sistema. Ele não é mostrado de novo depois de salvo.'
        }
      />
      <FormError error={save.isError ? errorText(save.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : 'Salvar WhatsApp'}
        </button>
      </div>
      <ConnectionTest shop={shop} configured={saved !== null} />
    </form>
  );
}

export function IntegrationsPage({ shop }: { shop: string }) {
  const settings = useMessagingSettings(shop);
  return (
    <>
      <h1 className="console-title">Integrações</h1>
      <section aria-labelledby="integrations-whatsapp">
        <h2 id="integrations-whatsapp" className="console-subtitle">
          WhatsApp (Cloud API)
        </h2>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <WhatsAppForm shop={shop} saved={settings.data.whatsapp} />
        )}
      </section>
    </>
  );
}
