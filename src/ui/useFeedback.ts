import { useCallback, useState } from 'react';
import type { ApiResult } from '../api/client';

export interface Feedback {
  kind: 'success' | 'error';
  text: string;
}

/** An error text as feedback (null when there is none). */
export const asError = (text: string | null | undefined): Feedback | null => (text ? { kind: 'error', text } : null);

/**
 * The last mutation outcome of a screen. `report(result, successText)` shows the server's message
 * (or `successText`) on success and the server's message (or the spec default) on failure, and
 * returns whether it succeeded.
 */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const clear = useCallback(() => setFeedback(null), []);
  const report = useCallback(<T,>(result: ApiResult<T>, successText?: string): result is Extract<ApiResult<T>, { success: true }> => {
    if (result.success) setFeedback({ kind: 'success', text: result.message || successText || '' });
    else setFeedback({ kind: 'error', text: result.message });
    return result.success;
  }, []);
  const fail = useCallback((text: string) => setFeedback({ kind: 'error', text }), []);
  const succeed = useCallback((text: string) => setFeedback({ kind: 'success', text }), []);
  return { feedback, report, fail, succeed, clear };
}
