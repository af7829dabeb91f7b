/** Demo mailbox (/dev/mailbox): the e-mails the console sent, newest first, with their links. */
import { useMailbox } from '../api/mailbox';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';

const LINK = /(https?:\/\/\S+)/g;

function MailText({ text }: { text: string }) {
  return (
    <p className="console-mail__text">
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** The demo mailbox belongs to no shop: its times are the reader's own. */
const READER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function MailboxPage() {
  const mailbox = useMailbox();
  return (
    <main className="console-main console-mailbox">
      <h1 className="console-title">Caixa de e-mails (demonstração)</h1>
      <p className="console-muted">
        E-mails que o console enviou: convites e novas senhas. Só existe no modo demo.
      </p>
      {mailbox.isPending ? (
        <Loading />
      ) : mailbox.isError ? (
        <LoadError error={mailbox.error} onRetry={() => void mailbox.refetch()} />
      ) : mailbox.data.length === 0 ? (
        <Empty>Nenhum e-mail enviado ainda.</Empty>
      ) : (
        mailbox.data.map((mail) => (
          <article key={mail.id} className="console-card console-mail" aria-label={mail.subject}>
            <h2 className="console-subtitle">{mail.subject}</h2>
            <p className="console-muted">
              Para {mail.to} · {formatDateTime(mail.sentAt, READER_TIME_ZONE)}
            </p>
            <MailText text={mail.text} />
          </article>
        ))
      )}
    </main>
  );
}
