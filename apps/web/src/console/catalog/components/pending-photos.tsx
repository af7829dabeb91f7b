/**
 * Photos of a product not saved yet (issue 38): picked or dropped like a saved product's, kept in the page with a
 * thumbnail each (in this order, the first the cover) and sent one by one right after 'Criar produto' saves it —
 * the product editor then shows them as saved photos. Nothing reaches the server before the product exists.
 */
import { useEffect, useMemo } from 'react';
import { PHOTO_MAX_BYTES } from '@vitrine/contracts/photo-urls';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { sendPhoto } from '../api/photos';
import { PhotoDropZone } from './photo-drop-zone';

/** Sends the kept photos to the product just created, in order; answers the pt-BR reasons of those refused. */
export async function sendPendingPhotos(shop: string, code: string, files: File[]): Promise<string[]> {
  const refused: string[] = [];
  for (const file of files) {
    try {
      await sendPhoto(shop, code, file, () => undefined);
    } catch (error) {
      refused.push(`${file.name}: ${errorText(error)}`);
    }
  }
  return refused;
}

const TOO_LARGE = `é grande demais: envie arquivos de até ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;

export function PendingPhotos({ files, onFiles }: { files: File[]; onFiles: (files: File[]) => void }) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  const add = (more: File[]) => {
    const large = more.filter((file) => file.size > PHOTO_MAX_BYTES);
    for (const file of large) showToast(`A foto ${file.name} ${TOO_LARGE}`, { variant: 'error' });
    onFiles([...files, ...more.filter((file) => file.size <= PHOTO_MAX_BYTES)]);
  };
  return (
    <section className="console-card photos" aria-labelledby="photos-title">
      <h2 id="photos-title" className="console-subtitle">
        Fotos
      </h2>
      <PhotoDropZone onFiles={(dropped) => add(dropped.filter((file) => file.type.startsWith('image/')))}>
        <p className="console-muted">
          JPEG, PNG, WebP, AVIF ou GIF, até 15 MB cada. A primeira foto é a capa. As fotos são enviadas quando
          você criar o produto.
        </p>
      </PhotoDropZone>
      {files.length > 0 && (
        <ol className="photos-grid" aria-label="Fotos a enviar">
          {files.map((file, index) => (
            <li key={urls[index]} className="photos-grid__item photos-grid__item--pending">
              <img src={urls[index]} alt={file.name} />
              <span className="console-muted photos-uploads__name">
                {index === 0 ? `Capa · ${file.name}` : file.name}
              </span>
              <button
                type="button"
                className="button button--outline"
                aria-label={`Remover ${file.name}`}
                onClick={() => onFiles(files.filter((_, i) => i !== index))}
              >
                Remover
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
