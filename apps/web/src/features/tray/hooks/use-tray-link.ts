import { useEffect, useState } from 'react';
import type { TrayLinkResult } from '@vitrine/contracts/tray';
import { isApiCallError } from '../../../lib/api-client';
import { getLinkedChatbot } from '../api/get-linked-chatbot';
import { linkStore } from '../api/link-store';
import { logTrayError } from '../lib/log-tray-error';
import type { CallbackParams } from '../lib/tray-urls';

export type LinkState = 'idle' | 'running' | 'done';

/**
 * The callback page's form (spec §2, §5): ID and token both required; with `store` and `api_address`
 * parameters the chatbot id of an already linked store is prefetched, the token shown masked and both fields locked. Failures are
 * only logged and the button comes back (spec §8).
 */
export function useTrayLink(params: CallbackParams) {
  const [chatbotId, setChatbotId] = useState('');
  const [chatbotToken, setChatbotToken] = useState('');
  const [locked, setLocked] = useState(false);
  const [state, setState] = useState<LinkState>('idle');
  const [result, setResult] = useState<TrayLinkResult | null>(null);

  useEffect(() => {
    if (!params.store || !params.apiAddress) return;
    const controller = new AbortController();
    getLinkedChatbot(params.store, params.apiAddress, controller.signal).then(
      (linked) => {
        setChatbotId(linked.chatbotId);
        setChatbotToken(linked.maskedToken);
        setLocked(true);
      },
      (error: unknown) => {
        // 404: the store is not linked yet (a first link), so the fields simply stay editable.
        if (!(isApiCallError(error) && error.httpStatus === 404)) logTrayError(error);
      },
    );
    return () => controller.abort();
  }, [params.store, params.apiAddress]);

  const canSubmit = chatbotId.trim() !== '' && chatbotToken !== '' && state === 'idle';

  async function submit() {
    if (!canSubmit) return;
    setState('running');
    try {
      setResult(await linkStore({ ...params, chatbotId: chatbotId.trim(), chatbotToken }));
      setState('done');
    } catch (error) {
      logTrayError(error);
      setState('idle');
    }
  }

  return { chatbotId, setChatbotId, chatbotToken, setChatbotToken, locked, state, result, canSubmit, submit };
}
