/**
 * A category's 'Categoria do Google' (issue 35): Google's product category, by the taxonomy's number or its path,
 * which the Meta and Google feeds write for the category's products (and those of categories below it without
 * their own). Checked here as the server checks it (`googleCategoryInput`), the refusal shown at the field.
 */
import { useState } from 'react';
import { googleCategoryInput, type ConsoleCategory } from '@vitrine/contracts/console-catalog-api';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useUpdateCategory } from '../api/catalog';

const TAXONOMY = 'https://support.google.com/merchants/answer/6324436?hl=pt-BR';

export function GoogleCategoryForm({
  shop,
  category,
  onDone,
}: {
  shop: string;
  category: ConsoleCategory;
  onDone: () => void;
}) {
  const update = useUpdateCategory(shop);
  const [typed, setTyped] = useState(category.googleCategory ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = googleCategoryInput.safeParse(typed);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    update.mutate(
      { code: category.code, name: category.name, isHidden: category.isHidden, googleCategory: parsed.data },
      {
        onSuccess: () => {
          showToast(
            parsed.data
              ? `${category.name}: categoria do Google salva.`
              : `${category.name}: categoria do Google removida.`,
            { variant: 'success' },
          );
          onDone();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form
      className="catalog-tree__google"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => event.key === 'Escape' && onDone()}
    >
      <TextField
        label={`Categoria do Google de ${category.name}`}
        hint={
          <>
            O número ou o caminho da{' '}
            <a href={TAXONOMY} target="_blank" rel="noreferrer">
              lista de categorias do Google
            </a>
            , como 499676 ou “Alimentos, bebidas e tabaco &gt; Bebidas”. Vale também para as subcategorias sem
            uma própria. Deixe em branco para remover.
          </>
        }
        value={typed}
        onValue={(value) => {
          setTyped(value);
          setError(null);
        }}
        error={error}
        maxLength={750}
        autoFocus
      />
      <button type="submit" className="button" disabled={update.isPending}>
        Salvar
      </button>
      <button type="button" className="button button--outline" onClick={onDone}>
        Cancelar
      </button>
    </form>
  );
}
