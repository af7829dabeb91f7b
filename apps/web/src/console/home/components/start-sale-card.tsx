/**
 * Vender para um contato: search the shop's contacts (or type a new name and phone) and open the assisted-sale
 * catalogue for them in a new tab. The tab is opened on the click (popup blockers allow it) and sent to the
 * agent link once the server answers.
 */
import { useState, type FormEvent } from 'react';
import { formatPhone } from '@vitrine/contracts/format';
import { maskPhone } from '@vitrine/contracts/masks';
import type { StartSaleBody } from '@vitrine/contracts/console-sales';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useContacts } from '../../api/contacts';
import { useStartSale } from '../api/start-sale';

export function StartSaleCard({ shop }: { shop: string }) {
  const [q, setQ] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const contacts = useContacts(shop, q.trim());
  const start = useStartSale(shop);

  const open = (body: StartSaleBody) => {
    const tab = window.open('about:blank', '_blank');
    start.mutate(body, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.href = url;
      },
      onError: (error) => {
        tab?.close();
        showToast(errorText(error), { variant: 'error' });
      },
    });
  };
  const onNew = (event: FormEvent) => {
    event.preventDefault();
    const digits = phone.replace(/\D/g, '');
    open({ name: name.trim(), phone: `55${digits}` });
  };

  return (
    <section className="console-card" aria-labelledby="sale-title">
      <h2 id="sale-title" className="console-subtitle">
        Vender para um contato
      </h2>
      <TextField label="Buscar contato (nome ou telefone)" value={q} onValue={setQ} type="search" />
      <ul className="console-list">
        {(contacts.data ?? []).map((c) => (
          <li key={c.id} className="sale-contact">
            <span>
              {c.name ?? 'Sem nome'}{' '}
              <span className="console-muted">{c.phone ? formatPhone(c.phone) : ''}</span>
            </span>
            <button
              type="button"
              className="button"
              disabled={start.isPending}
              onClick={() => open({ contactId: c.id })}
            >
              Vender
            </button>
          </li>
        ))}
      </ul>
      {contacts.data?.length === 0 && (
        <p className="console-muted">
          {q.trim()
            ? 'Nenhum contato encontrado.'
            : 'Nenhum contato ainda: comece com um contato novo abaixo.'}
        </p>
      )}
      <form className="console-form" onSubmit={onNew}>
        <p className="console-muted">Ou um contato novo:</p>
        <TextField label="Nome do contato" value={name} onValue={setName} autoComplete="off" />
        <TextField
          label="Telefone (WhatsApp)"
          value={phone}
          onValue={(value) => setPhone(maskPhone(value))}
          inputMode="tel"
          placeholder="(11) 98765-4321"
        />
        <button type="submit" className="button button--primary" disabled={start.isPending}>
          Abrir vitrine do atendente
        </button>
      </form>
    </section>
  );
}
