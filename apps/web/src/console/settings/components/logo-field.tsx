/**
 * Configurações › Aparência › Logo (issue 38): a thumbnail of the current logo (or 'Sem logo'), a pt-BR picker
 * ('Escolher logo' / 'Trocar logo') that reads the same in every browser language, and the limits. The chosen
 * image is checked here (type, 150 KB), sent, and set on the form — saved with 'Salvar configurações'.
 */
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@vitrine/contracts/console-settings';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FilePicker } from '../../components/file-picker';
import { useUploadLogo } from '../api/settings';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('Não foi possível ler o arquivo.'));
    reader.readAsDataURL(file);
  });
}

export function LogoField({
  shop,
  urlLogo,
  onLogo,
}: {
  shop: string;
  urlLogo: string | null | undefined;
  onLogo: (urlLogo: string) => void;
}) {
  const upload = useUploadLogo(shop);
  const pick = async ([file]: File[]) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return showToast('Envie uma imagem PNG, JPEG ou WebP.', { variant: 'error' });
    if (file.size > LOGO_MAX_BYTES)
      return showToast('Imagem grande demais (até 150 KB).', { variant: 'error' });
    upload.mutate(
      { contentType: file.type as (typeof LOGO_TYPES)[number], data: await readBase64(file) },
      {
        onSuccess: (answer) => onLogo(answer.urlLogo),
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );
  };
  return (
    <div className="settings-logo" role="group" aria-labelledby="settings-logo-title">
      <span id="settings-logo-title" className="settings-logo__title">
        Logo
      </span>
      <div className="settings-logo__row">
        {urlLogo ? (
          <img className="settings-logo__thumb" src={urlLogo} alt="Logo atual da loja" />
        ) : (
          <span className="settings-logo__thumb settings-logo__thumb--empty">Sem logo</span>
        )}
        <div className="settings-logo__pick">
          <FilePicker
            label={upload.isPending ? 'Enviando logo…' : urlLogo ? 'Trocar logo' : 'Escolher logo'}
            accept={LOGO_TYPES.join(',')}
            disabled={upload.isPending}
            onFiles={(files) => void pick(files)}
          />
          <span className="console-muted">PNG, JPEG ou WebP, até 150 KB.</span>
        </div>
      </div>
    </div>
  );
}
