/**
 * Agents' catalogue footer (spec §2, §4), loaded lazily: 'Enviar catálogo' (with the type chosen in
 * 'Configurações do Catálogo'; back to Padrão after sending), the settings button, and 'Enviar resumo
 * do pedido' when the order has items. Success toasts per spec; failures show the call's catalogue message.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useCategories, useCurrentOrder } from '../../../stores/app-store';
import {
  CATALOG_SENT_MESSAGE,
  reportSend,
  RESUME_SENT_MESSAGE,
  sendCatalog,
  sendOrderResume,
} from '../../../stores/send-to-contact';
import {
  categoryOptions,
  collectionOptions,
  formSummary,
  sendSettingsOf,
  STANDARD_FORM,
  type CatalogSettingsForm,
} from '../lib/catalog-settings-form';
import { useLiveOrder } from '../../../stores/order/current-order';
import { SettingsIcon } from './settings-icon';

const CatalogSettingsModal = lazy(() =>
  import('./catalog-settings-modal').then((module) => ({ default: module.CatalogSettingsModal })),
);

export function AgentFooter() {
  const order = useCurrentOrder();
  useLiveOrder(); // the agent's catalogue follows the order live
  const categories = useCategories();
  const options = useMemo(
    () => ({ categories: categoryOptions(categories), collections: collectionOptions(categories) }),
    [categories],
  );
  const [form, setForm] = useState<CatalogSettingsForm>(STANDARD_FORM);
  const [sendingCatalog, setSendingCatalog] = useState(false);
  const [sendingResume, setSendingResume] = useState(false);
  const [modal, setModal] = useState({ open: false, opened: 0 });
  const hasItems = (order?.items.length ?? 0) > 0;
  const summary = formSummary(form, options.categories, options.collections);

  const onSendCatalog = async () => {
    setSendingCatalog(true);
    const sent = await reportSend(
      () => sendCatalog(sendSettingsOf(form)),
      'sendCatalog',
      CATALOG_SENT_MESSAGE,
    );
    if (sent) setForm(STANDARD_FORM);
    setSendingCatalog(false);
  };
  const onSendResume = async () => {
    setSendingResume(true);
    await reportSend(sendOrderResume, 'sendResume', RESUME_SENT_MESSAGE);
    setSendingResume(false);
  };

  return (
    <div className="catalog-footer__actions">
      <div className="catalog-footer__catalog">
        <button
          type="button"
          className="button button--primary"
          disabled={sendingCatalog}
          aria-describedby={summary ? 'catalog-send-summary' : undefined}
          onClick={() => void onSendCatalog()}
        >
          {sendingCatalog ? 'Enviando catálogo' : 'Enviar catálogo'}
        </button>
        <button
          type="button"
          className="button button--outline catalog-footer__settings"
          aria-label="Configurações do Catálogo"
          aria-haspopup="dialog"
          onClick={() => setModal(({ opened }) => ({ open: true, opened: opened + 1 }))}
        >
          <SettingsIcon />
        </button>
        {summary && (
          <span id="catalog-send-summary" className="chip chip--secondary catalog-footer__summary">
            {summary}
          </span>
        )}
      </div>
      {hasItems && (
        <button
          type="button"
          className="button button--secondary"
          disabled={sendingResume}
          onClick={() => void onSendResume()}
        >
          {sendingResume ? 'Enviando resumo do pedido' : 'Enviar resumo do pedido'}
        </button>
      )}
      {modal.opened > 0 && (
        <Suspense fallback={null}>
          <CatalogSettingsModal
            key={modal.opened}
            open={modal.open}
            initial={form}
            categories={options.categories}
            collections={options.collections}
            onClose={() => setModal((state) => ({ ...state, open: false }))}
            onSave={setForm}
          />
        </Suspense>
      )}
    </div>
  );
}
