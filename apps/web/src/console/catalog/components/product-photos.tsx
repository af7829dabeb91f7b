/**
 * A product's photos in the console (docs/decisions/0032-product-photos.md): drop files or pick them (several at
 * once; on a phone the picker offers the camera roll and the camera), each with its own progress and the server's
 * message when refused; reorder by dragging or with the buttons, pick the cover (the first), delete with a
 * confirmation. A section the product editor mounts, and its own page until then.
 */
import { useState } from 'react';
import { PHOTO_MAX_BYTES } from '@vitrine/contracts/photo-urls';
import type { ProductPhoto } from '@vitrine/contracts/photos';
import { Photo } from '../../../components/photo';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { PhotoDropZone } from './photo-drop-zone';
import { sendPhoto, useProductPhotos, usePhotoChanges } from '../api/photos';
import { LoadError, Loading } from '../../components/page-state';
import { ConfirmDialog } from '../../components/confirm-dialog';

type Upload = { key: number; name: string; share: number; error: string | null; done: boolean };

const TOO_LARGE = `A foto é grande demais: envie arquivos de até ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
let nextKey = 0;

function useUploads(shop: string, code: string, onSent: () => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const start = async (files: File[]) => {
    const queued = files.map((file) => ({ file, key: nextKey++ }));
    setUploads((list) => [
      ...list.filter((u) => !u.done),
      ...queued.map(({ file, key }) => ({ key, name: file.name, share: 0, error: null, done: false })),
    ]);
    // One at a time: a phone's upload bandwidth goes to one file, and each file's progress means something.
    for (const { file, key } of queued) {
      if (file.size > PHOTO_MAX_BYTES) {
        update(key, { error: TOO_LARGE });
        continue;
      }
      try {
        await sendPhoto(shop, code, file, (share) => update(key, { share }));
        update(key, { share: 1, done: true });
        onSent();
      } catch (error) {
        update(key, { error: errorText(error) });
      }
    }
  };
  return { uploads, start };
}

function UploadList({ uploads }: { uploads: Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="photos-uploads" aria-label="Envios">
      {uploads.map((u) => (
        <li key={u.key} className="photos-uploads__item">
          <span className="photos-uploads__name">{u.name}</span>
          {u.error ? (
            <span className="console-alert console-alert--error" role="alert">
              {u.error}
            </span>
          ) : (
            <>
              <progress max={1} value={u.share} aria-label={`Envio de ${u.name}`} />
              <span className="console-muted">{u.done ? 'Enviada' : `${Math.round(u.share * 100)}%`}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

export function ProductPhotos({ shop, code }: { shop: string; code: string }) {
  const photos = useProductPhotos(shop, code);
  const changes = usePhotoChanges(shop, code);
  const { uploads, start } = useUploads(shop, code, () => void changes.refresh());
  const [dragged, setDragged] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ProductPhoto | null>(null);
  const fail = (error: unknown) => showToast(errorText(error), { variant: 'error' });

  if (photos.isPending) return <Loading />;
  if (photos.isError) return <LoadError error={photos.error} onRetry={() => void photos.refetch()} />;
  const list = photos.data.photos;
  const ids = list.map((p) => p.id);
  const reorder = (next: string[]) => changes.reorder.mutate(next, { onError: fail });

  return (
    <section className="console-card photos" aria-labelledby="photos-title">
      <h2 id="photos-title" className="console-subtitle">
        Fotos
      </h2>
      <PhotoDropZone ignore={dragged !== null} onFiles={(files) => void start(files)}>
        <p className="console-muted">
          JPEG, PNG, WebP, AVIF ou GIF, até 15 MB cada. A primeira foto é a capa.
        </p>
      </PhotoDropZone>
      <UploadList uploads={uploads} />
      {list.length === 0 ? (
        <p className="console-muted">Este produto ainda não tem fotos.</p>
      ) : (
        <ol className="photos-grid" aria-label="Fotos do produto">
          {list.map((photo, index) => (
            <li
              key={photo.id}
              className="photos-grid__item"
              draggable
              onDragStart={() => setDragged(index)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => dragged !== null && event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null && dragged !== index) reorder(moved(ids, dragged, index));
                setDragged(null);
              }}
            >
              <Photo
                src={photo.url}
                sizes="160px"
                alt={`Foto ${index + 1} de ${list.length}`}
                width={160}
                height={160}
                loading="lazy"
              />
              {index === 0 && <span className="photos-grid__cover">Capa</span>}
              <div className="photos-grid__actions">
                {index > 0 && (
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => reorder(moved(ids, index, 0))}
                  >
                    Usar como capa<span className="console-visually-hidden"> (foto {index + 1})</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--outline"
                  disabled={index === 0}
                  aria-label={`Mover foto ${index + 1} para antes`}
                  onClick={() => reorder(moved(ids, index, index - 1))}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={index === list.length - 1}
                  aria-label={`Mover foto ${index + 1} para depois`}
                  onClick={() => reorder(moved(ids, index, index + 1))}
                >
                  →
                </button>
                <button
                  type="button"
                  className="button button--outline console-danger"
                  onClick={() => setRemoving(photo)}
                >
                  Excluir<span className="console-visually-hidden"> foto {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Excluir foto"
        confirmLabel="Excluir"
        busy={changes.remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          changes.remove.mutate(removing.id, {
            onSuccess: () => {
              showToast('Foto excluída.', { variant: 'success' });
              setRemoving(null);
            },
            onError: (error) => {
              setRemoving(null);
              fail(error);
            },
          })
        }
      >
        <p>A foto sai da vitrine e não pode ser recuperada. Para trocá-la, envie outra.</p>
      </ConfirmDialog>
    </section>
  );
}

/** The photos of one product as their own console page (until the product editor mounts the section). */
export function ProductPhotosPage({ shop, code }: { shop: string; code: string }) {
  return (
    <>
      <h1 className="console-title">Fotos do produto</h1>
      <ProductPhotos shop={shop} code={code} />
    </>
  );
}
