import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropPageToasts, showToast, TOAST_PAGE_GRACE_MS, useToastStore } from './toast-store';

const messages = () => useToastStore.getState().toasts.map((t) => t.message);

describe('toasts', () => {
  afterEach(() => {
    useToastStore.setState({ toasts: [] });
    vi.useRealTimers();
  });

  it('keeps at most four, the oldest going first, and replaces a toast shown again with its id', () => {
    for (const n of [1, 2, 3, 4, 5]) showToast(`Salvo ${n}`);
    expect(messages()).toEqual(['Salvo 2', 'Salvo 3', 'Salvo 4', 'Salvo 5']);
    showToast('Pedido confirmado', { id: 'confirm' });
    showToast('Pedido confirmado de novo', { id: 'confirm' });
    expect(messages()).toEqual(['Salvo 3', 'Salvo 4', 'Salvo 5', 'Pedido confirmado de novo']);
  });

  it("a page change drops the previous page's toasts and keeps the one the navigating save just showed", () => {
    vi.useFakeTimers();
    showToast('Estoque ajustado.');
    showToast('Foto enviada.', { delayMs: 0 });
    vi.advanceTimersByTime(TOAST_PAGE_GRACE_MS + 1);
    showToast('Produto salvo.');
    dropPageToasts();
    expect(messages()).toEqual(['Produto salvo.']);
    vi.advanceTimersByTime(TOAST_PAGE_GRACE_MS + 1);
    dropPageToasts();
    expect(messages()).toEqual([]);
  });
});
