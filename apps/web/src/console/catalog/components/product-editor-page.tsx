/**
 * Catálogo › Produto: create (`produtos/novo`) or edit one product — every spec §3 field a shop owns, its
 * variants and its photos (a new product's are kept in the page and sent right after it is created). A new
 * product's code and SKU follow its name until the person types their own (issue 38). The form is checked with the
 * contract's own schema (`productInput`), so each pt-BR message shows at its field before anything is sent;
 * leaving with unsaved changes asks first.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import {
  blankProduct,
  codesFromName,
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
import { countNote, EditorFold, openInvalidFolds } from './editor-fold';
import { LoadError, Loading } from '../../components/page-state';
import { ProductFields } from './product-editor-fields';
import { HighlightsEditor, SpecificationsEditor, SubscriptionsEditor } from './product-editor-lists';
import { PendingPhotos, sendPendingPhotos } from './pending-photos';
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
  const [name, variants, highlights, specifications, subscriptions] = useWatch({
    control,
    name: ['name', 'variants', 'clusterHighlights', 'specifications', 'subscriptionOffers'],
  });
  const [pendingPhotos, setPendingPhotos] = useState<File[]>([]);
  const [sendingPhotos, setSendingPhotos] = useState(false);
  // The server's copy after a save (the description as it was kept) replaces what was sent.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [saved, form]);
  // A new product's code and SKU follow its name while they are still the ones generated from it.
  const generated = useRef(codesFromName(''));
  useEffect(() => {
    if (code !== null) return;
    const next = codesFromName(name ?? '');
    const now = form.getValues();
    if (now.code === generated.current.code) setValue('code', next.code, { shouldDirty: true });
    if (now.sku === generated.current.sku) setValue('sku', next.sku, { shouldDirty: true });
    generated.current = next;
  }, [name, code, form, setValue]);

  const created = async (newCode: string) => {
    if (pendingPhotos.length > 0) {
      setSendingPhotos(true);
      const refused = await sendPendingPhotos(shop, newCode, pendingPhotos);
      setSendingPhotos(false);
      for (const reason of refused) showToast(`Foto não enviada — ${reason}`, { variant: 'error' });
    }
    navigate(productPath(shop, newCode), { replace: true });
  };

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
          if (code === null) void created(result.code);
        },
        onError: (error) => {
          // A code or SKU another product has is that field's problem: say it there too.
          if (errorCode(error) === 'catalogCodeTaken')
            form.setError('code', { message: errorText(error) }, { shouldFocus: true });
          if (errorCode(error) === 'catalogSkuTaken')
            form.setError('sku', { message: errorText(error) }, { shouldFocus: true });
          showToast(errorText(error), { variant: 'error' });
        },
      }),
    () => {
      showToast('Corrija os campos destacados.', { variant: 'error' });
      requestAnimationFrame(openInvalidFolds);
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
      {code === null ? (
        <PendingPhotos files={pendingPhotos} onFiles={setPendingPhotos} />
      ) : (
        <ProductPhotos shop={shop} code={code} />
      )}
      <EditorFold title="Variações" note={countNote(variants.length, 'variação', 'variações', 'nenhuma')}>
        <ProductVariants
          shop={shop}
          code={code}
          control={control}
          setValue={setValue}
          photos={photos.data?.photos ?? []}
        />
      </EditorFold>
      <EditorFold id="estoque" title="Estoque">
        <ProductStock shop={shop} code={code} />
      </EditorFold>
      <EditorFold title="Destaques" note={countNote(highlights.length, 'destaque', 'destaques')}>
        <HighlightsEditor control={control} setValue={setValue} />
      </EditorFold>
      <EditorFold
        title="Especificações"
        note={countNote(specifications.length, 'especificação', 'especificações', 'nenhuma')}
      >
        <SpecificationsEditor control={control} />
      </EditorFold>
      <EditorFold title="Assinatura" note={countNote(subscriptions.length, 'oferta', 'ofertas', 'nenhuma')}>
        <SubscriptionsEditor control={control} />
      </EditorFold>
      <div className="settings-savebar">
        <button type="submit" className="button button--primary" disabled={save.isPending || sendingPhotos}>
          {sendingPhotos
            ? 'Enviando fotos…'
            : save.isPending
              ? 'Salvando…'
              : code === null
                ? 'Criar produto'
                : 'Salvar produto'}
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
