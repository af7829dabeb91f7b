import { useState, type ReactNode } from 'react';
import { FilePicker } from '../../components/file-picker';

/**
 * The product editor's photo area, before and after the product's first save: files dropped on it or picked with
 * 'Escolher fotos' go to `onFiles`, which checks them. `ignore`: a photo of the list is being dragged to a new
 * place, which is no drop of files.
 */
export function PhotoDropZone({
  onFiles,
  ignore = false,
  children,
}: {
  onFiles: (files: File[]) => void;
  ignore?: boolean;
  /** What the area says under the picker (formats, sizes, when the photos are sent). */
  children: ReactNode;
}) {
  const [dropping, setDropping] = useState(false);
  return (
    <div
      className={`photos-drop${dropping ? ' photos-drop--over' : ''}`}
      onDragOver={(event) => {
        if (ignore) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDropping(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
    >
      <p>Arraste fotos para cá ou</p>
      <FilePicker label="Escolher fotos" accept="image/*" multiple primary onFiles={onFiles} />
      {children}
    </div>
  );
}
