/**
 * Catálogo › Produto: create (`produtos/novo`) or edit one product — every spec §3 field a shop owns, its
 * variants and, once saved, its photos. The form is checked with the contract's own schema (`productInput`), so
 * each pt-BR message shows at its field before anything is sent; leaving with unsaved changes asks first.
 */
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import {
  blankProduct,
  productInput,
  type ProductInput,
  type ProductInputDraft,
} from '@vitrine/contracts/console-catalog';
import { showToast } from '../../../stores/toast-store';
import { errorCode, errorText } from '../../api/console-api';
import { useCategories, useProduct, useSaveProduct } from '../api/catalog';
import { useProductPhotos } from '../api/photos';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError, Loading } from '../../components/page-state';
import { ProductFields } from './product-editor-fields';
import { HighlightsEditor, SpecificationsEditor, SubscriptionsEditor } from './product-editor-lists';
import { ProductPhotos } from './product-photos';
import { ProductStock } from './product-stock';
import { ProductVariants } from './product-variants';
import './catalog.css';
import './product-editor.css';

// No price yet: the contract answers 'Informe o preço.' until one is typed.
const NEW_PRODUCT = blankProduct({ code: '', sku: '', name: '', priceCents: null as unknown as number });

export const productsPath = (shop: string) => `/console/lojas/${shop}/catalogo`;
export const productPath = (shop: string, code: string) => `/console/lojas/${shop}/catalogo/produtos/${code}`;

export function ProductEditorPage({ shop, code }: { shop: string; code: string }) {
  const editing = code === 'novo' ? null : code;
  const product = useProduct(shop, editing);
  if (editing === null) return <ProductForm key="novo" shop={shop} code={null} saved={NEW_PRODUCT} />;
  if (product.isPending) return <Loading label="Carregando produto…" />;
  if (product.isError) return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  return <ProductForm key={editing} shop={shop} code={editing} saved={product.data} />;
}

/** Specification values typed with ';' come back trimmed, without blanks. */
const cleaned = (input: ProductInput): ProductInput => ({
  ...input,
  specifications: input.specifications.map((s) => ({ ...s, values: s.values.filter(Boolean) })),
});

function ProductForm({ shop, code, saved }: { shop: string; code: string | null; saved: ProductInputDraft }) {
  const [, navigate] = useLocation();
  const categories = useCategories(shop);
  const photos = useProductPhotos(shop, code);
  const save = useSaveProduct(shop, code);
  const form = useForm<ProductInputDraft, unknown, ProductInput>({
    resolver: zodResolver(productInput),
    defaultValues: saved,
  });
  const { control, formState, setValue } = form;
  const guard = useLeaveGuard(formState.isDirty && !save.isPending);
  const name = useWatch({ control, name: 'name' });
  // The server's copy after a save (the description as it was kept) replaces what was sent.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [saved, form]);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(cleaned(values), {
        onSuccess: (result, sent) => {
          form.reset(sent);
          showToast(
            result.changes.length === 0 ? 'Nada mudou: o produto já estava assim.' : 'Produto salvo.',
            {
              variant: 'success',
            },
          );
          if (code === null) navigate(productPath(shop, result.code), { replace: true });
        },
        onError: (error) => {
          // A code another product has is the code field's problem: say it there too.
          if (errorCode(error) === 'catalogCodeTaken')
            form.setError('code', { message: errorText(error) }, { shouldFocus: true });
          showToast(errorText(error), { variant: 'error' });
        },
      }),
    () => {
      showToast('Corrija os campos destacados.', { variant: 'error' });
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  );

  return (
    <form className="console-form product-editor" noValidate onSubmit={(e) => void onSubmit(e)}>
      <nav className="console-muted" aria-label="Caminho">
        <Link href={productsPath(shop)}>Catálogo</Link> › {code === null ? 'Novo produto' : name || code}
      </nav>
      <div className="console-title-row">
        <h1 className="console-title">{code === null ? 'Novo produto' : 'Editar produto'}</h1>
        {formState.isDirty && <span className="settings-dirty">Alterações não salvas</span>}
      </div>
      <ProductFields control={control} editing={code !== null} categories={categories.data ?? []} />
      <ProductVariants
        shop={shop}
        code={code}
        control={control}
        setValue={setValue}
        photos={photos.data?.photos ?? []}
      />
      <ProductStock shop={shop} code={code} />
      <HighlightsEditor control={control} setValue={setValue} />
      <SpecificationsEditor control={control} />
      <SubscriptionsEditor control={control} />
      {code === null ? (
        <p className="console-card console-muted">Salve o produto para enviar as fotos.</p>
      ) : (
        <ProductPhotos shop={shop} code={code} />
      )}
      <div className="settings-savebar">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : code === null ? 'Criar produto' : 'Salvar produto'}
        </button>
      </div>
      <ConfirmDialog
        open={guard.heldTo !== null}
        title="Sair sem salvar?"
        confirmLabel="Sair sem salvar"
        onConfirm={guard.leave}
        onCancel={guard.stay}
      >
        <p>As alterações deste produto ainda não foram salvas e serão perdidas.</p>
      </ConfirmDialog>
    </form>
  );
}
