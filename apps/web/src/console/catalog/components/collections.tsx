/**
 * Catálogo › Coleções: named lists of hand-picked products (create, rename, reorder with buttons the keyboard
 * reaches, delete after a confirmation) and what the storefront shows besides the categories: the ticked
 * collections, 'Todos' and 'Sugeridos'.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ConsoleCollection } from '@vitrine/contracts/console-collections';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useCollectionChange, useCollections } from '../api/collections';
import { CollectionProducts } from './collection-products';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Empty, LoadError, Loading } from '../../components/page-state';

function StorefrontTabs({ shop }: { shop: string }) {
  return (
    <details className="collections-help">
      <summary>O que a loja mostra além das categorias</summary>
      <dl>
        <dt>Todos</dt>
        <dd>
          A primeira aba: os produtos ativos da loja, primeiro os mais vendidos (pedidos recebidos e
          finalizados), depois os demais. Não precisa montar: acompanha as vendas.
        </dd>
        <dt>Sugeridos</dt>
        <dd>
          Aparece só para o cliente cujo pedido recebeu sugestões do atendente ou do assistente (produtos ou
          termos indicados na conversa). Some quando não há sugestões.
        </dd>
        <dt>Coleções</dt>
        <dd>
          Cada coleção marcada em{' '}
          <Link href={`/console/lojas/${shop}/configuracoes`}>Configurações › Coleções exibidas</Link> vira
          uma aba, com os produtos na ordem escolhida aqui.
        </dd>
      </dl>
    </details>
  );
}

function CollectionRow({
  shop,
  collection,
  index,
  count,
}: {
  shop: string;
  collection: ConsoleCollection;
  index: number;
  count: number;
}) {
  const change = useCollectionChange(shop);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [open, setOpen] = useState(false);
  const fail = (error: unknown) => showToast(errorText(error), { variant: 'error' });
  const { code, name } = collection;
  const move = (position: number, said: string) =>
    change.mutate(
      { kind: 'place', code, position },
      { onSuccess: () => showToast(`${name} ${said}.`, { variant: 'success' }), onError: fail },
    );
  const rename = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { kind: 'rename', code, name: renaming ?? '' },
      {
        onSuccess: () => {
          showToast('Coleção renomeada.', { variant: 'success' });
          setRenaming(null);
        },
        onError: fail,
      },
    );
  };
  return (
    <li className="collections__item">
      <div className="catalog-tree__item">
        {renaming === null ? (
          <span className="catalog-tree__name">
            {name}
            <span className="console-muted"> · {collection.productCount} produto(s)</span>
            {collection.isShown && <span className="collections__badge">Na loja</span>}
          </span>
        ) : (
          <form className="catalog-new-category" noValidate onSubmit={rename}>
            <TextField label={`Novo nome de ${name}`} value={renaming} onValue={setRenaming} autoFocus />
            <button type="submit" className="button button--primary" disabled={change.isPending}>
              Salvar nome
            </button>
            <button type="button" className="button button--outline" onClick={() => setRenaming(null)}>
              Cancelar
            </button>
          </form>
        )}
        <span className="catalog-tree__actions">
          <button
            type="button"
            className="button button--outline"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Fechar produtos' : 'Produtos'}
            <span className="console-visually-hidden"> de {name}</span>
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={index === 0 || change.isPending}
            onClick={() => move(index - 1, 'subiu')}
          >
            Subir<span className="console-visually-hidden"> {name}</span>
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={index === count - 1 || change.isPending}
            onClick={() => move(index + 1, 'desceu')}
          >
            Descer<span className="console-visually-hidden"> {name}</span>
          </button>
          <button type="button" className="button button--outline" onClick={() => setRenaming(name)}>
            Renomear<span className="console-visually-hidden"> {name}</span>
          </button>
          <button
            type="button"
            className="button button--outline console-danger"
            onClick={() => setDeleting(true)}
          >
            Excluir<span className="console-visually-hidden"> {name}</span>
          </button>
        </span>
      </div>
      {open && <CollectionProducts shop={shop} code={code} />}
      <ConfirmDialog
        open={deleting}
        title="Excluir coleção?"
        confirmLabel="Excluir coleção"
        busy={change.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          change.mutate(
            { kind: 'delete', code },
            {
              onSuccess: () => {
                setDeleting(false);
                showToast(`Coleção ${name} excluída.`, { variant: 'success' });
              },
              onError: fail,
            },
          )
        }
      >
        <p>
          A coleção {name} sai da loja{collection.isShown ? ' (deixa de ser uma aba)' : ''}. Os produtos
          continuam no catálogo.
        </p>
      </ConfirmDialog>
    </li>
  );
}

export function CatalogCollections({ shop }: { shop: string }) {
  const collections = useCollections(shop);
  const change = useCollectionChange(shop);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { kind: 'create', name },
      {
        onSuccess: () => {
          showToast(`Coleção ${name.trim()} criada.`, { variant: 'success' });
          setName('');
        },
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );
  };
  return (
    <section className="console-card" aria-labelledby="collections-title">
      <h2 id="collections-title" className="console-subtitle">
        Coleções
      </h2>
      <StorefrontTabs shop={shop} />
      {collections.isPending ? (
        <Loading />
      ) : collections.isError ? (
        <LoadError error={collections.error} onRetry={() => void collections.refetch()} />
      ) : collections.data.length === 0 ? (
        <Empty>
          Nenhuma coleção ainda. Crie uma para reunir produtos escolhidos a dedo (ex.: Dia das Mães).
        </Empty>
      ) : (
        <ul className="catalog-tree" aria-label="Coleções">
          {collections.data.map((c, index) => (
            <CollectionRow
              key={c.code}
              shop={shop}
              collection={c}
              index={index}
              count={collections.data.length}
            />
          ))}
        </ul>
      )}
      <form className="catalog-new-category" noValidate onSubmit={submit}>
        <TextField label="Nova coleção" value={name} onValue={setName} placeholder="Dia das Mães" />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Criar coleção
        </button>
      </form>
    </section>
  );
}
