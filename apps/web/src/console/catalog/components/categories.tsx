/**
 * Catálogo › Categorias: the tree in order, each with its products counted with its subcategories', and one
 * 'Ações' menu (issue 38: not six buttons a row) to move it up, down, into the category above ('Colocar dentro de
 * …') or out to its parent's level (keyboard and touch alike), rename, hide or show it; with a mouse a category is
 * also dragged before another (it joins that one's level); a form adds one.
 */
import { useState, type FormEvent } from 'react';
import type { ConsoleCategory } from '@vitrine/contracts/console-catalog-api';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useCategories, useCreateCategory, usePlaceCategory, useUpdateCategory } from '../api/catalog';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { GoogleCategoryForm } from './google-category-form';

type Node = ConsoleCategory & { depth: number };

export function withDepth(categories: ConsoleCategory[]): Node[] {
  const depth = new Map<string, number>();
  return categories.map((c) => {
    const d = c.parentCode === null ? 0 : (depth.get(c.parentCode) ?? 0) + 1;
    depth.set(c.code, d);
    return { ...c, depth: d };
  });
}

/** Closes the 'Ações' menu a choice was made in, the focus back on its button. */
function closeMenu(target: EventTarget) {
  const menu = (target as HTMLElement).closest('details');
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

const products = (n: number) => `${n} ${n === 1 ? 'produto' : 'produtos'}`;

/** The categories under `node` (they follow it in tree order, deeper than it): none may become its parent. */
export function descendantsOf(nodes: Node[], node: Node): Set<string> {
  const start = nodes.indexOf(node);
  const under = new Set<string>();
  for (const n of nodes.slice(start + 1)) {
    if (n.depth <= node.depth) break;
    under.add(n.code);
  }
  return under;
}

export function CatalogCategories({ shop }: { shop: string }) {
  const categories = useCategories(shop);
  const create = useCreateCategory(shop);
  const place = usePlaceCategory(shop);
  const update = useUpdateCategory(shop);
  const [name, setName] = useState('');
  const [parentCode, setParentCode] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ code: string; name: string } | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [googleOf, setGoogleOf] = useState<string | null>(null);
  const fail = (error: unknown) => showToast(errorText(error), { variant: 'error' });

  if (categories.isPending) return <Loading />;
  if (categories.isError)
    return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  const nodes = withDepth(categories.data);
  const siblingsOf = (node: Node) => nodes.filter((n) => n.parentCode === node.parentCode);
  const move = (node: Node, parent: string | null, position: number, said: string) =>
    place.mutate(
      { code: node.code, parentCode: parent, position },
      { onSuccess: () => showToast(`${node.name} ${said}.`, { variant: 'success' }), onError: fail },
    );
  const draggedNode = nodes.find((n) => n.code === dragged);
  const canDropOn = (target: Node) =>
    !!draggedNode && target.code !== draggedNode.code && !descendantsOf(nodes, draggedNode).has(target.code);
  /** The dragged category goes just before `target`, at its level. */
  const dropBefore = (target: Node) => {
    if (!draggedNode || !canDropOn(target)) return;
    const position = siblingsOf(target)
      .filter((n) => n.code !== draggedNode.code)
      .findIndex((n) => n.code === target.code);
    const parent = nodes.find((n) => n.code === target.parentCode);
    move(
      draggedNode,
      target.parentCode,
      position,
      parent ? `agora está em ${parent.name}` : 'mudou de lugar',
    );
  };
  const rename = (node: Node, typed: string) => {
    if (typed.trim() === node.name) return setRenaming(null);
    update.mutate(
      { code: node.code, name: typed, isHidden: node.isHidden },
      {
        onSuccess: () => {
          showToast(`${node.name} agora se chama ${typed.trim()}.`, { variant: 'success' });
          setRenaming(null);
        },
        onError: fail,
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, parentCode: parentCode || null },
      {
        onSuccess: () => {
          showToast(`Categoria ${name.trim()} criada.`, { variant: 'success' });
          setName('');
        },
        onError: fail,
      },
    );
  };

  return (
    <section className="console-card" aria-labelledby="categories-title">
      <h2 id="categories-title" className="console-subtitle">
        Categorias
      </h2>
      {nodes.length === 0 ? (
        <Empty>Nenhuma categoria ainda.</Empty>
      ) : (
        <ul className="catalog-tree" aria-label="Árvore de categorias">
          {nodes.map((node) => {
            const siblings = siblingsOf(node);
            const index = siblings.findIndex((s) => s.code === node.code);
            const above = siblings[index - 1];
            const parent = nodes.find((n) => n.code === node.parentCode);
            const under = descendantsOf(nodes, node);
            const total = nodes
              .filter((n) => n === node || under.has(n.code))
              .reduce((sum, n) => sum + n.productCount, 0);
            return (
              <li
                key={node.code}
                className={`catalog-tree__item${dropTarget === node.code ? ' catalog-tree__item--drop' : ''}`}
                style={{ paddingInlineStart: `${node.depth * 1.25}rem` }}
                draggable={!place.isPending}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', node.name);
                  setDragged(node.code);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDropTarget(null);
                }}
                onDragOver={(event) => {
                  if (!canDropOn(node)) return;
                  event.preventDefault();
                  setDropTarget(node.code);
                }}
                onDragLeave={() => setDropTarget((code) => (code === node.code ? null : code))}
                onDrop={(event) => {
                  event.preventDefault();
                  dropBefore(node);
                  setDragged(null);
                  setDropTarget(null);
                }}
              >
                {renaming?.code === node.code ? (
                  <form
                    className="catalog-tree__rename"
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      rename(node, renaming.name);
                    }}
                    onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
                  >
                    <input
                      aria-label={`Novo nome de ${node.name}`}
                      className="field__control"
                      value={renaming.name}
                      maxLength={80}
                      autoFocus
                      onChange={(e) => setRenaming({ code: node.code, name: e.target.value })}
                    />
                    <button type="submit" className="button" disabled={update.isPending}>
                      Salvar
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => setRenaming(null)}
                    >
                      Cancelar
                    </button>
                  </form>
                ) : null}
                {googleOf === node.code && (
                  <GoogleCategoryForm shop={shop} category={node} onDone={() => setGoogleOf(null)} />
                )}
                <span className="catalog-tree__name" hidden={renaming?.code === node.code}>
                  {node.name}
                  {node.isHidden && <span className="console-muted"> (oculta)</span>}
                  <span className="console-muted"> · {products(total)}</span>
                  {node.googleCategory && (
                    <span className="console-muted"> · Google: {node.googleCategory}</span>
                  )}
                </span>
                <details className="catalog-tree__menu">
                  <summary className="button button--outline">
                    Ações<span className="console-visually-hidden"> de {node.name}</span>
                  </summary>
                  <span
                    className="catalog-tree__actions"
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('button')) closeMenu(event.target);
                    }}
                  >
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={index === 0 || place.isPending}
                      onClick={() => move(node, node.parentCode, index - 1, 'subiu')}
                    >
                      Subir<span className="console-visually-hidden"> {node.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={index === siblings.length - 1 || place.isPending}
                      onClick={() => move(node, node.parentCode, index + 1, 'desceu')}
                    >
                      Descer<span className="console-visually-hidden"> {node.name}</span>
                    </button>
                    {above && (
                      <button
                        type="button"
                        className="button button--outline"
                        disabled={place.isPending}
                        onClick={() => move(node, above.code, 10_000, `agora está em ${above.name}`)}
                      >
                        Colocar dentro de {above.name}
                        <span className="console-visually-hidden"> ({node.name})</span>
                      </button>
                    )}
                    {parent && (
                      <button
                        type="button"
                        className="button button--outline"
                        disabled={place.isPending}
                        onClick={() =>
                          move(
                            node,
                            parent.parentCode,
                            siblingsOf(parent).indexOf(parent) + 1,
                            'subiu um nível',
                          )
                        }
                      >
                        Tirar de {parent.name}
                        <span className="console-visually-hidden"> ({node.name})</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={update.isPending}
                      onClick={() => setRenaming({ code: node.code, name: node.name })}
                    >
                      Renomear<span className="console-visually-hidden"> {node.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => setGoogleOf(node.code)}
                    >
                      Categoria do Google<span className="console-visually-hidden"> de {node.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate(
                          { code: node.code, name: node.name, isHidden: !node.isHidden },
                          {
                            onSuccess: () =>
                              showToast(`${node.name} ${node.isHidden ? 'voltou à loja' : 'saiu da loja'}.`, {
                                variant: 'success',
                              }),
                            onError: fail,
                          },
                        )
                      }
                    >
                      {node.isHidden ? 'Mostrar' : 'Ocultar'}
                      <span className="console-visually-hidden"> {node.name}</span>
                    </button>
                  </span>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <form className="catalog-new-category" noValidate onSubmit={submit}>
        <label className="field">
          <span className="field__label">Nova categoria</span>
          <input
            aria-label="Nova categoria"
            className="field__control"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
          />
        </label>
        <label className="field">
          <span className="field__label">Dentro de</span>
          <select
            aria-label="Dentro de"
            className="field__control"
            value={parentCode}
            onChange={(e) => setParentCode(e.target.value)}
          >
            <option value="">(nenhuma: categoria principal)</option>
            {nodes.map((n) => (
              <option key={n.code} value={n.code}>
                {'— '.repeat(n.depth)}
                {n.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={create.isPending}>
          Criar categoria
        </button>
      </form>
    </section>
  );
}
