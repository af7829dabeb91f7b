/**
 * Integrações › 'Catálogo no WhatsApp, Instagram e Google' (owner; decision 0054): the shop's two feed addresses
 * with 'Copiar', how to add them in Meta Commerce Manager and Google Merchant Center, 'Gerar novo endereço' (after
 * a confirmation: the old addresses stop at once) and the products the feeds leave out, with why.
 */
import { useState } from 'react';
import { FEED_GAP_TEXT, type CatalogFeeds as Feeds } from '@vitrine/contracts/console-integrations';
import { errorText } from '../../api/console-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyField } from '../../components/copy-field';
import { LoadError, Loading } from '../../components/page-state';
import { useCatalogFeeds, useRenewFeedAddress } from '../api/feeds';
import './catalog-feeds.css';

function LeftOut({ feeds }: { feeds: Feeds }) {
  if (feeds.leftOutCount === 0)
    return (
      <p className="console-muted">Todos os produtos ativos, com foto, preço e descrição, estão nos feeds.</p>
    );
  return (
    <>
      <h3 className="feed-heading">Produtos fora dos feeds ({feeds.leftOutCount})</h3>
      <p className="console-muted">
        O Meta e o Google recusam produtos sem foto, preço ou descrição; produtos inativos também ficam de
        fora. Complete-os em Catálogo.
        {feeds.leftOutCount > feeds.leftOut.length ? ` Mostrando os primeiros ${feeds.leftOut.length}.` : ''}
      </p>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Código</th>
              <th scope="col">Motivo</th>
            </tr>
          </thead>
          <tbody>
            {feeds.leftOut.map((product) => (
              <tr key={product.providerId}>
                <td data-label="Produto">{product.name}</td>
                <td data-label="Código">{product.providerId}</td>
                <td data-label="Motivo">{product.gaps.map((gap) => FEED_GAP_TEXT[gap]).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function FeedsBody({ shop, feeds }: { shop: string; feeds: Feeds }) {
  const renew = useRenewFeedAddress(shop);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <p className="console-muted">
        {feeds.items === 1 ? '1 item' : `${feeds.items} itens`} de{' '}
        {feeds.products === 1 ? '1 produto' : `${feeds.products} produtos`} nos feeds. O Meta e o Google
        buscam estes endereços sozinhos; mudanças de preço, estoque e fotos chegam na busca seguinte.
      </p>
      <CopyField
        id="feed-meta"
        label="Meta (WhatsApp, Instagram e Facebook)"
        value={feeds.metaUrl}
        copiedText="Endereço copiado."
      />
      <CopyField
        id="feed-google"
        label="Google Merchant Center"
        value={feeds.googleUrl}
        copiedText="Endereço copiado."
      />
      <details className="feed-howto">
        <summary>Como adicionar no Meta e no Google</summary>
        <h3 className="feed-heading">Gerenciador de Comércio do Meta</h3>
        <ol>
          <li>Em business.facebook.com/commerce, abra o catálogo da loja (ou crie um do tipo E-commerce).</li>
          <li>Vá em Catálogo › Fontes de dados › Adicionar itens › Feed de dados.</li>
          <li>Escolha “Feed agendado”, cole o endereço do Meta e programe a atualização diária.</li>
          <li>
            Moeda: Real brasileiro (BRL). Depois, ligue o catálogo à conta do WhatsApp Business e ao
            Instagram.
          </li>
        </ol>
        <h3 className="feed-heading">Google Merchant Center</h3>
        <ol>
          <li>Em merchants.google.com, vá em Produtos › Fontes de dados › Adicionar fonte de produtos.</li>
          <li>Escolha “Adicionar produtos de um arquivo” › “Inserir um link para o arquivo”.</li>
          <li>Cole o endereço do Google, país Brasil, idioma português, e busca diária.</li>
        </ol>
      </details>
      <div className="console-actions">
        <button
          type="button"
          className="button button--outline console-danger"
          disabled={renew.isPending}
          onClick={() => setAsking(true)}
        >
          {renew.isPending ? 'Gerando…' : 'Gerar novo endereço'}
        </button>
      </div>
      {renew.isError && (
        <p className="console-alert console-alert--error" role="alert">
          {errorText(renew.error)}
        </p>
      )}
      {renew.isSuccess && (
        <p className="console-alert console-alert--success" role="status">
          Novos endereços gerados. Troque-os no Meta e no Google.
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Gerar novo endereço?"
        confirmLabel="Gerar novo endereço"
        busy={renew.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          renew.mutate();
        }}
      >
        <p>
          Os endereços atuais param de funcionar na hora: o Meta e o Google deixam de atualizar o catálogo até
          você colar os novos endereços neles.
        </p>
      </ConfirmDialog>
      <LeftOut feeds={feeds} />
    </>
  );
}

export function CatalogFeeds({ shop }: { shop: string }) {
  const feeds = useCatalogFeeds(shop);
  return (
    <section aria-labelledby="integrations-feeds">
      <h2 id="integrations-feeds" className="console-subtitle">
        Catálogo no WhatsApp, Instagram e Google
      </h2>
      <div className="console-card feed-card">
        {feeds.isPending ? (
          <Loading />
        ) : feeds.isError ? (
          <LoadError error={feeds.error} onRetry={() => void feeds.refetch()} />
        ) : (
          <FeedsBody shop={shop} feeds={feeds.data} />
        )}
      </div>
    </section>
  );
}
