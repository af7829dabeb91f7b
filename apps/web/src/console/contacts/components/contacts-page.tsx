/**
 * Dados de contatos (owner; LGPD art. 18, docs/decisions/0052): find a contact by name or phone, 'Baixar dados'
 * as JSON or CSV (what the shop holds about them), or 'Apagar dados' after typing APAGAR — orders keep totals,
 * items and dates, and the invoice data too when the owner keeps it. Every download and erasure is audited.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ERASE_CONFIRMATION } from '@vitrine/contracts/contact-data';
import type { SaleContact } from '@vitrine/contracts/console-sales';
import { formatPhone } from '@vitrine/contracts/format';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { useContacts } from '../../api/contacts';
import { errorText } from '../../api/console-api';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { contactDataUrl, useEraseContact } from '../api/contact-data';
import './contacts.css';

export function ContactsPage({ shop }: { shop: string }) {
  const [q, setQ] = useState('');
  const contacts = useContacts(shop, q.trim());
  const [erasing, setErasing] = useState<SaleContact | null>(null);

  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Dados de contatos</h1>
        <Link href={`/console/lojas/${shop}/auditoria`}>Registro de atividades</Link>
      </div>
      <section className="console-card" aria-labelledby="contacts-data-title">
        <h2 id="contacts-data-title" className="console-subtitle">
          Direitos do titular (LGPD)
        </h2>
        <p className="console-muted">
          Um cliente pode pedir uma cópia do que a loja guarda sobre ele ou que seus dados sejam apagados. Os
          pedidos continuam com valores, itens e datas, como a lei fiscal exige.
        </p>
        <TextField label="Buscar contato (nome ou telefone)" value={q} onValue={setQ} type="search" />
        {contacts.isPending && <Loading />}
        {contacts.isError && <LoadError error={contacts.error} onRetry={() => void contacts.refetch()} />}
        {contacts.data?.length === 0 && (
          <Empty>{q.trim() ? 'Nenhum contato encontrado.' : 'Nenhum contato ainda.'}</Empty>
        )}
        <ul className="console-list contacts-data__list">
          {(contacts.data ?? []).map((c) => (
            <li key={c.id} className="contacts-data__item">
              <span className="contacts-data__who">
                <strong>{c.name ?? 'Sem nome'}</strong>
                <span className="console-muted">{c.phone ? formatPhone(c.phone) : 'Sem telefone'}</span>
              </span>
              <span className="contacts-data__actions">
                <a
                  className="button button--outline"
                  href={contactDataUrl(shop, c.id, 'json')}
                  download="dados-do-contato.json"
                  aria-label={`Baixar dados de ${c.name ?? 'contato sem nome'} (JSON)`}
                >
                  Baixar dados (JSON)
                </a>
                <a
                  className="button button--outline"
                  href={contactDataUrl(shop, c.id, 'csv')}
                  download
                  aria-label={`Baixar dados de ${c.name ?? 'contato sem nome'} (CSV)`}
                >
                  Baixar dados (CSV)
                </a>
                <button
                  type="button"
                  className="button button--outline contacts-data__erase"
                  onClick={() => setErasing(c)}
                >
                  Apagar dados
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {erasing && <EraseDialog shop={shop} contact={erasing} onClose={() => setErasing(null)} />}
    </>
  );
}

function EraseDialog({
  shop,
  contact,
  onClose,
}: {
  shop: string;
  contact: SaleContact;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [keepInvoiceData, setKeepInvoiceData] = useState(false);
  const erase = useEraseContact(shop);
  const confirmed = typed.trim() === ERASE_CONFIRMATION;
  const name = contact.name ?? 'contato sem nome';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    erase.mutate(
      { contactId: contact.id, confirmation: ERASE_CONFIRMATION, keepInvoiceData },
      {
        onSuccess: (done) => {
          showToast(
            `Dados de ${name} apagados (${done.orders} ${done.orders === 1 ? 'pedido mantido' : 'pedidos mantidos'} sem dados pessoais).`,
            { variant: 'success' },
          );
          onClose();
        },
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={`Apagar os dados de ${name}?`}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button
            type="submit"
            form="erase-contact"
            className="button button--primary contacts-data__erase-confirm"
            disabled={!confirmed || erase.isPending}
          >
            Apagar dados
          </button>
        </>
      }
    >
      <form id="erase-contact" className="console-form" onSubmit={submit}>
        <p>
          Nome, telefone, e-mail, documentos, endereços e conversas deste contato serão apagados e as sessões
          abertas terminam. Não é possível desfazer.
        </p>
        <label className="settings-toggle">
          <input
            type="checkbox"
            checked={keepInvoiceData}
            onChange={(event) => setKeepInvoiceData(event.target.checked)}
          />
          Manter nome, CPF/CNPJ e endereço dos pedidos (nota fiscal)
        </label>
        <TextField
          label={`Digite ${ERASE_CONFIRMATION} para confirmar`}
          value={typed}
          onValue={setTyped}
          autoComplete="off"
          autoCapitalize="characters"
        />
      </form>
    </Modal>
  );
}
