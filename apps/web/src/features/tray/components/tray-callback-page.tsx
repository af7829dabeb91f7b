import { useMemo, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { useTrayLink } from '../hooks/use-tray-link';
import { readCallbackParams } from '../lib/tray-urls';
import { TrayImportStatusView } from './tray-import-status';
import './tray.css';

/**
 * /tray/register/callback?store=…&adm_user=…&code=…&api_address=…&store_host=…: links the authorized Tray
 * store to the chatbot account ('Vincular com a Suri'), then shows the first catalogue import.
 */
export function TrayCallbackPage() {
  const search = useSearch();
  const params = useMemo(() => readCallbackParams(search), [search]);
  const link = useTrayLink(params);

  if (link.state === 'done' && link.result) {
    return (
      <div className="page tray-page" data-link-state="done">
        <StatusMessage tone="success" title="Loja vinculada com sucesso">
          <p className="status-message__text">
            A loja Tray está vinculada ao chatbot <strong>{link.result.chatbotId}</strong>. O catálogo será
            importado e mantido em dia automaticamente.
          </p>
        </StatusMessage>
        <TrayImportStatusView
          store={link.result.store}
          apiAddress={params.apiAddress}
          initial={link.result.importStatus}
        />
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void link.submit();
  };

  return (
    <section className="page tray-page" data-link-state={link.state}>
      <h1 className="page__title">Vincular loja Tray</h1>
      <p className="page__lead">
        Informe o ID e o token do seu chatbot para vincular{' '}
        {params.storeHost ? <strong>{params.storeHost}</strong> : 'a loja'}.
      </p>
      <form className="tray-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="ID"
          name="chatbotId"
          autoComplete="username"
          value={link.chatbotId}
          readOnly={link.locked}
          onValue={link.setChatbotId}
        />
        <TextField
          label="Token"
          name="chatbotToken"
          type="password"
          autoComplete="current-password"
          value={link.chatbotToken}
          readOnly={link.locked}
          onValue={link.setChatbotToken}
        />
        {link.locked && (
          <p className="tray-form__hint">Esta loja já está vinculada: confirme para renovar a autorização.</p>
        )}
        <button type="submit" className="button button--primary" disabled={!link.canSubmit}>
          {link.state === 'running' ? 'Vinculando...' : 'Vincular com a Suri'}
        </button>
      </form>
    </section>
  );
}
