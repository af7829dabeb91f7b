/**
 * Demo inbox (/dev/inbox, DEMO_MODE only): what each demo contact received on the fake channel, one chat per
 * contact, newest conversation first; each message shows its delivery status and its link opens the
 * storefront as the contact would; WhatsApp's order messages show as their cards (order-card.tsx). Refreshes
 * every 3 seconds.
 */
import { useEffect, useState } from 'react';
import type { Inbox, InboxConversation } from '@vitrine/contracts/messaging';
import { StatusMessage } from '../../../components/status-message';
import { getInbox } from '../api/get-inbox';
import { OrderCard } from './order-card';
import './inbox-page.css';

const CHANNELS = ['Messenger', 'WhatsApp', 'WebChat', 'Instagram'];
const STATUS: Record<string, string> = {
  pending: 'na fila',
  sending: 'enviando',
  sent: 'entregue',
  failed: 'falhou',
};
const TYPES: Record<string, string> = {
  product: 'Produto',
  catalog: 'Catálogo',
  resume: 'Resumo do pedido',
  payment: 'Pagamento',
  fulfilment: 'Entrega',
  'order-status': 'Status do pedido',
};

function Conversation({ conversation }: { conversation: InboxConversation }) {
  const who = conversation.contactName ?? conversation.recipient;
  return (
    <section className="inbox__chat" aria-label={`Conversa com ${who} (${conversation.recipient})`}>
      <header className="inbox__chat-header">
        <h2>
          {who} · {conversation.recipient}
        </h2>
        <span>
          {conversation.shop.name} · {CHANNELS[conversation.channelType] ?? 'Canal'}
        </span>
      </header>
      <ol className="inbox__messages">
        {conversation.messages.flatMap((message) =>
          message.parts.map((part, index) => (
            <li key={`${message.id}-${index}`} className="inbox__bubble" data-type={message.type}>
              {part.imageUrl && <img src={part.imageUrl} alt="" loading="lazy" />}
              {part.order && <OrderCard order={part.order} />}
              <p className="inbox__text">{part.text}</p>
              {part.button && (
                <a className="inbox__button" href={part.button.url} target="_blank" rel="noreferrer">
                  {part.button.label}
                </a>
              )}
              <div className="inbox__meta">
                {TYPES[message.type] ?? message.type} ·{' '}
                {new Date(message.createdAt).toLocaleTimeString('pt-BR')} ·{' '}
                {STATUS[message.status] ?? message.status}
              </div>
            </li>
          )),
        )}
      </ol>
    </section>
  );
}

export function InboxPage() {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      getInbox(controller.signal)
        .then((data) => {
          setInbox(data);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    void load();
    const timer = window.setInterval(() => void load(), 3000);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, []);

  if (failed && !inbox)
    return (
      <div className="page">
        <StatusMessage tone="info" title="Caixa de entrada indisponível">
          <p className="status-message__text">A caixa de entrada de demonstração só existe no modo demo.</p>
        </StatusMessage>
      </div>
    );
  return (
    <main className="inbox">
      <h1>Caixa de entrada (demo)</h1>
      <p className="inbox__intro">O que cada contato recebeu no canal de demonstração.</p>
      {inbox && inbox.conversations.length === 0 && <p>Nenhuma mensagem enviada ainda.</p>}
      {inbox?.conversations.map((conversation) => (
        <Conversation
          key={`${conversation.shop.slug}-${conversation.channelType}-${conversation.recipient}`}
          conversation={conversation}
        />
      ))}
    </main>
  );
}
